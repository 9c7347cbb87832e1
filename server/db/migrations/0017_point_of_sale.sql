CREATE TABLE "cash_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid NOT NULL,
	CONSTRAINT "cash_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cash_movements_amount" CHECK ("cash_movements"."amount" > 0),
	CONSTRAINT "cash_movements_kind" CHECK ("cash_movements"."kind" in ('pay-in', 'pay-out'))
);
--> statement-breakpoint
ALTER TABLE "cash_movements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parked_sales" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"patient_id" uuid,
	"lines" jsonb NOT NULL,
	"order_discount" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "parked_sales_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "parked_sales_kind" CHECK ("parked_sales"."kind" in ('parked', 'quote'))
);
--> statement-breakpoint
ALTER TABLE "parked_sales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_barcodes" (
	"tenant_id" uuid NOT NULL,
	"barcode" text NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "product_barcodes_tenant_id_barcode_pk" PRIMARY KEY("tenant_id","barcode")
);
--> statement-breakpoint
ALTER TABLE "product_barcodes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_options" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_group" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_options_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "product_options_price" CHECK ("product_options"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_options" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_search_keys" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "product_search_keys_tenant_id_key_product_id_pk" PRIMARY KEY("tenant_id","key","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_search_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_stock" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" bigint,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_tenant_id_location_id_product_id_pk" PRIMARY KEY("tenant_id","location_id","product_id"),
	CONSTRAINT "product_stock_price" CHECK ("product_stock"."price" is null or "product_stock"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_stock" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"size_a" integer,
	"size_b" integer,
	"size_dbl" integer,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(name)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "products_price" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_kind" CHECK ("products"."kind" in ('frame', 'spectacle-lens', 'contact-lens', 'accessory', 'service')),
	CONSTRAINT "products_tax_class" CHECK ("products"."tax_class" in ('standard', 'reduced', 'zero'))
);
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "register_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"register_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid NOT NULL,
	"float" jsonb NOT NULL,
	"float_total" bigint NOT NULL,
	"open_note" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"counted" jsonb,
	"counted_total" bigint,
	"expected_cash" bigint,
	"difference" bigint,
	"close_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "register_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "register_sessions_status" CHECK ("register_sessions"."status" in ('open', 'closed')),
	CONSTRAINT "register_sessions_closed" CHECK (("register_sessions"."status" = 'open') = ("register_sessions"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "register_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "registers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "registers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"invoice_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	"sold_to_order" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stock_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "stock_movements_quantity" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."reason" in ('sale', 'refund', 'count', 'transfer'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"invoice_id" uuid,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	CONSTRAINT "store_credit_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "store_credit_entries_amount" CHECK ("store_credit_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "store_credit_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"tenant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"tax_class" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "tax_rates_tenant_id_location_id_tax_class_pk" PRIMARY KEY("tenant_id","location_id","tax_class"),
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "tax_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "patient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "rx_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "original_line_no" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_sale_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "register_session_id" uuid;--> statement-breakpoint
ALTER TABLE "location_policies" ADD COLUMN "staff_discount_limit_bp" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tendered" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "insurance_plan" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "authorisation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "register_session_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_tenant_id_session_id_register_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."register_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_tenant_id_by_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","by_user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_sales" ADD CONSTRAINT "parked_sales_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_sales" ADD CONSTRAINT "parked_sales_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parked_sales" ADD CONSTRAINT "parked_sales_tenant_id_created_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcodes" ADD CONSTRAINT "product_barcodes_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search_keys" ADD CONSTRAINT "product_search_keys_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_tenant_id_product_id_products_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_tenant_id_register_id_registers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_id") REFERENCES "public"."registers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_tenant_id_opened_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","opened_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_tenant_id_closed_by_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","closed_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_location_id_product_id_product_stock_tenant_id_location_id_product_id_fk" FOREIGN KEY ("tenant_id","location_id","product_id") REFERENCES "public"."product_stock"("tenant_id","location_id","product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_session_idx" ON "cash_movements" USING btree ("tenant_id","session_id","at");--> statement-breakpoint
CREATE INDEX "parked_sales_location_idx" ON "parked_sales" USING btree ("tenant_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "product_barcodes_product_idx" ON "product_barcodes" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("tenant_id","product_id","sort");--> statement-breakpoint
CREATE INDEX "product_search_keys_product_idx" ON "product_search_keys" USING btree ("tenant_id","product_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("tenant_id","name_key","id");--> statement-breakpoint
CREATE INDEX "products_kind_name_idx" ON "products" USING btree ("tenant_id","kind","name_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_one_open_key" ON "register_sessions" USING btree ("tenant_id","register_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "register_sessions_register_idx" ON "register_sessions" USING btree ("tenant_id","register_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registers_location_name_key" ON "registers" USING btree ("tenant_id","location_id","name");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("tenant_id","location_id","product_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_invoice_idx" ON "stock_movements" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_patient_idx" ON "store_credit_entries" USING btree ("tenant_id","patient_id","at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_register_session_id_register_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_session_id") REFERENCES "public"."register_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_register_session_id_register_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","register_session_id") REFERENCES "public"."register_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_sale_key" ON "invoices" USING btree ("tenant_id","client_sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_client_refund_key" ON "invoices" USING btree ("tenant_id","client_refund_id");--> statement-breakpoint
CREATE INDEX "invoices_register_session_idx" ON "invoices" USING btree ("tenant_id","register_session_id","issued_at");--> statement-breakpoint
CREATE INDEX "payments_register_session_idx" ON "payments" USING btree ("tenant_id","register_session_id");--> statement-breakpoint
CREATE POLICY "cash_movements_tenant_isolation" ON "cash_movements" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "parked_sales_tenant_isolation" ON "parked_sales" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "product_barcodes_tenant_isolation" ON "product_barcodes" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "product_options_tenant_isolation" ON "product_options" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "product_search_keys_tenant_isolation" ON "product_search_keys" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "product_stock_tenant_isolation" ON "product_stock" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "products_tenant_isolation" ON "products" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "register_sessions_tenant_isolation" ON "register_sessions" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "registers_tenant_isolation" ON "registers" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "stock_movements_tenant_isolation" ON "stock_movements" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "store_credit_entries_tenant_isolation" ON "store_credit_entries" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tax_rates_tenant_isolation" ON "tax_rates" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);