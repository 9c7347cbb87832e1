-- The per-address limit counts over a sliding minute: one row per address with the times of the requests admitted
-- within the last minute. The fixed-window counts are not carried over (at most a minute of them matters).
DELETE FROM "request_counters";--> statement-breakpoint
ALTER TABLE "request_counters" DROP CONSTRAINT "request_counters_key_window_start_pk";--> statement-breakpoint
ALTER TABLE "request_counters" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "request_counters" DROP COLUMN "count";--> statement-breakpoint
ALTER TABLE "request_counters" ADD COLUMN "admitted_at" timestamp with time zone[] NOT NULL;--> statement-breakpoint
ALTER TABLE "request_counters" ADD COLUMN "admitted" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "request_counters" ADD COLUMN "seen_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "request_counters" ADD PRIMARY KEY ("key");
