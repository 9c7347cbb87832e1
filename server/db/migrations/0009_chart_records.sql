ALTER TABLE "communication_log" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_lens_rx" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_lens_rx" ADD COLUMN "given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_lens_rx" ADD COLUMN "given_by" uuid;--> statement-breakpoint
ALTER TABLE "spectacle_rx" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "spectacle_rx" ADD COLUMN "given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spectacle_rx" ADD COLUMN "given_by" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("tenant_id","patient_id","at");--> statement-breakpoint
CREATE INDEX "communication_log_patient_idx" ON "communication_log" USING btree ("tenant_id","patient_id","created_at");