CREATE TABLE "inbox_conversations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbox_conversations_status_check" CHECK ("inbox_conversations"."status" in ('open', 'done'))
);
--> statement-breakpoint
ALTER TABLE "inbox_conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inbox_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "inbox_messages_author_check" CHECK ("inbox_messages"."author" in ('patient', 'staff')),
	CONSTRAINT "inbox_messages_body_check" CHECK (char_length("inbox_messages"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_tracking_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lab_order_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tracking_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "order_tracking_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_tenant_id_location_id_locations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_tenant_id_assigned_to_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assigned_to") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_tenant_id_conversation_id_inbox_conversations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."inbox_conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking_links" ADD CONSTRAINT "order_tracking_links_tenant_id_lab_order_id_lab_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","lab_order_id") REFERENCES "public"."lab_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_conversations_patient_idx" ON "inbox_conversations" USING btree ("tenant_id","patient_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inbox_conversations_location_idx" ON "inbox_conversations" USING btree ("tenant_id","location_id","last_message_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_conversation_idx" ON "inbox_messages" USING btree ("tenant_id","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_unread_idx" ON "inbox_messages" USING btree ("tenant_id","conversation_id","author") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_links_key_hash_key" ON "order_tracking_links" USING btree ("key_hash");--> statement-breakpoint
CREATE POLICY "inbox_conversations_tenant_isolation" ON "inbox_conversations" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "inbox_messages_tenant_isolation" ON "inbox_messages" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "order_tracking_links_tenant_isolation" ON "order_tracking_links" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);