/**
 * The outbox worker (server/messaging/outbox.ts) with a transport the test controls: a message is logged in the
 * request, sent by the worker after it, retried with backoff on the clock of the app, and failed after the last try.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadSecrets } from '../../server/db/secrets';
import { retryDelaysMs } from '../../server/messaging/outbox';
import type { Sendable, Transport } from '../../server/messaging/transports';
import { demoIds, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
const sent: Sendable[] = [];
let failing = 0;
const transport: Transport = {
  name: 'test',
  async send(message) {
    if (failing > 0) {
      failing--;
      throw new Error('mail server said no');
    }
    sent.push(message);
    return { providerId: `<provider-${sent.length}>` };
  },
};

beforeAll(async () => {
  // A poll far in the future: only the wake after a request and the explicit passes below send.
  h = await startHarness({ outbox: { pollMs: 3_600_000, leaseSeconds: 120, maxAttempts: 3 } });
  // The same app, with a transport: what SMTP_URL gives in production.
  await h.app.close();
  h.app = await buildApp({ config: h.config, db: h.db, secrets: await loadSecrets(h.db.owner, h.config), transports: { email: transport } });
});
afterAll(() => h.close());

/** The code is sent after the answer; this app is not the harness's, which waits for that by itself. */
const forgot = async (username: string) => {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username, tenant: demoIds.clearview } });
  await h.app.deps.outbox.idle();
  return res;
};
const logRows = (recipient: string) =>
  ownerRows<{ status: string; template: string; error: string | null; sent_at: Date | null; attempts: number; provider_id: string | null; next_attempt_at: Date }>(
    h,
    sql`select status, template, error, sent_at, attempts, provider_id, next_attempt_at from communication_log where recipient = ${recipient} order by created_at`,
  );
/** Wakes the worker as a queued message would, and waits for its pass. */
const pass = async () => {
  await h.app.deps.outbox.deliver([]);
  await h.app.deps.outbox.idle();
};

describe('the outbox worker', () => {
  it('sends a logged message after the request and records the provider id', async () => {
    await forgot('patient@clearview.test');
    expect(sent.at(-1)).toMatchObject({ recipient: 'patient@clearview.test', subject: 'Your password reset code' });
    expect(sent.at(-1)!.body).toMatch(/\b\d{6}\b/);
    const [row] = await logRows('patient@clearview.test');
    expect(row).toMatchObject({ status: 'sent', template: 'auth.reset', error: null, attempts: 1, provider_id: `<provider-${sent.length}>` });
    expect(row!.sent_at).not.toBeNull();
  });

  it('retries a refused message after 1 min, then 5 min, and fails it after the last try', async () => {
    failing = 3;
    const res = await forgot('staff@clearview.test');
    expect(res.statusCode).toBe(200);
    let [row] = await logRows('staff@clearview.test');
    expect(row).toMatchObject({ status: 'queued', error: 'mail server said no', attempts: 1 });
    expect(new Date(row!.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(retryDelaysMs[0]! - 5_000);

    // Not before its time.
    await pass();
    expect((await logRows('staff@clearview.test'))[0]).toMatchObject({ status: 'queued', attempts: 1 });

    h.advance(retryDelaysMs[0]!);
    await pass();
    [row] = await logRows('staff@clearview.test');
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(new Date(row!.next_attempt_at).getTime() - (Date.now() + retryDelaysMs[0]!)).toBeGreaterThan(retryDelaysMs[1]! - 5_000);

    h.advance(retryDelaysMs[1]!);
    await pass();
    expect((await logRows('staff@clearview.test'))[0]).toMatchObject({ status: 'failed', attempts: 3, error: 'mail server said no' });
    h.advance(retryDelaysMs[3]!);
    await pass();
    expect((await logRows('staff@clearview.test'))[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(sent.some((m) => m.recipient === 'staff@clearview.test')).toBe(false);
  });

  it('a message that fails once is sent at its retry', async () => {
    failing = 1;
    await forgot('admin@clearview.test');
    expect((await logRows('admin@clearview.test'))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    h.advance(retryDelaysMs[0]!);
    await pass();
    expect((await logRows('admin@clearview.test'))[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(sent.filter((m) => m.recipient === 'admin@clearview.test')).toHaveLength(1);
  });

  it('messages queued while no worker ran are sent when the app starts again', async () => {
    await h.app.close();
    await h.db.owner.execute(
      sql`insert into communication_log (tenant_id, channel, recipient, template, subject, body) values (${demoIds.brightsight}, 'email', 'later@brightsight.test', 'auth.code', 'Later', 'Queued before the restart')`,
    );
    h.app = await buildApp({ config: h.config, db: h.db, secrets: await loadSecrets(h.db.owner, h.config), transports: { email: transport } });
    await h.app.deps.outbox.idle();
    expect((await logRows('later@brightsight.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent.at(-1)).toMatchObject({ recipient: 'later@brightsight.test', body: 'Queued before the restart' });
  });

  // A message queued by the column's default carries the database's clock; the worker claims by the app's. Straight
  // after the insert the app's clock, read in whole milliseconds, is often still behind the row's microseconds.
  it('a message queued by hand is sent at the pass right after it, every time', async () => {
    for (let i = 0; i < 30; i++) {
      await h.db.owner.execute(
        sql`insert into communication_log (tenant_id, channel, recipient, template, subject, body) values (${demoIds.clearview}, 'email', ${`now${i}@clearview.test`}, 'auth.code', 'Now', 'Queued by hand')`,
      );
      await pass();
      expect((await logRows(`now${i}@clearview.test`))[0], `message ${i}`).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it("a request's message is sent at once while the app's clock is behind the database's", async () => {
    // Another machine's clock 5 s behind the database server's.
    const behind = h.config.now().getTime() - Date.now() + 5_000;
    h.advance(-behind);
    try {
      const before = sent.length;
      await forgot('patient@clearview.test');
      expect(sent.slice(before).map((m) => m.recipient)).toEqual(['patient@clearview.test']);
    } finally {
      h.advance(behind);
    }
  });

  it('an SMS stays queued in the log when no SMS provider is configured', async () => {
    await h.db.owner.execute(
      sql`insert into communication_log (tenant_id, channel, recipient, template, body) values (${demoIds.clearview}, 'sms', '+15550001111', 'order.ready', 'Ready')`,
    );
    await pass();
    expect(await ownerRows(h, sql`select status, attempts from communication_log where recipient = '+15550001111'`)).toEqual([{ status: 'queued', attempts: 0 }]);
  });
});
