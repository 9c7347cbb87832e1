/**
 * My Profile through HTTP: name and language with If-Match, the photo's checks, an email change confirmed by the
 * code sent to the new address, a password change with the current password, and the open sessions.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenSessionList, Profile } from '../../src/contract/users';
import { bearer, codeIn, DEMO_PASSWORD, demo, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method, url, payload, headers: { ...bearer(who), ...headers } });

/** A 1x1 PNG. */
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('name, language and photo', () => {
  it('changes them, refuses a stale version and hostile input', async () => {
    const jane = await signIn(h, 'patient@clearview.test');
    const read = json<Profile>(await call(jane, 'GET', '/api/profile'));
    expect(read).toMatchObject({ displayName: 'Jane Doe', email: 'patient@clearview.test', photo: null, language: null });
    const saved = await call(jane, 'PATCH', '/api/profile', { displayName: 'Jane Q. Doe', language: 'ar' }, { 'if-match': `"${read.updatedAt}"` });
    expect(saved.statusCode).toBe(200);
    expect(json<Profile>(saved)).toMatchObject({ displayName: 'Jane Q. Doe', language: 'ar' });
    const stale = await call(jane, 'PATCH', '/api/profile', { displayName: 'Old' }, { 'if-match': `"${read.updatedAt}"` });
    expect(json(stale)).toMatchObject({ code: 'records.changedMeanwhile' });
    const me = json<{ user: { data: { displayName: string; language: string } } }>(await call(jane, 'GET', '/api/patient/me'));
    expect(me.user.data).toMatchObject({ displayName: 'Jane Q. Doe', language: 'ar' });

    for (const [body, field] of [
      [{ displayName: '' }, 'displayName'],
      [{ displayName: 'x'.repeat(101) }, 'displayName'],
      [{ language: 'de' }, 'language'],
      [{}, 'body'],
    ] as const) {
      const res = await call(jane, 'PATCH', '/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string> }>(res).fields)).toContain(field);
    }

    expect(json<Profile>(await call(jane, 'PUT', '/api/profile/photo', { photo: png })).photo).toBe(png);
    for (const photo of [
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      // Says PNG, is not one.
      'data:image/png;base64,R0lGODlhAQABAAAAACw=',
      `data:image/jpeg;base64,/9j/${'A'.repeat(90_000)}`,
      'javascript:alert(1)',
    ]) {
      const res = await call(jane, 'PUT', '/api/profile/photo', { photo });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ fields: { photo: 'The photo must be a PNG, JPEG or WebP image of at most 64 KB' } });
    }
    expect(json<Profile>(await call(jane, 'PUT', '/api/profile/photo', { photo: null })).photo).toBeNull();
  });

  it('is not for the kiosk device', async () => {
    const kiosk = await signIn(h, 'kiosk.downtown@clearview.test', { ...demo.clearview, isKiosk: true });
    expect((await call(kiosk, 'GET', '/api/profile')).statusCode).toBe(403);
  });
});

describe('email change', () => {
  it('takes the new address only with the code sent to it', async () => {
    const sam = await signIn(h, 'staff@clearview.test');
    expect(json(await call(sam, 'POST', '/api/profile/email/confirm', { vcode: '123456' }))).toMatchObject({ code: 'profile.noPendingEmail' });
    const asked = await call(sam, 'POST', '/api/profile/email', { email: 'Sam.New@clearview.test' });
    expect(json<Profile>(asked)).toMatchObject({ email: 'staff@clearview.test', pendingEmail: 'sam.new@clearview.test' });
    const code = codeIn(await lastMessageTo(h, 'sam.new@clearview.test'));
    const wrong = await call(sam, 'POST', '/api/profile/email/confirm', { vcode: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'auth.invalidCode', fields: { vcode: expect.any(String) } });
    expect(json(await call(sam, 'POST', '/api/profile/email/confirm', { vcode: 'abc' }))).toMatchObject({ fields: { vcode: 'Enter the 6-digit code' } });
    const done = await call(sam, 'POST', '/api/profile/email/confirm', { vcode: code });
    expect(json<Profile>(done)).toMatchObject({ email: 'sam.new@clearview.test', pendingEmail: null });
    expect(await lastMessageTo(h, 'staff@clearview.test')).toContain('was changed to sam.new@clearview.test');
    await signIn(h, 'sam.new@clearview.test');
  });
});

