CREATE TABLE "report_lab_turnaround" (
	"tenant_id" uuid NOT NULL,
	"lab_order_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"sent_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	CONSTRAINT "report_lab_turnaround_tenant_id_lab_order_id_pk" PRIMARY KEY("tenant_id","lab_order_id")
);
--> statement-breakpoint
ALTER TABLE "report_lab_turnaround" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "report_open_daily" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"open_balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_open_daily_tenant_id_location_id_day_pk" PRIMARY KEY("tenant_id","location_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_open_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_lab_turnaround" ADD CONSTRAINT "report_lab_turnaround_tenant_id_lab_order_id_lab_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lab_order_id") REFERENCES "public"."lab_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_open_daily" ADD CONSTRAINT "report_open_daily_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_lab_turnaround_ready_idx" ON "report_lab_turnaround" USING btree ("tenant_id","location_id","ready_at","sent_at");--> statement-breakpoint
CREATE POLICY "report_lab_turnaround_tenant_isolation" ON "report_lab_turnaround" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "report_open_daily_tenant_isolation" ON "report_open_daily" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);