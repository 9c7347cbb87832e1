-- A duplicate patient merged into another (server/patients/merge.ts) stays as a row for the audit log and old links,
-- marked with the patient it was merged into: no longer listed, searched or reachable.
ALTER TABLE "patients" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_fk" FOREIGN KEY ("tenant_id","merged_into") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_other" CHECK ("patients"."merged_into" <> "patients"."id");--> statement-breakpoint
-- Possible duplicates: records sharing a birth date and an email or phone digits, counted on these indexes alone.
CREATE INDEX "patients_dob_email_idx" ON "patients" USING btree ("tenant_id","date_of_birth","email_key");--> statement-breakpoint
CREATE INDEX "patients_dob_phone_idx" ON "patients" USING btree ("tenant_id","date_of_birth","phone_digits");--> statement-breakpoint

-- The enterprise summary counts people: a record merged into another is not one more patient.
CREATE OR REPLACE FUNCTION app_enterprise_summary(p_now timestamptz)
RETURNS TABLE (tenant_id uuid, name text, slug text, stores bigint, patients bigint, upcoming_appointments bigint,
  open_invoices bigint, open_balances jsonb, lab_orders_in_progress bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.tenant_id, c.name, c.slug,
    (SELECT count(*) FROM locations l WHERE l.tenant_id = c.tenant_id),
    (SELECT count(*) FROM patients p WHERE p.tenant_id = c.tenant_id AND p.merged_into IS NULL),
    (SELECT count(*) FROM appointments a WHERE a.tenant_id = c.tenant_id AND a.starts_at >= p_now
      AND a.status IN ('booked', 'confirmed', 'checked-in')),
    (SELECT count(*) FROM invoices i WHERE i.tenant_id = c.tenant_id AND i.status = 'open'),
    (SELECT coalesce(jsonb_agg(jsonb_build_object('currency', b.currency, 'amount', b.amount) ORDER BY b.currency), '[]'::jsonb)
      FROM (SELECT i.currency, sum(i.total - i.paid_total)::bigint AS amount FROM invoices i
            WHERE i.tenant_id = c.tenant_id AND i.status = 'open' GROUP BY i.currency) b),
    (SELECT count(*) FROM lab_orders o WHERE o.tenant_id = c.tenant_id
      AND o.status NOT IN ('delivered', 'cancelled', 'remake'))
  FROM companies c
  WHERE NOT c.is_platform
    AND current_setting('app.tenant_id', true) = '00000000-0000-4000-8000-000000000000'
  ORDER BY c.name, c.tenant_id
$$;
