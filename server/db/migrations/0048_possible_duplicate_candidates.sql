-- Possible duplicates (server/patients/merge.ts) at 100,000 patients: grouping every record by birth date and email
-- or phone took 0.4-1.5 s (bench/duplicate-patients.ts). The database keeps a mark instead on each record that shares
-- a birth date and an email or phone digits with another record not merged away; the list reads the marked few and
-- applies the same-person rule to them.
ALTER TABLE "patients" ADD COLUMN "duplicate_candidate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_duplicate_candidate_idx" ON "patients" USING btree ("tenant_id","date_of_birth") WHERE duplicate_candidate and merged_into is null;--> statement-breakpoint

-- The mark of each record matching `keys` (tenant, record id, birth date, email key, phone digits): the record
-- itself and those sharing its birth date and email or phone digits. A record's mark is whether another record not
-- merged away shares them.
CREATE OR REPLACE FUNCTION patients_recheck_duplicates(keys jsonb) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  WITH k AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(keys) AS k(tenant_id uuid, id uuid, date_of_birth date, email_key text, phone_digits text))
  UPDATE patients p SET duplicate_candidate = c.candidate
  FROM (
    SELECT r.id, r.tenant_id, r.merged_into IS NULL AND EXISTS (
        SELECT 1 FROM patients s
        WHERE s.tenant_id = r.tenant_id AND s.id <> r.id AND s.merged_into IS NULL AND s.date_of_birth = r.date_of_birth
          AND ((r.email_key <> '' AND s.email_key = r.email_key) OR (r.phone_digits <> '' AND s.phone_digits = r.phone_digits))
      ) AS candidate
    FROM (
      -- Three joins an index each answers (the record; its birth date and email; its birth date and phone digits).
      SELECT r.tenant_id, r.id FROM k JOIN patients r ON r.tenant_id = k.tenant_id AND r.id = k.id
      UNION SELECT r.tenant_id, r.id FROM k JOIN patients r ON r.tenant_id = k.tenant_id AND r.date_of_birth = k.date_of_birth AND k.email_key <> '' AND r.email_key = k.email_key
      UNION SELECT r.tenant_id, r.id FROM k JOIN patients r ON r.tenant_id = k.tenant_id AND r.date_of_birth = k.date_of_birth AND k.phone_digits <> '' AND r.phone_digits = k.phone_digits
    ) AS matched
    JOIN patients r ON r.tenant_id = matched.tenant_id AND r.id = matched.id
  ) AS c
  WHERE p.tenant_id = c.tenant_id AND p.id = c.id AND p.duplicate_candidate IS DISTINCT FROM c.candidate;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION patients_recheck_duplicates(jsonb) FROM PUBLIC;--> statement-breakpoint

-- Two desks entering the same person at once must each see the other's record: the records of one company and birth
-- date take turns (a transaction lock on the pair; an insert of many records takes the company's whole lock).
CREATE OR REPLACE FUNCTION patients_duplicates_lock(p_tenant uuid, p_dob date) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF p_dob IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('patients_duplicates:' || p_tenant::text, 0));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('patients_duplicates:' || p_tenant::text, 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('patients_duplicates:' || p_tenant::text || ':' || p_dob::text, 0));
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION patients_duplicates_lock(uuid, date) FROM PUBLIC;--> statement-breakpoint

-- New records (one statement: one set-based recheck, so an import of many stays fast).
CREATE OR REPLACE FUNCTION patients_duplicate_candidates_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_keys jsonb;
  v_locks record;
BEGIN
  FOR v_locks IN
    SELECT tenant_id, CASE WHEN count(*) > 1 THEN NULL ELSE min(date_of_birth) END AS dob FROM inserted GROUP BY tenant_id ORDER BY tenant_id
  LOOP
    PERFORM patients_duplicates_lock(v_locks.tenant_id, v_locks.dob);
  END LOOP;
  SELECT jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'id', id, 'date_of_birth', date_of_birth, 'email_key', email_key, 'phone_digits', phone_digits))
    INTO v_keys FROM inserted;
  IF v_keys IS NOT NULL THEN PERFORM patients_recheck_duplicates(v_keys); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION patients_duplicate_candidates_inserted() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER patients_duplicate_candidates_inserted AFTER INSERT ON patients REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION patients_duplicate_candidates_inserted();--> statement-breakpoint

-- A record whose birth date, email, phone or merge changed: its old matches and its new ones.
CREATE OR REPLACE FUNCTION patients_duplicate_candidates_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM patients_duplicates_lock(OLD.tenant_id, least(OLD.date_of_birth, NEW.date_of_birth));
  IF OLD.date_of_birth <> NEW.date_of_birth THEN PERFORM patients_duplicates_lock(NEW.tenant_id, greatest(OLD.date_of_birth, NEW.date_of_birth)); END IF;
  PERFORM patients_recheck_duplicates(jsonb_build_array(
    jsonb_build_object('tenant_id', OLD.tenant_id, 'id', OLD.id, 'date_of_birth', OLD.date_of_birth, 'email_key', OLD.email_key, 'phone_digits', OLD.phone_digits),
    jsonb_build_object('tenant_id', NEW.tenant_id, 'id', NEW.id, 'date_of_birth', NEW.date_of_birth, 'email_key', NEW.email_key, 'phone_digits', NEW.phone_digits)));
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION patients_duplicate_candidates_changed() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER patients_duplicate_candidates_changed AFTER UPDATE OF date_of_birth, email, phone, merged_into ON patients
  FOR EACH ROW EXECUTE FUNCTION patients_duplicate_candidates_changed();--> statement-breakpoint

UPDATE patients r SET duplicate_candidate = true
WHERE r.merged_into IS NULL AND EXISTS (
  SELECT 1 FROM patients s
  WHERE s.tenant_id = r.tenant_id AND s.id <> r.id AND s.merged_into IS NULL AND s.date_of_birth = r.date_of_birth
    AND ((r.email_key <> '' AND s.email_key = r.email_key) OR (r.phone_digits <> '' AND s.phone_digits = r.phone_digits))
);
