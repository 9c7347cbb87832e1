import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadSecrets } from '../../server/db/secrets';
import type { OutgoingMessage, Transport } from '../../server/messaging/outbox';
import { demoIds, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
const sent: OutgoingMessage[] = [];
let failNext = false;
const transport: Transport = {
  name: 'test',
  async send(message) {
    if (failNext) {
      failNext = false;
      throw new Error('mail server said no');
    }
    sent.push(message);
  },
};

beforeAll(async () => {
  h = await startHarness();
  // The same app, with a transport: what SMTP_URL gives in production.
  await h.app.close();
  h.app = await buildApp({ config: h.config, db: h.db, secrets: await loadSecrets(h.db.owner, h.config), transport });
});
afterAll(() => h.close());

/** The code is sent after the answer; this app is not the harness's, which waits for that by itself. */
const forgot = async (username: string) => {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username, tenant: demoIds.clearview } });
  await h.app.deps.outbox.idle();
  return res;
};
const logRows = (recipient: string) =>
  ownerRows<{ status: string; template: string; error: string | null; sent_at: Date | null }>(
    h,
    sql`select status, template, error, sent_at from communication_log where recipient = ${recipient} order by created_at`,
  );

describe('every email is logged, then handed to the transport', () => {
  it('marks a delivered message sent', async () => {
    await forgot('patient@clearview.test');
    expect(sent.at(-1)).toMatchObject({ channel: 'email', recipient: 'patient@clearview.test', template: 'auth.password-reset-code' });
    expect(sent.at(-1)!.body).toMatch(/\b\d{6}\b/);
    const [row] = await logRows('patient@clearview.test');
    expect(row).toMatchObject({ status: 'sent', template: 'auth.password-reset-code', error: null });
    expect(row!.sent_at).not.toBeNull();
  });

  it('keeps a message the transport refused, marked failed with the reason', async () => {
    failNext = true;
    const res = await forgot('staff@clearview.test');
    expect(res.statusCode).toBe(200);
    const [row] = await logRows('staff@clearview.test');
    expect(row).toMatchObject({ status: 'failed', error: 'mail server said no' });
  });
});
