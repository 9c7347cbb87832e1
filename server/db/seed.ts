/**
 * The fixed demo data of shared/design/domain.md, written once on an empty database (a marker in app_meta makes
 * later starts change nothing). Every demo account's password is `Demo-Pass-2026!`.
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { PLATFORM_TENANT_ID } from '../tenancy/platform';
import type { Db } from './client';
import { STARTUP_LOCK } from './migrate';
import { appMeta, companies, locations, portalMappings, userLocations, users } from './schema';
import { seedEforms } from './seed-eforms';
import { seedInbox } from './seed-inbox';
import { seedPos } from './seed-pos';
import { seedRecords } from './seed-records';
import { seedBookingRules } from './seed-booking';
import { seedSaleToReview } from '../pos/demoSale';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export const demoIds = {
  platform: PLATFORM_TENANT_ID,
  clearview: 'c1ea0000-0000-4000-8000-000000000001',
  brightsight: 'b1e00000-0000-4000-8000-000000000002',
  downtown: 'c1ea0000-0000-4000-8000-00000000d001',
  uptown: 'c1ea0000-0000-4000-8000-00000000d002',
  main: 'b1e00000-0000-4000-8000-00000000d001',
  /** Patient records (not accounts): Jane Doe of Clearview and John Roe of Brightsight. */
  janeDoe: 'c1ea0000-0000-4000-8000-0000000a0001',
  johnRoe: 'b1e00000-0000-4000-8000-0000000a0001',
} as const;

/** The demo accounts' user ids by email, for the record seeds that link a patient to a portal account. */
export type DemoUserIds = Record<string, string>;

const SEED_MARKER = 'demo_seed';

function svgLogo(initials: string, background: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${background}"/><circle cx="34" cy="48" r="14" fill="none" stroke="#fff" stroke-width="5"/><circle cx="62" cy="48" r="14" fill="none" stroke="#fff" stroke-width="5"/><text x="48" y="86" font-family="sans-serif" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

interface DemoAccount {
  tenantId: string;
  email: string;
  displayName: string;
  roles: string[];
  defaultLocationId: string | null;
  onlyLocations?: string[];
  tempPasswordExpiresOn?: string;
}

async function marked(db: Db, key: string): Promise<boolean> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return !!done;
}

/**
 * The seed's transaction, after the start-up lock: instances starting together on an empty database would otherwise
 * both find no marker and race to write the same rows. The one that waited finds the other's marker and seeds nothing.
 */
