-- A duplicate patient merged into another (server/patients/merge.ts) stays as a row for the audit log and old links,
-- marked with the patient it was merged into: no longer listed, searched or reachable.
ALTER TABLE "patients" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_fk" FOREIGN KEY ("tenant_id","merged_into") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_other" CHECK ("patients"."merged_into" <> "patients"."id");
