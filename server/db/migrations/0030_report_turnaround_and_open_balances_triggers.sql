-- Two more aggregates of the reports (bench:reports measured the records too slow at 1,000,000 invoices): each lab
-- order's first sent and ready times, and open balances per store and issue day. Kept by triggers in the writing
-- transaction like those of the sales (SECURITY DEFINER; the runtime role reads), rebuilt by app_reports_rebuild.
ALTER TABLE report_lab_turnaround FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_open_daily FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT ON report_lab_turnaround, report_open_daily TO app_runtime;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_lab_event_added() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.to_status NOT IN ('sent-to-lab', 'ready-for-pickup') THEN RETURN NULL; END IF;
  INSERT INTO report_lab_turnaround AS r (tenant_id, lab_order_id, location_id, sent_at, ready_at)
  SELECT NEW.tenant_id, NEW.lab_order_id, o.location_id,
    CASE WHEN NEW.to_status = 'sent-to-lab' THEN NEW.at END, CASE WHEN NEW.to_status = 'ready-for-pickup' THEN NEW.at END
  FROM lab_orders o WHERE o.tenant_id = NEW.tenant_id AND o.id = NEW.lab_order_id
  ON CONFLICT (tenant_id, lab_order_id) DO UPDATE SET
    sent_at = CASE WHEN r.sent_at IS NULL THEN excluded.sent_at WHEN excluded.sent_at IS NULL THEN r.sent_at ELSE least(r.sent_at, excluded.sent_at) END,
    ready_at = CASE WHEN r.ready_at IS NULL THEN excluded.ready_at WHEN excluded.ready_at IS NULL THEN r.ready_at ELSE least(r.ready_at, excluded.ready_at) END;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_lab_event_added() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER report_lab_event_added AFTER INSERT ON lab_order_events FOR EACH ROW EXECUTE FUNCTION report_lab_event_added();--> statement-breakpoint

-- What an invoice row adds to the open balances: an open sale with a balance counts once with it; anything else
-- nothing. An insert adds the new row's share; an update (a payment, a void, a refund) the difference.
CREATE OR REPLACE FUNCTION report_invoice_open_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_new_open boolean := NEW.status = 'open' AND NEW.related_invoice_id IS NULL AND NEW.total > NEW.paid_total;
  v_old_open boolean := TG_OP = 'UPDATE' AND OLD.status = 'open' AND OLD.related_invoice_id IS NULL AND OLD.total > OLD.paid_total;
  v_count integer := (CASE WHEN v_new_open THEN 1 ELSE 0 END) - (CASE WHEN v_old_open THEN 1 ELSE 0 END);
  v_balance bigint := (CASE WHEN v_new_open THEN NEW.total - NEW.paid_total ELSE 0 END)
    - (CASE WHEN v_old_open THEN OLD.total - OLD.paid_total ELSE 0 END);
BEGIN
  IF v_count = 0 AND v_balance = 0 THEN RETURN NULL; END IF;
  INSERT INTO report_open_daily AS r (tenant_id, location_id, day, open_count, open_balance)
  VALUES (NEW.tenant_id, NEW.location_id, app_report_day(NEW.tenant_id, NEW.location_id, NEW.issued_at), v_count, v_balance)
  ON CONFLICT (tenant_id, location_id, day) DO UPDATE SET
    open_count = r.open_count + excluded.open_count, open_balance = r.open_balance + excluded.open_balance;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION report_invoice_open_changed() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER report_invoice_open_changed AFTER INSERT OR UPDATE OF status, total, paid_total ON invoices FOR EACH ROW EXECUTE FUNCTION report_invoice_open_changed();--> statement-breakpoint

