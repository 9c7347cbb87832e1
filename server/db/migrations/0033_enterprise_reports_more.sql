-- The enterprise admin's door (app_enterprise_report, migration 0028) answers four more reports across companies:
-- lab orders, recalls, appointments and eForms, with the figures of the company admin's own reports
-- (server/reports/reports.ts) computed the same way per company: each store's range is its own days. Counts,
-- medians and the parts of rates only: never a record, a patient or an id but the company's. It takes the request's
-- "now" (overdue lab orders are counted as of each store's today), so it is dropped and made again with its grants.
-- The four read the records by the store-led indexes of migrations 0028 and 0030 and report_lab_turnaround, each in
-- set operations grouped by company; the per-company audit rows are one insert.

-- Lab orders made in the range: a row per company (orders, turnaround of those made ready in the range as median and
-- 90th percentile in days, overdue now), then per company and status ('status:…') and remake reason ('remake:…').
CREATE OR REPLACE FUNCTION app_enterprise_report_laborders(p_from date, p_to date, p_now timestamptz)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE sql STABLE SET search_path = public AS $$
  WITH b AS (
    SELECT l.tenant_id AS t, l.id AS loc,
      p_from::timestamp AT TIME ZONE l.time_zone AS from_at, (p_to + 1)::timestamp AT TIME ZONE l.time_zone AS to_at,
      (p_now AT TIME ZONE l.time_zone)::date AS today
    FROM locations l JOIN companies c ON c.tenant_id = l.tenant_id AND NOT c.is_platform),
  made AS (
    SELECT b.t, o.status, o.remake_reason_kind AS remake, count(*) AS n
    FROM b JOIN lab_orders o ON o.tenant_id = b.t AND o.location_id = b.loc AND o.created_at >= b.from_at AND o.created_at < b.to_at
    GROUP BY 1, 2, 3),
  took AS (
    SELECT b.t, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (r.ready_at - r.sent_at)) / 86400.0) AS median,
      percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM (r.ready_at - r.sent_at)) / 86400.0) AS p90, count(*) AS n
    FROM b JOIN report_lab_turnaround r ON r.tenant_id = b.t AND r.location_id = b.loc AND r.ready_at >= b.from_at AND r.ready_at < b.to_at
    WHERE r.sent_at IS NOT NULL AND r.sent_at <= r.ready_at
    GROUP BY 1),
  late AS (
    SELECT b.t, count(*) AS n
    FROM b JOIN lab_orders o ON o.tenant_id = b.t AND o.location_id = b.loc AND o.expected_on IS NOT NULL
      AND o.status IN ('draft', 'sent-to-lab', 'in-production', 'on-hold') AND o.expected_on < b.today
    GROUP BY 1)
  SELECT c.tenant_id, c.name, ''::text, jsonb_build_object(
    'orders', coalesce((SELECT sum(m.n) FROM made m WHERE m.t = c.tenant_id), 0),
    'turnaroundMedian', k.median, 'turnaroundP90', k.p90, 'turnaroundCount', coalesce(k.n, 0), 'overdue', coalesce(lt.n, 0))
  FROM companies c LEFT JOIN took k ON k.t = c.tenant_id LEFT JOIN late lt ON lt.t = c.tenant_id
  WHERE NOT c.is_platform
  UNION ALL
  SELECT c.tenant_id, c.name, 'status:' || m.status, jsonb_build_object('count', sum(m.n))
  FROM companies c JOIN made m ON m.t = c.tenant_id GROUP BY c.tenant_id, c.name, m.status
  UNION ALL
  SELECT c.tenant_id, c.name, 'remake:' || m.remake, jsonb_build_object('count', sum(m.n))
  FROM companies c JOIN made m ON m.t = c.tenant_id WHERE m.remake IS NOT NULL GROUP BY c.tenant_id, c.name, m.remake
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report_laborders(date, date, timestamptz) FROM PUBLIC;--> statement-breakpoint

-- Recalls last sent in the range: per company, and per company and type ('type:…'), how many were sent and how many
-- of those patients booked an appointment within 30 days of the sending.
CREATE OR REPLACE FUNCTION app_enterprise_report_recalls(p_from date, p_to date)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE sql STABLE SET search_path = public AS $$
  WITH b AS (
    SELECT l.tenant_id AS t, l.id AS loc,
      p_from::timestamp AT TIME ZONE l.time_zone AS from_at, (p_to + 1)::timestamp AT TIME ZONE l.time_zone AS to_at
    FROM locations l JOIN companies c ON c.tenant_id = l.tenant_id AND NOT c.is_platform),
  got AS (
    SELECT b.t, r.type, count(*) AS sent,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM appointments a WHERE a.tenant_id = r.tenant_id AND a.patient_id = r.patient_id
          AND a.created_at >= r.last_sent_at AND a.created_at < r.last_sent_at + interval '30 days')) AS booked
    FROM b JOIN recalls r ON r.tenant_id = b.t AND r.location_id = b.loc AND r.last_sent_at >= b.from_at AND r.last_sent_at < b.to_at
    GROUP BY 1, 2)
  SELECT c.tenant_id, c.name, ''::text, jsonb_build_object('sent', coalesce(sum(g.sent), 0), 'booked', coalesce(sum(g.booked), 0))
  FROM companies c LEFT JOIN got g ON g.t = c.tenant_id WHERE NOT c.is_platform GROUP BY c.tenant_id, c.name
  UNION ALL
  SELECT c.tenant_id, c.name, 'type:' || g.type, jsonb_build_object('sent', g.sent, 'booked', g.booked)
  FROM companies c JOIN got g ON g.t = c.tenant_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report_recalls(date, date) FROM PUBLIC;--> statement-breakpoint

