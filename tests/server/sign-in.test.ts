import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  bearer,
  codeIn,
  demo,
  demoIds,
  DEMO_PASSWORD,
  json,
  lastMessageTo,
  ownerRows,
  refreshCookieOf,
  signIn,
  startHarness,
  type Harness,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/patient/login', payload, headers });

describe('POST /api/patient/login variants', () => {
  it('store address /{company}/{store}: patient signs in with the portal mapping of the address', async () => {
    const portal = json<{ tenantID: string; locationid: string; storeName: string; companyName: string; logo: string }>(
      await h.app.inject({ method: 'GET', url: '/api/portal/clearview/downtown' }),
    );
    expect(portal).toMatchObject({ tenantID: demoIds.clearview, locationid: demoIds.downtown, storeName: 'Downtown', companyName: 'Clearview Optical' });
    expect(portal.logo).toMatch(/^data:image\//);
    const res = await login({ username: 'patient@clearview.test', password: DEMO_PASSWORD, tenentID: portal.tenantID, locationid: portal.locationid });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ tenantID: demoIds.clearview, refreshToken: null, error: null, expiresIn: 600 });
    expect(body.user).toMatchObject({ role: ['patient'], isRegistered: 1, data: { displayName: 'Jane Doe', email: 'patient@clearview.test' } });
    expect(body.user.defaultstore).toMatchObject({ fD_Location: 'Downtown', companyName: 'Clearview Optical' });
    expect(body.user.data.settings.theme.main).toBe('light17');
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(JSON.stringify(body)).not.toMatch(/password_hash|argon2/);
    // The refresh token is an HttpOnly, SameSite=Strict cookie, never in the body.
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('pp_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/patient/);
  });

  it('unknown sign-in address answers 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/portal/clearview/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'This sign-in address is not known.', code: 'tenancy.unknownPortal' });
  });

  it('/login and /Patient/login: a patient signs in without a store (isPatient)', async () => {
    const res = await login({ username: 'patient@brightsight.test', password: DEMO_PASSWORD, isPatient: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: ['patient'], data: { displayName: 'John Roe' } });
    expect(res.json().user.defaultstore.fD_Location).toBe('Main Street');
  });

  it('/admin: an admin signs in with no store; a patient cannot sign in there', async () => {
    const admin = await login({ username: 'admin@clearview.test', password: DEMO_PASSWORD });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toEqual(['admin']);
    const patient = await login({ username: 'patient@clearview.test', password: DEMO_PASSWORD });
    expect(patient.statusCode).toBe(401);
    expect(patient.json()).toEqual({ error: 'Invalid Username or Password', code: 'auth.invalidCredentials' });
  });

  it('enterprise admin signs in with isEnterpriseAdmin into the platform tenant only', async () => {
    const res = await login({ username: 'enterprise@portal.test', password: DEMO_PASSWORD, isEnterpriseAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toEqual(['enterpriseadmin']);
    const without = await login({ username: 'enterprise@portal.test', password: DEMO_PASSWORD });
    expect(without.statusCode).toBe(401);
    const asClearview = await login({ username: 'admin@clearview.test', password: DEMO_PASSWORD, isEnterpriseAdmin: true });
    expect(asClearview.statusCode).toBe(401);
  });

  it('kiosk signs in with isKiosk at its own store; a kiosk account cannot use the store address', async () => {
    const res = await login({ username: 'kiosk.downtown@clearview.test', password: DEMO_PASSWORD, isKiosk: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toEqual(['kiosk']);
    expect(res.json().user.defaultstore.locationId).toBe(demoIds.downtown);
    const atUptown = await login({ username: 'kiosk.downtown@clearview.test', password: DEMO_PASSWORD, isKiosk: true, tenentID: demoIds.clearview, locationid: demoIds.uptown });
    expect(atUptown.statusCode).toBe(401);
    const asPatient = await login({ username: 'kiosk.downtown@clearview.test', password: DEMO_PASSWORD, ...demo.clearview });
    expect(asPatient.statusCode).toBe(401);
  });

  it('location variant: only the store is named; the account finds its company', async () => {
    const res = await login({ username: 'admin@clearview.test', password: DEMO_PASSWORD, locationid: demoIds.uptown });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.defaultstore).toMatchObject({ locationId: demoIds.uptown, fD_Location: 'Uptown' });
    const elsewhere = await login({ username: 'admin@clearview.test', password: DEMO_PASSWORD, locationid: demoIds.main });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('staff limited to Downtown cannot sign in at Uptown', async () => {
    expect((await login({ username: 'staff@clearview.test', password: DEMO_PASSWORD, ...demo.clearview })).statusCode).toBe(200);
    const uptown = await login({ username: 'staff@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.uptown });
    expect(uptown.statusCode).toBe(401);
  });

  it('the tenant header names the tenant when the body does not', async () => {
    const res = await login({ username: 'patient@brightsight.test', password: DEMO_PASSWORD, isPatient: true }, { 'x-tenant-id': demoIds.brightsight });
    expect(res.statusCode).toBe(200);
    const wrong = await login({ username: 'patient@brightsight.test', password: DEMO_PASSWORD, isPatient: true }, { 'x-tenant-id': demoIds.clearview });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    ['wrong password', { username: 'patient@clearview.test', password: 'Not-The-Password-1', ...demo.clearview }],
    ['unknown account', { username: 'nobody@clearview.test', password: DEMO_PASSWORD, ...demo.clearview }],
    ["another company's account at this store", { username: 'patient@brightsight.test', password: DEMO_PASSWORD, ...demo.clearview }],
    ['an unknown tenant', { username: 'patient@clearview.test', password: DEMO_PASSWORD, tenentID: '5b1e7a8a-0000-4000-8000-000000000000' }],
    ['the platform tenant named directly', { username: 'enterprise@portal.test', password: DEMO_PASSWORD, tenentID: demoIds.platform, isPatient: true }],
  ])('any failure (%s) answers only "Invalid Username or Password"', async (_name, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid Username or Password', code: 'auth.invalidCredentials' });
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('audits successful and failed sign-ins', async () => {
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'login' && e.outcome === 'success')).toBe(true);
    expect(events.some((e) => e.action === 'login' && e.outcome === 'failure' && e.details.reason === 'wrong_password')).toBe(true);
    expect(events.some((e) => e.action === 'login' && e.outcome === 'failure' && e.details.reason === 'unknown_account')).toBe(true);
  });

  it('stores passwords as argon2id PHC strings with the parameters of security.md', async () => {
    const [row] = await ownerRows<{ password_hash: string }>(h, sql`select password_hash from users where email = 'patient@clearview.test'`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('registration: expired link and the new-user flow', () => {
  it("an unregistered user whose temporary password expired gets the spec's message", async () => {
    const res = await login({ username: 'expired@clearview.test', password: DEMO_PASSWORD, ...demo.clearview });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Sorry! Registration link expired. Please reach store Admin for assistence', code: 'auth.registrationExpired' });
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('the expired message is given only for the right password', async () => {
    const res = await login({ username: 'expired@clearview.test', password: 'Wrong-Password-1', ...demo.clearview });
    expect(res.json()).toEqual({ error: 'Invalid Username or Password', code: 'auth.invalidCredentials' });
  });

  it('newuser: sign-in says newuser, code by email, new password opens the session', async () => {
    const first = await login({ username: 'newuser@clearview.test', password: DEMO_PASSWORD, ...demo.clearview });
    expect(first.statusCode).toBe(200);
    const { access_token: newUserToken, user } = first.json();
    expect(user.role).toEqual(['newuser']);
    expect(refreshCookieOf(first)).toBeUndefined();
    const auth = { authorization: `Bearer ${newUserToken}` };

    // The new-user token opens nothing else.
    expect((await h.app.inject({ method: 'GET', url: '/api/stores', headers: auth })).statusCode).toBe(403);

    const sent = await h.app.inject({ method: 'POST', url: '/api/patient/sendotp', headers: auth, payload: {} });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ user: { email: 'n******@clearview.test' }, error: null });
    expect(sent.body).not.toMatch(/\d{6}/);
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));

    const weak = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: code, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('The password must have at least 12 characters');
    const common = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: code, password: 'password1234' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.password).toMatch(/too common/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: wrongCode, password: 'Brand-New-Pass-2026' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Invalid Authentication code. Please check or Resend the code');

    const done = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: code, password: 'Brand-New-Pass-2026' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ role: ['patient'], isRegistered: 1, tempPwdExpiryDate: null });
    expect(refreshCookieOf(done)).toBeDefined();

    // The new-user token's session ended with the full session's start, the old password is gone, the new one works.
    const again = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: code, password: 'Another-Pass-2026' } });
    expect(again.statusCode).toBe(401);
    expect((await login({ username: 'newuser@clearview.test', password: DEMO_PASSWORD, ...demo.clearview })).statusCode).toBe(401);
    const fresh = await login({ username: 'newuser@clearview.test', password: 'Brand-New-Pass-2026', ...demo.clearview });
    expect(fresh.json().user.role).toEqual(['patient']);
  });
});

describe('auth-code step', () => {
  it('answers newuser, plain success, or sends a code the login then needs', async () => {
    const post = (payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/api/patient/authcode', payload });
    const plain = await post({ username: 'staff@clearview.test', password: DEMO_PASSWORD, ...demo.clearview });
    expect(plain.json()).toEqual({ role: ['staff'], isauth: true, codeRequired: false, error: null });

    const bad = await post({ username: 'staff@clearview.test', password: 'nope-nope-nope', ...demo.clearview });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ role: null, isauth: false, codeRequired: false, error: 'Invalid Username or Password', code: 'auth.invalidCredentials' });

    await ownerRows(h, sql`update users set requires_auth_code = true where email = 'admin@brightsight.test'`);
    const needs = await post({ username: 'admin@brightsight.test', password: DEMO_PASSWORD });
    expect(needs.json()).toEqual({ role: ['admin'], isauth: true, codeRequired: true, error: null });
    const code = codeIn(await lastMessageTo(h, 'admin@brightsight.test'));

    const noCode = await login({ username: 'admin@brightsight.test', password: DEMO_PASSWORD });
    expect(noCode.statusCode).toBe(401);
    const withCode = await login({ username: 'admin@brightsight.test', password: DEMO_PASSWORD, isauth: true, vcode: code });
    expect(withCode.statusCode).toBe(200);
    const reused = await login({ username: 'admin@brightsight.test', password: DEMO_PASSWORD, isauth: true, vcode: code });
    expect(reused.statusCode).toBe(401);
    await ownerRows(h, sql`update users set requires_auth_code = false where email = 'admin@brightsight.test'`);
  });
});

describe('forgot password', () => {
  const forgot = (username: string, tenant = demoIds.clearview) =>
    h.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username, tenant } });

  it('answers the same whether or not the account exists', async () => {
    const unknown = await forgot('nobody@clearview.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ sent: true });
  });

  it('code -> reset token -> new password; every session ends; the token is single use', async () => {
    const session = await signIn(h, 'staff@clearview.test');
    expect((await forgot('staff@clearview.test')).json()).toEqual({ sent: true });
    const code = codeIn(await lastMessageTo(h, 'staff@clearview.test'));

    const wrong = await h.app.inject({ method: 'POST', url: '/api/patient/otpsubmit', payload: { username: 'staff@clearview.test', tenant: demoIds.clearview, vcode: code === '123456' ? '654321' : '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Invalid Authentication code. Please check or Resend the code');

    const ok = await h.app.inject({ method: 'POST', url: '/api/patient/otpsubmit', payload: { username: 'staff@clearview.test', tenant: demoIds.clearview, vcode: code } });
    expect(ok.statusCode).toBe(200);
    const { resetToken } = ok.json();

    const reset = await h.app.inject({ method: 'POST', url: '/api/patient/passwordReset', payload: { resetToken, password: 'Staff-Reset-Pass-2026' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ changed: true });
    expect(await lastMessageTo(h, 'staff@clearview.test')).toMatch(/password .* was changed/);

    const replay = await h.app.inject({ method: 'POST', url: '/api/patient/passwordReset', payload: { resetToken, password: 'Staff-Other-Pass-2026' } });
    expect(replay.statusCode).toBe(400);

    // The session opened before the reset is over: its access token and its refresh token are refused.
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(session) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken', headers: { cookie: session.cookie } })).statusCode).toBe(401);
    expect((await login({ username: 'staff@clearview.test', password: 'Staff-Reset-Pass-2026', ...demo.clearview })).statusCode).toBe(200);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'password.reset' && e.outcome === 'success')).toBe(true);
  });
});

describe('settings and the current user', () => {
  it('GET /api/patient/me answers the signed-in user with the store and its logo', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const res = await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(s) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.user.id, data: { displayName: 'Jane Doe' }, defaultstore: { fD_Location: 'Downtown' } });
    expect(res.json().user.defaultstore.fD_Companylogo).toMatch(/^data:image\//);
  });

  it('savethemesettings stores theme and shortcuts with the spec message; menu access flags cannot be set by the user', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const me = (await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(s) })).json().user;
    const settings = { ...me.data.settings, theme: { main: 'dark3', navbar: 'dark3', toolbar: 'light5', footer: 'light5' }, navigation: [{ menuId: 201, access: true }] };
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/savethemesettings', headers: bearer(s), payload: { data: { settings, shortcuts: ['invoice', 'rxinfo'] } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Selected settings changed successfully. Please check');
    const after = (await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(s) })).json().user;
    expect(after.data.settings.theme).toEqual({ main: 'dark3', navbar: 'dark3', toolbar: 'light5', footer: 'light5' });
    expect(after.data.shortcuts).toEqual(['invoice', 'rxinfo']);
    expect(after.data.settings.navigation).toEqual([]);

    const bad = await h.app.inject({ method: 'POST', url: '/api/patient/savethemesettings', headers: bearer(s), payload: { data: { settings: { ...settings, theme: { ...settings.theme, main: 'light99' } }, shortcuts: [] } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('data.settings.theme.main');
  });
});
