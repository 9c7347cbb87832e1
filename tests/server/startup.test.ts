import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRuntimeRoleIsConfined, migrateDatabase } from '../../server/db/migrate';
import { seedDemoData } from '../../server/db/seed';
import { ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const counts = () =>
  ownerRows<{ companies: number; users: number; locations: number; mappings: number }>(
    h,
    sql`select (select count(*)::int from companies) as companies, (select count(*)::int from users) as users,
          (select count(*)::int from locations) as locations, (select count(*)::int from portal_mappings) as mappings`,
  );

describe('start-up', () => {
  it('seeds the demo data of domain.md once; a second start changes nothing', async () => {
    const before = await counts();
    expect(before[0]).toEqual({ companies: 3, users: 9, locations: 3, mappings: 3 });
    await migrateDatabase(h.db);
    expect(await seedDemoData(h.db.owner)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('has the demo accounts of domain.md', async () => {
    const rows = await ownerRows<{ email: string; roles: string[]; is_registered: boolean; company: string }>(
      h,
      sql`select u.email, u.roles, u.is_registered, c.slug as company from users u join companies c using (tenant_id) order by u.email`,
    );
    expect(rows.map((r) => `${r.company}:${r.email}:${r.roles.join('+')}:${r.is_registered}`).sort()).toEqual([
      'brightsight:admin@brightsight.test:admin:true',
      'brightsight:patient@brightsight.test:patient:true',
      'clearview:admin@clearview.test:admin:true',
      'clearview:expired@clearview.test:patient:false',
      'clearview:kiosk.downtown@clearview.test:kiosk:true',
      'clearview:newuser@clearview.test:patient:false',
      'clearview:patient@clearview.test:patient:true',
      'clearview:staff@clearview.test:staff:true',
      'portal:enterprise@portal.test:enterpriseadmin:true',
    ]);
  });

  // Roles are shared by every database of a PostgreSQL cluster; changing one would disturb the files running
  // beside this one, so this check runs on the embedded database only.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('refuses to serve when the runtime role could bypass RLS', async () => {
    await h.db.owner.execute(sql`alter role app_runtime bypassrls`);
    await expect(assertRuntimeRoleIsConfined(h.db)).rejects.toThrow(/refusing to serve/);
    await h.db.owner.execute(sql`alter role app_runtime nobypassrls`);
    await expect(assertRuntimeRoleIsConfined(h.db)).resolves.toBeUndefined();
  });
});
