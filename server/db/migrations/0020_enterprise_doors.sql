-- The enterprise admin's doors into other tenants (server/enterprise). Like app_enterprise_summary (0005) each runs
-- as the migration owner (past RLS), does one narrow thing, answers only to a transaction whose tenant is the
-- platform tenant, and writes the company's own audit row (the route writes the platform's in the same
-- transaction). The runtime role keeps no way past RLS of its own.
CREATE OR REPLACE FUNCTION app_enterprise_guard() RETURNS void
LANGUAGE plpgsql STABLE SET search_path = public AS $$
BEGIN
  IF current_setting('app.tenant_id', true) IS DISTINCT FROM '00000000-0000-4000-8000-000000000000' THEN
    RAISE EXCEPTION 'only the platform tenant may act across companies' USING ERRCODE = '42501';
  END IF;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_guard() FROM PUBLIC;--> statement-breakpoint

-- A sign-in address's company part belongs to one company: its own slug or a mapping of its own.
CREATE OR REPLACE FUNCTION app_enterprise_company_slug_free(p_slug text, p_tenant uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = public AS $$
  SELECT NOT EXISTS (SELECT 1 FROM companies c WHERE lower(c.slug) = lower(p_slug) AND c.tenant_id <> p_tenant)
    AND NOT EXISTS (SELECT 1 FROM portal_mappings pm WHERE lower(pm.company_slug) = lower(p_slug) AND pm.tenant_id <> p_tenant)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_company_slug_free(text, uuid) FROM PUBLIC;--> statement-breakpoint

CREATE OR REPLACE FUNCTION app_enterprise_audit(p_tenant uuid, p_actor uuid, p_ip text, p_action text,
  p_target_type text, p_target_id text, p_details jsonb) RETURNS void
LANGUAGE sql SET search_path = public AS $$
  INSERT INTO audit_log (tenant_id, actor_user_id, actor_roles, action, target_type, target_id, outcome, ip, details)
  VALUES (p_tenant, p_actor, '{enterpriseadmin}', p_action, p_target_type, p_target_id, 'success', p_ip, p_details)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_audit(uuid, uuid, text, text, text, text, jsonb) FROM PUBLIC;--> statement-breakpoint

-- Every company (or one) with its stores: names, addresses and settings, never a patient's or a sale's row.
CREATE OR REPLACE FUNCTION app_enterprise_companies(p_tenant uuid)
RETURNS TABLE (tenant_id uuid, name text, slug text, logo text, suspended_at timestamptz, created_at timestamptz,
  stores jsonb)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_enterprise_guard();
  RETURN QUERY
  SELECT c.tenant_id, c.name, c.slug, c.logo, c.suspended_at, c.created_at,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'slug', l.slug, 'address', l.address,
        'phone', l.phone, 'timeZone', l.time_zone, 'taxRateBp', l.tax_rate_bp) ORDER BY l.name, l.id), '[]'::jsonb)
      FROM locations l WHERE l.tenant_id = c.tenant_id)
  FROM companies c
  WHERE NOT c.is_platform AND (p_tenant IS NULL OR c.tenant_id = p_tenant)
  ORDER BY c.name, c.tenant_id;
END
$$;--> statement-breakpoint

-- A new company in one step: the company, its first store, its first admin (a temporary-password account that
-- finishes the new-user flow) and the invitation in the company's communication log, all or nothing.
CREATE OR REPLACE FUNCTION app_enterprise_create_company(p_actor uuid, p_ip text, p_name text, p_slug text,
  p_logo text, p_store jsonb, p_admin_email text, p_admin_name text, p_password_hash text, p_temp_expires date,
  p_subject text, p_body text)
