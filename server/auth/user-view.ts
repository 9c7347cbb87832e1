import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../src/contract/common';
import type { User } from '../../src/contract/auth';
import { defaultThemeSettings, ThemeSettings } from '../../src/contract/settings';
import type { Tx } from '../db/client';
import { companies, locations, userLocations, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/** The stores a user is limited to; an empty list means every store of the company. */
export async function allowedLocationIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, userId));
  return rows.map((r) => r.id);
}

export async function locationExists(tx: Tx, locationId: string): Promise<boolean> {
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  return row !== undefined;
}

/**
 * The spec's User object for the browser (no hashes, counters or other accounts' data), read in one query:
 * the account, its company, the store (the one signed in at, else the default) and the stores it is limited to.
 */
export async function loadUserView(tx: Tx, userId: string, storeId: string | null | undefined): Promise<User | undefined> {
  const [row] = await tx
    .select({
      user: users,
      companyName: companies.name,
      companyLogo: companies.logo,
      store: { id: locations.id, name: locations.name, logo: locations.logo, timeZone: locations.timeZone },
      allowed: sql<string[]>`coalesce((select array_agg(${userLocations.locationId}::text) from ${userLocations} where ${userLocations.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.tenantId, users.tenantId))
    .leftJoin(
      locations,
      and(eq(locations.tenantId, users.tenantId), eq(locations.id, sql`coalesce(${storeId ?? null}::uuid, ${users.defaultLocationId})`)),
    )
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, store } = row;
  const saved = ThemeSettings.safeParse(user.settings);
  const roles = user.roles as Role[];
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: roles,
    from: user.authFrom,
    redirectUrl: null,
    tempPwdExpiryDate: user.tempPasswordExpiresOn,
    isRegistered: user.isRegistered ? 1 : 0,
    defaultstore: store
      ? {
          locationId: store.id,
          fD_Location: store.name,
          fD_Companylogo: store.logo ?? row.companyLogo,
          companyName: row.companyName,
          timeZone: store.timeZone,
        }
      : null,
    allowedLocations: row.allowed,
    systempref: user.systemPrefs,
    data: {
      displayName: user.displayName,
      photoURL: user.photoUrl,
      email: user.email,
      role: roles,
      shortcuts: user.shortcuts,
      settingsPanel: user.settingsPanel,
      settings: {
        ...(saved.success ? saved.data : defaultThemeSettings),
        navigation: Object.entries(user.menuAccess).map(([menuId, access]) => ({ menuId: Number(menuId), access })),
      },
    },
  };
}

/** The new-user flow's view: the account's name and email only, with the newuser role. */
export function newUserView(user: UserRow): User {
  return {
    id: user.id,
    tenantId: user.tenantId,
    role: ['newuser'],
    from: user.authFrom,
    redirectUrl: null,
    tempPwdExpiryDate: user.tempPasswordExpiresOn,
    isRegistered: 0,
    defaultstore: null,
    allowedLocations: [],
    systempref: [],
    data: {
      displayName: user.displayName,
      photoURL: null,
      email: user.email,
      role: ['newuser'],
      shortcuts: [],
      settingsPanel: false,
      settings: { ...defaultThemeSettings, navigation: [] },
    },
  };
}
