/**
 * The outbox (docs/messaging): the communication log is the queue. A request only writes its messages to the log
 * inside its transaction; a worker in each server process claims due rows across tenants with FOR UPDATE SKIP
 * LOCKED (app_claim_messages), sends them, and records sent with the provider's id, or a retry with backoff, or
 * failed. Delivery is at least once: a worker that dies after the provider took a message but before recording it
 * leaves the claim to run out, and the message is sent again with the same id (Message-ID, Idempotency-Key), by
 * which a provider that honours it, or a mail client, drops the copy (docs/operations.md). A live worker never sends
 * what another took over: it renews its claim, conditionally on still holding it, before and during each send.
 * Stopping hands back what was claimed and not sent, so a shutdown is bounded and the next process sends it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { communicationLog } from '../db/schema';
import type { DatabaseOutage } from '../http/outage';
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
  /**
   * Resolves once the work handed to afterAnswer and the worker's current pass have finished (tests); after stop, a
   * pass whose send was given up on is not waited for.
   */
  idle(): Promise<void>;
  /**
   * Stops claiming at once and hands back the claimed messages not yet tried; waits up to `graceMs` for the send
   * under way, then hands that one back too (it goes again later: the provider may have taken it). Resolves when
   * no claim of this process is left; calling it again answers the same promise.
   */
  stop(graceMs?: number): Promise<void>;
}

interface Claim {
  tenantId: string;
  id: string;
  until: Date;
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

/** At most this many messages are claimed at once; a pass claims again until fewer come back. */
const BATCH = 20;

export function createOutbox(opts: {
  db: Database;
  transports: Transports;
  timing: OutboxTiming;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Where a pass failed for want of the database goes: said once per outage, not once per poll. */
  outage: DatabaseOutage;
  /** Development only: print messages (with their codes and links) so a local user can read them. */
  printMessages: boolean;
}): Outbox {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work.finally(() => pending.delete(done));
    pending.add(done);
  };
  const channels = (['email', 'sms'] as const).filter((c) => opts.transports[c]);
  const leaseMs = opts.timing.leaseSeconds * 1000;