-- The rebuild of migration 0022 (now app_reports_rebuild_sales) and of these two.
CREATE OR REPLACE FUNCTION app_reports_rebuild_more(p_tenant uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  DELETE FROM report_lab_turnaround WHERE p_tenant IS NULL OR tenant_id = p_tenant;
  DELETE FROM report_open_daily WHERE p_tenant IS NULL OR tenant_id = p_tenant;
  INSERT INTO report_lab_turnaround (tenant_id, lab_order_id, location_id, sent_at, ready_at)
  SELECT e.tenant_id, e.lab_order_id, o.location_id,
    min(e.at) FILTER (WHERE e.to_status = 'sent-to-lab'), min(e.at) FILTER (WHERE e.to_status = 'ready-for-pickup')
  FROM lab_order_events e JOIN lab_orders o ON o.tenant_id = e.tenant_id AND o.id = e.lab_order_id
  WHERE e.to_status IN ('sent-to-lab', 'ready-for-pickup') AND (p_tenant IS NULL OR e.tenant_id = p_tenant)
  GROUP BY 1, 2, 3;
  -- Payments again, with the deposit rule the trigger applies: money taken with the sale is a deposit when what was
  -- taken with it fell short of the total (the invoice's paid_total now includes later payments).
  DELETE FROM report_payments_daily WHERE p_tenant IS NULL OR tenant_id = p_tenant;
  INSERT INTO report_payments_daily (tenant_id, location_id, day, method, taken_count, taken, deposits_count, deposits,
    balances_count, balances, paid_back_count, paid_back)
  SELECT p.tenant_id, p.location_id, (p.paid_at AT TIME ZONE p.time_zone)::date, p.method,
    count(*) FILTER (WHERE p.amount > 0), coalesce(sum(p.amount) FILTER (WHERE p.amount > 0), 0),
    count(*) FILTER (WHERE p.deposit), coalesce(sum(p.amount) FILTER (WHERE p.deposit), 0),
    count(*) FILTER (WHERE p.amount > 0 AND p.later), coalesce(sum(p.amount) FILTER (WHERE p.amount > 0 AND p.later), 0),
    count(*) FILTER (WHERE p.amount < 0), coalesce(-sum(p.amount) FILTER (WHERE p.amount < 0), 0)
  FROM (
    SELECT pm.tenant_id, i.location_id, l.time_zone, pm.paid_at, pm.method, pm.amount, pm.paid_at > i.issued_at AS later,
      pm.amount > 0 AND pm.paid_at <= i.issued_at
        AND sum(pm.amount) FILTER (WHERE pm.amount > 0 AND pm.paid_at <= i.issued_at) OVER (PARTITION BY pm.tenant_id, pm.invoice_id) < i.total AS deposit
    FROM payments pm
    JOIN invoices i ON i.tenant_id = pm.tenant_id AND i.id = pm.invoice_id
    JOIN locations l ON l.tenant_id = i.tenant_id AND l.id = i.location_id
    WHERE p_tenant IS NULL OR pm.tenant_id = p_tenant
  ) p
  GROUP BY 1, 2, 3, 4;
  INSERT INTO report_open_daily (tenant_id, location_id, day, open_count, open_balance)
  SELECT i.tenant_id, i.location_id, (i.issued_at AT TIME ZONE l.time_zone)::date, count(*), sum(i.total - i.paid_total)
  FROM invoices i JOIN locations l ON l.tenant_id = i.tenant_id AND l.id = i.location_id
  WHERE i.status = 'open' AND i.related_invoice_id IS NULL AND i.total > i.paid_total AND (p_tenant IS NULL OR i.tenant_id = p_tenant)
  GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_reports_rebuild_more(uuid) FROM PUBLIC;--> statement-breakpoint
ALTER FUNCTION app_reports_rebuild(uuid) RENAME TO app_reports_rebuild_sales;--> statement-breakpoint
CREATE FUNCTION app_reports_rebuild(p_tenant uuid) RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  PERFORM app_reports_rebuild_sales(p_tenant);
  PERFORM app_reports_rebuild_more(p_tenant);
END
$$;--> statement-breakpoint
SELECT app_reports_rebuild_more(NULL);
