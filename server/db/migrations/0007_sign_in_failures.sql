CREATE TABLE "sign_in_failures" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_tenant_id_user_id_scope_pk" PRIMARY KEY("tenant_id","user_id","scope")
);
--> statement-breakpoint
ALTER TABLE "sign_in_failures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "sign_in_failures_tenant_isolation" ON "sign_in_failures" AS PERMISSIVE FOR ALL TO "app_runtime" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);