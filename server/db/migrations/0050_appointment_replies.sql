CREATE TABLE "appointment_links" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"token_hash" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_links_tenant_id_token_hash_pk" PRIMARY KEY("tenant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "appointment_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sms_replies" (
	"tenant_id" uuid DEFAULT nullif(current_setting('app.tenant_id', true), '')::uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"body" text NOT NULL,
	"location_id" uuid,
	"patient_id" uuid,
	"appointment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_replies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_reply" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_reply_channel" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sms_consent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sms_consent_source" text DEFAULT 'record' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_tenant_id_appointment_id_appointments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_links_appointment_idx" ON "appointment_links" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_links_token_key" ON "appointment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_replies_provider_key" ON "sms_replies" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "communication_log_sms_recipient_idx" ON "communication_log" USING btree (regexp_replace("recipient", '[^0-9]', '', 'g'),"created_at") WHERE channel = 'sms' and location_id is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_reply" CHECK ("appointments"."patient_reply" is null or ("appointments"."patient_reply" in ('confirmed', 'cancelled')
      and "appointments"."patient_reply_at" is not null and "appointments"."patient_reply_channel" in ('link', 'sms')));--> statement-breakpoint
CREATE POLICY "appointment_links_tenant_isolation" ON "appointment_links" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "sms_replies_tenant_isolation" ON "sms_replies" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE appointment_links FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sms_replies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON appointment_links TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sms_replies TO app_runtime;--> statement-breakpoint

-- The guest visit page (/visit/{key}) names only the key: its keyed hash finds the company, whose RLS then applies.
CREATE OR REPLACE FUNCTION app_visit_link_tenant(p_key_hash text)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT tenant_id FROM appointment_links WHERE token_hash = p_key_hash
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_visit_link_tenant(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visit_link_tenant(text) TO app_runtime;--> statement-breakpoint

-- An inbound SMS names only the patient's number. It belongs to the company and store that last texted that number
-- (the reminder it answers); this answers those and nothing else, so the webhook can then work inside that tenant.
CREATE OR REPLACE FUNCTION app_sms_reply_target(p_phone text)
RETURNS TABLE(tenant_id uuid, location_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.tenant_id, c.location_id FROM communication_log c
  WHERE regexp_replace(c.recipient, '[^0-9]', '', 'g') = regexp_replace(p_phone, '[^0-9]', '', 'g')
    AND c.channel = 'sms' AND c.location_id IS NOT NULL AND p_phone ~ '[0-9]'
  ORDER BY regexp_replace(c.recipient, '[^0-9]', '', 'g'), c.created_at DESC LIMIT 1
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_sms_reply_target(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_sms_reply_target(text) TO app_runtime;
