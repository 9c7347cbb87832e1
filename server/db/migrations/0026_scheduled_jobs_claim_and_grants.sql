-- Forced RLS and grants for the scheduled jobs (schema-jobs.ts; see 0002 for why drizzle-kit cannot emit them).
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE job_sends FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- A run is written by its worker in the tenant (started, finished with its result) and by an admin starting one;
-- the keys of the messages automations sent are only ever added.
GRANT SELECT, INSERT, UPDATE ON jobs TO app_runtime;--> statement-breakpoint
GRANT SELECT, INSERT ON job_sends TO app_runtime;--> statement-breakpoint

-- The scheduler of every process (server/jobs/jobs.ts): one run of a kind per company for a time slot. The unique
-- slot key makes a second process's insert (or the same process's next tick) do nothing. Like app_claim_messages it
-- runs as the migration owner across companies, writes only this row shape and answers how many runs it added.
CREATE OR REPLACE FUNCTION app_schedule_jobs(p_kind text, p_slot text, p_run_at timestamptz)
RETURNS integer
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH added AS (
    INSERT INTO jobs (tenant_id, kind, slot, run_at)
    SELECT c.tenant_id, p_kind, p_slot, p_run_at FROM companies c
    WHERE c.suspended_at IS NULL AND p_kind IN ('appointment.reminders', 'recall.steps') AND p_slot NOT LIKE 'manual:%'
    ON CONFLICT (tenant_id, kind, slot) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::integer FROM added
$$;--> statement-breakpoint

-- The job worker's claim: due runs of every company, each taken by one worker (FOR UPDATE SKIP LOCKED), as the
-- outbox's app_claim_messages. The claim (status 'running' until claimed_until) outlives the transaction: a worker
-- that dies mid-run leaves a run another worker takes over once the claim has run out; the run's messages are keyed
-- (job_sends), so the second worker queues only what the first did not. It answers the keys of the runs it claimed
-- and their try; what a run reads and writes it does under the company's RLS.
CREATE OR REPLACE FUNCTION app_claim_jobs(p_now timestamptz, p_lease_seconds integer, p_limit integer)
RETURNS TABLE (tenant_id uuid, id uuid, kind text, attempts integer)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE jobs j
  SET status = 'running', attempts = j.attempts + 1, started_at = coalesce(j.started_at, p_now),
    claimed_until = p_now + make_interval(secs => p_lease_seconds)
  FROM (
    SELECT d.tenant_id, d.id FROM jobs d
    WHERE d.status IN ('queued', 'running') AND d.run_at <= p_now AND (d.status = 'queued' OR d.claimed_until <= p_now)
    ORDER BY d.run_at
    LIMIT least(p_limit, 100)
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE j.tenant_id = due.tenant_id AND j.id = due.id
  RETURNING j.tenant_id, j.id, j.kind, j.attempts
$$;--> statement-breakpoint

REVOKE ALL ON FUNCTION app_schedule_jobs(text, text, timestamptz) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION app_claim_jobs(timestamptz, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_schedule_jobs(text, text, timestamptz) TO app_runtime;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_claim_jobs(timestamptz, integer, integer) TO app_runtime;
