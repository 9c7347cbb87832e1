/**
 * The finding "anyone can lock any known account": failures from elsewhere never lock the owner out (OWASP's
 * device cookies, security.md).
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, demo, demoIds, DEMO_PASSWORD, lastMessageTo, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authRequestsPerMinute: 1000 });
});
afterAll(() => h.close());

const JANE = 'patient@clearview.test';

function deviceCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((c) => c.startsWith('pp_device='));
}

const post = (url: string, username: string, password: string, opts: { ip?: string; device?: string; extra?: Record<string, unknown> } = {}) =>
  h.app.inject({
    method: 'POST',
    url,
    payload: { username, password, ...demo.clearview, ...opts.extra },
    remoteAddress: opts.ip ?? '10.9.0.1',
    ...(opts.device ? { cookies: { pp_device: opts.device } } : {}),
  });
const login = (username: string, password: string, opts: { ip?: string; device?: string; extra?: Record<string, unknown> } = {}) =>
  post('/api/patient/login', username, password, opts);

/** Ten+ wrong passwords for the account, from several addresses, fast. */
async function attack(user: string, from = ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
  for (let i = 0; i < 12; i++) expect((await login(user, `Wrong-Password-${i}`, { ip: from[i % from.length] })).statusCode).toBe(401);
}

async function clearAll() {
  await ownerRows(h, sql`delete from sign_in_failures`);
  await ownerRows(h, sql`update users set failed_login_count = 0, last_failed_login_at = null`);
}

describe('the device cookie', () => {
  it('is set on a good sign-in: HttpOnly, SameSite=Strict, path /api/patient, a year', async () => {
    const res = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.2' });
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/patient/);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });
});

describe('anyone can lock any known account (the finding)', () => {
  it('Jane with her device cookie signs in at once after 12 wrong passwords from elsewhere', async () => {
    await clearAll();
    const first = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.3' });
    const device = deviceCookieOf(first)!.split(';')[0]!.slice('pp_device='.length);
    await attack(JANE);
    // No lock, no delay: straight away, from her own address.
    const res = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.3', device });
    expect(res.statusCode).toBe(200);
    // Also through the auth-code step the browser calls first: no code asked of a trusted device.
    const step = await post('/api/patient/authcode', JANE, DEMO_PASSWORD, { ip: '10.9.0.3', device });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ isauth: true, codeRequired: false });
  });

  it('Jane on a new device gets the sign-in code step instead of a lock, and signs in with the emailed code', async () => {
    await clearAll();
    await attack(JANE);
    const ip = '10.9.0.4';
    // The password alone is no longer enough for an untrusted client...
    expect((await login(JANE, DEMO_PASSWORD, { ip })).statusCode).toBe(401);
    // ...the browser's first call answers codeRequired and the code is emailed.
    const step = await post('/api/patient/authcode', JANE, DEMO_PASSWORD, { ip });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toMatchObject({ isauth: true, codeRequired: true });
    const code = codeIn(await lastMessageTo(h, JANE));
    const res = await login(JANE, DEMO_PASSWORD, { ip, extra: { isauth: true, vcode: code } });
    expect(res.statusCode).toBe(200);
    expect(deviceCookieOf(res)).toBeDefined();
  });
});

