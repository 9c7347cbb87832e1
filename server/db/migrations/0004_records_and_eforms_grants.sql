-- Forced RLS and grants for the clinical, sales and eForm tables (see 0002 for why drizzle-kit cannot emit them).
ALTER TABLE patients FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE spectacle_rx FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE contact_lens_rx FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE appointments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE payments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lab_orders FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lab_order_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE recalls FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE message_templates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE location_policies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE form_boards FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE forms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE form_assignments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE form_submissions FORCE ROW LEVEL SECURITY;--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE, DELETE ON patients, spectacle_rx, contact_lens_rx, appointments, invoices,
  invoice_lines, payments, lab_orders, recalls, message_templates, location_policies, form_boards, forms,
  form_assignments TO app_runtime;--> statement-breakpoint
-- History is append-only for the application: a status change and a submission are never rewritten.
GRANT SELECT, INSERT ON lab_order_events, form_submissions TO app_runtime;
