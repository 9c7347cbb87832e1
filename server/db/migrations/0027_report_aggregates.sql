CREATE TABLE "report_category_daily" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"sold_quantity" integer DEFAULT 0 NOT NULL,
	"sold_net" bigint DEFAULT 0 NOT NULL,
	"sold_discount" bigint DEFAULT 0 NOT NULL,
	"sold_tax" bigint DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"returned_net" bigint DEFAULT 0 NOT NULL,
	"returned_discount" bigint DEFAULT 0 NOT NULL,
	"returned_tax" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_category_daily_tenant_id_location_id_day_category_pk" PRIMARY KEY("tenant_id","location_id","day","category")
);
--> statement-breakpoint
ALTER TABLE "report_category_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "report_payments_daily" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"taken_count" integer DEFAULT 0 NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL,
	"deposits_count" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"balances_count" integer DEFAULT 0 NOT NULL,
	"balances" bigint DEFAULT 0 NOT NULL,
	"paid_back_count" integer DEFAULT 0 NOT NULL,
	"paid_back" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_payments_daily_tenant_id_location_id_day_method_pk" PRIMARY KEY("tenant_id","location_id","day","method"),
	CONSTRAINT "report_payments_daily_amounts" CHECK ("report_payments_daily"."taken" >= 0 and "report_payments_daily"."paid_back" >= 0)
);
--> statement-breakpoint
ALTER TABLE "report_payments_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "report_sales_daily" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clerk_id" uuid NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_net" bigint DEFAULT 0 NOT NULL,
	"sales_discount" bigint DEFAULT 0 NOT NULL,
	"sales_tax" bigint DEFAULT 0 NOT NULL,
	"sales_total" bigint DEFAULT 0 NOT NULL,
	"refunds_count" integer DEFAULT 0 NOT NULL,
	"refunds_net" bigint DEFAULT 0 NOT NULL,
	"refunds_discount" bigint DEFAULT 0 NOT NULL,
	"refunds_tax" bigint DEFAULT 0 NOT NULL,
	"refunds_total" bigint DEFAULT 0 NOT NULL,
	"voids_count" integer DEFAULT 0 NOT NULL,
	"voids_net" bigint DEFAULT 0 NOT NULL,
	"voids_discount" bigint DEFAULT 0 NOT NULL,
	"voids_tax" bigint DEFAULT 0 NOT NULL,
	"voids_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sales_daily_tenant_id_location_id_day_clerk_id_pk" PRIMARY KEY("tenant_id","location_id","day","clerk_id")
);
--> statement-breakpoint
ALTER TABLE "report_sales_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_category_daily" ADD CONSTRAINT "report_category_daily_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_payments_daily" ADD CONSTRAINT "report_payments_daily_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sales_daily" ADD CONSTRAINT "report_sales_daily_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "report_category_daily_tenant_isolation" ON "report_category_daily" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "report_payments_daily_tenant_isolation" ON "report_payments_daily" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "report_sales_daily_tenant_isolation" ON "report_sales_daily" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);