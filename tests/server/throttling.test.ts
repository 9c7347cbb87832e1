import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, codeIn, demo, demoIds, DEMO_PASSWORD, lastMessageTo, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The browser's way in once the code step is needed: /authcode sends the code, the login carries it. */
const withCode = async (username: string, remoteAddress = '10.0.0.1', extra: Record<string, unknown> = demo.clearview) => {
  const step = await h.app.inject({ method: 'POST', url: '/api/patient/authcode', payload: { username, password: DEMO_PASSWORD, ...extra }, remoteAddress });
  expect(step.json()).toMatchObject({ codeRequired: true });
  return attempt(username, DEMO_PASSWORD, remoteAddress, { ...extra, isauth: true, vcode: codeIn(await lastMessageTo(h, username)) });
};

const attempt = (username: string, password: string, remoteAddress = '10.0.0.1', extra: Record<string, unknown> = demo.clearview) =>
  h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password, ...extra }, remoteAddress });

describe('sign-in throttling and lockout', () => {
  it('after 5 failures even the right password waits a growing delay', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('staff@clearview.test', `Wrong-Password-${i}`)).statusCode).toBe(401);
    // Within the 1 s delay the right password is refused too, with the same message.
    const early = await attempt('staff@clearview.test', DEMO_PASSWORD);
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ error: 'Invalid Username or Password', code: 'auth.invalidCredentials' });
    h.advance(1100);
    // Five failures from untrusted clients also put the code step in front of the password (security.md).
    expect((await withCode('staff@clearview.test')).statusCode).toBe(200);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.details.reason === 'throttled')).toBe(true);
  });

  it('after 5 failures from untrusted clients the account needs the code step (no lock), in the database, across a restart', async () => {
    const user = 'patient@clearview.test';
    for (let i = 0; i < 10; i++) {
      h.advance(20 * 60_000); // past each growing delay, so every try is really checked
      expect((await attempt(user, `Wrong-Password-${i}`)).statusCode).toBe(401);
    }
    const [row] = await ownerRows<{ failed_login_count: number }>(h, sql`select failed_login_count from users where email = ${user}`);
    expect(row!.failed_login_count).toBe(10);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'account.codeStepRequired')).toBe(true);

    await h.restart();
    h.advance(20 * 60_000);
    expect((await attempt(user, DEMO_PASSWORD)).statusCode).toBe(401); // the password alone is not enough
    const step = await h.app.inject({ method: 'POST', url: '/api/patient/authcode', payload: { username: user, password: DEMO_PASSWORD, ...demo.clearview }, remoteAddress: '10.0.0.1' });
    expect(step.json()).toMatchObject({ codeRequired: true });
    const code = codeIn(await lastMessageTo(h, user));
    expect((await attempt(user, DEMO_PASSWORD, '10.0.0.1', { ...demo.clearview, isauth: true, vcode: code })).statusCode).toBe(200);
  });

  it('the consecutive-failure count survives a restart', async () => {
    const user = 'admin@clearview.test';
    for (let i = 0; i < 5; i++) expect((await attempt(user, `Wrong-Password-${i}`, '10.0.0.2', {})).statusCode).toBe(401);
    await h.restart();
    expect((await attempt(user, DEMO_PASSWORD, '10.0.0.2', {})).statusCode).toBe(401);
    h.advance(1100);
    expect((await withCode(user, '10.0.0.2', {})).statusCode).toBe(200);
  });

  it('failures a day old no longer count: the code step lifts, the counter starts again, their rows are deleted', async () => {
    const user = 'admin@brightsight.test';
    const failuresOf = () =>
      ownerRows<{ scope: string; failures: number }>(h, sql`select f.scope, f.failures from sign_in_failures f join users u on u.id = f.user_id where u.email = ${user} order by f.scope`);
    const accountCount = async () =>
      (await ownerRows<{ n: number }>(h, sql`select failed_login_count as n from users where email = ${user}`))[0]!.n;
    const codeStep = async () =>
      (await h.app.inject({ method: 'POST', url: '/api/patient/authcode', payload: { username: user, password: DEMO_PASSWORD, ...demo.brightsight }, remoteAddress: '10.1.0.2' })).json();

    for (let i = 0; i < 5; i++) expect((await attempt(user, `Wrong-Password-${i}`, '10.1.0.1', demo.brightsight)).statusCode).toBe(401);
    expect(await codeStep()).toMatchObject({ codeRequired: true });

    h.advance(24 * 60 * 60_000 + 1000);
    expect(await codeStep()).toMatchObject({ codeRequired: false, isauth: true });
    expect(await failuresOf()).toEqual([{ scope: 'ip:10.1.0.1', failures: 5 }]);

    // The next failure anywhere in the company sweeps the stale rows; the account counts from 1 again.
    expect((await attempt(user, 'Wrong-Password-again', '10.1.0.3', demo.brightsight)).statusCode).toBe(401);
    expect(await failuresOf()).toEqual([{ scope: 'ip:10.1.0.3', failures: 1 }]);
    expect(await accountCount()).toBe(1);
  });
});

