CREATE INDEX "invoices_tenant_issued_idx" ON "invoices" USING btree ("tenant_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_location_issued_idx" ON "invoices" USING btree ("tenant_id","location_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_issued_idx" ON "invoices" USING btree ("tenant_id","status","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("tenant_id","total");