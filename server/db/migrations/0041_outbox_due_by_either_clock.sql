-- A message is due when its next_attempt_at has passed by the worker's clock (p_now, the app's) or by the
-- database's. A message queued without a time of its own gets the column's default, the database's now(), while a
-- retry's time is the app's clock plus the backoff. By p_now alone a message just queued waited for the next poll
-- whenever the app's clock was behind the database's: by any skew between the two machines, and on one machine by
-- the sub-millisecond part p_now lacks. The claim's own now() comes from a transaction begun after the message was
-- committed, so on the database's clock every message queued before a pass is due at it.
CREATE OR REPLACE FUNCTION app_claim_messages(p_channels text[], p_now timestamptz, p_lease_seconds integer, p_limit integer)
RETURNS TABLE (tenant_id uuid, id uuid)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE communication_log m
  SET status = 'sending', attempts = m.attempts + 1, claimed_until = p_now + make_interval(secs => p_lease_seconds)
  FROM (
    SELECT c.tenant_id, c.id FROM communication_log c
    WHERE c.status IN ('queued', 'sending') AND c.next_attempt_at <= greatest(p_now, now()) AND c.channel = ANY (p_channels)
      AND (c.status = 'queued' OR c.claimed_until <= p_now)
    ORDER BY c.next_attempt_at
    LIMIT least(p_limit, 100)
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.tenant_id = due.tenant_id AND m.id = due.id
  RETURNING m.tenant_id, m.id
$$;
