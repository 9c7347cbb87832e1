/**
 * Two API processes on one PostgreSQL database, as a deployment behind a load balancer runs them
 * (docs/operations.md): everything that makes sessions and sign-in safe lives in the database, so a client may
 * reach either process on any request. Each case sends its requests from its own client address (one proxy hop,
 * TRUST_PROXY=1), so the per-address limit of one case does not spill into another.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { loadSecrets } from '../../server/db/secrets';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, demo, demoIds, refreshCookieOf } from './harness';
import { passwordGate } from './passwordGate';
import { call, emptyPostgresDatabase, killStrayServers, startServer, type ServerProcess } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;
const LIMIT = 6;
/** Short, so the reuse after it is reached without a long wait. */
const GRACE_SECONDS = 2;

let a: ServerProcess;
let b: ServerProcess;
let db: Database;
let drop: () => Promise<void>;
/** A third process's app, in this one: its sign-in's password check can be held (tests/server/passwordGate.ts). */
let c: FastifyInstance;
let cDb: Database;
const gate = passwordGate();

/** The cookie pairs (name=value) a response sets, by name. */
function cookiesOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    out[pair!.slice(0, i)] = pair!.slice(i + 1);
  }
  return out;
}

const from = (address: string, cookies: Record<string, string> = {}) => ({
  'x-forwarded-for': address,
  ...(Object.keys(cookies).length ? { cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
});

const login = (s: ServerProcess, address: string, username: string, password = DEMO_PASSWORD, cookies: Record<string, string> = {}) =>
  call<{ access_token: string }>(s.api, 'POST', '/patient/login', { headers: from(address, cookies), body: { username, password, ...demo.clearview } });

const me = (s: ServerProcess, token: string) => call(s.api, 'GET', '/patient/me', { token, headers: from('203.0.113.250') });

beforeAll(async () => {
  if (!pgBase) return;
  const database = await emptyPostgresDatabase(pgBase, inject('postgresTemplate'));
  drop = database.drop;
  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    TRUST_PROXY: '1',
    AUTH_REQUESTS_PER_MINUTE: String(LIMIT),
    REFRESH_REUSE_GRACE_SECONDS: String(GRACE_SECONDS),
  };
  // Started together: the keys each generates on a first start are settled in the database, one set for both.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  db = await openDatabase({ url: database.url, dataDir: 'memory://', poolSize: 2 });
  cDb = await openDatabase({ url: database.url, dataDir: 'memory://', poolSize: 3 });
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 10_000 };
  c = await buildApp({ config, db: cDb, secrets: await loadSecrets(cDb.owner, config), checkPassword: gate.check });
}, 120_000);

afterAll(async () => {
  await c?.close();
  await cDb?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  killStrayServers();
  await db?.close();
  await drop?.();
});

