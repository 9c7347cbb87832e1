-- A company's first store (app_enterprise_create_company, 0020) was made bare: no policies, no standard tax rate and
-- no registers, so the new admin found a POS with nothing to open. Both enterprise doors that make a store now finish
-- it through one internal function, the same set an admin's own new store gets (server/stores/stores.ts). The first
-- store's sign-in address is still not made here: the enterprise admin maps it at /admin/PortalMapping.
CREATE OR REPLACE FUNCTION app_enterprise_complete_store(p_tenant uuid, p_location uuid, p_tax_rate_bp integer,
  p_registers text[]) RETURNS void
LANGUAGE sql SET search_path = public AS $$
  INSERT INTO location_policies (tenant_id, location_id) VALUES (p_tenant, p_location);
  INSERT INTO tax_rates (tenant_id, location_id, tax_class, rate_bp) VALUES (p_tenant, p_location, 'standard', p_tax_rate_bp);
  INSERT INTO registers (tenant_id, location_id, name) SELECT p_tenant, p_location, r FROM unnest(p_registers) AS r;
$$;--> statement-breakpoint
-- Internal: only the SECURITY DEFINER doors (running as its owner) call it; the runtime role cannot.
REVOKE ALL ON FUNCTION app_enterprise_complete_store(uuid, uuid, integer, text[]) FROM PUBLIC;--> statement-breakpoint

CREATE OR REPLACE FUNCTION app_enterprise_add_store(p_actor uuid, p_ip text, p_tenant uuid, p_store jsonb,
  p_registers text[])
RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_location uuid := gen_random_uuid();
  v_company_slug text;
  v_slug text := p_store->>'slug';
BEGIN
  PERFORM app_enterprise_guard();
  SELECT c.slug INTO v_company_slug FROM companies c WHERE c.tenant_id = p_tenant AND NOT c.is_platform;
  IF v_company_slug IS NULL THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM locations l WHERE l.tenant_id = p_tenant AND lower(l.slug) = lower(v_slug)) THEN
    RAISE EXCEPTION 'store slug in use' USING ERRCODE = '23505', CONSTRAINT = 'locations_tenant_slug_key';
  END IF;
  INSERT INTO locations (tenant_id, id, slug, name, address, phone, time_zone, tax_rate_bp)
  VALUES (p_tenant, v_location, v_slug, p_store->>'name', p_store->>'address', p_store->>'phone',
    p_store->>'timeZone', (p_store->>'taxRateBp')::integer);
  INSERT INTO portal_mappings (tenant_id, location_id, company_slug, store_slug)
  VALUES (p_tenant, v_location, v_company_slug, v_slug);
  PERFORM app_enterprise_complete_store(p_tenant, v_location, (p_store->>'taxRateBp')::integer, p_registers);
  PERFORM app_enterprise_audit(p_tenant, p_actor, p_ip, 'store.create', 'location', v_location::text,
    jsonb_build_object('slug', v_slug, 'signIn', '/' || v_company_slug || '/' || v_slug));
  RETURN v_location;
END
$$;--> statement-breakpoint

-- The company door takes the first registers' names as the add-store door does (the contract owns them); the old
-- signature goes so that no caller can still make a bare store.
DROP FUNCTION app_enterprise_create_company(uuid, text, text, text, text, jsonb, text, text, text, date, text, text);--> statement-breakpoint
CREATE FUNCTION app_enterprise_create_company(p_actor uuid, p_ip text, p_name text, p_slug text,
  p_logo text, p_store jsonb, p_admin_email text, p_admin_name text, p_password_hash text, p_temp_expires date,
  p_subject text, p_body text, p_registers text[])
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
  PERFORM app_enterprise_complete_store(v_tenant, v_location, (p_store->>'taxRateBp')::integer, p_registers);
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
REVOKE ALL ON FUNCTION app_enterprise_create_company(uuid, text, text, text, text, jsonb, text, text, text, date, text, text, text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_create_company(uuid, text, text, text, text, jsonb, text, text, text, date, text, text, text[]) TO app_runtime;
