CREATE TABLE "booking_intake_forms" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"type" text NOT NULL,
	"form_id" uuid NOT NULL,
	"new_patients_only" boolean DEFAULT false NOT NULL,
	CONSTRAINT "booking_intake_forms_tenant_id_location_id_type_form_id_pk" PRIMARY KEY("tenant_id","location_id","type","form_id"),
	CONSTRAINT "booking_intake_forms_type" CHECK (type in ('eye-exam', 'contact-lens-fitting', 'pickup', 'repair'))
);
--> statement-breakpoint
ALTER TABLE "booking_intake_forms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "provider_schedules" ADD COLUMN "blocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_intake_forms" ADD CONSTRAINT "booking_intake_forms_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_intake_forms" ADD CONSTRAINT "booking_intake_forms_tenant_id_form_id_forms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."forms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "booking_intake_forms_tenant_isolation" ON "booking_intake_forms" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE booking_intake_forms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON booking_intake_forms TO app_runtime;
