DROP INDEX "patients_location_name_idx";--> statement-breakpoint
DROP INDEX "patients_tenant_name_idx";--> statement-breakpoint
DROP INDEX "patients_email_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "last_name_key" text GENERATED ALWAYS AS (lower(last_name)) STORED;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "first_name_key" text GENERATED ALWAYS AS (lower(first_name)) STORED;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone_digits_reversed" text GENERATED ALWAYS AS (reverse(regexp_replace(phone, '[^0-9]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "patients_location_name_key_idx" ON "patients" USING btree ("tenant_id","location_id","last_name_key","first_name_key","id");--> statement-breakpoint
CREATE INDEX "patients_location_first_key_idx" ON "patients" USING btree ("tenant_id","location_id","first_name_key","last_name_key","id");--> statement-breakpoint
CREATE INDEX "patients_tenant_name_key_idx" ON "patients" USING btree ("tenant_id","last_name_key","first_name_key","id");--> statement-breakpoint
CREATE INDEX "patients_email_key_idx" ON "patients" USING btree ("tenant_id","email_key");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("tenant_id","phone_digits");--> statement-breakpoint
CREATE INDEX "patients_phone_reversed_idx" ON "patients" USING btree ("tenant_id","phone_digits_reversed");