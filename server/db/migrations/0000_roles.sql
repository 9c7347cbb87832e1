-- The role every request runs as (SET LOCAL ROLE in withTenant). Roles belong to the whole cluster, so create
-- it only when missing; it must never be superuser or BYPASSRLS (start-up checks this).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_runtime') THEN
    CREATE ROLE app_runtime NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database of this cluster created it at the same moment
END
$$;
--> statement-breakpoint
-- The connecting user must be able to SET ROLE app_runtime.
DO $$
BEGIN
  EXECUTE format('GRANT app_runtime TO %I', current_user);
EXCEPTION WHEN others THEN
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_runtime;
