ALTER TABLE "companies" ADD COLUMN "view_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "view_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The user view's version (GET /api/patient/me, server/auth/user-view.ts): each API process keeps the answer it
-- built, and serves it again while users.view_version and companies.view_version are what they were. Any update
-- of a user or company row moves its own version on; a change to a user's stores moves the user's, and a change to
-- any store of a company moves the company's.
CREATE OR REPLACE FUNCTION app_view_version_moves_on() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF NEW.view_version = OLD.view_version THEN
    NEW.view_version := OLD.view_version + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_view_version_moves_on() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER users_view_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION app_view_version_moves_on();--> statement-breakpoint
CREATE TRIGGER companies_view_version BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION app_view_version_moves_on();--> statement-breakpoint

-- As the owner: the runtime role may change a user's stores without the right to update the user row itself.
CREATE OR REPLACE FUNCTION app_user_stores_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE users SET view_version = view_version + 1
    WHERE (tenant_id, id) IN ((OLD.tenant_id, OLD.user_id), (NEW.tenant_id, NEW.user_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_user_stores_changed() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER user_locations_view_version AFTER INSERT OR UPDATE OR DELETE ON user_locations FOR EACH ROW EXECUTE FUNCTION app_user_stores_changed();--> statement-breakpoint

CREATE OR REPLACE FUNCTION app_company_stores_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE companies SET view_version = view_version + 1 WHERE tenant_id IN (OLD.tenant_id, NEW.tenant_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_company_stores_changed() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER locations_view_version AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH ROW EXECUTE FUNCTION app_company_stores_changed();
