/**
 * Account discovery (security.md): forgot-password and passwordReset answer the same, in the same time, whether the
 * account or the reset grant exists. Timings are medians over interleaved calls; the bound is generous (15 ms or half
 * the faster median) so a busy machine does not fail it, while the work they must not reveal (issuing, logging and
 * mailing a code; hashing a password) costs well over that.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadSecrets } from '../../server/db/secrets';
import type { Transport } from '../../server/messaging/transports';
import { codeIn, demoIds, lastMessageTo, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
/**
 * The app without the harness's wrapper (which waits for the work after the answer before resolving), and with a
 * mail server that takes 50 ms a message, as a real one can.
 */
let raw: FastifyInstance;
const slowMail: Transport = { name: 'slow', send: () => new Promise((resolve) => setTimeout(() => resolve({ providerId: 'slow' }), 50)) };
beforeAll(async () => {
  h = await startHarness();
  raw = await buildApp({ config: h.config, db: h.db, secrets: await loadSecrets(h.db.owner, h.config), transports: { email: slowMail } });
});
afterAll(async () => {
  await raw.close();
  await h.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const closeEnough = (a: number, b: number) => Math.abs(a - b) < Math.max(15, 0.5 * Math.min(a, b));

/** One call's time to its answer; the work it leaves for after the answer is awaited outside the measure. */
async function timed(payload: Record<string, unknown>, url: string): Promise<{ ms: number; res: LightMyRequestResponse }> {
  const started = performance.now();
  const res = await raw.inject({ method: 'POST', url, payload });
  const ms = performance.now() - started;
  await raw.deps.outbox.idle();
  return { ms, res };
}

/** Interleaves calls of the two kinds (after a warm-up of each) and answers their median times and last answers. */
async function compare(n: number, url: string, a: () => Record<string, unknown>, b: () => Record<string, unknown>, between = () => {}) {
  await timed(a(), url);
  await timed(b(), url);
  const times: [number[], number[]] = [[], []];
  const last: LightMyRequestResponse[] = [];
  for (let i = 0; i < n; i++) {
    for (const [k, payload] of [a, b].entries()) {
      between();
      const { ms, res } = await timed(payload(), url);
      times[k]!.push(ms);
      last[k] = res;
    }
  }
  return { a: median(times[0]), b: median(times[1]), answers: last.map((r) => ({ status: r.statusCode, body: r.body })) };
}

describe('forgot password', () => {
  const forgot = (username: string) => () => ({ username, tenant: demoIds.clearview });

  it('answers a known and an unknown account alike and as fast; the code is still sent', async () => {
    // An hour between calls keeps every call of the known account under the send limit: each one issues a code.
    const r = await compare(15, '/api/patient/forgotpassword', forgot('patient@clearview.test'), forgot('nobody@clearview.test'), () => h.advance(61 * 60_000));
    expect(r.answers[0]).toEqual({ status: 200, body: JSON.stringify({ sent: true }) });
    expect(r.answers[1]).toEqual(r.answers[0]);
    expect(closeEnough(r.a, r.b), `known ${r.a.toFixed(1)} ms, unknown ${r.b.toFixed(1)} ms`).toBe(true);
    expect(codeIn(await lastMessageTo(h, 'patient@clearview.test'))).toMatch(/^\d{6}$/);
  });
});

describe('passwordReset', () => {
  let patientId = '';
  beforeAll(async () => {
    const [row] = await ownerRows<{ id: string }>(h, sql`select id from users where email = 'patient@clearview.test'`);
    patientId = row!.id;
  });
  const forged = (userId: string, password: string) => () => ({ resetToken: `${demoIds.clearview}.${userId}.${'A'.repeat(43)}`, password });

  it('refuses a forged grant for a real account as for a made-up one, whatever the password', async () => {
    const answers = [];
    for (const userId of [patientId, randomUUID()]) {
      for (const password of ['password1234', 'Fine-New-Password-2026']) {
        const res = await h.app.inject({ method: 'POST', url: '/api/patient/passwordReset', payload: forged(userId, password)() });
        answers.push({ status: res.statusCode, body: res.json() as unknown });
      }
    }
    expect(answers[0]).toMatchObject({ status: 400, body: { code: 'auth.resetInvalid', fields: { resetToken: expect.any(String) } } });
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('checks the grant before hashing: a real account answers as fast as a made-up one', async () => {
    const r = await compare(7, '/api/patient/passwordReset', forged(patientId, 'Fine-New-Password-2026'), forged(randomUUID(), 'Fine-New-Password-2026'));
    expect(r.answers[0]!.status).toBe(400);
    expect(r.answers[1]).toEqual(r.answers[0]);
    expect(closeEnough(r.a, r.b), `real account ${r.a.toFixed(1)} ms, made-up ${r.b.toFixed(1)} ms`).toBe(true);
  });
});
