-- The enterprise admin adds a store to a company (the company edit page), through one more narrow door like those of
-- 0020: it answers only in the platform tenant and writes the company's audit row (the route audits in the platform
-- tenant, in the same transaction). The store gets what an admin's own new store gets (server/stores/stores.ts): its
-- sign-in address /{company slug}/{store slug}, its policies, its standard tax rate and its first registers; all or
-- nothing. Answers the new store's id, or null when there is no such company.
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
  INSERT INTO location_policies (tenant_id, location_id) VALUES (p_tenant, v_location);
  INSERT INTO tax_rates (tenant_id, location_id, tax_class, rate_bp)
  VALUES (p_tenant, v_location, 'standard', (p_store->>'taxRateBp')::integer);
  INSERT INTO registers (tenant_id, location_id, name) SELECT p_tenant, v_location, r FROM unnest(p_registers) AS r;
  PERFORM app_enterprise_audit(p_tenant, p_actor, p_ip, 'store.create', 'location', v_location::text,
    jsonb_build_object('slug', v_slug, 'signIn', '/' || v_company_slug || '/' || v_slug));
  RETURN v_location;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enterprise_add_store(uuid, text, uuid, jsonb, text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enterprise_add_store(uuid, text, uuid, jsonb, text[]) TO app_runtime;
