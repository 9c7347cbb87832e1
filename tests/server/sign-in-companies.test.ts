/**
 * One email address in two companies, signing in where no company is named (/admin, /kiosk/login): a company that
 * invites an address another company uses cannot lock that person out; only active accounts of active companies
 * count (one of a suspended company only where it is the only one, and then its right password is told why); a person whose
 * password opens accounts in both is asked which company, and only then, with only those companies named.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../src/contract/users';
import { bearer, DEMO_PASSWORD, demo, demoIds, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let blair: SignedIn;
beforeAll(async () => {
  h = await startHarness();
  blair = await signIn(h, 'admin@brightsight.test', demo.brightsight);
});
afterAll(() => h.close());

const post = (url: string, payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url, payload });
const adminPage = (username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) => ({ username, password, ...extra });

/** Brightsight invites an address; answers the new account. */
async function brightsightInvites(email: string, roles: ('admin' | 'staff')[] = ['staff']): Promise<AccountSummary> {
  const res = await h.app.inject({ method: 'POST', url: '/api/access/users', headers: bearer(blair), payload: { email, displayName: 'Someone Else', roles } });
  expect(res.statusCode, res.body).toBe(201);
  return json<AccountSummary>(res);
}

/** The account in Brightsight takes the password the Clearview one has, and finishes its registration. */
async function samePasswordAs(email: string) {
  await ownerRows(
    h,
    sql`update users b set password_hash = c.password_hash, is_registered = true, temp_password_expires_on = null
        from users c where b.tenant_id = ${demoIds.brightsight} and c.tenant_id = ${demoIds.clearview} and b.email = ${email} and c.email = ${email}`,
  );
}

describe('an address another company invites', () => {
  it('still signs in at /admin and /kiosk/login, straight into its own company', async () => {
    await brightsightInvites('admin@clearview.test', ['admin']);
    await brightsightInvites('kiosk.downtown@clearview.test');
    // The invitation names the company it comes from.
    expect(await lastMessageTo(h, 'admin@clearview.test')).toContain('Brightsight Eyecare');

    const code = await post('/api/patient/authcode', adminPage('admin@clearview.test'));
    expect(code.statusCode, code.body).toBe(200);
    expect(json(code)).toMatchObject({ isauth: true, role: ['admin'] });
    const admin = await post('/api/patient/login', adminPage('admin@clearview.test'));
    expect(admin.statusCode, admin.body).toBe(200);
    expect(json(admin)).toMatchObject({ tenantID: demoIds.clearview, user: { role: ['admin'] } });

    const kiosk = await post('/api/patient/login', adminPage('kiosk.downtown@clearview.test', DEMO_PASSWORD, { isKiosk: true }));
    expect(kiosk.statusCode, kiosk.body).toBe(200);
    expect(json(kiosk)).toMatchObject({ tenantID: demoIds.clearview, user: { role: ['kiosk'] } });

    // A wrong password is the one refusal it always was.
    const wrong = await post('/api/patient/login', adminPage('admin@clearview.test', 'not-the-password'));
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ code: 'auth.invalidCredentials' });
  });
});

