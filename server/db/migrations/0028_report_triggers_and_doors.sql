-- The reports (server/reports): forced RLS and read-only grants on the aggregates of schema-reports.ts, the triggers
-- that keep them in the transaction writing an invoice, its lines or its payments, a rebuild from the records, the
-- indexes the other reports read by (npm run bench:reports), and the enterprise admin's door to the aggregates of
-- every company.
ALTER TABLE report_sales_daily FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_category_daily FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_payments_daily FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Written only by the triggers below (as the migration owner): the runtime role reads.
GRANT SELECT ON report_sales_daily, report_category_daily, report_payments_daily TO app_runtime;--> statement-breakpoint

-- The calendar day of an instant at a store (its time zone).
CREATE OR REPLACE FUNCTION app_report_day(p_tenant uuid, p_location uuid, p_at timestamptz) RETURNS date
LANGUAGE sql STABLE SET search_path = public AS $$
  SELECT (p_at AT TIME ZONE coalesce((SELECT l.time_zone FROM locations l WHERE l.tenant_id = p_tenant AND l.id = p_location), 'UTC'))::date
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_report_day(uuid, uuid, timestamptz) FROM PUBLIC;--> statement-breakpoint

-- An invoice: a sale, or a credit record (a refund or a void) counted on its own day with what it gave back.
-- Invoices are never deleted and their store, time, clerk and amounts never change once written (a change is a
-- credit record), so adding on insert keeps the sums exact.
CREATE OR REPLACE FUNCTION report_invoice_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_day date := app_report_day(NEW.tenant_id, NEW.location_id, NEW.issued_at);
  v_clerk uuid := coalesce(NEW.created_by, '00000000-0000-0000-0000-000000000000');
  v_net bigint := NEW.total - NEW.tax_total;
BEGIN
  IF NEW.related_invoice_id IS NULL THEN
    INSERT INTO report_sales_daily AS r (tenant_id, location_id, day, clerk_id, sales_count, sales_net, sales_discount, sales_tax, sales_total)
    VALUES (NEW.tenant_id, NEW.location_id, v_day, v_clerk, 1, v_net, NEW.discount_total, NEW.tax_total, NEW.total)
    ON CONFLICT (tenant_id, location_id, day, clerk_id) DO UPDATE SET
      sales_count = r.sales_count + 1, sales_net = r.sales_net + excluded.sales_net,
      sales_discount = r.sales_discount + excluded.sales_discount, sales_tax = r.sales_tax + excluded.sales_tax,
      sales_total = r.sales_total + excluded.sales_total;
  ELSIF NEW.status = 'void' THEN
    INSERT INTO report_sales_daily AS r (tenant_id, location_id, day, clerk_id, voids_count, voids_net, voids_discount, voids_tax, voids_total)
    VALUES (NEW.tenant_id, NEW.location_id, v_day, v_clerk, 1, -v_net, -NEW.discount_total, -NEW.tax_total, -NEW.total)
    ON CONFLICT (tenant_id, location_id, day, clerk_id) DO UPDATE SET
      voids_count = r.voids_count + 1, voids_net = r.voids_net + excluded.voids_net,
      voids_discount = r.voids_discount + excluded.voids_discount, voids_tax = r.voids_tax + excluded.voids_tax,
      voids_total = r.voids_total + excluded.voids_total;
  ELSE
    INSERT INTO report_sales_daily AS r (tenant_id, location_id, day, clerk_id, refunds_count, refunds_net, refunds_discount, refunds_tax, refunds_total)
    VALUES (NEW.tenant_id, NEW.location_id, v_day, v_clerk, 1, -v_net, -NEW.discount_total, -NEW.tax_total, -NEW.total)
    ON CONFLICT (tenant_id, location_id, day, clerk_id) DO UPDATE SET
      refunds_count = r.refunds_count + 1, refunds_net = r.refunds_net + excluded.refunds_net,
      refunds_discount = r.refunds_discount + excluded.refunds_discount, refunds_tax = r.refunds_tax + excluded.refunds_tax,
      refunds_total = r.refunds_total + excluded.refunds_total;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_invoice_added() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER report_invoice_added AFTER INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION report_invoice_added();--> statement-breakpoint

