import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTenant, type Database, type Tx } from '../db/client';
import { communicationLog } from '../db/schema';

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

/** Delivers one message; the default `none` transport leaves it queued in the log, which is the outbox. */
export interface Transport {
  name: string;
  send(message: OutgoingMessage, from: string): Promise<void>;
}

export async function createTransport(smtpUrl: string | undefined): Promise<Transport | null> {
  if (!smtpUrl) return null;
  const nodemailer = await import('nodemailer');
  const mailer = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(m, from) {
      if (m.channel !== 'email') throw new Error('no SMS provider is configured');
      await mailer.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body });
    },
  };
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
  /** Hands logged messages to the transport after their transaction committed; never throws. */
  deliver(refs: { tenantId: string; id: string }[]): Promise<void>;
  /**
   * Runs work that ends in messages after the answer has gone, for calls whose answer must not depend on it (its
   * duration would tell whether an account exists). A failure is logged, never thrown.
   */
  afterAnswer(what: string, work: () => Promise<unknown>): void;
  /** Resolves once all the work handed to afterAnswer has finished: shutdown waits for it, and so can tests. */
  idle(): Promise<void>;
}

export function createOutbox(opts: {
  db: Database;
  transport: Transport | null;
  from: string;
  log: FastifyBaseLogger;
  /** Development only: print messages (with their codes and links) so a local user can read them. */
  printMessages: boolean;
}): Outbox {
  const pending = new Set<Promise<void>>();
  return {
    afterAnswer(what, work) {
      // setImmediate: the answer is written before the work takes its first turn (PGlite runs one query at a time).
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => opts.log.error({ err, work: what }, 'work after the answer failed'),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size) await Promise.all(pending);
    },
    async deliver(refs) {
      for (const ref of refs) {
        const where = and(eq(communicationLog.tenantId, ref.tenantId), eq(communicationLog.id, ref.id));
        try {
          // Short transactions on either side of the send: PGlite serialises all work, SMTP can be slow.
          const [m] = await withTenant(opts.db, ref.tenantId, (tx) => tx.select().from(communicationLog).where(where));
          if (!m) continue;
          if (opts.printMessages) {
            opts.log.info(
              { messageId: m.id, channel: m.channel, to: m.recipient, subject: m.subject },
              `outbox (development): ${m.body}`,
            );
          }
          if (!opts.transport) continue;
          let outcome: { status: 'sent'; sentAt: Date } | { status: 'failed'; error: string };
          try {
            await opts.transport.send(
              { ...m, userId: m.userId ?? undefined, locationId: m.locationId ?? undefined, patientId: m.patientId ?? undefined },
              opts.from,
            );
            outcome = { status: 'sent', sentAt: new Date() };
          } catch (err) {
            outcome = { status: 'failed', error: String((err as Error).message).slice(0, 500) };
          }
          await withTenant(opts.db, ref.tenantId, (tx) => tx.update(communicationLog).set(outcome).where(where));
        } catch (err) {
          opts.log.error({ err, messageId: ref.id }, 'message delivery failed');
        }
      }
    },
  };
}