  /**
   * The claims this process holds, each with the claimed_until its claim or last renewal wrote: that value is the
   * proof of ownership every later write is conditional on (another worker's claim writes a later one).
   */
  const held = new Map<string, Claim>();
  /** The claim whose send is under way. */
  let current: Claim | null = null;
  /** Recent time one send took: a pass claims only what it can send well within the lease. */
  let sendMs = 0;
  const batchSize = () => (sendMs ? Math.max(1, Math.min(BATCH, Math.floor(leaseMs / 2 / sendMs))) : BATCH);

  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let stopped: Promise<void> | null = null;
  /** Set when shutdown stopped waiting for a send: its pass is no longer waited for. */
  let abandoned = false;
  /** One pass at a time in this process; a wake during a pass runs another after it. */
  const wake = () => {
    if (!channels.length || stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          for (;;) {
            const want = batchSize();
            if ((await sendDue(want)) < want || stopping) break;
          }
        } catch (err) {
          if (!abandoned && !opts.outage.owns(err)) opts.log.error({ err }, 'outbox pass failed');
        }
      } while (again && !stopping);
      // Cleared in the turn that last read `again` (a pass always awaits before it gets here, so after `running`
      // was set): a wake from now on starts a pass of its own, not a flag no pass reads any more.
      running = null;
    })();
  };

  const rowOf = (c: Claim) => and(eq(communicationLog.tenantId, c.tenantId), eq(communicationLog.id, c.id));
  /** The row while this worker's claim holds: status sending and the claimed_until this worker last wrote. */
  const stillMine = (c: Claim) => and(rowOf(c), eq(communicationLog.status, 'sending'), eq(communicationLog.claimedUntil, c.until));

  /** Claims due messages (any tenant), sends each, records the outcome; answers how many it claimed. */
  async function sendDue(limit: number): Promise<number> {
    const now = opts.now();
    // app_claim_messages writes claimed_until = now + lease: the value this worker's claim is known by.
    const until = new Date(now.getTime() + leaseMs);
    const claimed = await withoutTenant(opts.db, (tx) =>
      queryRows<{ tenant_id: string; id: string }>(
        tx,
        sql`select * from app_claim_messages(${`{${channels.join(',')}}`}::text[], ${now.toISOString()}::timestamptz, ${opts.timing.leaseSeconds}, ${limit})`,
      ),
    );
    const claims = claimed.map((r) => ({ tenantId: r.tenant_id, id: r.id, until }));
    for (const c of claims) held.set(c.id, c);
    for (const c of claims) {
      if (stopping) break;
      await sendOne(c);
    }
    // Stopping: the messages not yet tried go back to the queue as they were, for any process to send.
    await Promise.all(claims.filter((c) => held.get(c.id) === c).map((c) => release(c, 'untried')));
    return claimed.length;
  }

  /**
   * Moves the claim on by a lease, only while it is still this worker's: one conditional update, so of two workers
   * at most one passes it for a message. Answers the row, or nothing when another worker has taken it over.
   */
  async function renew(c: Claim) {
    const until = new Date(opts.now().getTime() + leaseMs);
    const [m] = await withTenant(opts.db, c.tenantId, (tx) =>
      tx.update(communicationLog).set({ claimedUntil: until }).where(stillMine(c)).returning(),
    );
    if (m) c.until = until;
    return m;
  }

  /** Gives a claim back: untried as it was before the claim, or interrupted mid-send (the try counts) to go again. */
  async function release(c: Claim, how: 'untried' | 'interrupted') {
    held.delete(c.id);
    const back = { status: 'queued' as const, claimedUntil: null, nextAttemptAt: opts.now() };
    await withTenant(opts.db, c.tenantId, (tx) =>
      tx
        .update(communicationLog)
        .set(how === 'untried' ? { ...back, attempts: sql`${communicationLog.attempts} - 1` } : back)
        .where(stillMine(c)),
    );
  }

  async function sendOne(c: Claim) {
    // Short transactions on either side of the send: PGlite serialises all work, a provider can be slow. The claim
    // is renewed right before the send and while it lasts, so the lease never runs out under a send in progress.
    const m = await renew(c);
    if (!m) {
      held.delete(c.id);
      return;
    }
    if (stopping) return release(c, 'untried');
    const transport = opts.transports[m.channel]!;
    let renewing = Promise.resolve();
    const heartbeat = setInterval(() => {
      renewing = renewing.then(() => renew(c)).then(
        () => undefined,
        (err: unknown) => {
          if (!opts.outage.owns(err)) opts.log.warn({ err, messageId: c.id }, 'outbox claim not renewed');
        },
      );
    }, leaseMs / 3);
    let outcome: Partial<typeof communicationLog.$inferInsert>;
    const began = performance.now();
    current = c;
    try {
      const { providerId } = await transport.send({ id: m.id, recipient: m.recipient, subject: m.subject, body: m.body });
      outcome = { status: 'sent', sentAt: opts.now(), providerId, error: null, claimedUntil: null };
    } catch (err) {
      const error = String((err as Error).message).slice(0, 500);
      const last = m.attempts >= opts.timing.maxAttempts;
      outcome = last
        ? { status: 'failed', error, claimedUntil: null }
        : { status: 'queued', error, claimedUntil: null, nextAttemptAt: new Date(opts.now().getTime() + retryDelayMs(m.attempts)) };
      if (!abandoned) opts.log.warn({ messageId: m.id, channel: m.channel, attempt: m.attempts, err: error }, last ? 'message failed' : 'message will be retried');
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
    const took = performance.now() - began;
    sendMs = sendMs ? sendMs * 0.7 + took * 0.3 : took;
    await renewing;
    // Written only while the claim is still this worker's: after a hand-back or a takeover the row is not ours.
    if (held.get(c.id) !== c) return;
    held.delete(c.id);
    await withTenant(opts.db, c.tenantId, (tx) => tx.update(communicationLog).set(outcome).where(stillMine(c)));
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
            (err: unknown) => {
              if (!opts.outage.owns(err)) opts.log.error({ err, work: what }, 'work after the answer failed');
            },
          ),
      );
    },
    async idle() {
      for (;;) {
        const waits = [...pending, ...(running && !abandoned ? [running] : [])];
        if (!waits.length) return;
        await Promise.all(waits);
      }
    },
    stop(graceMs = Infinity) {
      if (stopped) return stopped;
      stopping = true;
      if (timer) clearInterval(timer);
      stopped = (async () => {
        const pass = running;
        if (!pass) return;
        let timeout: NodeJS.Timeout | undefined;
        const finished = await Promise.race([
          pass.then(() => true),
          new Promise<boolean>((resolve) => {
            if (Number.isFinite(graceMs)) timeout = setTimeout(() => resolve(false), graceMs);
          }),
        ]);
        clearTimeout(timeout);
        if (finished) return;
        // The send outlived the grace: hand its message back before the process ends (the provider may have taken
        // it, so it can arrive twice: at least once, for a send that was cut off only).
        abandoned = true;
        const claims = [...held.values()];
        opts.log.warn({ messageIds: claims.map((c) => c.id) }, 'outbox: shutdown cut a send off; its message goes again later');
        await Promise.all(claims.map((c) => release(c, c === current ? 'interrupted' : 'untried')));
      })();
      return stopped;
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
