/**
 * Input validation of the sign-in, code, password, refresh and settings calls (security.md, "Input"): valid
 * variants succeed; hostile strings that pass the schema are refused like any wrong input, never 500, and a refusal
 * changes nothing in the database. The shared part is ./inputValidation.ts.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import {
  bearer,
  codeIn,
  demo,
  DEMO_PASSWORD,
  demoIds,
  json,
  lastMessageTo,
  ownerRows,
  refreshCookieOf,
  signIn,
} from './harness';
import {
  countRows,
  dbState,
  type ErrorBody,
  expectFieldError,
  expectNamedField,
  expectRefusal,
  forgotBody,
  h,
  type Json,
  K10,
  K200,
  loginBody,
  NEW_PASSWORD,
  newUser,
  NIL_UUID,
  otpBody,
  patient,
  pick,
  send,
  sendWritingNothing,
  signInStatus,
  SQLI,
  startInputValidation,
  type Table,
  themeWith,
  UNKNOWN_UUID,
  without,
} from './inputValidation';

startInputValidation();

// ---------------------------------------------------------------------------------------------------------------
// 3. Sign-in: valid variants succeed, hostile strings that pass the schema are refused like any wrong sign-in

describe('POST /api/patient/login and /api/patient/authcode', () => {
  it('signs in with a valid body', async () => {
    const res = await send({ url: '/api/patient/login', body: loginBody });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ access_token: string; tenantID: string; user: { role: string[]; data: { email: string } } }>(res);
    expect(body.tenantID).toBe(demoIds.clearview);
    expect(body.user.role).toEqual(['patient']);
    expect(body.user.data.email).toBe('patient@clearview.test');
    expect(refreshCookieOf(res)).toMatch(/^pp_refresh=/);
  });

  it.each([
    { name: 'the user name in capitals', body: { ...loginBody, username: 'PATIENT@ClearView.TEST' } },
    { name: 'spaces around the user name', body: { ...loginBody, username: '  patient@clearview.test  ' } },
    { name: 'explicit nulls for the optional fields', body: { ...loginBody, vcode: null, isauth: null, isKiosk: null, isPatient: null } },
    { name: 'a tenant header that is not a UUID', body: without(loginBody, 'tenentID'), headers: { 'x-tenant-id': SQLI } },
  ])('signs in with $name', async (c) => {
    const res = await send({ url: '/api/patient/login', body: c.body, headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { data: { email: string } } }>(res).user.data.email).toBe('patient@clearview.test');
  });

  it('ignores fields the contract does not know (no role or tenant can be smuggled in)', async () => {
    const res = await send({
      url: '/api/patient/login',
      body: { ...loginBody, role: ['admin'], roles: ['admin'], tenantId: demoIds.brightsight, isAdmin: true, user: { role: ['admin'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ tenantID: string; user: { role: string[] } }>(res);
    expect(body.user.role).toEqual(['patient']);
    expect(body.tenantID).toBe(demoIds.clearview);
  });

  it('answers the auth-code step for a valid body', async () => {
    const res = await send({ url: '/api/patient/authcode', body: loginBody });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ role: ['patient'], isauth: true, codeRequired: false, error: null });
  });

  const noSession: Table[] = ['refresh_families', 'refresh_tokens', 'communication_log', 'one_time_codes'];
  const hostileSignIns: { name: string; body: Json; statuses: number[] }[] = [
    { name: 'a user name that is SQL', body: { ...loginBody, username: SQLI, password: SQLI }, statuses: [401] },
    { name: 'SQL after a real user name', body: { ...loginBody, username: "patient@clearview.test' --" }, statuses: [401] },
    { name: 'a quoted OR after a real user name', body: { ...loginBody, username: 'patient@clearview.test" or "1"="1' }, statuses: [401] },
    { name: 'a DROP TABLE user name', body: { ...loginBody, username: "x'; drop table users; --" }, statuses: [401] },
    { name: 'a UNION SELECT user name', body: { ...loginBody, username: "x' union select password_hash from users --" }, statuses: [401] },
    { name: 'an emoji user name', body: { ...loginBody, username: '👁️‍🗨️@clearview.test', password: '🔑🔑🔑🔑' }, statuses: [401] },
    { name: 'a zero-width space inside a real user name', body: { ...loginBody, username: 'pat\u200bient@clearview.test' }, statuses: [401] },
    { name: 'a Cyrillic look-alike of a real user name', body: { ...loginBody, username: 'p\u0430tient@clearview.test' }, statuses: [401] },
    { name: 'a right-to-left override', body: { ...loginBody, username: '\u202etset.weivraelc@tneitap' }, statuses: [401] },
    { name: 'a control character in the user name', body: { ...loginBody, username: 'pat\u0007ient@clearview.test' }, statuses: [400, 401] },
    { name: 'a NUL character in the user name', body: { ...loginBody, username: 'pat\u0000ient@clearview.test' }, statuses: [400, 401] },
    { name: 'a NUL character in the user name, no tenant given', body: { username: 'a\u0000b', password: 'x' }, statuses: [400, 401] },
    { name: 'a NUL character in the password', body: { ...loginBody, username: 'nobody@clearview.test', password: 'a\u0000b' }, statuses: [401] },
    { name: 'the other company as tenant', body: { ...loginBody, tenentID: demoIds.brightsight, locationid: null }, statuses: [401] },
    { name: "the other company's store", body: { ...loginBody, locationid: demoIds.main }, statuses: [401] },
    { name: 'a tenant that does not exist', body: { ...loginBody, tenentID: UNKNOWN_UUID, locationid: null }, statuses: [401] },
  ];

  it.each(hostileSignIns)('login with $name is refused without a session and never 500', async (c) => {
    const before = pick(await dbState(), noSession);
    const res = await send({ url: '/api/patient/login', body: c.body });
    const body = expectRefusal(res, c.statuses);
    if (res.statusCode === 401) expect(body.error).toBe(messages.invalidLogin);
    if (res.statusCode === 400) expect(body.fields?.username ?? body.fields?.password).toMatch(/\S/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(pick(await dbState(), noSession)).toEqual(before);
  });

  it.each(hostileSignIns)('authcode with $name is refused and never 500', async (c) => {
    const before = pick(await dbState(), noSession);
    const res = await send({ url: '/api/patient/authcode', body: c.body });
    expect(c.statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 401) expect(json(res)).toMatchObject({ isauth: false, error: messages.invalidLogin });
    else expectFieldError(res, 'username');
    expect(pick(await dbState(), noSession)).toEqual(before);
  });

  it('leaves the accounts and their tables intact after the hostile sign-ins', async () => {
    expect(await signInStatus('patient@clearview.test', DEMO_PASSWORD)).toBe(200);
    expect(await countRows('users')).toBe(9);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. New-user flow (token of newuser@clearview.test): sendotp and cpassword

describe('POST /api/patient/sendotp and /api/patient/cpassword', () => {
  it('sendotp with an empty object emails a code and answers the masked address', async () => {
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser', body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ user: { email: 'n******@clearview.test' }, error: null });
    expect(codeIn(await lastMessageTo(h, 'newuser@clearview.test'))).toMatch(/^\d{6}$/);
  });

  it('sendotp without any body (the spec calls it a free body) emails a code too', async () => {
    const sent = await countRows('communication_log', sql`recipient = 'newuser@clearview.test'`);
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows('communication_log', sql`recipient = 'newuser@clearview.test'`)).toBe(sent + 1);
  });

  it('sendotp ignores unknown fields of its free body', async () => {
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser', body: { email: 'attacker@evil.test', userId: demoIds.brightsight } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows('communication_log', sql`recipient = 'attacker@evil.test'`)).toBe(0);
  });

  it('me with the new-user token answers the new-user view', async () => {
    const res = await send({ method: 'GET', url: '/api/patient/me', as: 'newuser' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string[]; isRegistered: number } }>(res).user).toMatchObject({
      id: newUser.user.id,
      role: ['newuser'],
      isRegistered: 0,
    });
  });

  it.each([
    { name: 'a common password', password: 'password1234' },
    { name: 'the user name as password', password: 'newuser@clearview.test' },
    { name: 'a password of one repeated character', password: 'aaaaaaaaaaaaaaaa' },
  ])('cpassword with $name: 400 naming password, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: '123456', password: c.password } }, true);
    expectNamedField(res, 'password');
  });

  it('cpassword with a wrong code: 400 naming vcode, the password unchanged', async () => {
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await send({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: wrong, password: NEW_PASSWORD } });
    expectNamedField(res, 'vcode');
    expect(json<ErrorBody>(res).error).toBe(messages.invalidCode);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn(h, 'newuser@clearview.test')).user.role).toEqual(['newuser']);
  });

  it('cpassword with the emailed code sets the password and opens the session', async () => {
    expect((await send({ url: '/api/patient/sendotp', as: 'newuser', body: {} })).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));
    const res = await send({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: ` ${code} `, password: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { role: string[] } }>(res).user.role).toEqual(['patient']);
    expect(await signInStatus('newuser@clearview.test', DEMO_PASSWORD)).toBe(401);
    expect((await signIn(h, 'newuser@clearview.test', demo.clearview, NEW_PASSWORD)).user.role).toEqual(['patient']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Forgot password: forgotpassword, otpsubmit, passwordReset (account staff@clearview.test)

describe('forgot-password flow', () => {
  const messagesTo = (recipient: string) => countRows('communication_log', sql`recipient = ${recipient}`);

  it('forgotpassword emails a code to an existing account', async () => {
    const before = await messagesTo('staff@clearview.test');
    const res = await send({ url: '/api/patient/forgotpassword', body: forgotBody });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ sent: true });
    expect(await messagesTo('staff@clearview.test')).toBe(before + 1);
  });

  it.each([
    { name: 'a SQL user name', body: { username: SQLI, tenant: demoIds.clearview }, statuses: [200] },
    { name: 'a SQL user name naming a real account', body: { username: "staff@clearview.test' or 1=1 --", tenant: demoIds.clearview }, statuses: [200] },
    { name: 'an emoji user name', body: { username: '🙈@clearview.test', tenant: demoIds.clearview }, statuses: [200] },
    { name: 'a NUL in the user name', body: { username: 'staff\u0000@clearview.test', tenant: demoIds.clearview }, statuses: [200, 400] },
    { name: 'a tenant that does not exist', body: { username: 'staff@clearview.test', tenant: UNKNOWN_UUID }, statuses: [200] },
    { name: 'the nil UUID as tenant', body: { username: 'staff@clearview.test', tenant: NIL_UUID }, statuses: [200, 400] },
    { name: "the other company's user in this tenant", body: { username: 'patient@brightsight.test', tenant: demoIds.clearview }, statuses: [200] },
    { name: "this company's user in the other tenant", body: { username: 'staff@clearview.test', tenant: demoIds.brightsight }, statuses: [200] },
  ])('forgotpassword with $name answers the same and sends nothing', async (c) => {
    const before = pick(await dbState(), ['communication_log', 'one_time_codes', 'users']);
    const res = await send({ url: '/api/patient/forgotpassword', body: c.body });
    expect(c.statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 200) expect(json(res)).toEqual({ sent: true });
    else expectFieldError(res, 'username');
    expect(pick(await dbState(), ['communication_log', 'one_time_codes', 'users'])).toEqual(before);
  });

  it.each([
    { name: 'a SQL user name', body: { ...otpBody, username: SQLI } },
    { name: 'a NUL in the user name', body: { ...otpBody, username: 'staff\u0000@clearview.test' } },
    { name: 'a tenant that does not exist', body: { ...otpBody, tenant: UNKNOWN_UUID } },
    { name: 'an emoji user name', body: { ...otpBody, username: '🙈@clearview.test' } },
  ])('otpsubmit with $name is a 400, never 500, and grants nothing', async (c) => {
    const res = await send({ url: '/api/patient/otpsubmit', body: c.body });
    const body = expectRefusal(res, 400);
    expect(Object.keys(body.fields ?? {}).length, res.body).toBeGreaterThan(0);
    expect(res.body).not.toContain('resetToken":"');
  });

  it('otpsubmit with a wrong code: 400 naming vcode', async () => {
    const code = codeIn(await lastMessageTo(h, 'staff@clearview.test'));
    const res = await send({ url: '/api/patient/otpsubmit', body: { ...forgotBody, vcode: code === '999999' ? '999998' : '999999' } });
    expectNamedField(res, 'vcode');
    expect(json<ErrorBody>(res).error).toBe(messages.invalidCode);
  });

  let resetToken = '';
  it('otpsubmit with the emailed code answers a reset token', async () => {
    const code = codeIn(await lastMessageTo(h, 'staff@clearview.test'));
    const res = await send({ url: '/api/patient/otpsubmit', body: { ...forgotBody, username: ' STAFF@clearview.test ', vcode: code } });
    expect(res.statusCode, res.body).toBe(200);
    resetToken = json<{ resetToken: string }>(res).resetToken;
    expect(resetToken.startsWith(`${demoIds.clearview}.`)).toBe(true);
  });

  it.each([
    { name: 'SQL', token: SQLI },
    { name: 'dot segments', token: '../../../etc/passwd' },
    { name: 'the nil UUIDs', token: `${NIL_UUID}.${NIL_UUID}.123456` },
    { name: 'an unknown user', token: `${demoIds.clearview}.${UNKNOWN_UUID}.123456` },
    { name: 'four parts', token: `${demoIds.clearview}.${UNKNOWN_UUID}.1.2` },
    { name: 'emoji', token: '😀.😀.😀' },
    { name: 'NUL characters', token: `${demoIds.clearview}.\u0000.\u0000` },
    { name: 'SQL as the grant', token: `${demoIds.clearview}.${UNKNOWN_UUID}.${SQLI}` },
  ])('passwordReset with a reset token of $name: 400 naming resetToken, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/passwordReset', body: { resetToken: c.token, password: NEW_PASSWORD } }, true);
    expectNamedField(res, 'resetToken');
  });

  it('passwordReset with a forged grant for the real account is refused and changes nothing', async () => {
    const [tenant, userId] = resetToken.split('.');
    const before = pick(await dbState(), ['users', 'refresh_families']);
    const res = await send({ url: '/api/patient/passwordReset', body: { resetToken: `${tenant}.${userId}.${'A'.repeat(43)}`, password: NEW_PASSWORD } });
    expectNamedField(res, 'resetToken');
    expect(pick(await dbState(), ['users', 'refresh_families'])).toEqual(before);
  });

  it.each([
    { name: 'a common password', password: 'password1234' },
    { name: 'the user name', password: 'staff@clearview.test' },
    { name: 'too short', password: 'Short-pass1' },
    { name: '200 000 characters', password: K200 },
  ])('passwordReset with the real token and a password that is $name: 400 naming password, grant kept', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/passwordReset', body: { resetToken, password: c.password } }, true);
    expectNamedField(res, 'password');
  });

  it('after every refused reset the old password still works', async () => {
    expect(await signInStatus('staff@clearview.test', DEMO_PASSWORD)).toBe(200);
  });

  it('passwordReset with the real token sets the password', async () => {
    const res = await send({ url: '/api/patient/passwordReset', body: { resetToken, password: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ changed: true });
    expect(await signInStatus('staff@clearview.test', DEMO_PASSWORD)).toBe(401);
    expect(await signInStatus('staff@clearview.test', NEW_PASSWORD)).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. Refresh token: cookie plus optional body

describe('POST /api/patient/refreshtoken', () => {
  let cookie = '';
  const refresh = (body?: unknown, c = cookie) =>
    h.app.inject({
      method: 'POST',
      url: '/api/patient/refreshtoken',
      headers: { cookie: c, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    cookie = (await signIn(h, 'admin@clearview.test')).cookie;
  });

  it('rotates the cookie and answers an access token for a valid body', async () => {
    const res = await refresh({});
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ accessToken: expect.any(String), refreshToken: null });
    const next = refreshCookieOf(res);
    expect(next).toMatch(/^pp_refresh=/);
    expect(next).not.toBe(cookie);
    cookie = next!;
  });

  it.each([
    { name: 'accessToken as a number', body: { accessToken: 42 } },
    { name: 'accessToken of 10 000 characters', body: { accessToken: K10 } },
    { name: 'a JSON array', body: [cookie] },
  ])('with $name the request is refused and the cookie is not used up', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/refreshtoken', body: c.body, headers: { cookie } });
    expectRefusal(res, 400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    { name: 'garbage', body: { accessToken: 'not.a.jwt' } },
    { name: 'a payload that is not JSON', body: { accessToken: `x.${Buffer.from('{{{').toString('base64url')}.y` } },
    { name: 'a loc claim that is SQL', body: { accessToken: `x.${Buffer.from(JSON.stringify({ loc: SQLI })).toString('base64url')}.y` } },
    { name: 'a refreshToken field of any type', body: { refreshToken: { $gt: '' }, accessToken: null } },
  ])('an accessToken body field with $name is ignored and the refresh works', async (c) => {
    const res = await refresh(c.body);
    expect(res.statusCode, res.body).toBe(200);
    cookie = refreshCookieOf(res)!;
  });

  it('with the cookie and no body at all, the refresh works (the body is optional)', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode, res.body).toBe(200);
    if (res.statusCode === 200) cookie = refreshCookieOf(res)!;
  });

  it.each([
    { name: 'no cookie', value: '' },
    { name: 'SQL', value: `pp_refresh=${encodeURIComponent(SQLI)}` },
    { name: 'a tenant id and SQL', value: `pp_refresh=${demoIds.clearview}.${encodeURIComponent(SQLI)}` },
    { name: 'a tenant that does not exist', value: `pp_refresh=${UNKNOWN_UUID}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    { name: 'the other company', value: `pp_refresh=${demoIds.brightsight}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    { name: 'three parts', value: `pp_refresh=${demoIds.clearview}.a.b` },
    { name: 'dot segments', value: 'pp_refresh=..%2F..%2Fetc%2Fpasswd' },
    { name: '10 000 characters', value: `pp_refresh=${K10}` },
    { name: 'emoji', value: `pp_refresh=${encodeURIComponent('🍪.🍪')}` },
    { name: 'a NUL character', value: `pp_refresh=${demoIds.clearview}.%00` },
  ])('a refresh cookie of $name: 401 and the cookie is cleared', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/refreshtoken', body: {}, headers: c.value ? { cookie: c.value } : {} });
    expect(expectRefusal(res, 401).error).toBe(messages.tokenRefreshFailed);
    expect(String(res.headers['set-cookie'])).toMatch(/pp_refresh=;/);
  });

  it('the cookie kept through the refused requests still refreshes', async () => {
    expect((await refresh({})).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 7. Theme settings, me, logout

describe('POST /api/patient/savethemesettings, GET /api/patient/me, POST /api/patient/logout', () => {
  it('saves valid settings and shortcuts and me shows them', async () => {
    const body = themeWith((d) => (d.shortcuts = ['calendar', '📅 agenda', "' or 1=1 --", '<script>x</script>']));
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ message: string }>(res).message).toBe(messages.settingsSaved);
    const me = await send({ method: 'GET', url: '/api/patient/me', as: 'patient' });
    expect(me.statusCode).toBe(200);
    const user = json<{ user: { data: { shortcuts: string[]; settings: Json } } }>(me).user;
    expect(user.data.shortcuts).toEqual(['calendar', '📅 agenda', "' or 1=1 --", '<script>x</script>']);
    expect(user.data.settings).toMatchObject({ direction: 'rtl', theme: { main: 'dark3' }, layout: { style: 'horizontal' } });
  });

  it('does not store fields the contract does not know (no self-granted menu access)', async () => {
    const body = themeWith((d, s) => {
      s.navigation = [{ menuId: 201, access: true }];
      s.evil = K200.slice(0, 100_000);
      d.role = ['admin'];
    });
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ownerRows<{ settings: Json; roles: string[]; menu_access: Json }>(
      h,
      sql`select settings, roles, menu_access from users where email = 'patient@clearview.test'`,
    );
    expect(row!.settings).not.toHaveProperty('evil');
    expect(row!.settings).not.toHaveProperty('navigation');
    expect(row!.roles).toEqual(['patient']);
    expect(row!.menu_access).toEqual({});
  });

  it('a NUL character in a shortcut is refused or stored, never a 500', async () => {
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body: themeWith((d) => (d.shortcuts = ['a\u0000b'])) });
    expect([200, 400], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 400) expectFieldError(res, 'data.shortcuts.0');
  });

  it.each([
    { name: 'a query naming another user', url: `/api/patient/me?id=${UNKNOWN_UUID}&tenant=${demoIds.brightsight}` },
    { name: 'a query of 10 000 characters', url: `/api/patient/me?q=${K10}` },
    { name: 'a query with __proto__', url: '/api/patient/me?__proto__[role]=admin&constructor[prototype][x]=1' },
    { name: 'a query that is SQL', url: `/api/patient/me?${encodeURIComponent(SQLI)}=${encodeURIComponent(SQLI)}` },
  ])('me with $name answers the signed-in user', async (c) => {
    const res = await send({ method: 'GET', url: c.url, as: 'patient' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string[] } }>(res).user).toMatchObject({ id: patient.user.id, role: ['patient'] });
  });

  it.each([
    { name: 'SQL', value: `Bearer ${SQLI}` },
    { name: '10 000 characters', value: `Bearer ${K10}` },
    { name: '200 000 characters', value: `Bearer ${K200}` },
    { name: 'three empty parts', value: 'Bearer ..' },
    { name: 'an emoji', value: 'Bearer 🎟️' },
    { name: 'no token after the scheme', value: 'Bearer ' },
    { name: 'the Basic scheme', value: `Basic ${Buffer.from('patient@clearview.test:Demo-Pass-2026!').toString('base64')}` },
  ])('an Authorization header of $name: 401', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: '/api/patient/me', headers: { authorization: c.value } });
    expect(expectRefusal(res, 401).error).toBe(messages.notSignedIn);
  });

  it.each([
    { name: 'SQL', value: SQLI },
    { name: 'the other company', value: demoIds.brightsight },
    { name: '10 000 characters', value: K10 },
  ])('a tenant header of $name: 403, the mismatch audited', async (c) => {
    const audits = await countRows('audit_log', sql`action = 'tenant.header_mismatch'`);
    const res = await send({ method: 'GET', url: '/api/patient/me', as: 'patient', headers: { 'x-tenant-id': c.value } });
    expect(expectRefusal(res, 403).error).toBe(messages.tenantMismatch);
    expect(await countRows('audit_log', sql`action = 'tenant.header_mismatch'`)).toBe(audits + 1);
  });

  it('logout with a valid token ends the session', async () => {
    const admin = await signIn(h, 'admin@clearview.test');
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(admin) })).statusCode).toBe(401);
  });

  it('logout without a token: 401', async () => {
    const res = await sendWritingNothing({ url: '/api/patient/logout', body: {} });
    expectRefusal(res, 401);
  });
});
