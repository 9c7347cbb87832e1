-- drizzle-kit emits policies but neither FORCE ROW LEVEL SECURITY (which makes the policies hold for the table
-- owner too) nor grants. Every tenant table gets both here; tests/server/rls-catalogue.test.ts fails if one
-- is forgotten.
ALTER TABLE companies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE locations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE portal_mappings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE user_locations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE refresh_families FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE one_time_codes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE communication_log FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;--> statement-breakpoint

GRANT SELECT, UPDATE ON companies TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON locations, portal_mappings, users, user_locations, refresh_families,
  refresh_tokens, one_time_codes, communication_log TO app_runtime;--> statement-breakpoint
-- The audit log is append-only for the application.
GRANT SELECT, INSERT ON audit_log TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON request_counters TO app_runtime;--> statement-breakpoint

-- Look-ups that must cross tenants before anyone is signed in. They run as the migration owner (which bypasses
-- RLS), return only what sign-in needs, and are the only cross-tenant doors the runtime role has.
CREATE OR REPLACE FUNCTION app_resolve_portal(p_company text, p_store text)
RETURNS TABLE (tenant_id uuid, location_id uuid, company_name text, company_slug text, store_name text,
  store_slug text, logo text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.tenant_id, l.id, c.name, pm.company_slug, l.name, pm.store_slug, coalesce(l.logo, c.logo)
  FROM portal_mappings pm
  JOIN companies c ON c.tenant_id = pm.tenant_id
  JOIN locations l ON l.tenant_id = pm.tenant_id AND l.id = pm.location_id
  WHERE lower(pm.company_slug) = lower(p_company) AND lower(pm.store_slug) = lower(p_store)
$$;--> statement-breakpoint

-- The tenants in which an account with this email exists (for the /admin and kiosk sign-ins, which carry no
-- tenant). The platform tenant is excluded: enterprise admins sign in with isEnterpriseAdmin.
CREATE OR REPLACE FUNCTION app_find_account_tenants(p_email text)
RETURNS TABLE (tenant_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.tenant_id FROM users u JOIN companies c ON c.tenant_id = u.tenant_id
  WHERE lower(u.email) = lower(p_email) AND NOT c.is_platform
$$;--> statement-breakpoint

REVOKE ALL ON FUNCTION app_resolve_portal(text, text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_find_account_tenants(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_resolve_portal(text, text) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_find_account_tenants(text) TO app_runtime;
--> statement-breakpoint
-- The platform tenant holds the enterprise admins, who belong to no company.
INSERT INTO companies (tenant_id, slug, name, is_platform)
VALUES ('00000000-0000-4000-8000-000000000000', 'portal', 'Patient Portal', true)
ON CONFLICT DO NOTHING;
