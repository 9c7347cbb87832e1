DROP INDEX "lab_orders_location_status_idx";--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "remake_reason_kind" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
CREATE INDEX "lab_orders_status_created_idx" ON "lab_orders" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "lab_orders_location_created_idx" ON "lab_orders" USING btree ("tenant_id","location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lab_orders_created_idx" ON "lab_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lab_orders_number_idx" ON "lab_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "lab_orders_overdue_idx" ON "lab_orders" USING btree ("tenant_id","expected_on","id") WHERE expected_on is not null and status in ('draft', 'sent-to-lab', 'in-production', 'on-hold');--> statement-breakpoint
CREATE INDEX "lab_orders_location_overdue_idx" ON "lab_orders" USING btree ("tenant_id","location_id","expected_on","id") WHERE expected_on is not null and status in ('draft', 'sent-to-lab', 'in-production', 'on-hold');--> statement-breakpoint
CREATE INDEX "patients_tenant_first_key_idx" ON "patients" USING btree ("tenant_id","first_name_key","last_name_key","id");--> statement-breakpoint
CREATE INDEX "form_submissions_unreviewed_idx" ON "form_submissions" USING btree ("tenant_id","submitted_at") WHERE reviewed_at is null;--> statement-breakpoint
CREATE INDEX "lab_orders_location_status_idx" ON "lab_orders" USING btree ("tenant_id","location_id","status","created_at","id");