-- Appointments starting in the range: per company, and per company and type ('type:…'), booked, completed,
-- cancelled and no-shows (the browser's no-show rate is no-shows of those not cancelled).
CREATE OR REPLACE FUNCTION app_enterprise_report_appointments(p_from date, p_to date)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE sql STABLE SET search_path = public AS $$
  WITH b AS (
    SELECT l.tenant_id AS t, l.id AS loc,
      p_from::timestamp AT TIME ZONE l.time_zone AS from_at, (p_to + 1)::timestamp AT TIME ZONE l.time_zone AS to_at
    FROM locations l JOIN companies c ON c.tenant_id = l.tenant_id AND NOT c.is_platform),
  got AS (
    SELECT b.t, a.type, count(*) AS booked, count(*) FILTER (WHERE a.status = 'completed') AS completed,
      count(*) FILTER (WHERE a.status = 'cancelled') AS cancelled, count(*) FILTER (WHERE a.status = 'no-show') AS no_show
    FROM b JOIN appointments a ON a.tenant_id = b.t AND a.location_id = b.loc AND a.starts_at >= b.from_at AND a.starts_at < b.to_at
    GROUP BY 1, 2)
  SELECT c.tenant_id, c.name, ''::text, jsonb_build_object('booked', coalesce(sum(g.booked), 0),
    'completed', coalesce(sum(g.completed), 0), 'cancelled', coalesce(sum(g.cancelled), 0), 'noShow', coalesce(sum(g.no_show), 0))
  FROM companies c LEFT JOIN got g ON g.t = c.tenant_id WHERE NOT c.is_platform GROUP BY c.tenant_id, c.name
  UNION ALL
  SELECT c.tenant_id, c.name, 'type:' || g.type,
    jsonb_build_object('booked', g.booked, 'completed', g.completed, 'cancelled', g.cancelled, 'noShow', g.no_show)
  FROM companies c JOIN got g ON g.t = c.tenant_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report_appointments(date, date) FROM PUBLIC;--> statement-breakpoint

-- eForms sent in the range, per company: sent, opened, submitted, and the median hours from sending to submitting.
CREATE OR REPLACE FUNCTION app_enterprise_report_eforms(p_from date, p_to date)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE sql STABLE SET search_path = public AS $$
  WITH b AS (
    SELECT l.tenant_id AS t, l.id AS loc,
      p_from::timestamp AT TIME ZONE l.time_zone AS from_at, (p_to + 1)::timestamp AT TIME ZONE l.time_zone AS to_at
    FROM locations l JOIN companies c ON c.tenant_id = l.tenant_id AND NOT c.is_platform),
  got AS (
    SELECT b.t, count(*) AS sent, count(*) FILTER (WHERE a.opened_at IS NOT NULL) AS opened,
      count(*) FILTER (WHERE a.submitted_at IS NOT NULL) AS submitted,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (a.submitted_at - a.sent_at)) / 3600.0) AS median
    FROM b JOIN form_assignments a ON a.tenant_id = b.t AND a.location_id = b.loc AND a.sent_at >= b.from_at AND a.sent_at < b.to_at
    GROUP BY 1)
  SELECT c.tenant_id, c.name, ''::text, jsonb_build_object('sent', coalesce(g.sent, 0), 'opened', coalesce(g.opened, 0),
    'submitted', coalesce(g.submitted, 0), 'medianToSubmit', g.median)
  FROM companies c LEFT JOIN got g ON g.t = c.tenant_id WHERE NOT c.is_platform
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report_eforms(date, date) FROM PUBLIC;--> statement-breakpoint

-- The door itself: the guard, the range, a company's audit row each, then the report asked for (the sums of the
-- aggregates for sales, payments and categories as in migration 0028). Rows by company name, then key.
DROP FUNCTION IF EXISTS app_enterprise_report(uuid, text, text, date, date);--> statement-breakpoint
CREATE FUNCTION app_enterprise_report(p_actor uuid, p_ip text, p_report text, p_from date, p_to date, p_now timestamptz)
RETURNS TABLE (tenant_id uuid, company_name text, key text, figures jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_enterprise_guard();
  IF p_report IS NULL OR p_report NOT IN ('sales', 'payments', 'categories', 'laborders', 'recalls', 'appointments', 'eforms')
    OR p_from IS NULL OR p_to IS NULL OR p_to < p_from OR p_now IS NULL THEN
    RAISE EXCEPTION 'no such report or range' USING ERRCODE = '22023';
  END IF;
  PERFORM app_enterprise_audit(c.tenant_id, p_actor, p_ip, 'enterprise.report.read', 'report', p_report,
    jsonb_build_object('from', p_from, 'to', p_to))
  FROM companies c WHERE NOT c.is_platform;
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
  ELSIF p_report = 'categories' THEN
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
  ELSIF p_report = 'laborders' THEN
    RETURN QUERY SELECT x.* FROM app_enterprise_report_laborders(p_from, p_to, p_now) x ORDER BY x.company_name, x.tenant_id, x.key;
  ELSIF p_report = 'recalls' THEN
    RETURN QUERY SELECT x.* FROM app_enterprise_report_recalls(p_from, p_to) x ORDER BY x.company_name, x.tenant_id, x.key;
  ELSIF p_report = 'appointments' THEN
    RETURN QUERY SELECT x.* FROM app_enterprise_report_appointments(p_from, p_to) x ORDER BY x.company_name, x.tenant_id, x.key;
  ELSE
    RETURN QUERY SELECT x.* FROM app_enterprise_report_eforms(p_from, p_to) x ORDER BY x.company_name, x.tenant_id, x.key;
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_report(uuid, text, text, date, date, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_report(uuid, text, text, date, date, timestamptz) TO app_runtime;
