-- Template keys of docs/messaging (src/contract/messageTemplates.ts): the two stored before it get their names.
UPDATE message_templates SET key = 'order.ready' WHERE key = 'order.ready-for-pickup';--> statement-breakpoint
UPDATE message_templates SET key = 'recall.reminder' WHERE key = 'recall.due';--> statement-breakpoint

-- The outbox worker's claim (server/messaging/worker.ts): due messages of every tenant, each taken by one worker.
-- FOR UPDATE SKIP LOCKED lets workers of several processes claim at once without taking the same row; the claim
-- (status 'sending' until claimed_until) outlives the transaction, so a worker that dies mid-send leaves a row
-- another worker takes over once the claim has run out. Like the other doors across tenants it runs as the
-- migration owner and answers only the keys of the rows it claimed; their content is read under the tenant's RLS.
CREATE OR REPLACE FUNCTION app_claim_messages(p_channels text[], p_now timestamptz, p_lease_seconds integer, p_limit integer)
RETURNS TABLE (tenant_id uuid, id uuid)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE communication_log m
  SET status = 'sending', attempts = m.attempts + 1, claimed_until = p_now + make_interval(secs => p_lease_seconds)
  FROM (
    SELECT c.tenant_id, c.id FROM communication_log c
    WHERE c.status IN ('queued', 'sending') AND c.next_attempt_at <= p_now AND c.channel = ANY (p_channels)
      AND (c.status = 'queued' OR c.claimed_until <= p_now)
    ORDER BY c.next_attempt_at
    LIMIT least(p_limit, 100)
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.tenant_id = due.tenant_id AND m.id = due.id
  RETURNING m.tenant_id, m.id
$$;--> statement-breakpoint

-- An SMS provider's delivery report (its signature checked by the route) names the message by the provider's id
-- only. This records the status on that message and nothing else; it answers how many messages it matched.
CREATE OR REPLACE FUNCTION app_record_delivery(p_provider_id text, p_status text, p_error text)
RETURNS integer
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH updated AS (
    UPDATE communication_log
    SET delivery_status = left(p_status, 40),
      status = CASE WHEN p_status IN ('failed', 'undelivered') AND status = 'sent' THEN 'failed' ELSE status END,
      error = CASE WHEN p_status IN ('failed', 'undelivered') THEN left(coalesce(nullif(p_error, ''), 'the provider reported the message ' || p_status), 500) ELSE error END
    WHERE provider_id = p_provider_id AND channel = 'sms'
    RETURNING 1
  )
  SELECT count(*)::integer FROM updated
$$;--> statement-breakpoint

REVOKE ALL ON FUNCTION app_claim_messages(text[], timestamptz, integer, integer) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_record_delivery(text, text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_claim_messages(text[], timestamptz, integer, integer) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_record_delivery(text, text, text) TO app_runtime;
