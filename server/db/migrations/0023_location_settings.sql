CREATE TABLE "location_settings" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_settings_tenant_id_location_id_pk" PRIMARY KEY("tenant_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "location_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "location_settings" ADD CONSTRAINT "location_settings_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "location_settings_tenant_isolation" ON "location_settings" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);