describe('a person with accounts in two companies', () => {
  it('is asked which company only once the password matched in both, with those two named; the store address still works', async () => {
    await brightsightInvites('staff@clearview.test', ['admin']);
    await samePasswordAs('staff@clearview.test');
    // Sam is staff at Clearview, admin at Brightsight: /admin admits only the admin account, so no question.
    const direct = await post('/api/patient/login', adminPage('staff@clearview.test'));
    expect(direct.statusCode, direct.body).toBe(200);
    expect(json(direct)).toMatchObject({ tenantID: demoIds.brightsight });

    await brightsightInvites('admin2@clearview.test', ['admin']);
    await ownerRows(
      h,
      sql`insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id, is_registered)
          select ${demoIds.clearview}, 'admin2@clearview.test', password_hash, roles, 'Alex Two', default_location_id, true from users where email = 'admin@clearview.test' and tenant_id = ${demoIds.clearview}`,
    );
    await samePasswordAs('admin2@clearview.test');

    const asked = await post('/api/patient/authcode', adminPage('admin2@clearview.test'));
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = json<{ isauth: boolean; companies: { tenantID: string; companyName: string }[] }>(asked);
    expect(answer.isauth).toBe(false);
    expect(answer.companies).toEqual([
      { tenantID: demoIds.brightsight, companyName: 'Brightsight Eyecare' },
      { tenantID: demoIds.clearview, companyName: 'Clearview Optical' },
    ]);
    const login = await post('/api/patient/login', adminPage('admin2@clearview.test'));
    expect(login.statusCode).toBe(409);
    expect(json(login)).toMatchObject({ code: 'auth.chooseCompany', details: { companies: answer.companies } });

    // Without the password nothing is named.
    const guess = await post('/api/patient/authcode', adminPage('admin2@clearview.test', 'a-wrong-guess'));
    expect(guess.statusCode).toBe(401);
    expect(guess.body).not.toMatch(/Brightsight|Clearview/);

    for (const tenentID of [demoIds.clearview, demoIds.brightsight]) {
      const chosen = await post('/api/patient/login', adminPage('admin2@clearview.test', DEMO_PASSWORD, { tenentID }));
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(json(chosen)).toMatchObject({ tenantID: tenentID });
    }
    const atStore = await post('/api/patient/login', adminPage('admin2@clearview.test', DEMO_PASSWORD, demo.brightsight));
    expect(json(atStore)).toMatchObject({ tenantID: demoIds.brightsight });
  });

  it('counts only active accounts: a deactivated one is no second company', async () => {
    const invited = await brightsightInvites('optician@clearview.test', ['admin']);
    await ownerRows(
      h,
      sql`insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id, is_registered)
          select ${demoIds.clearview}, 'optician@clearview.test', password_hash, roles, 'Olive Optician', default_location_id, true from users where email = 'admin@clearview.test' and tenant_id = ${demoIds.clearview}`,
    );
    await samePasswordAs('optician@clearview.test');
    expect((await post('/api/patient/login', adminPage('optician@clearview.test'))).statusCode).toBe(409);
    const off = await h.app.inject({ method: 'POST', url: `/api/access/users/${invited.id}/deactivate`, headers: { ...bearer(blair), 'if-match': `"${invited.updatedAt}"` } });
    expect(off.statusCode, off.body).toBe(200);
    const login = await post('/api/patient/login', adminPage('optician@clearview.test'));
    expect(login.statusCode, login.body).toBe(200);
    expect(json(login)).toMatchObject({ tenantID: demoIds.clearview });
  });

  it("a suspended company's account is no second company, and where it is the only one its right password is told why", async () => {
    await brightsightInvites('lensmaker@clearview.test', ['admin']);
    await ownerRows(
      h,
      sql`insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id, is_registered)
          select ${demoIds.clearview}, 'lensmaker@clearview.test', password_hash, roles, 'Lena Lensmaker', default_location_id, true from users where email = 'admin@clearview.test' and tenant_id = ${demoIds.clearview}`,
    );
    await samePasswordAs('lensmaker@clearview.test');
    const onlyThere = await brightsightInvites('framer@brightsight.test', ['admin']);
    await ownerRows(h, sql`update users set is_registered = true, temp_password_expires_on = null, password_hash = (select password_hash from users where email = 'admin@clearview.test' and tenant_id = ${demoIds.clearview}) where id = ${onlyThere.id}`);
    await ownerRows(h, sql`update companies set suspended_at = now() where tenant_id = ${demoIds.brightsight}`);
    try {
      const login = await post('/api/patient/login', adminPage('lensmaker@clearview.test'));
      expect(login.statusCode, login.body).toBe(200);
      expect(json(login)).toMatchObject({ tenantID: demoIds.clearview });
      const suspended = await post('/api/patient/login', adminPage('framer@brightsight.test'));
      expect({ status: suspended.statusCode, body: json(suspended) }).toMatchObject({ status: 403, body: { code: 'auth.companySuspended' } });
      const guessed = await post('/api/patient/login', adminPage('framer@brightsight.test', 'Not-The-Password-1'));
      expect(guessed.statusCode).toBe(401);
    } finally {
      await ownerRows(h, sql`update companies set suspended_at = null where tenant_id = ${demoIds.brightsight}`);
    }
  });
});