async function seedOnce(db: Db, marker: string, seed: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK}::bigint)`);
    if (await marked(tx, marker)) return false;
    await seed(tx);
    return true;
  });
}

export async function seedDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await marked(db, SEED_MARKER)) return seedPosOnce(db, now);

  const day = 24 * 60 * 60 * 1000;
  const accounts: DemoAccount[] = [
    { tenantId: demoIds.platform, email: 'enterprise@portal.test', displayName: 'Erin Enterprise', roles: ['enterpriseadmin'], defaultLocationId: null },
    { tenantId: demoIds.clearview, email: 'admin@clearview.test', displayName: 'Alex Admin', roles: ['admin'], defaultLocationId: demoIds.downtown },
    { tenantId: demoIds.clearview, email: 'staff@clearview.test', displayName: 'Sam Staff', roles: ['staff'], defaultLocationId: demoIds.downtown, onlyLocations: [demoIds.downtown] },
    { tenantId: demoIds.clearview, email: 'patient@clearview.test', displayName: 'Jane Doe', roles: ['patient'], defaultLocationId: demoIds.downtown },
    { tenantId: demoIds.clearview, email: 'kiosk.downtown@clearview.test', displayName: 'Downtown Kiosk', roles: ['kiosk'], defaultLocationId: demoIds.downtown, onlyLocations: [demoIds.downtown] },
    { tenantId: demoIds.clearview, email: 'newuser@clearview.test', displayName: 'Nora Newman', roles: ['patient'], defaultLocationId: demoIds.downtown, tempPasswordExpiresOn: isoDate(new Date(now.getTime() + 7 * day)) },
    { tenantId: demoIds.clearview, email: 'expired@clearview.test', displayName: 'Evan Price', roles: ['patient'], defaultLocationId: demoIds.downtown, tempPasswordExpiresOn: isoDate(new Date(now.getTime() - day)) },
    { tenantId: demoIds.brightsight, email: 'admin@brightsight.test', displayName: 'Blair Admin', roles: ['admin'], defaultLocationId: demoIds.main },
    { tenantId: demoIds.brightsight, email: 'patient@brightsight.test', displayName: 'John Roe', roles: ['patient'], defaultLocationId: demoIds.main },
  ];
  const hashes = await Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD)));

  return seedOnce(db, SEED_MARKER, async (tx) => {
    await tx.insert(appMeta).values({ key: SEED_MARKER, value: now.toISOString() });
    await tx.insert(companies).values([
      { tenantId: demoIds.clearview, slug: 'clearview', name: 'Clearview Optical', logo: svgLogo('CLEARVIEW', '#006565') },
      { tenantId: demoIds.brightsight, slug: 'brightsight', name: 'Brightsight Eyecare', logo: svgLogo('BRIGHTSIGHT', '#5854B1') },
    ]);
    await tx.insert(locations).values([
      { tenantId: demoIds.clearview, id: demoIds.downtown, slug: 'downtown', name: 'Downtown', address: '120 Market Street, Springfield', phone: '+1 555 0100', timeZone: 'America/New_York', taxRateBp: 825, currency: 'USD' },
      { tenantId: demoIds.clearview, id: demoIds.uptown, slug: 'uptown', name: 'Uptown', address: '88 Hill Avenue, Springfield', phone: '+1 555 0101', timeZone: 'America/New_York', taxRateBp: 825, currency: 'USD' },
      { tenantId: demoIds.brightsight, id: demoIds.main, slug: 'main', name: 'Main Street', address: '5 Main Street, Riverton', phone: '+1 555 0200', timeZone: 'America/Chicago', taxRateBp: 700, currency: 'USD' },
    ]);
    await tx.insert(portalMappings).values([
      { tenantId: demoIds.clearview, companySlug: 'clearview', storeSlug: 'downtown', locationId: demoIds.downtown },
      { tenantId: demoIds.clearview, companySlug: 'clearview', storeSlug: 'uptown', locationId: demoIds.uptown },
      { tenantId: demoIds.brightsight, companySlug: 'brightsight', storeSlug: 'main', locationId: demoIds.main },
    ]);
    const userIds: DemoUserIds = {};
    for (const [i, a] of accounts.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: a.tenantId,
          email: a.email,
          passwordHash: hashes[i]!,
          roles: a.roles,
          displayName: a.displayName,
          defaultLocationId: a.defaultLocationId,
          isRegistered: !a.tempPasswordExpiresOn,
          tempPasswordExpiresOn: a.tempPasswordExpiresOn ?? null,
          systemPrefs: [{ fD_SettingKey: 'General|Selected row', fD_SettingValue: 'backcolor=#E3F2FD;forecolor=#0D47A1' }],
        })
        .returning({ id: users.id });
      userIds[a.email] = user!.id;
      for (const locationId of a.onlyLocations ?? []) {
        await tx.insert(userLocations).values({ tenantId: a.tenantId, userId: user!.id, locationId });
      }
    }
    // Patients, prescriptions, appointments, invoices, lab orders, recalls; then eForms (which need the patients).
    await seedRecords(tx, now, userIds);
    await seedEforms(tx, now, userIds);
    await seedInbox(tx, now, userIds);
    await seedBookingRules(tx, now, userIds);
    await tx.insert(appMeta).values({ key: POS_SEED_MARKER, value: now.toISOString() });
    await seedPos(tx);
    await seedSaleToReview(tx, now, { tenantId: demoIds.clearview, locationId: demoIds.downtown, timeZone: 'America/New_York', staffId: userIds['staff@clearview.test']! });
  });
}

const POS_SEED_MARKER = 'demo_seed_pos';

/** A database seeded before the point of sale existed gets its demo catalogue and registers once. */
async function seedPosOnce(db: Db, now: Date): Promise<boolean> {
  if (await marked(db, POS_SEED_MARKER)) return false;
  return seedOnce(db, POS_SEED_MARKER, async (tx) => {
    await tx.insert(appMeta).values({ key: POS_SEED_MARKER, value: now.toISOString() });
    await seedPos(tx);
  });
}