-- The category of a line: its product's kind; a line without a product, 'service' or 'other'.
CREATE OR REPLACE FUNCTION app_report_category(p_tenant uuid, p_product uuid, p_kind text) RETURNS text
LANGUAGE sql STABLE SET search_path = public AS $$
  SELECT coalesce((SELECT p.kind FROM products p WHERE p.tenant_id = p_tenant AND p.id = p_product),
    CASE WHEN p_kind = 'service' THEN 'service' ELSE 'other' END)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_report_category(uuid, uuid, text) FROM PUBLIC;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_line_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_inv record;
  v_day date;
  v_category text := app_report_category(NEW.tenant_id, NEW.product_id, NEW.kind);
  v_net bigint := NEW.total - NEW.tax;
BEGIN
  SELECT i.location_id, i.issued_at, i.related_invoice_id INTO v_inv FROM invoices i WHERE i.tenant_id = NEW.tenant_id AND i.id = NEW.invoice_id;
  v_day := app_report_day(NEW.tenant_id, v_inv.location_id, v_inv.issued_at);
  IF v_inv.related_invoice_id IS NULL THEN
    INSERT INTO report_category_daily AS r (tenant_id, location_id, day, category, sold_quantity, sold_net, sold_discount, sold_tax)
    VALUES (NEW.tenant_id, v_inv.location_id, v_day, v_category, NEW.quantity, v_net, NEW.discount, NEW.tax)
    ON CONFLICT (tenant_id, location_id, day, category) DO UPDATE SET
      sold_quantity = r.sold_quantity + excluded.sold_quantity, sold_net = r.sold_net + excluded.sold_net,
      sold_discount = r.sold_discount + excluded.sold_discount, sold_tax = r.sold_tax + excluded.sold_tax;
  ELSE
    INSERT INTO report_category_daily AS r (tenant_id, location_id, day, category, returned_quantity, returned_net, returned_discount, returned_tax)
    VALUES (NEW.tenant_id, v_inv.location_id, v_day, v_category, NEW.quantity, -v_net, -NEW.discount, -NEW.tax)
    ON CONFLICT (tenant_id, location_id, day, category) DO UPDATE SET
      returned_quantity = r.returned_quantity + excluded.returned_quantity, returned_net = r.returned_net + excluded.returned_net,
      returned_discount = r.returned_discount + excluded.returned_discount, returned_tax = r.returned_tax + excluded.returned_tax;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_line_added() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER report_line_added AFTER INSERT ON invoice_lines FOR EACH ROW EXECUTE FUNCTION report_line_added();--> statement-breakpoint

-- A payment, on the day it was taken: money paid back (negative), a deposit (taken with a sale that left a
-- balance), a balance collected (taken after the invoice was issued), or money taken in full with the sale.
CREATE OR REPLACE FUNCTION report_payment_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_inv record;
  v_day date;
  v_deposit boolean;
  v_balance boolean;
BEGIN
  SELECT i.location_id, i.issued_at, i.total, i.paid_total INTO v_inv FROM invoices i WHERE i.tenant_id = NEW.tenant_id AND i.id = NEW.invoice_id;
  v_day := app_report_day(NEW.tenant_id, v_inv.location_id, NEW.paid_at);
  IF NEW.amount < 0 THEN
    INSERT INTO report_payments_daily AS r (tenant_id, location_id, day, method, paid_back_count, paid_back)
    VALUES (NEW.tenant_id, v_inv.location_id, v_day, NEW.method, 1, -NEW.amount)
    ON CONFLICT (tenant_id, location_id, day, method) DO UPDATE SET
      paid_back_count = r.paid_back_count + 1, paid_back = r.paid_back + excluded.paid_back;
  ELSE
    v_balance := NEW.paid_at > v_inv.issued_at;
    v_deposit := NOT v_balance AND v_inv.paid_total < v_inv.total;
    INSERT INTO report_payments_daily AS r (tenant_id, location_id, day, method, taken_count, taken, deposits_count, deposits, balances_count, balances)
    VALUES (NEW.tenant_id, v_inv.location_id, v_day, NEW.method, 1, NEW.amount,
      CASE WHEN v_deposit THEN 1 ELSE 0 END, CASE WHEN v_deposit THEN NEW.amount ELSE 0 END,
      CASE WHEN v_balance THEN 1 ELSE 0 END, CASE WHEN v_balance THEN NEW.amount ELSE 0 END)
    ON CONFLICT (tenant_id, location_id, day, method) DO UPDATE SET
      taken_count = r.taken_count + 1, taken = r.taken + excluded.taken,
      deposits_count = r.deposits_count + excluded.deposits_count, deposits = r.deposits + excluded.deposits,
      balances_count = r.balances_count + excluded.balances_count, balances = r.balances + excluded.balances;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_payment_added() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER report_payment_added AFTER INSERT ON payments FOR EACH ROW EXECUTE FUNCTION report_payment_added();--> statement-breakpoint

