-- A new company's first store gets its sign-in address /{company}/{store} with the company, as every later store
-- does (app_enterprise_add_store): the new admin's invitation can point at it, and no one has to map it by hand.
CREATE OR REPLACE FUNCTION app_enterprise_create_company(p_actor uuid, p_ip text, p_name text, p_slug text,
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
  INSERT INTO portal_mappings (tenant_id, location_id, company_slug, store_slug)
  VALUES (v_tenant, v_location, p_slug, p_store->>'slug');
  INSERT INTO users (tenant_id, id, email, password_hash, roles, display_name, is_registered, temp_password_expires_on,
    default_location_id)
  VALUES (v_tenant, v_user, p_admin_email, p_password_hash, '{admin}', p_admin_name, false, p_temp_expires, v_location);
  INSERT INTO communication_log (tenant_id, id, location_id, user_id, channel, recipient, template, subject, body)
  VALUES (v_tenant, v_message, v_location, v_user, 'email', p_admin_email, 'enterprise.company-invite', p_subject, p_body);
  PERFORM app_enterprise_audit(v_tenant, p_actor, p_ip, 'company.create', 'company', v_tenant::text,
    jsonb_build_object('slug', p_slug, 'storeId', v_location, 'adminUserId', v_user,
      'signIn', '/' || p_slug || '/' || (p_store->>'slug')));
  RETURN QUERY SELECT v_tenant, v_location, v_user, v_message;
END
$$;