describe('an address in use', () => {
  const messagesTo = async (recipient: string) =>
    (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = ${recipient}`))[0]!.n;

  it('answers as for a free address, and sends nothing to it', async () => {
    const jane = await signIn(h, 'patient@clearview.test');
    const before = await messagesTo('admin@clearview.test');
    const taken = await call(jane, 'POST', '/api/profile/email', { email: 'Admin@clearview.test' });
    const free = await call(jane, 'POST', '/api/profile/email', { email: 'jane.free@clearview.test' });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const { updatedAt: _a, ...takenProfile } = json<Profile>(taken);
    const { updatedAt: _b, ...freeProfile } = json<Profile>(free);
    expect(takenProfile).toEqual({ ...freeProfile, pendingEmail: 'admin@clearview.test' });
    expect(freeProfile.pendingEmail).toBe('jane.free@clearview.test');
    // The account holding the address is not told, and no code for Jane reaches it.
    expect(await messagesTo('admin@clearview.test')).toBe(before);
    expect(codeIn(await lastMessageTo(h, 'jane.free@clearview.test'))).toMatch(/^\d{6}$/);
  });

  it('counts sends alike, and no code ever confirms it', async () => {
    const john = await signIn(h, 'patient@brightsight.test', demo.brightsight);
    // Five sends an hour, the same for a taken and a free address: the sixth is refused either way.
    const answers = [];
    for (const email of ['admin@brightsight.test', 'free.1@brightsight.test', 'admin@brightsight.test', 'free.2@brightsight.test', 'admin@brightsight.test']) {
      answers.push((await call(john, 'POST', '/api/profile/email', { email })).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    const sixthTaken = await call(john, 'POST', '/api/profile/email', { email: 'admin@brightsight.test' });
    expect(json(sixthTaken)).toMatchObject({ code: 'auth.tooManyCodes' });
    expect(json<Profile>(await call(john, 'GET', '/api/profile')).pendingEmail).toBe('admin@brightsight.test');
    const wrong = await call(john, 'POST', '/api/profile/email/confirm', { vcode: '123456' });
    expect(json(wrong)).toMatchObject({ code: 'auth.invalidCode' });
    expect(json<Profile>(await call(john, 'GET', '/api/profile')).email).toBe('patient@brightsight.test');
  });
});

describe('password and sessions', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const here = await signIn(h, 'admin@clearview.test');
    const elsewhere = await signIn(h, 'admin@clearview.test');
    const sessions = json<OpenSessionList>(await call(here, 'GET', '/api/profile/sessions')).sessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const wrong = await call(here, 'POST', '/api/profile/password', { currentPassword: 'not-it-at-all', newPassword: 'Admin-New-Pass-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'profile.wrongPassword', fields: { currentPassword: 'The current password is not correct.' } });
    const common = await call(here, 'POST', '/api/profile/password', { currentPassword: DEMO_PASSWORD, newPassword: 'password1234' });
    expect(json(common)).toMatchObject({ code: 'auth.passwordTooCommon', fields: { newPassword: expect.any(String) } });
    expect(json(await call(here, 'POST', '/api/profile/password', { currentPassword: DEMO_PASSWORD, newPassword: 'short' }))).toMatchObject({ fields: { newPassword: expect.any(String) } });

    const changed = await call(here, 'POST', '/api/profile/password', { currentPassword: DEMO_PASSWORD, newPassword: 'Admin-New-Pass-2026' });
    expect(changed.statusCode).toBe(200);
    expect(json<{ ended: number }>(changed).ended).toBeGreaterThanOrEqual(1);
    expect((await call(elsewhere, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/profile')).statusCode).toBe(200);
    await signIn(h, 'admin@clearview.test', demo.clearview, 'Admin-New-Pass-2026');

    const third = await signIn(h, 'admin@clearview.test', demo.clearview, 'Admin-New-Pass-2026');
    const ended = await call(here, 'POST', '/api/profile/sessions/sign-out-others');
    expect(json<{ ended: number }>(ended).ended).toBeGreaterThanOrEqual(2);
    expect((await call(third, 'GET', '/api/profile')).statusCode).toBe(401);
    expect(json<OpenSessionList>(await call(here, 'GET', '/api/profile/sessions')).sessions.map((s) => s.current)).toEqual([true]);
  });
});