describe.skipIf(!pgBase)('two API processes on one PostgreSQL (runs with TEST_DATABASE_URL; the embedded database is one process)', () => {
  it('a session opened on A works on B, and logout on A ends it on B', async () => {
    const signedIn = await login(a, '198.51.100.1', 'patient@clearview.test');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token;
    expect((await me(b, token)).status).toBe(200);
    const out = await call(a.api, 'POST', '/patient/logout', { token, headers: from('198.51.100.1') });
    expect(out.status).toBe(200);
    expect((await me(b, token)).status).toBe(401);
    expect((await me(a, token)).status).toBe(401);
  });

  it("a change made through A is in B's next /me, though B kept the answer it built before", async () => {
    const signedIn = await login(a, '198.51.100.60', 'patient@clearview.test');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.access_token;
    const before = await me(b, token);
    expect((await me(b, token)).body).toEqual(before.body);
    const renamed = await call(a.api, 'PATCH', '/profile', { token, headers: from('198.51.100.60'), body: { displayName: 'Jane Q. Doe' } });
    expect(renamed.status).toBe(200);
    expect((await me(b, token)).body).toMatchObject({ user: { data: { displayName: 'Jane Q. Doe' } } });
  });

  it('the same refresh cookie sent to A and B at once: both answer the same new cookie, and the session goes on', async () => {
    const signedIn = await login(a, '198.51.100.4', 'patient@clearview.test');
    expect(signedIn.status).toBe(200);
    const old = cookiesOf(signedIn.headers).pp_refresh!;
    const refresh = (s: ServerProcess, cookie: string) =>
      call<{ accessToken: string }>(s.api, 'POST', '/patient/refreshtoken', { headers: from('198.51.100.4', { pp_refresh: cookie }) });
    for (let i = 0, cookie = old; i < 5; i++) {
      const [onA, onB] = await Promise.all([refresh(a, cookie), refresh(b, cookie)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      const next = cookiesOf(onA.headers).pp_refresh!;
      expect(cookiesOf(onB.headers).pp_refresh).toBe(next);
      expect((await me(b, onA.body.accessToken)).status).toBe(200);
      expect((await me(a, onB.body.accessToken)).status).toBe(200);
      cookie = next;
    }
    const events = await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from audit_log where action = 'token.reuse_detected'`);
    expect(events[0]!.n).toBe(0);
  });

  it('refresh on A, then the old refresh token on B after the grace window: reuse is detected and the whole family is revoked', async () => {
    const signedIn = await login(a, '198.51.100.2', 'patient@clearview.test');
    expect(signedIn.status).toBe(200);
    const old = cookiesOf(signedIn.headers).pp_refresh!;
    const rotated = await call<{ accessToken: string }>(a.api, 'POST', '/patient/refreshtoken', { headers: from('198.51.100.2', { pp_refresh: old }) });
    expect(rotated.status).toBe(200);
    const next = cookiesOf(rotated.headers).pp_refresh!;
    expect(next).not.toBe(old);
    await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));

    const reused = await call(b.api, 'POST', '/patient/refreshtoken', { headers: from('198.51.100.3', { pp_refresh: old }) });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: 'Token refresh failed', code: 'auth.tokenRefreshFailed' });
    // The holder's newer token and the family's access token are dead on both processes.
    expect((await call(a.api, 'POST', '/patient/refreshtoken', { headers: from('198.51.100.2', { pp_refresh: next }) })).status).toBe(401);
    expect((await me(a, rotated.body.accessToken)).status).toBe(401);
    expect((await me(b, rotated.body.accessToken)).status).toBe(401);
    const events = await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from audit_log where action = 'token.reuse_detected'`);
    expect(events[0]!.n).toBe(1);
  });

  it('the per-address sign-in limit counts the requests of both processes together, across a minute of the clock', { timeout: 120_000 }, async () => {
    // Half of the attempts late in one minute of the wall clock, the rest early in the next: one sliding minute.
    const second = new Date().getSeconds();
    if (second < 55) await new Promise((r) => setTimeout(r, (55 - second) * 1000));
    const minute = () => Math.floor(Date.now() / 60_000);
    const first = minute();
    const address = '198.51.100.9';
    const answers: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      if (i === LIMIT / 2) while (minute() === first) await new Promise((r) => setTimeout(r, 100));
      const res = await login(i % 2 ? b : a, address, 'nobody@clearview.test', 'Wrong-Password-1');
      answers.push(res.status);
    }
    expect(minute() - first).toBeLessThan(2);
    // Each process alone saw at most LIMIT / 2 + 1 requests, and each minute of the clock at most LIMIT / 2 + 2,
    // both under the limit; together, within a minute, they passed it.
    expect(answers).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
  });

  it("a device cookie issued by A is honoured by B when failures from elsewhere put the account behind the code step", async () => {
    const user = 'staff@clearview.test';
    const mine = await login(a, '198.51.100.20', user);
    expect(mine.status).toBe(200);
    const device = cookiesOf(mine.headers).pp_device!;
    expect(device).toBeTruthy();

    // An attacker at other addresses fails five times, on both processes (each address under its own delay).
    for (let i = 0; i < 5; i++) {
      const res = await login(i % 2 ? a : b, `198.51.100.${30 + i}`, user, `Wrong-Password-${i}`);
      expect(res.status).toBe(401);
    }
    const [row] = await queryRows<{ failed_login_count: number }>(db.owner, sql`select failed_login_count from users where email = ${user} and tenant_id = ${demoIds.clearview}`);
    expect(row!.failed_login_count).toBe(5);

    // A browser without the cookie now needs the code step, on either process.
    const stranger = await call(b.api, 'POST', '/patient/authcode', { headers: from('198.51.100.40'), body: { username: user, password: DEMO_PASSWORD, ...demo.clearview } });
    expect(stranger.body).toMatchObject({ codeRequired: true });
    // The owner's browser, holding A's cookie, signs in on B with the password alone.
    const owner = await call(b.api, 'POST', '/patient/authcode', { headers: from('198.51.100.20', { pp_device: device }), body: { username: user, password: DEMO_PASSWORD, ...demo.clearview } });
    expect(owner.body).toMatchObject({ codeRequired: false, isauth: true });
    expect((await login(b, '198.51.100.20', user, DEMO_PASSWORD, { pp_device: device })).status).toBe(200);
  });

  it('the same Idempotency-Key sent to A and B at once records one payment', async () => {
    const staff = await login(b, '198.51.100.50', 'admin@clearview.test');
    expect(staff.status).toBe(200);
    const token = staff.body.access_token;
    const [patient] = await queryRows<{ id: string }>(db.owner, sql`select id from patients where tenant_id = ${demoIds.clearview} order by created_at limit 1`);
    const invoice = await call<{ id: string }>(a.api, 'POST', '/invoices', {
      token,
      body: { patientId: patient!.id, lines: [{ kind: 'product', description: 'Frames', quantity: 1, unitPrice: 1_000_000 }] },
    });
    expect(invoice.status).toBe(201);

    const keys = Array.from({ length: 10 }, (_, i) => `two-processes-${i}-${Date.now()}`);
    const pay = (s: ServerProcess, key: string) =>
      call<{ payment: { id: string }; replayed: boolean }>(s.api, 'POST', `/invoices/${invoice.body.id}/payments`, {
        token,
        headers: { 'idempotency-key': key },
        body: { method: 'card', amount: 1_000 },
      });
    const pairs = await Promise.all(keys.map((k) => Promise.all([pay(a, k), pay(b, k)])));
    for (const [fromA, fromB] of pairs) {
      expect([fromA.status, fromB.status].sort()).toEqual([200, 201]);
      expect(fromA.body.payment.id).toBe(fromB.body.payment.id);
    }
    const rows = await queryRows<{ n: number; paid: number }>(
      db.owner,
      sql`select count(*)::int as n, (select paid_total::int from invoices where id = ${invoice.body.id}) as paid from payments where invoice_id = ${invoice.body.id}`,
    );
    expect(rows[0]).toEqual({ n: keys.length, paid: keys.length * 1_000 });
  });
});

