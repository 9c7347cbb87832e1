CREATE TABLE "sales_to_review" (
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"register_session_id" uuid,
	"reasons" text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "sales_to_review_tenant_id_invoice_id_pk" PRIMARY KEY("tenant_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "sales_to_review" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sales_to_review" ADD CONSTRAINT "sales_to_review_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_to_review" ADD CONSTRAINT "sales_to_review_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_to_review" ADD CONSTRAINT "sales_to_review_tenant_id_register_session_id_register_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_session_id") REFERENCES "public"."register_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_to_review" ADD CONSTRAINT "sales_to_review_tenant_id_reviewed_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reviewed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_to_review_location_idx" ON "sales_to_review" USING btree ("tenant_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_to_review_session_idx" ON "sales_to_review" USING btree ("tenant_id","register_session_id");--> statement-breakpoint
CREATE POLICY "sales_to_review_tenant_isolation" ON "sales_to_review" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);