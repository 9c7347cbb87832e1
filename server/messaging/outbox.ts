/**
 * The outbox (docs/messaging): the communication log is the queue. A request only writes its messages to the log
 * inside its transaction; a worker in each server process claims due rows across tenants with FOR UPDATE SKIP
 * LOCKED (app_claim_messages), sends them, and records sent with the provider's id, or a retry with backoff, or
 * failed. Delivery is at least once: a worker that dies after the provider took a message but before recording it
 * leaves the claim to run out, and the message is sent again with the same id (Message-ID, Idempotency-Key), by
 * which a provider that honours it, or a mail client, drops the copy (docs/operations.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { communicationLog } from '../db/schema';
import type { Transports } from './transports';

export interface OutgoingMessage {
  tenantId: string;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  subject: string;
  body: string;
  userId?: string;
  locationId?: string;
  /** The patient the message is about: it shows in their chart's messages. */
  patientId?: string;
}

/** Writes the message to the communication log inside the caller's transaction; returns its id for delivery. */
export async function queueMessage(tx: Tx, m: OutgoingMessage): Promise<{ tenantId: string; id: string }> {
  const [row] = await tx
    .insert(communicationLog)
    .values({
      tenantId: m.tenantId,
      channel: m.channel,
      recipient: m.recipient,
      template: m.template,
      subject: m.subject,
      body: m.body,
      userId: m.userId ?? null,
      locationId: m.locationId ?? null,
      patientId: m.patientId ?? null,
    })
    .returning({ id: communicationLog.id });
  if (!row) throw new Error('message was not logged');
  return { tenantId: m.tenantId, id: row.id };
}

export interface Outbox {
  /**
   * Called after the transaction that logged messages committed: prints them in development and wakes the worker,
   * which sends them. Never waits for a provider and never throws.
   */
  deliver(refs: { tenantId: string; id: string }[]): Promise<void>;
  /**
   * Runs work that ends in messages after the answer has gone, for calls whose answer must not depend on it (its
   * duration would tell whether an account exists). A failure is logged, never thrown.
   */
  afterAnswer(what: string, work: () => Promise<unknown>): void;
  /** Resolves once the work handed to afterAnswer and the worker's current pass have finished (shutdown, tests). */
  idle(): Promise<void>;
  /** Stops the worker's timer; a pass under way finishes (idle() waits for it). */
  stop(): void;
}

export interface OutboxTiming {
  /** How often the worker looks for due messages besides being woken (OUTBOX_POLL_MS). */
  pollMs: number;
  /** How long a claim holds before another worker may take the message over (OUTBOX_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Sends tried before a message is failed (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts: number;
}

/** Waits after the 1st, 2nd, ... failed try (docs/messaging): 1 min, 5 min, 30 min, then 2 h. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
export const retryDelayMs = (attempt: number) => retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1]!;

/** Messages claimed at once; a pass claims again until fewer come back. */
const BATCH = 20;

export function createOutbox(opts: {
  db: Database;
  transports: Transports;
  timing: OutboxTiming;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Development only: print messages (with their codes and links) so a local user can read them. */
  printMessages: boolean;
}): Outbox {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work.finally(() => pending.delete(done));
    pending.add(done);
  };
  const channels = (['email', 'sms'] as const).filter((c) => opts.transports[c]);

  let running: Promise<void> | null = null;
  let again = false;
  /** One pass at a time in this process; a wake during a pass runs another after it. */
  const wake = () => {
    if (!channels.length) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await sendDue()) === BATCH);
        } catch (err) {
          opts.log.error({ err }, 'outbox pass failed');
        }
      } while (again);
    })().finally(() => (running = null));
    track(running);
  };

  /** Claims due messages (any tenant), sends each, records the outcome; answers how many it claimed. */
  async function sendDue(): Promise<number> {
    const claimed = await withoutTenant(opts.db, (tx) =>
      queryRows<{ tenant_id: string; id: string }>(
        tx,
        sql`select * from app_claim_messages(${`{${channels.join(',')}}`}::text[], ${opts.now().toISOString()}::timestamptz, ${opts.timing.leaseSeconds}, ${BATCH})`,
      ),
    );
    for (const ref of claimed) await sendOne(ref.tenant_id, ref.id);
    return claimed.length;
  }

  async function sendOne(tenantId: string, id: string) {
    const where = and(eq(communicationLog.tenantId, tenantId), eq(communicationLog.id, id));
    // Short transactions on either side of the send: PGlite serialises all work, a provider can be slow.
    const [m] = await withTenant(opts.db, tenantId, (tx) => tx.select().from(communicationLog).where(where));
    if (!m || m.status !== 'sending') return;
    const transport = opts.transports[m.channel]!;
    // The outcome is recorded only while this worker's claim holds: after it ran out another worker owns the row.
    const mine = and(where, eq(communicationLog.status, 'sending'), eq(communicationLog.attempts, m.attempts));
    let outcome: Partial<typeof communicationLog.$inferInsert>;
    try {
      const { providerId } = await transport.send({ id: m.id, recipient: m.recipient, subject: m.subject, body: m.body });
      outcome = { status: 'sent', sentAt: opts.now(), providerId, error: null, claimedUntil: null };
    } catch (err) {
      const error = String((err as Error).message).slice(0, 500);
      const last = m.attempts >= opts.timing.maxAttempts;
      outcome = last
        ? { status: 'failed', error, claimedUntil: null }
        : { status: 'queued', error, claimedUntil: null, nextAttemptAt: new Date(opts.now().getTime() + retryDelayMs(m.attempts)) };
      opts.log.warn({ messageId: m.id, channel: m.channel, attempt: m.attempts, err: error }, last ? 'message failed' : 'message will be retried');
    }
    await withTenant(opts.db, tenantId, (tx) => tx.update(communicationLog).set(outcome).where(mine));
  }

  const timer = channels.length ? setInterval(wake, opts.timing.pollMs) : null;
  timer?.unref();
  // Messages queued before a restart (or by another process without a transport) go at the first pass.
  wake();

  return {
    afterAnswer(what, work) {
      // setImmediate: the answer is written before the work takes its first turn (PGlite runs one query at a time).
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .then(
            () => undefined,
            (err: unknown) => opts.log.error({ err, work: what }, 'work after the answer failed'),
          ),
      );
    },
    async idle() {
      while (pending.size) await Promise.all(pending);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
    async deliver(refs) {
      if (opts.printMessages) {
        for (const ref of refs) {
          try {
            const where = and(eq(communicationLog.tenantId, ref.tenantId), eq(communicationLog.id, ref.id));
            const [m] = await withTenant(opts.db, ref.tenantId, (tx) => tx.select().from(communicationLog).where(where));
            if (m) opts.log.info({ messageId: m.id, channel: m.channel, to: m.recipient, subject: m.subject }, `outbox (development): ${m.body}`);
          } catch (err) {
            opts.log.error({ err, messageId: ref.id }, 'message could not be printed');
          }
        }
      }
      wake();
    },
  };
}
