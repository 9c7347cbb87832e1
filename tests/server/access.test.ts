/**
 * Users and permissions through HTTP as an admin would use them: invite a clerk who completes the new-user flow,
 * edit roles, stores and menu flags with If-Match, the last-admin rule, deactivation ending sessions at once,
 * unlocking, reset requests, hostile input, and the other company's accounts out of reach.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountList, AccountSummary } from '../../src/contract/users';
import { auditActions, bearer, codeIn, DEMO_PASSWORD, demo, demoIds, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
});
afterAll(() => h.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method, url, payload, headers: { ...bearer(who), ...headers } });

async function accountByEmail(email: string): Promise<AccountSummary> {
  const res = await call(admin, 'GET', `/api/access/users?search=${encodeURIComponent(email)}`);
  expect(res.statusCode).toBe(200);
  const found = json<AccountList>(res).accounts.find((a) => a.email === email);
  if (!found) throw new Error(`${email} not listed`);
  return found;
}

const temporaryPasswordIn = (body: string) => body.match(/temporary password (\S+)/)![1]!;

describe('the list', () => {
  it('lists staff, admins and kiosk devices, not patients, and searches', async () => {
    const res = await call(admin, 'GET', '/api/access/users');
    const emails = json<AccountList>(res).accounts.map((a) => a.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@clearview.test', 'staff@clearview.test', 'kiosk.downtown@clearview.test']));
    expect(emails).not.toContain('patient@clearview.test');
    expect(emails.some((e) => e.endsWith('brightsight.test'))).toBe(false);
    const kiosk = json<AccountList>(res).accounts.find((a) => a.email.startsWith('kiosk'))!;
    expect(kiosk).toMatchObject({ kind: 'kiosk', status: 'active', stores: [demoIds.downtown] });
    expect(Object.keys(kiosk.menuAccess).sort()).toEqual(['201', '202', '203', '204', '205', '206', '207', '208', '209']);
    const searched = json<AccountList>(await call(admin, 'GET', '/api/access/users?search=SAM'));
    expect(searched.accounts.map((a) => a.email)).toEqual(['staff@clearview.test']);
    // LIKE's own characters are text here, and control characters are refused at the field.
    expect(json<AccountList>(await call(admin, 'GET', '/api/access/users?search=%25')).accounts).toEqual([]);
    const hostile = await call(admin, 'GET', '/api/access/users?search=a%00b');
    expect(hostile.statusCode).toBe(400);
    expect(json(hostile)).toMatchObject({ fields: { search: 'Search must be up to 100 characters of text' } });
  });

  it('is for admins only', async () => {
    const staff = await signIn(h, 'staff@clearview.test', demo.clearview);
    expect((await call(staff, 'GET', '/api/access/users')).statusCode).toBe(403);
  });
});

describe('an invitation', () => {
  it('sends a temporary password that the new-user flow replaces; the menu flags reach the clerk', async () => {
    const invite = await call(admin, 'POST', '/api/access/users', {
      email: ' Clerk.One@Clearview.test ',
      displayName: 'Casey Clerk',
      roles: ['staff'],
      stores: [demoIds.uptown],
      menuAccess: { '202': false, '203': false },
    });
    expect(invite.statusCode).toBe(201);
    const created = json<AccountSummary>(invite);
    expect(created).toMatchObject({ email: 'clerk.one@clearview.test', status: 'invited', kind: 'staff', stores: [demoIds.uptown] });
    expect(created.menuAccess).toMatchObject({ '201': true, '202': false, '203': false });

    const mail = await lastMessageTo(h, 'clerk.one@clearview.test');
    expect(mail).toContain('/clearview/uptown');
    const temporary = temporaryPasswordIn(mail);
    const first = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'clerk.one@clearview.test', password: temporary, ...demo.clearview, locationid: demoIds.uptown } });
    expect(first.statusCode).toBe(200);
    const newUser = json<{ access_token: string; user: { role: string[] } }>(first);
    expect(newUser.user.role).toEqual(['newuser']);
    const auth = { authorization: `Bearer ${newUser.access_token}` };
    expect((await h.app.inject({ method: 'POST', url: '/api/patient/sendotp', headers: auth, payload: {} })).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'clerk.one@clearview.test'));
    const done = await h.app.inject({ method: 'POST', url: '/api/patient/cpassword', headers: auth, payload: { vcode: code, password: 'Clerk-Own-Pass-2026' } });
    expect(done.statusCode).toBe(200);
    const clerk = json<{ user: { role: string[]; data: { settings: { navigation: { menuId: number; access: boolean }[] } } } }>(done).user;
    expect(clerk.role).toEqual(['staff']);
    expect(clerk.data.settings.navigation).toEqual(expect.arrayContaining([{ menuId: 202, access: false }, { menuId: 203, access: false }]));
    expect((await accountByEmail('clerk.one@clearview.test')).status).toBe('active');
    const actions = (await auditActions(h, demoIds.clearview)).map((a) => a.action);
    expect(actions).toContain('access.user.invite');
  });

  it('expires: the spec’s message, then a new invitation lets the person in', async () => {
    await call(admin, 'POST', '/api/access/users', { email: 'late@clearview.test', displayName: 'Lee Late', roles: ['staff'] });
    const temporary = temporaryPasswordIn(await lastMessageTo(h, 'late@clearview.test'));
    // Eight days later (the admin's own session would not last that long, so the expiry is moved instead).
    await ownerRows(h, sql`update users set temp_password_expires_on = current_date - 1 where email = 'late@clearview.test'`);
    const expired = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'late@clearview.test', password: temporary, ...demo.clearview } });
    expect(expired.statusCode).toBe(403);
    expect(json(expired)).toMatchObject({ code: 'auth.registrationExpired', error: 'Sorry! Registration link expired. Please reach store Admin for assistence' });
    const late = await accountByEmail('late@clearview.test');
    expect(late.status).toBe('inviteExpired');
    expect((await call(admin, 'POST', `/api/access/users/${late.id}/invite`)).statusCode).toBe(200);
    const again = temporaryPasswordIn(await lastMessageTo(h, 'late@clearview.test'));
    const signedIn = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'late@clearview.test', password: again, ...demo.clearview } });
    expect(json<{ user: { role: string[] } }>(signedIn).user.role).toEqual(['newuser']);
  });

  it('refuses an address in use, and hostile input with the field', async () => {
    const taken = await call(admin, 'POST', '/api/access/users', { email: 'STAFF@clearview.test', displayName: 'X', roles: ['staff'] });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: 'access.emailTaken' });
    for (const [body, field] of [
      [{ email: 'not-an-email', displayName: 'X', roles: ['staff'] }, 'email'],
      [{ email: 'a@b.test', displayName: '', roles: ['staff'] }, 'displayName'],
      [{ email: 'a@b.test', displayName: 'X\u0000', roles: ['staff'] }, 'displayName'],
      [{ email: 'a@b.test', displayName: 'X', roles: ['patient'] }, 'roles.0'],
      [{ email: 'a@b.test', displayName: 'X', roles: [] }, 'roles'],
      [{ email: 'a@b.test', displayName: 'X', roles: ['staff'], stores: ['nope'] }, 'stores.0'],
      [{ email: 'a@b.test', displayName: 'X', roles: ['staff'], menuAccess: { '999': false } }, 'menuAccess'],
    ] as const) {
      const res = await call(admin, 'POST', '/api/access/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string> }>(res).fields)).toContain(field);
    }
    const foreignStore = await call(admin, 'POST', '/api/access/users', { email: 'a@b.test', displayName: 'X', roles: ['staff'], stores: [demoIds.main] });
    expect(foreignStore.statusCode).toBe(400);
    expect(json(foreignStore)).toMatchObject({ fields: { stores: expect.any(String) } });
    const [none] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from users where email = 'a@b.test'`);
    expect(none!.n).toBe(0);
  });
});

describe('editing', () => {
  it('changes roles, stores and flags; a stale version is refused', async () => {
    const sam = await accountByEmail('staff@clearview.test');
    const res = await call(admin, 'PATCH', `/api/access/users/${sam.id}`, { stores: [demoIds.downtown, demoIds.uptown], menuAccess: { '206': false } }, { 'if-match': `"${sam.updatedAt}"` });
    expect(res.statusCode).toBe(200);
    expect(json<AccountSummary>(res)).toMatchObject({ stores: [demoIds.downtown, demoIds.uptown].sort(), menuAccess: { '206': false, '201': true } });
    const stale = await call(admin, 'PATCH', `/api/access/users/${sam.id}`, { displayName: 'Old view' }, { 'if-match': `"${sam.updatedAt}"` });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({ code: 'records.changedMeanwhile' });
    const back = await call(admin, 'PATCH', `/api/access/users/${sam.id}`, { stores: [demoIds.downtown], menuAccess: { '206': true } });
    expect(back.statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/api/access/users/${sam.id}`, {})).statusCode).toBe(400);
    const kiosk = await accountByEmail('kiosk.downtown@clearview.test');
    const kioskRole = await call(admin, 'PATCH', `/api/access/users/${kiosk.id}`, { roles: ['admin'] });
    expect(kioskRole.statusCode).toBe(400);
    expect(json(kioskRole)).toMatchObject({ fields: { roles: expect.any(String) } });
  });

  it('never removes the last admin', async () => {
    const alex = await accountByEmail('admin@clearview.test');
    const demote = await call(admin, 'PATCH', `/api/access/users/${alex.id}`, { roles: ['staff'] });
    expect(demote.statusCode).toBe(409);
    expect(json(demote)).toMatchObject({ code: 'access.lastAdmin', error: 'This is the last active admin of the company. Make another person an admin first.' });
    const sam = await accountByEmail('staff@clearview.test');
    expect((await call(admin, 'PATCH', `/api/access/users/${sam.id}`, { roles: ['staff', 'admin'] })).statusCode).toBe(200);
    // With a second admin, the first may step down; then the second is the last.
    const samAdmin = await signIn(h, 'staff@clearview.test', demo.clearview);
    expect((await call(samAdmin, 'PATCH', `/api/access/users/${alex.id}`, { roles: ['staff'] })).statusCode).toBe(200);
    expect((await call(samAdmin, 'PATCH', `/api/access/users/${sam.id}`, { roles: ['staff'] })).statusCode).toBe(409);
    expect((await call(samAdmin, 'POST', `/api/access/users/${sam.id}/deactivate`)).statusCode).toBe(409);
    expect((await call(samAdmin, 'PATCH', `/api/access/users/${alex.id}`, { roles: ['admin'] })).statusCode).toBe(200);
    expect((await call(samAdmin, 'PATCH', `/api/access/users/${sam.id}`, { roles: ['staff'] })).statusCode).toBe(200);
    admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  });
});

describe('deactivation, unlocking and resets', () => {
  it('ends the sessions at once, refuses sign-in, and reactivation lets the person in again', async () => {
    const staff = await signIn(h, 'staff@clearview.test', demo.clearview);
    expect((await call(staff, 'GET', '/api/stores')).statusCode).toBe(200);
    const sam = await accountByEmail('staff@clearview.test');
    const off = await call(admin, 'POST', `/api/access/users/${sam.id}/deactivate`, undefined, { 'if-match': `"${sam.updatedAt}"` });
    expect(off.statusCode).toBe(200);
    expect(json<AccountSummary>(off).status).toBe('deactivated');
    expect((await call(staff, 'GET', '/api/stores')).statusCode).toBe(401);
    const refresh = await h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken', headers: { cookie: staff.cookie } });
    expect(refresh.statusCode).not.toBe(200);
    const login = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'staff@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } });
    expect(login.statusCode).toBe(401);
    expect((await call(admin, 'POST', `/api/access/users/${admin.user.id}/deactivate`)).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/api/access/users/${sam.id}/reactivate`)).statusCode).toBe(200);
    await signIn(h, 'staff@clearview.test', demo.clearview);
  });

  it('unlocks an account whose sign-in failures put the code step in front', async () => {
    for (let i = 0; i < 5; i++) {
      await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'staff@clearview.test', password: 'wrong-password-123', ...demo.clearview } });
    }
    const locked = await accountByEmail('staff@clearview.test');
    expect(locked.locked).toBe(true);
    const res = await call(admin, 'POST', `/api/access/users/${locked.id}/unlock`);
    expect(res.statusCode).toBe(200);
    expect(json<AccountSummary>(res).locked).toBe(false);
    const [row] = await ownerRows<{ n: number }>(h, sql`select failed_login_count as n from users where email = 'staff@clearview.test'`);
    expect(row!.n).toBe(0);
  });

  it('asks a registered person to reset their password by email', async () => {
    const sam = await accountByEmail('staff@clearview.test');
    expect((await call(admin, 'POST', `/api/access/users/${sam.id}/password-reset`)).statusCode).toBe(200);
    expect(await lastMessageTo(h, 'staff@clearview.test')).toContain("'Forgot password?'");
    const invited = await accountByEmail('late@clearview.test');
    expect(json(await call(admin, 'POST', `/api/access/users/${invited.id}/password-reset`))).toMatchObject({ code: 'access.notRegistered' });
  });
});

describe('the other company', () => {
  it('cannot see or change Clearview’s accounts', async () => {
    const other = await signIn(h, 'admin@brightsight.test', demo.brightsight);
    const list = await call(other, 'GET', '/api/access/users');
    expect(list.body.toLowerCase()).not.toContain('clearview');
    const sam = await accountByEmail('staff@clearview.test');
    for (const [method, url, body] of [
      ['PATCH', `/api/access/users/${sam.id}`, { displayName: 'Taken over' }],
      ['POST', `/api/access/users/${sam.id}/deactivate`, undefined],
      ['POST', `/api/access/users/${sam.id}/unlock`, undefined],
      ['POST', `/api/access/users/${sam.id}/password-reset`, undefined],
      ['POST', `/api/access/users/${sam.id}/invite`, undefined],
    ] as const) {
      expect((await call(other, method, url, body)).statusCode, url).toBe(404);
    }
    expect((await accountByEmail('staff@clearview.test')).displayName).toBe('Sam Staff');
    // A patient's account is not managed here either.
    expect((await call(admin, 'POST', `/api/access/users/${(await signIn(h, 'patient@clearview.test')).user.id}/deactivate`)).statusCode).toBe(404);
  });
});
