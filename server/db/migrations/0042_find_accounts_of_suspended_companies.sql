-- The tenant-less sign-ins (/admin, /kiosk/login) also find an active account of a suspended company, flagged, in
-- the same one statement: it is chosen only when no active company has the address (so it never makes an address
-- ambiguous), and once its password is right the person is told the company is suspended.
DROP FUNCTION app_find_account_tenants(text);--> statement-breakpoint
CREATE FUNCTION app_find_account_tenants(p_email text)
RETURNS TABLE (tenant_id uuid, suspended boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.tenant_id, c.suspended_at IS NOT NULL FROM users u JOIN companies c ON c.tenant_id = u.tenant_id
  WHERE lower(u.email) = lower(p_email) AND NOT c.is_platform AND u.disabled_at IS NULL
  ORDER BY u.tenant_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_find_account_tenants(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_find_account_tenants(text) TO app_runtime;
