/**
 * GET /api/patient/me serves the answer it built before while the user's view version is current
 * (server/auth/user-view.ts): every change to what the answer shows must reach the next /me. Changed through the
 * API as an admin or the user would, and directly in each table behind the view (the triggers of migration 0035).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/contract/auth';
import type { GeneralSettings } from '../../src/contract/generalSettings';
import { createBuiltUserViews } from '../../server/auth/user-view';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let sam: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  sam = await signIn(h, 'staff@clearview.test', demo.clearview);
});
afterAll(() => h.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: bearer(who) });

async function me(who: SignedIn): Promise<User> {
  const res = await call(who, 'GET', '/api/patient/me');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return json<{ user: User }>(res).user;
}

const owner = (query: ReturnType<typeof sql>) => ownerRows(h, query);

describe('the answer kept by the process', () => {
  it('is the same answer, byte for byte, while nothing changed', async () => {
    const first = await call(sam, 'GET', '/api/patient/me');
    const again = await call(sam, 'GET', '/api/patient/me');
    expect(again.body).toBe(first.body);
    expect(json<{ user: User }>(again).user).toMatchObject({ data: { displayName: 'Sam Staff' }, allowedLocations: [demoIds.downtown] });
  });

  it("shows the user's own changes at once: name, theme settings", async () => {
    await me(sam);
    const profile = await call(sam, 'GET', '/api/profile');
    const renamed = await call(sam, 'PATCH', '/api/profile', { displayName: 'Samuel Staff' });
    expect(renamed.statusCode, profile.body).toBe(200);
    expect((await me(sam)).data.displayName).toBe('Samuel Staff');

    const current = (await me(sam)).data.settings;
    const { navigation: _navigation, ...theme } = current;
    const saved = await call(sam, 'POST', '/api/patient/savethemesettings', {
      data: { settings: { ...theme, direction: 'rtl' }, shortcuts: ['calendar'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await me(sam);
    expect(after.data.settings.direction).toBe('rtl');
    expect(after.data.shortcuts).toEqual(['calendar']);
  });

  it("shows an admin's changes at once: the user's stores, the store, the company's system preferences", async () => {
    await me(sam);
    const both = await call(admin, 'PATCH', `/api/access/users/${sam.user.id}`, { stores: [demoIds.downtown, demoIds.uptown] });
    expect(both.statusCode, both.body).toBe(200);
    expect((await me(sam)).allowedLocations.sort()).toEqual([demoIds.downtown, demoIds.uptown].sort());

    const general = json<GeneralSettings>(await call(admin, 'GET', '/api/settings/general'));
    const downtown = general.stores.find((s) => s.id === demoIds.downtown)!;
    const store = await call(admin, 'PUT', `/api/settings/general/stores/${demoIds.downtown}`, {
      group: 'store',
      name: 'Downtown Centre',
      address: downtown.address,
      phone: downtown.phone,
      timeZone: 'Europe/Istanbul',
      taxNumber: downtown.taxNumber,
      hours: downtown.hours,
    });
    expect(store.statusCode, store.body).toBe(200);
    expect((await me(sam)).defaultstore).toMatchObject({ fD_Location: 'Downtown Centre', timeZone: 'Europe/Istanbul' });

    const colour = await call(admin, 'PUT', '/api/settings/general/company', { group: 'system', systemPrefs: { selectedRowBackColor: '#c8e6c9' } });
    expect(colour.statusCode, colour.body).toBe(200);
    expect((await me(sam)).systempref).toContainEqual({ fD_SettingKey: 'General|Selected row', fD_SettingValue: 'backcolor=#C8E6C9' });
  });

  it('follows each table behind the view, written directly', async () => {
    await me(sam);
    await owner(sql`update users set photo_url = 'data:image/png;base64,AAAA' where email = 'staff@clearview.test'`);
    expect((await me(sam)).data.photoURL).toBe('data:image/png;base64,AAAA');

    await owner(sql`delete from user_locations where user_id = ${sam.user.id} and location_id = ${demoIds.uptown}`);
    expect((await me(sam)).allowedLocations).toEqual([demoIds.downtown]);
    await owner(sql`insert into user_locations (tenant_id, user_id, location_id) values (${demoIds.clearview}, ${sam.user.id}, ${demoIds.uptown})`);
    expect((await me(sam)).allowedLocations.sort()).toEqual([demoIds.downtown, demoIds.uptown].sort());

    await owner(sql`update locations set logo = 'data:image/png;base64,BBBB' where id = ${demoIds.downtown}`);
    expect((await me(sam)).defaultstore?.fD_Companylogo).toBe('data:image/png;base64,BBBB');
    await owner(sql`update locations set logo = null where id = ${demoIds.downtown}`);
    await owner(sql`update companies set name = 'Clearview Opticians', logo = 'data:image/png;base64,CCCC' where tenant_id = ${demoIds.clearview}`);
    expect((await me(sam)).defaultstore).toMatchObject({ companyName: 'Clearview Opticians', fD_Companylogo: 'data:image/png;base64,CCCC' });
  });

  it("keeps one answer per user and store: another user's or another store's is never served", async () => {
    const jane = await signIn(h, 'patient@clearview.test', demo.clearview);
    const atUptown = await signIn(h, 'admin@clearview.test', { ...demo.clearview, locationid: demoIds.uptown });
    await me(sam);
    await me(admin);
    expect((await me(jane)).data.email).toBe('patient@clearview.test');
    expect((await me(admin)).defaultstore?.locationId).toBe(demoIds.downtown);
    expect((await me(atUptown)).defaultstore?.locationId).toBe(demoIds.uptown);
    expect((await me(sam)).data.email).toBe('staff@clearview.test');
  });

  it('ends with the session: a kept answer is not served after logout', async () => {
    const jane = await signIn(h, 'patient@clearview.test', demo.clearview);
    await me(jane);
    expect((await call(jane, 'POST', '/api/patient/logout')).statusCode).toBe(200);
    expect((await call(jane, 'GET', '/api/patient/me')).statusCode).toBe(401);
  });
});

describe('the kept answers of a process', () => {
  it('stay within their total length, dropping the oldest first; one longer than all of it is not kept', () => {
    const built = createBuiltUserViews(10);
    built.keep('a', '1.1', 'aaaa');
    built.keep('b', '1.1', 'bbbb');
    built.keep('a', '2.1', 'AAAAA');
    expect([built.get('a')?.json, built.get('b')?.json]).toEqual(['AAAAA', 'bbbb']);
    built.keep('c', '1.1', 'ccc');
    expect([built.get('a'), built.get('b'), built.get('c')?.json]).toEqual([expect.anything(), undefined, 'ccc']);
    expect(built.keep('d', '1.1', 'd'.repeat(11))).toBe('d'.repeat(11));
    expect(built.get('d')).toBeUndefined();
    expect(built.get('a')?.version).toBe('2.1');
  });
});
