-- The books' rules the database keeps by itself (shared/design/ledger.md), whatever writes the rows.
ALTER TABLE sales_to_review FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sales_to_review TO app_runtime;--> statement-breakpoint

-- Paid within the total: an invoice's paid total is between 0 and its total; a credit record's between its
-- (negative) total and 0. NOT VALID: rows written before these rules are not re-checked, every new write is.
ALTER TABLE invoices ADD CONSTRAINT invoices_paid_within_total CHECK (
  CASE WHEN related_invoice_id IS NULL THEN paid_total >= 0 AND paid_total <= total
       ELSE paid_total <= 0 AND paid_total >= least(total, 0) END
) NOT VALID;--> statement-breakpoint

-- Cash tendered is cash's, and at least what the payment settles (the rest is change).
ALTER TABLE payments ADD CONSTRAINT payments_tendered CHECK (
  tendered IS NULL OR (method = 'cash' AND tendered >= amount)
) NOT VALID;--> statement-breakpoint

-- A patient's store credit never goes below zero. The trigger takes the lock the application takes on the
-- patient's book (server/ledger/storeCredit.ts) before it sums, so two spends in flight are ordered here too.
CREATE OR REPLACE FUNCTION app_store_credit_not_negative() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  balance bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('store-credit'), hashtext(NEW.patient_id::text));
  SELECT coalesce(sum(amount), 0) INTO balance FROM store_credit_entries
    WHERE tenant_id = NEW.tenant_id AND patient_id = NEW.patient_id;
  IF balance < 0 THEN
    RAISE EXCEPTION 'store credit of patient % would be %', NEW.patient_id, balance
      USING ERRCODE = 'check_violation', CONSTRAINT = 'store_credit_not_negative';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER store_credit_not_negative AFTER INSERT ON store_credit_entries FOR EACH ROW EXECUTE FUNCTION app_store_credit_not_negative();