describe('the guesser', () => {
  it('waits a growing delay per (account, address); a wrong code does not get him in', async () => {
    await clearAll();
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await login(JANE, `Wrong-${i}`, { ip })).statusCode).toBe(401);
    // Within the delay even the right password is refused from this address, and not counted.
    expect((await login(JANE, DEMO_PASSWORD, { ip })).statusCode).toBe(401);
    const [row] = await ownerRows<{ failures: number }>(h, sql`select failures from sign_in_failures where scope = ${`ip:${ip}`}`);
    expect(row!.failures).toBe(5);
    // After the delay, the right password still needs the code: a wrong code is refused.
    h.advance(1100);
    expect((await login(JANE, DEMO_PASSWORD, { ip, extra: { isauth: true, vcode: '000000' } })).statusCode).toBe(401);
  });

  it('gets no more than the per-address limit of requests', async () => {
    const limited = await startHarness({ authRequestsPerMinute: 20 });
    try {
      const ms = limited.config.now().getTime();
      limited.advance(60_000 - (ms % 60_000) + 10);
      const codes: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: JANE, password: `W-${i}`, ...demo.clearview }, remoteAddress: '203.0.113.88' });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 429)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it("a forged cookie, or another user's, counts as no cookie", async () => {
    await clearAll();
    const staff = await login('staff@clearview.test', DEMO_PASSWORD, { ip: '10.9.0.5' });
    const staffDevice = deviceCookieOf(staff)!.split(';')[0]!.slice('pp_device='.length);
    const jane = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.5' });
    const janeDevice = deviceCookieOf(jane)!.split(';')[0]!.slice('pp_device='.length);
    const parts = janeDevice.split('.');
    const forged = [...parts.slice(0, 3), parts[3]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))].join('.');
    await attack(JANE);
    for (const device of [staffDevice, forged, `${demoIds.clearview}.x.y.z`]) {
      const step = await post('/api/patient/authcode', JANE, DEMO_PASSWORD, { ip: '10.9.0.6', device });
      expect(step.json()).toMatchObject({ codeRequired: true });
      expect((await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.6', device })).statusCode).toBe(401);
    }
    // Her own still works.
    expect((await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.6', device: janeDevice })).statusCode).toBe(200);
  });

  it('a device cookie that fails 10 times is treated as no cookie', async () => {
    await clearAll();
    const jane = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.7' });
    const device = deviceCookieOf(jane)!.split(';')[0]!.slice('pp_device='.length);
    for (let i = 0; i < 10; i++) {
      h.advance(20 * 60_000);
      expect((await login(JANE, `Wrong-${i}`, { ip: '10.9.0.7', device })).statusCode).toBe(401);
    }
    // The account itself was not counted against: a new device signs in with the password alone...
    expect((await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.8' })).statusCode).toBe(200);
    // ...and the worn-out cookie now counts like no cookie (its address's counter is clean, so it gets in, gets a new cookie).
    const again = await login(JANE, DEMO_PASSWORD, { ip: '10.9.0.9', device });
    expect(again.statusCode).toBe(200);
    expect(deviceCookieOf(again)).toBeDefined();
  });
});

describe('staff see and clear the throttling', () => {
  const locks = (token: string) => h.app.inject({ method: 'GET', url: '/api/staff/locks', headers: { authorization: `Bearer ${token}` } });
  const clear = (token: string, userId: string) =>
    h.app.inject({ method: 'POST', url: `/api/staff/locks/${userId}/clear`, headers: { authorization: `Bearer ${token}` } });
  const tokenOf = async (username: string, extra: Record<string, unknown> = demo.clearview) => {
    const res = await login(username, DEMO_PASSWORD, { ip: '10.9.1.1', extra });
    expect(`${username} ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(`${username} 200 ${res.body.slice(0, 120)}`);
    return res.json().access_token as string;
  };

  it("admin and staff see Jane's state and clear it, audited; a patient cannot; the other company's admin neither", async () => {
    await clearAll();
    const staff = await tokenOf('staff@clearview.test');
    const admin = await tokenOf('admin@clearview.test', {});
    const patient = await tokenOf('patient@clearview.test');
    const otherAdmin = await tokenOf('admin@brightsight.test', demo.brightsight);
    await attack(JANE);
    const [jane] = await ownerRows<{ id: string }>(h, sql`select id from users where email = ${JANE}`);

    const seen = await locks(staff);
    expect(seen.statusCode).toBe(200);
    const entry = seen.json().locks.find((l: { email: string }) => l.email === JANE);
    expect(entry).toMatchObject({ userId: jane!.id, accountFailures: 12, codeStepRequired: true });
    expect(entry.counters.map((c: { scope: string }) => c.scope).sort()).toEqual(['ip:198.51.100.1', 'ip:198.51.100.2', 'ip:198.51.100.3']);
    expect((await locks(admin)).statusCode).toBe(200);

    // A patient cannot; the other company's admin sees none of it and cannot clear it.
    expect((await locks(patient)).statusCode).toBe(403);
    expect((await clear(patient, jane!.id)).statusCode).toBe(403);
    const foreign = await locks(otherAdmin);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).not.toContain(JANE);
    expect((await clear(otherAdmin, jane!.id)).statusCode).toBe(404);
    const [still] = await ownerRows<{ n: number }>(h, sql`select failed_login_count as n from users where email = ${JANE}`);
    expect(still!.n).toBe(12);

    const cleared = await clear(admin, jane!.id);
    expect(cleared.statusCode).toBe(200);
    expect((await locks(staff)).json().locks.find((l: { email: string }) => l.email === JANE)).toBeUndefined();
    const [event] = await ownerRows<{ actor_user_id: string; target_id: string }>(
      h,
      sql`select actor_user_id, target_id from audit_log where action = 'account.lock.cleared' and tenant_id = ${demoIds.clearview} order by id desc limit 1`,
    );
    expect(event!.target_id).toBe(jane!.id);
    // Jane's password alone works again from a new device.
    expect((await login(JANE, DEMO_PASSWORD, { ip: '10.9.1.2' })).statusCode).toBe(200);
  });

  it('narrows the list to one account by ?userId= or ?patientId=; bad ids get 400 at the field', async () => {
    await clearAll();
    const staff = await tokenOf('staff@clearview.test');
    await attack(JANE);
    await attack('admin@clearview.test');
    const [jane] = await ownerRows<{ id: string; patient_id: string }>(
      h,
      sql`select u.id, p.id as patient_id from users u join patients p on p.user_id = u.id where u.email = ${JANE}`,
    );
    const get = (query: string) => h.app.inject({ method: 'GET', url: `/api/staff/locks${query}`, headers: { authorization: `Bearer ${staff}` } });
    expect((await get('')).json().locks.map((l: { email: string }) => l.email).sort()).toEqual(['admin@clearview.test', JANE]);
    for (const query of [`?userId=${jane!.id}`, `?patientId=${jane!.patient_id}`]) {
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      expect(res.json().locks).toEqual([expect.objectContaining({ userId: jane!.id, accountFailures: 12, codeStepRequired: true })]);
    }
    // A patient without a portal account, or an unknown id: nothing, not an error.
    const [walkIn] = await ownerRows<{ id: string }>(h, sql`select id from patients where user_id is null and tenant_id = ${demoIds.clearview} limit 1`);
    expect((await get(`?patientId=${walkIn!.id}`)).json()).toEqual({ locks: [] });
    expect((await get(`?userId=${crypto.randomUUID()}`)).json()).toEqual({ locks: [] });
    // The other company's patient, with failures of his own, is out of reach (RLS), like its accounts.
    for (let i = 0; i < 3; i++) await login('patient@brightsight.test', `Wrong-${i}`, { ip: '198.51.100.9', extra: demo.brightsight });
    const [foreign] = await ownerRows<{ id: string; n: number }>(
      h,
      sql`select p.id, u.failed_login_count as n from patients p join users u on u.id = p.user_id where u.email = 'patient@brightsight.test'`,
    );
    expect(foreign!.n).toBe(3);
    expect((await get(`?patientId=${foreign!.id}`)).json()).toEqual({ locks: [] });

    const bad = await get('?userId=1%3B%20drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { userId: 'Must be an id (UUID)' } });
    const both = await get(`?userId=${jane!.id}&patientId=${jane!.patient_id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ fields: { patientId: 'Give a userId or a patientId, not both' } });
  });
});