describe.skipIf(!pgBase)('a change to an account or company made through one process is refused at once by the others', () => {
  const RACES = 20;
  const signInOnC = (username: string, where: Record<string, unknown>) =>
    c.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password: DEMO_PASSWORD, ...where } });
  /** Sam's id, his sign-in failures cleared: an earlier case put him behind the code step, which would refuse every sign-in here. */
  const staffId = async () => {
    const [sam] = await queryRows<{ id: string }>(db.owner, sql`select id from users where email = 'staff@clearview.test'`);
    await queryRows(db.owner, sql`update users set failed_login_count = 0, last_failed_login_at = null where id = ${sam!.id}`);
    await queryRows(db.owner, sql`delete from sign_in_failures where user_id = ${sam!.id}`);
    return sam!.id;
  };

  /** Nothing a sign-in on C handed out works on A or B: its access token reads nothing, its refresh cookie rotates nothing. */
  async function expectNoWorkingSession(res: Awaited<ReturnType<typeof signInOnC>>) {
    const token = res.statusCode === 200 ? (res.json() as { access_token: string }).access_token : null;
    const cookie = refreshCookieOf(res);
    if (token) {
      expect((await me(a, token)).status).toBe(401);
      expect((await call(b.api, 'GET', '/patients', { token, headers: from('203.0.113.251') })).status).toBe(401);
    }
    if (cookie) expect((await call(a.api, 'POST', '/patient/refreshtoken', { headers: { ...from('203.0.113.252'), cookie } })).status).toBe(401);
    expect(res.statusCode).toBe(401);
  }

  it(`a company suspended through B while a sign-in on C checks the password: no session on A or B (${RACES} races)`, async () => {
    const enterprise = await call<{ access_token: string }>(b.api, 'POST', '/patient/login', {
      headers: from('198.51.100.70'),
      body: { username: 'enterprise@portal.test', password: DEMO_PASSWORD, isEnterpriseAdmin: true },
    });
    expect(enterprise.status).toBe(200);
    const suspend = async (s: ServerProcess, suspended: boolean) => {
      const res = await call(s.api, 'PUT', `/enterprise/companies/${demoIds.brightsight}/suspension`, { token: enterprise.body.access_token, headers: from('198.51.100.70'), body: { suspended } });
      expect(res.status).toBe(200);
    };
    expect((await signInOnC('admin@brightsight.test', demo.brightsight)).statusCode).toBe(200);
    try {
      for (let i = 0; i < RACES; i++) {
        const held = gate.holdNext();
        const signingIn = signInOnC('admin@brightsight.test', demo.brightsight);
        await held.reached;
        await suspend(b, true);
        held.release();
        await expectNoWorkingSession(await signingIn);
        await suspend(a, false);
      }
    } finally {
      await suspend(a, false);
    }
  });

  it(`an account deactivated through B while a sign-in on C checks the password: no session on A or B (${RACES} races)`, async () => {
    const alex = await login(b, '198.51.100.71', 'admin@clearview.test');
    expect(alex.status).toBe(200);
    const sam = await staffId();
    // Without the race, the sign-in on C opens a session.
    expect((await signInOnC('staff@clearview.test', demo.clearview)).statusCode).toBe(200);
    const setActive = (s: ServerProcess, active: boolean) =>
      call(s.api, 'POST', `/access/users/${sam}/${active ? 'reactivate' : 'deactivate'}`, { token: alex.body.access_token, headers: from('198.51.100.71') });
    try {
      for (let i = 0; i < RACES; i++) {
        const held = gate.holdNext();
        const signingIn = signInOnC('staff@clearview.test', demo.clearview);
        await held.reached;
        expect((await setActive(b, false)).status).toBe(200);
        held.release();
        await expectNoWorkingSession(await signingIn);
        expect((await setActive(a, true)).status).toBe(200);
      }
    } finally {
      await setActive(a, true);
    }
  });

  it("an admin demoted through B loses admin rights on A at once; A's refresh brings the new role, and A's /me shows it", async () => {
    const alex = await login(b, '198.51.100.72', 'admin@clearview.test');
    const sam = await staffId();
    const setRoles = (roles: string[]) => call(b.api, 'PATCH', `/access/users/${sam}`, { token: alex.body.access_token, headers: from('198.51.100.72'), body: { roles } });
    expect((await setRoles(['admin'])).status).toBe(200);
    try {
      const signedIn = await login(a, '198.51.100.73', 'staff@clearview.test');
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.access_token;
      const cookie = `pp_refresh=${cookiesOf(signedIn.headers).pp_refresh}`;
      const users = (t: string) => call(a.api, 'GET', '/access/users', { token: t, headers: from('198.51.100.73') });
      expect((await users(token)).status).toBe(200);
      expect((await me(a, token)).body).toMatchObject({ user: { role: ['admin'] } });

      expect((await setRoles(['staff'])).status).toBe(200);
      expect((await users(token)).status).toBe(401);
      expect((await me(a, token)).status).toBe(401);

      const renewed = await call<{ accessToken: string }>(a.api, 'POST', '/patient/refreshtoken', { headers: { ...from('198.51.100.73'), cookie } });
      expect(renewed.status).toBe(200);
      expect((await users(renewed.body.accessToken)).status).toBe(403);
      expect((await me(a, renewed.body.accessToken)).body).toMatchObject({ user: { role: ['staff'] } });
    } finally {
      await setRoles(['staff']);
    }
  });
});