describe('per-address rate limit', () => {
  it('admits 20 auth requests a minute from one address, across a restart, and not more', async () => {
    const limited = await startHarness({ authRequestsPerMinute: 20 });
    try {
      // Start at a fresh minute so the 20 fall in one window.
      const ms = limited.config.now().getTime();
      limited.advance(60_000 - (ms % 60_000) + 10);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/patient/forgotpassword',
          payload: { username: 'x@clearview.test', tenant: demoIds.clearview },
          remoteAddress: '192.0.2.50',
        });
      for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(200);
      await limited.restart();
      for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'Too many requests. Please wait a minute and try again.', code: 'request.tooManyRequests' });
      // Another address is not affected; the next minute admits again.
      const other = await limited.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username: 'x@clearview.test', tenant: demoIds.clearview }, remoteAddress: '192.0.2.51' });
      expect(other.statusCode).toBe(200);
      limited.advance(60_000);
      expect((await send()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('per-address rate limit over a sliding minute', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ authRequestsPerMinute: 20 });
  });
  afterAll(() => limited.close());
  const send = (address: string) =>
    limited.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'nobody@clearview.test', password: 'Wrong-Password-1', ...demo.clearview }, remoteAddress: address });
  /** Moves the clock to `second` (and a few milliseconds) past a minute of the wall clock. */
  const toSecond = (second: number) => {
    const ms = limited.config.now().getTime() % 60_000;
    limited.advance((second * 1000 + 5 - ms + 60_000) % 60_000 || 60_000);
  };

  // The harness's clock runs on from where the test moves it, so each step allows for the time the requests take.
  it('attempts straddling the minute boundary are limited as within one minute; Retry-After says when the next is admitted', async () => {
    toSecond(50);
    for (let i = 0; i < 20; i++) expect((await send('192.0.2.60')).statusCode).toBe(401);
    // Ten seconds later, in the next minute of the clock: still within a minute of the 20.
    limited.advance(10_000);
    const refused = await send('192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests. Please wait a minute and try again.', code: 'request.tooManyRequests' });
    // The first of the 20 leaves the window 50 s later, less the time the 20 took.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(40);
    expect(retryAfter).toBeLessThanOrEqual(50);
    expect((await send('192.0.2.60')).statusCode).toBe(429);
    limited.advance(retryAfter * 1000);
    expect((await send('192.0.2.60')).statusCode).toBe(401);
  });

  it('40 attempts in 3 s around the boundary: 20 are admitted, not 40', async () => {
    toSecond(58);
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      if (i === 20) limited.advance(3_000);
      answers.push((await send('192.0.2.61')).statusCode);
    }
    expect(answers).toEqual([...Array<number>(20).fill(401), ...Array<number>(20).fill(429)]);
  });

  it('a refused request does not hold the address back: the limit counts admitted ones', async () => {
    toSecond(0);
    for (let i = 0; i < 20; i++) expect((await send('192.0.2.62')).statusCode).toBe(401);
    limited.advance(50_000);
    for (let i = 0; i < 10; i++) expect((await send('192.0.2.62')).statusCode).toBe(429);
    // A minute after the first admitted one, though ten were refused within the last minute.
    limited.advance(11_000);
    expect((await send('192.0.2.62')).statusCode).toBe(401);
  });
});

describe('one-time codes', () => {
  const forgot = () => h.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username: 'patient@brightsight.test', tenant: demoIds.brightsight } });
  const submit = (vcode: string) =>
    h.app.inject({ method: 'POST', url: '/api/patient/otpsubmit', payload: { username: 'patient@brightsight.test', tenant: demoIds.brightsight, vcode } });
  const codes = () =>
    ownerRows<{ id: string; replaced_at: Date | null; code_hash: string }>(
      h,
      sql`select id, replaced_at, code_hash from one_time_codes where purpose = 'reset' and tenant_id = ${demoIds.brightsight} order by created_at`,
    );
  const lastCode = async () => {
    const [row] = await ownerRows<{ body: string }>(h, sql`select body from communication_log where recipient = 'patient@brightsight.test' order by created_at desc limit 1`);
    return row!.body.match(/\d{6}/)![0];
  };
  const wrongFor = (code: string) => (code === '000000' ? '999999' : '000000');

  it('are stored only as keyed hashes; a resend replaces the previous code', async () => {
    await forgot();
    const first = await lastCode();
    await forgot();
    const second = await lastCode();
    const rows = await codes();
    expect(rows.every((r) => !r.code_hash.includes(first) && r.code_hash.length === 64)).toBe(true);
    expect(rows.filter((r) => r.replaced_at === null)).toHaveLength(1);
    if (first !== second) expect((await submit(first)).statusCode).toBe(400);
    expect((await submit(second)).statusCode).toBe(200);
    expect((await submit(second)).statusCode).toBe(400); // single use
  });

  it('expire after 10 minutes', async () => {
    h.advance(61 * 60_000); // out of the previous hour's send count
    await forgot();
    const code = await lastCode();
    h.advance(10 * 60_000 + 1000);
    const res = await submit(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid Authentication code. Please check or Resend the code');
  });

  it('allow 5 wrong tries per code, then even the right code is refused', async () => {
    h.advance(61 * 60_000);
    await forgot();
    const code = await lastCode();
    for (let i = 0; i < 5; i++) expect((await submit(wrongFor(code))).statusCode).toBe(400);
    expect((await submit(code)).statusCode).toBe(400);
  });

  it('at most 5 sends an hour per account', async () => {
    h.advance(25 * 60 * 60_000); // a new day: no failures, no sends counted
    for (let i = 0; i < 5; i++) await forgot();
    const [before] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = 'patient@brightsight.test'`);
    const sixth = await forgot();
    expect(sixth.json()).toEqual({ sent: true }); // the answer never tells
    const [after] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = 'patient@brightsight.test'`);
    expect(after!.n).toBe(before!.n);
  });

  it('lock after 10 failures in 24 hours, even with fresh codes', async () => {
    h.advance(25 * 60 * 60_000);
    await forgot();
    let code = await lastCode();
    for (let i = 0; i < 5; i++) await submit(wrongFor(code));
    await forgot();
    code = await lastCode();
    for (let i = 0; i < 5; i++) await submit(wrongFor(code));
    await forgot(); // refused silently: locked
    const fresh = await lastCode();
    expect(fresh).toBe(code);
    expect((await submit(code)).statusCode).toBe(400);
  });
});
