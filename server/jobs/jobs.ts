/**
 * Scheduled jobs (docs/messaging "Jobs", docs/operations.md "Scheduled jobs"): the runs are rows of `jobs`, one per
 * kind, company and time slot. Every server process runs a scheduler and a worker:
 * - the scheduler enqueues each kind's run of the current slot (hourly for appointment reminders, daily for recall
 *   steps) for every company through app_schedule_jobs; the unique (company, kind, slot) key makes the second
 *   process's insert, or the next tick's, do nothing;
 * - the worker claims due runs of any company with FOR UPDATE SKIP LOCKED (app_claim_jobs), so each run is done by
 *   one process; it does the run in the company's tenant transactions (RLS), records the result on the row, or
 *   a retry (1, 2, 3 ... minutes later) and after the last try the run's failure. A process that dies mid-run leaves
 *   the claim to run out; another worker takes the run over and queues only what the first did not (job_sends).
 * Neither runs as a role that bypasses RLS: the two functions are the only doors across companies, and answer keys.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { VisitLinks } from '../reminders/links';
import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../../src/contract/jobs';
import { queryRows, withoutTenant, withTenant, type Database } from '../db/client';
import { jobs } from '../db/schema-jobs';
import type { DatabaseOutage } from '../http/outage';
import type { Outbox } from '../messaging/outbox';
import { automations, emptyResult, type RunContext } from './automations';

export interface JobTiming {
  /** How often the scheduler and the worker look (JOBS_POLL_MS); 0 turns both timers off (a run started by an admin still runs). */
  pollMs: number;
  /** How long a worker's claim on a run holds (JOBS_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Tries before a run is failed (JOBS_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Candidates read and queued per transaction (JOBS_PAGE_SIZE). */
  pageSize: number;
}

/** The time slot of a scheduled run: hourly reminders (so each is sent about 24 h ahead), daily recall steps. */
export function slotOf(kind: JobKind, at: Date): string {
  const iso = at.toISOString();
  return kind === 'appointment.reminders' ? iso.slice(0, 13) : iso.slice(0, 10);
}

export const scheduledKinds: JobKind[] = ['appointment.reminders', 'recall.steps'];

export interface Jobs {
  /** Enqueues the current slot's runs of every kind for every company (idempotent) and wakes the worker. */
  schedule(): Promise<void>;
  /** Looks for due runs now (after a run was enqueued). */
  wake(): void;
  stop(): void;
}

/** Runs claimed at once. */
const BATCH = 5;

export function createJobs(opts: {
  db: Database;
  outbox: Outbox;
  timing: JobTiming;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Where a failure for want of the database goes: said once per outage, not once per poll. */
  outage: DatabaseOutage;
  /** What reminders' visit links are made with. */
  links: VisitLinks;
}): Jobs {
  const { db, outbox, timing, log, outage } = opts;
  let running = false;
  let again = false;
  let stopped = false;

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    // Through the outbox's tracked work: shutdown (and a test) waits for a pass under way.
    outbox.afterAnswer('scheduled jobs', async () => {
      try {
        do {
          again = false;
          while ((await runDue()) === BATCH && !stopped);
        } while (again && !stopped);
      } finally {
        running = false;
      }
    });
  };

  async function runDue(): Promise<number> {
    const claimed = await withoutTenant(db, (tx) =>
      queryRows<{ tenant_id: string; id: string; kind: JobKind; attempts: number }>(
        tx,
        sql`select * from app_claim_jobs(${opts.now().toISOString()}::timestamptz, ${timing.leaseSeconds}, ${BATCH})`,
      ),
    );
    for (const job of claimed) await runOne(job.tenant_id, job.id, job.kind, job.attempts);
    return claimed.length;
  }

  async function runOne(tenantId: string, id: string, kind: JobKind, attempts: number) {
    const mine = and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts));
    const record = (values: Partial<typeof jobs.$inferInsert>) => withTenant(db, tenantId, (tx) => tx.update(jobs).set({ claimedUntil: null, ...values }).where(mine));
    if (attempts > timing.maxAttempts) {
      await record({ status: 'failed', finishedAt: opts.now(), error: `stopped after ${timing.maxAttempts} tries` });
      return;
    }
    const ctx: RunContext = { tenantId, jobId: id, now: opts.now(), result: emptyResult(), pageSize: timing.pageSize, links: opts.links };
    try {
      const page = await withTenant(db, tenantId, (tx) => automations[kind].prepare(tx, ctx));
      let after: string | null = null;
      do {
        const outcome = await withTenant(db, tenantId, async (tx) => {
          // Each page first renews this worker's claim; a claim that ran out (another worker took the run over)
          // stops the run here, before it queues anything.
          const held = await tx
            .update(jobs)
            .set({ claimedUntil: new Date(opts.now().getTime() + timing.leaseSeconds * 1000) })
            .where(mine)
            .returning({ id: jobs.id });
          if (!held.length) return null;
          return page(tx, after);
        });
        if (!outcome) {
          log.warn({ jobId: id, kind }, 'job taken over by another worker');
          return;
        }
        // The messages leave once their page committed (in development the outbox prints them too, as it does a
        // request's: a local user reads the reminder and its link there).
        if (outcome.queued.length) await outbox.deliver(outcome.queued.map((q) => ({ tenantId: q.tenantId, id: q.id })));
        after = outcome.after;
      } while (after && !stopped);
      if (stopped && after) return; // shutting down: the claim runs out and another worker finishes the run
      await record({ status: 'done', finishedAt: opts.now(), result: ctx.result, error: null });
      log.info({ jobId: id, kind, tenantId, ...ctx.result.skipped, queued: ctx.result.queued }, 'job done');
    } catch (err) {
      const error = String((err as Error).message).slice(0, 500);
      const last = attempts >= timing.maxAttempts;
      if (!outage.owns(err)) log.error({ err, jobId: id, kind, attempt: attempts }, last ? 'job failed' : 'job will be retried');
      await record(
        last
          ? { status: 'failed', finishedAt: opts.now(), result: ctx.result, error }
          : { status: 'queued', result: ctx.result, error, runAt: new Date(opts.now().getTime() + attempts * 60_000) },
      ).catch((e: unknown) => {
        if (!outage.owns(e)) log.error({ err: e, jobId: id }, 'job outcome not recorded');
      });
    }
  }

  async function schedule() {
    const now = opts.now();
    try {
      await withoutTenant(db, async (tx) => {
        for (const kind of scheduledKinds) {
          await tx.execute(sql`select app_schedule_jobs(${kind}, ${slotOf(kind, now)}, ${now.toISOString()}::timestamptz)`);
        }
      });
    } catch (err) {
      if (!outage.owns(err)) log.error({ err }, 'jobs not scheduled');
    }
    wake();
  }

  // Through the outbox's tracked work, as the passes: shutdown waits for a tick under way.
  const tick = () => outbox.afterAnswer('job schedule', schedule);
  const timer = timing.pollMs > 0 ? setInterval(tick, timing.pollMs) : null;
  timer?.unref();
  if (timer) tick();

  return {
    schedule,
    wake,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
