import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/client';
import { locations, users } from '../../server/db/schema';
import { auditActions, bearer, demo, demoIds, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let jane: SignedIn;
let clearviewAdmin: SignedIn;
beforeAll(async () => {
  h = await startHarness();
  jane = await signIn(h, 'patient@clearview.test');
  clearviewAdmin = await signIn(h, 'admin@clearview.test', {});
});
afterAll(() => h.close());

const get = (url: string, s: SignedIn, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(s), ...headers } });
const foreign = /brightsight|Main Street|John Roe|b1e00000/i;

describe('a user of one company asking for the other company', () => {
  it('by id: 404, no byte of the other company, and the attempt is audited', async () => {
    const res = await get(`/api/stores/${demoIds.main}`, clearviewAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(foreign);
    const events = await auditActions(h, demoIds.clearview);
    expect(events).toContainEqual(expect.objectContaining({ action: 'store.read', outcome: 'denied', details: { locationId: demoIds.main } }));
  });

  it('by slug: 404 and audited', async () => {
    const res = await get('/api/stores/by-slug/main', jane);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(foreign);
    const events = await auditActions(h, demoIds.clearview);
    expect(events).toContainEqual(expect.objectContaining({ action: 'store.read', outcome: 'denied', details: { slug: 'main' } }));
  });

  it('with a forged tenant header: 403 and audited', async () => {
    for (const url of ['/api/patient/me', '/api/stores', `/api/stores/${demoIds.main}`]) {
      const res = await get(url, jane, { 'x-tenant-id': demoIds.brightsight });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: 'The tenant of this request does not match your session.', code: 'tenancy.tenantMismatch' });
    }
    const events = await auditActions(h, demoIds.clearview);
    expect(events.filter((e) => e.action === 'tenant.header_mismatch')).toHaveLength(3);
    // The matching header is fine.
    expect((await get('/api/patient/me', jane, { 'x-tenant-id': demoIds.clearview })).statusCode).toBe(200);
  });

  it('lists only its own stores; staff limited to Downtown see Downtown only', async () => {
    const all = (await get('/api/stores', clearviewAdmin)).json().stores.map((s: { name: string }) => s.name);
    expect(all).toEqual(['Downtown', 'Uptown']);
    const staff = await signIn(h, 'staff@clearview.test');
    expect((await get('/api/stores', staff)).json().stores.map((s: { name: string }) => s.name)).toEqual(['Downtown']);
    expect((await get(`/api/stores/${demoIds.uptown}`, staff)).statusCode).toBe(404);
    const john = await signIn(h, 'patient@brightsight.test', demo.brightsight);
    const his = await get('/api/stores', john);
    expect(his.json().stores.map((s: { name: string }) => s.name)).toEqual(['Main Street']);
    expect(his.body).not.toMatch(/clearview|Downtown|Uptown|c1ea0000/i);
  });

  it("cannot sign in to the other company with its own account", async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'patient@clearview.test', password: 'Demo-Pass-2026!', ...demo.brightsight } });
    expect(res.statusCode).toBe(401);
  });
});

describe('row-level security underneath the API', () => {
  it('a transaction of one tenant sees none of the other tenant\'s rows, even when asking for them by id', async () => {
    const seen = await withTenant(h.db, demoIds.clearview, (tx) => tx.select().from(locations));
    expect(seen.map((l) => l.tenantId)).toEqual([demoIds.clearview, demoIds.clearview]);
    const byId = await withTenant(h.db, demoIds.clearview, (tx) =>
      tx.execute(sql`select * from locations where id = ${demoIds.main}`),
    );
    expect((byId as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    const everyone = await withTenant(h.db, demoIds.clearview, (tx) => tx.select({ email: users.email }).from(users));
    expect(everyone.map((u) => u.email).join()).not.toMatch(/brightsight|portal\.test/);
  });

  it("refuses to write a row into another tenant", async () => {
    await expect(
      withTenant(h.db, demoIds.clearview, (tx) =>
        tx.insert(locations).values({ tenantId: demoIds.brightsight, slug: 'sneaky', name: 'Sneaky' }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(h.db, demoIds.clearview, (tx) =>
        tx.execute(sql`update locations set tenant_id = ${demoIds.brightsight} where id = ${demoIds.uptown}`),
      ),
    ).rejects.toThrow();
  });

  it('sees nothing without a tenant, and the settings do not leak to the next transaction', async () => {
    await withTenant(h.db, demoIds.clearview, (tx) => tx.select().from(locations));
    const after = await h.db.owner.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'app_runtime', true)`);
      return tx.select().from(locations);
    });
    expect(after).toHaveLength(0);
    const [role] = (await h.db.owner.execute(sql`select current_user as u, current_setting('app.tenant_id', true) as t`) as unknown as { rows: { u: string; t: string | null }[] }).rows;
    expect(role!.u).not.toBe('app_runtime');
    expect(role!.t ?? '').toBe('');
  });

  it('the audit log is append-only for the runtime role', async () => {
    const failure = (statement: ReturnType<typeof sql>) =>
      withTenant(h.db, demoIds.clearview, (tx) => tx.execute(statement)).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await failure(sql`delete from audit_log`)).toMatch(/permission denied/);
    expect(await failure(sql`update audit_log set outcome = 'success'`)).toMatch(/permission denied/);
  });
});
