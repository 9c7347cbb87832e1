import { eq, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../src/contract/common';
import type { User } from '../../src/contract/auth';
import { defaultThemeSettings, ThemeSettings } from '../../src/contract/settings';
import { resolveCompanySettings, selectedRowKey, selectedRowPref } from '../../src/contract/generalSettings';
import { queryRows, type Tx } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/** Columns of the user view, read in one statement (see userViewQuery). */
export interface UserViewRow {
  id: string;
  tenant_id: string;
  email: string;
  roles: string[];
  auth_from: string;
  display_name: string;
  photo_url: string | null;
  language: string | null;
  settings: unknown;
  shortcuts: string[];
  menu_access: Record<string, boolean>;
  settings_panel: boolean;
  temp_password_expires_on: string | null;
  is_registered: boolean;
  system_prefs: { fD_SettingKey: string; fD_SettingValue: string }[];
  /** companies.settings.systemPrefs: the company's system preferences (general settings) win over the user's. */
  company_system_prefs: unknown;
  company_name: string;
  company_logo: string | null;
  store_id: string | null;
  store_name: string | null;
  store_logo: string | null;
  store_time_zone: string | null;
  allowed: string[];
}

/**
 * What a user view was built from: the user's and the company's view_version, which triggers move on whenever
 * anything the view shows changes (the user row or its stores, the company row or any of its stores; migration 0035).
 */
const viewVersion = sql`u.view_version || '.' || c.view_version`;

/**
 * The account, its company, the store (the one signed in at, else the default) and the stores it is limited to,
 * in one statement: the current user is read on every start-up, so it is kept to one round trip. The row travels
 * as one json column (`view`): the driver then builds one value parser per answer instead of 24, which is most of
 * its work on the hottest authenticated read (docs/operations.md, the /me profile). `version` beside it is the
 * view's version, read in the same snapshot.
 */
export function userViewQuery(userId: string, storeId: string | null | undefined): SQL {
  return sql`select v.version, row_to_json(v) as view from (select ${viewVersion} as version, u.id, u.tenant_id, u.email, u.roles, u.auth_from,
      u.display_name, u.photo_url, u.language, u.settings, u.shortcuts, u.menu_access, u.settings_panel,
      u.temp_password_expires_on::text as temp_password_expires_on, u.is_registered, u.system_prefs,
      c.settings->'systemPrefs' as company_system_prefs, c.name as company_name, c.logo as company_logo,
      l.id as store_id, l.name as store_name, l.logo as store_logo, l.time_zone as store_time_zone,
      coalesce((select array_agg(ul.location_id::text) from user_locations ul where ul.user_id = u.id), '{}') as allowed
    from users u
    join companies c on c.tenant_id = u.tenant_id
    left join locations l on l.tenant_id = u.tenant_id and l.id = coalesce(${storeId ?? null}::uuid, u.default_location_id)
    where u.id = ${userId}) v`;
}

/** A userViewQuery answer's row. */
export interface UserViewAnswer {
  version: string;
  view: UserViewRow;
}

/**
 * Only the user view's version: two rows by their keys, where the view itself reads four tables. What a kept answer
 * is checked against (createBuiltUserViews).
 */
export function userViewVersionQuery(userId: string): SQL {
  return sql`select ${viewVersion} as version from users u join companies c on c.tenant_id = u.tenant_id where u.id = ${userId}`;
}

/**
 * The /me answers one process built, by tenant, user and store, with the version each was built from: served again
 * while userViewVersionQuery gives that version, so an unchanged user costs neither the view's query nor its
 * serialisation (docs/operations.md, run 16). Correct across processes: the version is read from the database on
 * every request, in the statement that checks the session. Bounded by their total length, not their number, since
 * an answer carries the store's and the user's images (up to a few hundred KB); the oldest are dropped first.
 */
export function createBuiltUserViews(maxChars = 32 * 1024 * 1024) {
  const built = new Map<string, { version: string; json: string }>();
  let chars = 0;
  const drop = (key: string) => {
    const old = built.get(key);
    if (!old) return;
    built.delete(key);
    chars -= old.json.length;
  };
  return {
    get: (key: string) => built.get(key),
    keep(key: string, version: string, json: string): string {
      drop(key);
      if (json.length > maxChars) return json;
      while (chars + json.length > maxChars) drop(built.keys().next().value!);
      built.set(key, { version, json });
      chars += json.length;
      return json;
    },
  };
}

/** The user's own entries, with the company's 'General|Selected row' (general settings) in place of the user's. */
function systemPrefsOf(row: UserViewRow): User['systempref'] {
  if (row.company_system_prefs == null) return row.system_prefs;
  const company = resolveCompanySettings({ systemPrefs: row.company_system_prefs }).systemPrefs;
  return [...row.system_prefs.filter((p) => p.fD_SettingKey !== selectedRowKey), selectedRowPref(company)];
}

/** The spec's User object for the browser: no hashes, counters or other accounts' data. */
export function toUserView(row: UserViewRow): User {
  // Most accounts have saved none: no zod error (the costly path of a parse) to build on every /me for them.
  const saved = row.settings == null ? undefined : ThemeSettings.safeParse(row.settings);
  const roles = row.roles as Role[];
  return {
    id: row.id,
    tenantId: row.tenant_id,
    role: roles,
    from: row.auth_from,
    redirectUrl: null,
    tempPwdExpiryDate: row.temp_password_expires_on,
    isRegistered: row.is_registered ? 1 : 0,
    defaultstore: row.store_id
      ? {
          locationId: row.store_id,
          fD_Location: row.store_name ?? '',
          fD_Companylogo: row.store_logo ?? row.company_logo,
          companyName: row.company_name,
          timeZone: row.store_time_zone ?? 'UTC',
        }
      : null,
    allowedLocations: row.allowed,
    systempref: systemPrefsOf(row),
    data: {
      displayName: row.display_name,
      photoURL: row.photo_url,
      email: row.email,
      language: row.language === 'en' || row.language === 'tr' || row.language === 'ar' ? row.language : null,
      role: roles,
      shortcuts: row.shortcuts,
      settingsPanel: row.settings_panel,
      settings: {
        ...(saved?.success ? saved.data : defaultThemeSettings),
        navigation: Object.entries(row.menu_access).map(([menuId, access]) => ({ menuId: Number(menuId), access })),
      },
    },
  };
}

export async function loadUserView(tx: Tx, userId: string, storeId: string | null | undefined): Promise<User | undefined> {
  const [row] = await queryRows<UserViewAnswer>(tx, userViewQuery(userId, storeId));
  return row && toUserView(row.view);
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
