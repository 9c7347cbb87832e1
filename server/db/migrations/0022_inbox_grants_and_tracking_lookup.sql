-- Forced RLS and grants for the inbox and the order tracking links (schema-inbox.ts; see 0002 for why drizzle-kit
-- cannot emit them). A message is never rewritten except for its read time; a tracking link is never changed.
ALTER TABLE inbox_conversations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE inbox_messages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE order_tracking_links FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON inbox_conversations TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT ON inbox_messages, order_tracking_links TO app_runtime;--> statement-breakpoint
GRANT UPDATE (read_at) ON inbox_messages TO app_runtime;--> statement-breakpoint

-- The guest tracking page (/pr/{key}) names no tenant: this door answers the tenant of the link whose keyed hash
-- is given, and nothing else; the page's content is then read under that tenant's RLS.
CREATE OR REPLACE FUNCTION app_tracking_link_tenant(p_key_hash text)
RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT tenant_id FROM order_tracking_links WHERE key_hash = p_key_hash
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_tracking_link_tenant(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_tracking_link_tenant(text) TO app_runtime;