-- The aggregates of one company (or every company) computed afresh from the records, in set operations: the backfill
-- of an existing database, and the bench after a bulk load. The migration owner's only (not granted).
CREATE OR REPLACE FUNCTION app_reports_rebuild(p_tenant uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  DELETE FROM report_sales_daily WHERE p_tenant IS NULL OR tenant_id = p_tenant;
  DELETE FROM report_category_daily WHERE p_tenant IS NULL OR tenant_id = p_tenant;
  DELETE FROM report_payments_daily WHERE p_tenant IS NULL OR tenant_id = p_tenant;

  INSERT INTO report_sales_daily (tenant_id, location_id, day, clerk_id, sales_count, sales_net, sales_discount, sales_tax,
    sales_total, refunds_count, refunds_net, refunds_discount, refunds_tax, refunds_total, voids_count, voids_net,
    voids_discount, voids_tax, voids_total)
  SELECT i.tenant_id, i.location_id, (i.issued_at AT TIME ZONE l.time_zone)::date,
    coalesce(i.created_by, '00000000-0000-0000-0000-000000000000'),
    count(*) FILTER (WHERE s), coalesce(sum(i.total - i.tax_total) FILTER (WHERE s), 0),
    coalesce(sum(i.discount_total) FILTER (WHERE s), 0), coalesce(sum(i.tax_total) FILTER (WHERE s), 0),
    coalesce(sum(i.total) FILTER (WHERE s), 0),
    count(*) FILTER (WHERE rf), coalesce(-sum(i.total - i.tax_total) FILTER (WHERE rf), 0),
    coalesce(-sum(i.discount_total) FILTER (WHERE rf), 0), coalesce(-sum(i.tax_total) FILTER (WHERE rf), 0),
    coalesce(-sum(i.total) FILTER (WHERE rf), 0),
    count(*) FILTER (WHERE v), coalesce(-sum(i.total - i.tax_total) FILTER (WHERE v), 0),
    coalesce(-sum(i.discount_total) FILTER (WHERE v), 0), coalesce(-sum(i.tax_total) FILTER (WHERE v), 0),
    coalesce(-sum(i.total) FILTER (WHERE v), 0)
  FROM invoices i
  JOIN locations l ON l.tenant_id = i.tenant_id AND l.id = i.location_id
  CROSS JOIN LATERAL (SELECT i.related_invoice_id IS NULL AS s,
    i.related_invoice_id IS NOT NULL AND i.status = 'void' AS v,
    i.related_invoice_id IS NOT NULL AND i.status <> 'void' AS rf) k
  WHERE p_tenant IS NULL OR i.tenant_id = p_tenant
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_category_daily (tenant_id, location_id, day, category, sold_quantity, sold_net, sold_discount, sold_tax,
    returned_quantity, returned_net, returned_discount, returned_tax)
  SELECT il.tenant_id, i.location_id, (i.issued_at AT TIME ZONE l.time_zone)::date,
    coalesce(p.kind, CASE WHEN il.kind = 'service' THEN 'service' ELSE 'other' END),
    coalesce(sum(il.quantity) FILTER (WHERE i.related_invoice_id IS NULL), 0),
    coalesce(sum(il.total - il.tax) FILTER (WHERE i.related_invoice_id IS NULL), 0),
    coalesce(sum(il.discount) FILTER (WHERE i.related_invoice_id IS NULL), 0),
    coalesce(sum(il.tax) FILTER (WHERE i.related_invoice_id IS NULL), 0),
    coalesce(sum(il.quantity) FILTER (WHERE i.related_invoice_id IS NOT NULL), 0),
    coalesce(-sum(il.total - il.tax) FILTER (WHERE i.related_invoice_id IS NOT NULL), 0),
    coalesce(-sum(il.discount) FILTER (WHERE i.related_invoice_id IS NOT NULL), 0),
    coalesce(-sum(il.tax) FILTER (WHERE i.related_invoice_id IS NOT NULL), 0)
  FROM invoice_lines il
  JOIN invoices i ON i.tenant_id = il.tenant_id AND i.id = il.invoice_id
  JOIN locations l ON l.tenant_id = i.tenant_id AND l.id = i.location_id
  LEFT JOIN products p ON p.tenant_id = il.tenant_id AND p.id = il.product_id
  WHERE p_tenant IS NULL OR il.tenant_id = p_tenant
  GROUP BY 1, 2, 3, 4;

  INSERT INTO report_payments_daily (tenant_id, location_id, day, method, taken_count, taken, deposits_count, deposits,
    balances_count, balances, paid_back_count, paid_back)
  SELECT pm.tenant_id, i.location_id, (pm.paid_at AT TIME ZONE l.time_zone)::date, pm.method,
    count(*) FILTER (WHERE pm.amount > 0), coalesce(sum(pm.amount) FILTER (WHERE pm.amount > 0), 0),
    count(*) FILTER (WHERE pm.amount > 0 AND pm.paid_at <= i.issued_at AND i.paid_total < i.total),
    coalesce(sum(pm.amount) FILTER (WHERE pm.amount > 0 AND pm.paid_at <= i.issued_at AND i.paid_total < i.total), 0),
    count(*) FILTER (WHERE pm.amount > 0 AND pm.paid_at > i.issued_at),
    coalesce(sum(pm.amount) FILTER (WHERE pm.amount > 0 AND pm.paid_at > i.issued_at), 0),
    count(*) FILTER (WHERE pm.amount < 0), coalesce(-sum(pm.amount) FILTER (WHERE pm.amount < 0), 0)
  FROM payments pm
  JOIN invoices i ON i.tenant_id = pm.tenant_id AND i.id = pm.invoice_id
  JOIN locations l ON l.tenant_id = i.tenant_id AND l.id = i.location_id
  WHERE p_tenant IS NULL OR pm.tenant_id = p_tenant
  GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_reports_rebuild(uuid) FROM PUBLIC;--> statement-breakpoint
-- An existing database's records, summed once.
SELECT app_reports_rebuild(NULL);--> statement-breakpoint

-- The other reports read the records through these (the bench's plans: docs/operations.md).
-- Open balances: the few open sales of a store, with their amounts in the index.
CREATE INDEX IF NOT EXISTS invoices_open_balance_idx ON invoices (tenant_id, location_id, issued_at) INCLUDE (total, paid_total)
  WHERE status = 'open' AND related_invoice_id IS NULL;--> statement-breakpoint
-- Lab turnaround: the orders that became ready in a range.
CREATE INDEX IF NOT EXISTS lab_order_events_to_status_idx ON lab_order_events (tenant_id, to_status, at, lab_order_id);--> statement-breakpoint
-- Recalls sent in a range, per store.
CREATE INDEX IF NOT EXISTS recalls_location_sent_idx ON recalls (tenant_id, location_id, last_sent_at) WHERE last_sent_at IS NOT NULL;--> statement-breakpoint
-- eForms sent in a range, per store.
CREATE INDEX IF NOT EXISTS form_assignments_location_sent_idx ON form_assignments (tenant_id, location_id, sent_at) WHERE sent_at IS NOT NULL;--> statement-breakpoint

-- The enterprise admin's reports: the aggregates of every company (never a record), one row per company and key
-- (a method, a category), summed over a range of the stores' own days. Answers only in the platform tenant
-- (app_enterprise_guard, migration 0020) and writes each company's own audit row; the route audits the platform's.
CREATE OR REPLACE FUNCTION app_enterprise_report(p_actor uuid, p_ip text, p_report text, p_from date, p_to date)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_company record;
BEGIN
  PERFORM app_enterprise_guard();
  IF p_report NOT IN ('sales', 'payments', 'categories') OR p_from IS NULL OR p_to IS NULL OR p_to < p_from THEN
    RAISE EXCEPTION 'no such report or range' USING ERRCODE = '22023';
  END IF;
  FOR v_company IN SELECT c.tenant_id FROM companies c WHERE NOT c.is_platform LOOP
    PERFORM app_enterprise_audit(v_company.tenant_id, p_actor, p_ip, 'enterprise.report.read', 'report', p_report,
      jsonb_build_object('from', p_from, 'to', p_to));
  END LOOP;
  IF p_report = 'sales' THEN
    RETURN QUERY
    SELECT c.tenant_id, c.name, ''::text, jsonb_build_object(
      'salesCount', coalesce(sum(r.sales_count), 0), 'salesNet', coalesce(sum(r.sales_net), 0),
      'salesDiscount', coalesce(sum(r.sales_discount), 0), 'salesTax', coalesce(sum(r.sales_tax), 0),
      'refundsCount', coalesce(sum(r.refunds_count), 0), 'refundsNet', coalesce(sum(r.refunds_net), 0),
      'refundsDiscount', coalesce(sum(r.refunds_discount), 0), 'refundsTax', coalesce(sum(r.refunds_tax), 0),
      'refundsTotal', coalesce(sum(r.refunds_total), 0),
      'voidsCount', coalesce(sum(r.voids_count), 0), 'voidsNet', coalesce(sum(r.voids_net), 0),
      'voidsDiscount', coalesce(sum(r.voids_discount), 0), 'voidsTax', coalesce(sum(r.voids_tax), 0),
      'voidsTotal', coalesce(sum(r.voids_total), 0))
    FROM companies c
    LEFT JOIN report_sales_daily r ON r.tenant_id = c.tenant_id AND r.day BETWEEN p_from AND p_to
    WHERE NOT c.is_platform
    GROUP BY c.tenant_id, c.name
    ORDER BY c.name, c.tenant_id;
  ELSIF p_report = 'payments' THEN
    RETURN QUERY
    SELECT c.tenant_id, c.name, r.method, jsonb_build_object(
      'takenCount', sum(r.taken_count), 'taken', sum(r.taken), 'depositsCount', sum(r.deposits_count),
      'deposits', sum(r.deposits), 'balancesCount', sum(r.balances_count), 'balances', sum(r.balances),
      'paidBackCount', sum(r.paid_back_count), 'paidBack', sum(r.paid_back))
    FROM companies c
    JOIN report_payments_daily r ON r.tenant_id = c.tenant_id AND r.day BETWEEN p_from AND p_to
    WHERE NOT c.is_platform
    GROUP BY c.tenant_id, c.name, r.method
    ORDER BY c.name, c.tenant_id, r.method;
  ELSE
    RETURN QUERY
    SELECT c.tenant_id, c.name, r.category, jsonb_build_object(
      'soldQuantity', sum(r.sold_quantity), 'soldNet', sum(r.sold_net), 'soldDiscount', sum(r.sold_discount),
      'soldTax', sum(r.sold_tax), 'returnedQuantity', sum(r.returned_quantity), 'returnedNet', sum(r.returned_net),
      'returnedDiscount', sum(r.returned_discount), 'returnedTax', sum(r.returned_tax))
    FROM companies c
    JOIN report_category_daily r ON r.tenant_id = c.tenant_id AND r.day BETWEEN p_from AND p_to
    WHERE NOT c.is_platform
    GROUP BY c.tenant_id, c.name, r.category
    ORDER BY c.name, c.tenant_id, r.category;
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report(uuid, text, text, date, date) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_report(uuid, text, text, date, date) TO app_runtime;