RETURNS TABLE (tenant_id uuid, location_id uuid, user_id uuid, message_id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := gen_random_uuid();
  v_location uuid := gen_random_uuid();
  v_user uuid := gen_random_uuid();
  v_message uuid := gen_random_uuid();
BEGIN
  PERFORM app_enterprise_guard();
  IF NOT app_enterprise_company_slug_free(p_slug, v_tenant) THEN
    RAISE EXCEPTION 'company slug in use' USING ERRCODE = '23505', CONSTRAINT = 'companies_slug_key';
  END IF;
  INSERT INTO companies (tenant_id, slug, name, logo) VALUES (v_tenant, p_slug, p_name, p_logo);
  INSERT INTO locations (tenant_id, id, slug, name, address, phone, time_zone, tax_rate_bp)
  VALUES (v_tenant, v_location, p_store->>'slug', p_store->>'name', p_store->>'address', p_store->>'phone',
    p_store->>'timeZone', (p_store->>'taxRateBp')::integer);
  INSERT INTO users (tenant_id, id, email, password_hash, roles, display_name, is_registered, temp_password_expires_on,
    default_location_id)
  VALUES (v_tenant, v_user, p_admin_email, p_password_hash, '{admin}', p_admin_name, false, p_temp_expires, v_location);
  INSERT INTO communication_log (tenant_id, id, location_id, user_id, channel, recipient, template, subject, body)
  VALUES (v_tenant, v_message, v_location, v_user, 'email', p_admin_email, 'enterprise.company-invite', p_subject, p_body);
  PERFORM app_enterprise_audit(v_tenant, p_actor, p_ip, 'company.create', 'company', v_tenant::text,
    jsonb_build_object('slug', p_slug, 'storeId', v_location, 'adminUserId', v_user));
  RETURN QUERY SELECT v_tenant, v_location, v_user, v_message;
END
$$;--> statement-breakpoint

-- Name, slug and logo (p_logo_set false keeps the logo). False when there is no such company.
CREATE OR REPLACE FUNCTION app_enterprise_update_company(p_actor uuid, p_ip text, p_tenant uuid, p_name text,
  p_slug text, p_logo text, p_logo_set boolean)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_enterprise_guard();
  IF NOT app_enterprise_company_slug_free(p_slug, p_tenant) THEN
    RAISE EXCEPTION 'company slug in use' USING ERRCODE = '23505', CONSTRAINT = 'companies_slug_key';
  END IF;
  UPDATE companies c SET name = p_name, slug = p_slug, logo = CASE WHEN p_logo_set THEN p_logo ELSE c.logo END
  WHERE c.tenant_id = p_tenant AND NOT c.is_platform;
  IF NOT FOUND THEN RETURN false; END IF;
  PERFORM app_enterprise_audit(p_tenant, p_actor, p_ip, 'company.update', 'company', p_tenant::text,
    jsonb_build_object('slug', p_slug, 'logoChanged', p_logo_set));
  RETURN true;
END
$$;--> statement-breakpoint

-- Suspends (and ends every session of the company at once) or reinstates; nothing is deleted. False when there is
-- no such company.
CREATE OR REPLACE FUNCTION app_enterprise_set_suspended(p_actor uuid, p_ip text, p_tenant uuid, p_suspended boolean,
  p_now timestamptz)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_enterprise_guard();
  UPDATE companies c SET suspended_at = CASE WHEN p_suspended THEN coalesce(c.suspended_at, p_now) END
  WHERE c.tenant_id = p_tenant AND NOT c.is_platform;
  IF NOT FOUND THEN RETURN false; END IF;
  IF p_suspended THEN
    UPDATE refresh_families f SET revoked_at = p_now, revoked_reason = 'company_suspended'
    WHERE f.tenant_id = p_tenant AND f.revoked_at IS NULL;
  END IF;
  PERFORM app_enterprise_audit(p_tenant, p_actor, p_ip, CASE WHEN p_suspended THEN 'company.suspend' ELSE 'company.reinstate' END,
    'company', p_tenant::text, '{}'::jsonb);
  RETURN true;
END
$$;--> statement-breakpoint

-- Every sign-in address, optionally those whose slugs or names contain p_search.
CREATE OR REPLACE FUNCTION app_enterprise_portal_mappings(p_search text)
RETURNS TABLE (id uuid, tenant_id uuid, location_id uuid, company_slug text, store_slug text, company_name text,
  store_name text, suspended boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_enterprise_guard();
  RETURN QUERY
  SELECT pm.id, pm.tenant_id, pm.location_id, pm.company_slug, pm.store_slug, c.name, l.name, c.suspended_at IS NOT NULL
  FROM portal_mappings pm
  JOIN companies c ON c.tenant_id = pm.tenant_id
  JOIN locations l ON l.tenant_id = pm.tenant_id AND l.id = pm.location_id
  WHERE p_search IS NULL OR p_search = ''
    OR strpos(lower(pm.company_slug || '/' || pm.store_slug || ' ' || c.name || ' ' || l.name), lower(p_search)) > 0
  ORDER BY pm.company_slug, pm.store_slug;
END
$$;--> statement-breakpoint

-- Creates (p_id null) or changes a sign-in address; the store must be the company's. Answers the mapping's id, or
-- null when p_id names no mapping.
CREATE OR REPLACE FUNCTION app_enterprise_save_portal_mapping(p_actor uuid, p_ip text, p_id uuid, p_tenant uuid,
  p_location uuid, p_company_slug text, p_store_slug text)
RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_id uuid;
  v_before uuid;
BEGIN
  PERFORM app_enterprise_guard();
  IF NOT EXISTS (SELECT 1 FROM locations l JOIN companies c ON c.tenant_id = l.tenant_id
                 WHERE l.tenant_id = p_tenant AND l.id = p_location AND NOT c.is_platform) THEN
    RAISE EXCEPTION 'no such store of the company' USING ERRCODE = '23503', CONSTRAINT = 'portal_mappings_location';
  END IF;
  IF NOT app_enterprise_company_slug_free(p_company_slug, p_tenant) THEN
    RAISE EXCEPTION 'company slug in use' USING ERRCODE = '23505', CONSTRAINT = 'portal_mappings_company_owner';
  END IF;
  IF p_id IS NULL THEN
    INSERT INTO portal_mappings (tenant_id, location_id, company_slug, store_slug)
    VALUES (p_tenant, p_location, p_company_slug, p_store_slug) RETURNING portal_mappings.id INTO v_id;
  ELSE
    SELECT pm.tenant_id INTO v_before FROM portal_mappings pm WHERE pm.id = p_id;
    UPDATE portal_mappings pm SET tenant_id = p_tenant, location_id = p_location, company_slug = p_company_slug,
      store_slug = p_store_slug
    WHERE pm.id = p_id RETURNING pm.id INTO v_id;
    IF v_id IS NULL THEN RETURN NULL; END IF;
    IF v_before <> p_tenant THEN
      PERFORM app_enterprise_audit(v_before, p_actor, p_ip, 'portalMapping.remove', 'portal_mapping', v_id::text,
        jsonb_build_object('movedTo', p_tenant));
    END IF;
  END IF;
  PERFORM app_enterprise_audit(p_tenant, p_actor, p_ip, CASE WHEN p_id IS NULL THEN 'portalMapping.create' ELSE 'portalMapping.update' END,
    'portal_mapping', v_id::text, jsonb_build_object('address', '/' || p_company_slug || '/' || p_store_slug, 'locationId', p_location));
  RETURN v_id;
END
$$;--> statement-breakpoint

-- Removes a sign-in address; answers its company, or null when there is no such mapping.
CREATE OR REPLACE FUNCTION app_enterprise_remove_portal_mapping(p_actor uuid, p_ip text, p_id uuid)
RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_row portal_mappings%ROWTYPE;
BEGIN
  PERFORM app_enterprise_guard();
  DELETE FROM portal_mappings pm WHERE pm.id = p_id RETURNING * INTO v_row;
  IF v_row.id IS NULL THEN RETURN NULL; END IF;
  PERFORM app_enterprise_audit(v_row.tenant_id, p_actor, p_ip, 'portalMapping.remove', 'portal_mapping', p_id::text,
    jsonb_build_object('address', '/' || v_row.company_slug || '/' || v_row.store_slug));
  RETURN v_row.tenant_id;
END
$$;--> statement-breakpoint

-- A suspended company's sign-in addresses lead nowhere.
CREATE OR REPLACE FUNCTION app_resolve_portal(p_company text, p_store text)
RETURNS TABLE (tenant_id uuid, location_id uuid, company_name text, company_slug text, store_name text,
  store_slug text, logo text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.tenant_id, l.id, c.name, pm.company_slug, l.name, pm.store_slug, coalesce(l.logo, c.logo)
  FROM portal_mappings pm
  JOIN companies c ON c.tenant_id = pm.tenant_id
  JOIN locations l ON l.tenant_id = pm.tenant_id AND l.id = pm.location_id
  WHERE lower(pm.company_slug) = lower(p_company) AND lower(pm.store_slug) = lower(p_store) AND c.suspended_at IS NULL
$$;--> statement-breakpoint

REVOKE ALL ON FUNCTION app_enterprise_companies(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_create_company(uuid, text, text, text, text, jsonb, text, text, text, date, text, text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_update_company(uuid, text, uuid, text, text, text, boolean) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_set_suspended(uuid, text, uuid, boolean, timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_portal_mappings(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_save_portal_mapping(uuid, text, uuid, uuid, uuid, text, text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_remove_portal_mapping(uuid, text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_companies(uuid) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_create_company(uuid, text, text, text, text, jsonb, text, text, text, date, text, text) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_update_company(uuid, text, uuid, text, text, text, boolean) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_set_suspended(uuid, text, uuid, boolean, timestamptz) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_portal_mappings(text) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_save_portal_mapping(uuid, text, uuid, uuid, uuid, text, text) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_remove_portal_mapping(uuid, text, uuid) TO app_runtime;
