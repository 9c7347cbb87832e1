-- The tenant-less sign-ins (/admin, /kiosk/login) look an email up across companies. Only accounts that can sign
-- in count: a deactivated account, or one in a suspended company, must not make an address ambiguous (a company
-- that invites an address another company uses could otherwise block that person's sign-in).
CREATE OR REPLACE FUNCTION app_find_account_tenants(p_email text)
RETURNS TABLE (tenant_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.tenant_id FROM users u JOIN companies c ON c.tenant_id = u.tenant_id
  WHERE lower(u.email) = lower(p_email) AND NOT c.is_platform AND u.disabled_at IS NULL AND c.suspended_at IS NULL
  ORDER BY u.tenant_id
$$;
