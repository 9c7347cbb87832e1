DROP INDEX "message_templates_key";--> statement-breakpoint
ALTER TABLE "communication_log" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_log" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_log" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communication_log" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "communication_log" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX "communication_log_due_idx" ON "communication_log" USING btree ("next_attempt_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "communication_log_provider_idx" ON "communication_log" USING btree ("provider_id") WHERE provider_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_key" ON "message_templates" USING btree ("tenant_id",coalesce("location_id", '00000000-0000-0000-0000-000000000000'::uuid),"key","channel","language");