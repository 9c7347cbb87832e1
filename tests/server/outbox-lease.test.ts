/**
 * The outbox's claims (server/messaging/outbox.ts) with two workers on one database, PGlite or PostgreSQL: a batch
 * that outlives its lease is not sent twice when the other worker takes the rest over, and stopping with a send
 * that never ends hands every claim back within the grace.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../../server/messaging/outbox';
import type { Sendable, Transport } from '../../server/messaging/transports';
import { demoIds, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A provider that takes `ms` per message (forever when ms is Infinity) and keeps what it took. */
function slowTransport(ms: number): Transport & { got: Sendable[] } {
  const got: Sendable[] = [];
  return {
    name: 'slow',
    got,
    async send(m) {
      await new Promise<void>((resolve) => Number.isFinite(ms) && setTimeout(resolve, ms));
      got.push(m);
      return { providerId: `<${m.id}>` };
    },
  };
}

const worker = (transport: Transport, leaseSeconds: number): Outbox =>
  createOutbox({ db: h.db, transports: { email: transport }, timing: { pollMs: 100, leaseSeconds, maxAttempts: 3 }, now: () => new Date(), log: h.app.log, outage: h.app.deps.outage, printMessages: false });

async function queue(n: number, tag: string): Promise<string[]> {
  const rows = await ownerRows<{ id: string }>(
    h,
    sql`insert into communication_log (tenant_id, channel, recipient, template, subject, body)
        select case when i % 2 = 0 then ${demoIds.clearview}::uuid else ${demoIds.brightsight}::uuid end, 'email',
               'lease' || i || '@example.test', 'auth.code', ${tag} || ' ' || i, 'Message ' || i
        from generate_series(1, ${n}) as i
        returning id`,
  );
  return rows.map((r) => r.id);
}

const statuses = (ids: string[]) =>
  ownerRows<{ status: string; attempts: number; n: number }>(
    h,
    sql`select status, attempts, count(*)::int as n from communication_log where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) group by status, attempts order by status, attempts`,
  );

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('outbox claims across two workers on one database', () => {
  it('a batch that outlives its lease is sent once: the other worker takes over only what was not renewed', async () => {
    // 16 messages at 200 ms each: 3.2 s of sending under a 1 s claim.
    const slowA = slowTransport(200);
    const slowB = slowTransport(200);
    const ids = await queue(16, 'Lease');
    const a = worker(slowA, 1);
    await until(async () => slowA.got.length >= 1, 10_000, 'A sending');
    // A's claim on the rest of its batch has run out by the time B looks.
    await sleep(1_200);
    const b = worker(slowB, 1);
    await until(async () => (await statuses(ids)).every((s) => s.status === 'sent'), 30_000, 'all sent');
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([a.idle(), b.idle()]);
    const got = [...slowA.got, ...slowB.got].filter((m) => ids.includes(m.id));
    expect(got).toHaveLength(16);
    expect(new Set(got.map((m) => m.id)).size).toBe(16);
  }, 60_000);

  it('stopping with a send that never ends hands every claim back within the grace', async () => {
    const silent = slowTransport(Infinity);
    const ids = await queue(5, 'Stop');
    const a = worker(silent, 600);
    await until(async () => (await statuses(ids)).some((s) => s.status === 'sending'), 10_000, 'A claiming');
    await sleep(200);
    const began = Date.now();
    await a.stop(300);
    await a.idle();
    expect(Date.now() - began).toBeLessThan(2_000);
    // The one cut off counts its try; the four never tried are as they were. All are due at once.
    expect(await statuses(ids)).toEqual([
      { status: 'queued', attempts: 0, n: 4 },
      { status: 'queued', attempts: 1, n: 1 },
    ]);
    const next = slowTransport(0);
    const b = worker(next, 600);
    await until(async () => (await statuses(ids)).every((s) => s.status === 'sent'), 10_000, 'B sending them');
    await b.stop();
    expect(next.got.filter((m) => ids.includes(m.id))).toHaveLength(5);
  }, 30_000);
});
