CREATE TABLE "booking_rules" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"online_enabled" boolean DEFAULT false NOT NULL,
	"new_patients_may_book" boolean DEFAULT false NOT NULL,
	"online_types" text[] NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_hours" integer DEFAULT 2 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"max_online_per_day" integer DEFAULT 20 NOT NULL,
	"closures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_rules_tenant_id_location_id_pk" PRIMARY KEY("tenant_id","location_id"),
	CONSTRAINT "booking_rules_ranges" CHECK ("booking_rules"."buffer_minutes" between 0 and 120 and "booking_rules"."min_notice_hours" between 0 and 720
      and "booking_rules"."horizon_days" between 1 and 365 and "booking_rules"."max_online_per_day" between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "booking_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "provider_schedules" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"hours" jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "provider_schedules_tenant_id_location_id_provider_id_pk" PRIMARY KEY("tenant_id","location_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "provider_schedules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_schedules" ADD CONSTRAINT "provider_schedules_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_schedules" ADD CONSTRAINT "provider_schedules_tenant_id_provider_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_source" CHECK ("appointments"."source" in ('staff', 'online'));--> statement-breakpoint
CREATE POLICY "booking_rules_tenant_isolation" ON "booking_rules" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "provider_schedules_tenant_isolation" ON "provider_schedules" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE booking_rules FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE provider_schedules FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON booking_rules TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON provider_schedules TO app_runtime;--> statement-breakpoint

-- A provider's live appointments never overlap: the database holds each booked time range (staff and online
-- bookings alike), so two bookings racing for one slot get one row and one exclusion violation.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- timestamptz + interval is only STABLE (a day interval depends on the zone); whole minutes never do.
CREATE FUNCTION appointment_span(starts_at timestamptz, minutes integer) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT tstzrange(starts_at, starts_at + make_interval(mins => minutes)) $$;--> statement-breakpoint
ALTER TABLE appointments ADD CONSTRAINT appointments_provider_span_excl EXCLUDE USING gist
  (tenant_id WITH =, provider_id WITH =, appointment_span(starts_at, duration_minutes) WITH &&)
  WHERE (provider_id IS NOT NULL AND status NOT IN ('cancelled', 'no-show'));
