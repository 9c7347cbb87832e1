/**
 * The company's staff, admin and kiosk accounts as an admin manages them: invitations (a temporary password that
 * the new-user flow replaces), roles, stores, menu access flags, unlocking, password resets, deactivation. Each
 * function runs inside request.work (one transaction, one audit row) in the admin's tenant: RLS keeps it there.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  menuFlags,
  type AccountSummary,
  type MenuAccessFlags,
} from '../../src/contract/users';
import { clearSignInFailures, lockedCondition } from '../auth/locks';
import { revokeAllSessions } from '../auth/sessions';
import { queryRows, type Tx } from '../db/client';
import { portalMappings, userLocations, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { composeAccountMessage } from '../messaging/messaging';
import { queueMessage } from '../messaging/outbox';
import { assertVersion, type Done } from '../scope/audited';
import { NotVisible, type Scope } from '../scope/scope';

interface AccountRow {
  id: string;
  email: string;
  display_name: string;
  roles: string[];
  menu_access: Record<string, boolean>;
  temp_password_expires_on: string | null;
  is_registered: boolean;
  disabled_at: Date | null;
  last_login_at: Date | null;
  updated_at: Date;
  stores: string[];
  locked: boolean;
}

/** Accounts an admin manages: people with a staff role and kiosk devices (patients are managed in the chart). */
const managed = sql`u.roles && array['admin', 'staff', 'kiosk']::text[]`;

function accountQuery(now: Date, where: ReturnType<typeof sql>) {
  return sql`select u.id, u.email, u.display_name, u.roles, u.menu_access,
      u.temp_password_expires_on::text as temp_password_expires_on, u.is_registered, u.disabled_at, u.last_login_at,
      u.updated_at,
      coalesce((select array_agg(ul.location_id::text order by ul.location_id) from user_locations ul where ul.user_id = u.id), '{}') as stores,
      ${lockedCondition(now)} as locked
    from users u
    where ${managed} and ${where}
    order by lower(u.display_name), u.email
    limit 500`;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toSummary(r: AccountRow, now: Date): AccountSummary {
  const today = now.toISOString().slice(0, 10);
  const status: AccountSummary['status'] = r.disabled_at
    ? 'deactivated'
    : r.is_registered
      ? 'active'
      : r.temp_password_expires_on && r.temp_password_expires_on < today
        ? 'inviteExpired'
        : 'invited';
  return {
    id: r.id,
    email: r.email,
    displayName: r.display_name,
    roles: r.roles,
    kind: r.roles.includes('kiosk') ? 'kiosk' : r.roles.includes('admin') ? 'admin' : 'staff',
    status,
    stores: r.stores,
    menuAccess: Object.fromEntries(menuFlags.map((f) => [String(f.menuId), r.menu_access[String(f.menuId)] !== false])),
    locked: r.locked,
    tempPasswordExpiresOn: r.temp_password_expires_on,
    lastLoginAt: iso(r.last_login_at),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listAccounts(tx: Tx, search: string | undefined, now: Date): Promise<AccountSummary[]> {
  const term = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? sql`(lower(u.email) like ${term} or lower(u.display_name) like ${term})` : sql`true`;
  const rows = await queryRows<AccountRow>(tx, accountQuery(now, where));
  return rows.map((r) => toSummary(r, now));
}

async function readAccount(tx: Tx, userId: string, now: Date): Promise<AccountSummary> {
  const [row] = await queryRows<AccountRow>(tx, accountQuery(now, sql`u.id = ${userId}`));
  if (!row) throw new NotVisible('user', userId);
  return toSummary(row, now);
}

/** The managed account, locked for the change; another company's, a patient's or none: 404. */
async function lockAccount(tx: Tx, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row || !row.roles.some((r) => r === 'admin' || r === 'staff' || r === 'kiosk')) throw new NotVisible('user', userId);
  return row;
}

/**
 * Refuses a change that would leave the company without an active admin. Every active admin row is locked first,
 * so two admins demoting each other at once cannot both pass.
 */
async function keepAnAdmin(tx: Tx, userId: string): Promise<void> {
  const admins = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where roles @> array['admin']::text[] and disabled_at is null and is_registered for update`,
  );
  if (!admins.some((a) => a.id !== userId)) throw new HttpError(409, 'access.lastAdmin');
}

/** The stores named must be this company's (RLS hides any other). */
async function requireStores(tx: Tx, stores: readonly string[]): Promise<void> {
  if (!stores.length) return;
  const rows = await queryRows<{ id: string }>(tx, sql`select id from locations where id = any(${`{${stores.join(',')}}`}::uuid[])`);
  if (rows.length !== stores.length) {
    throw new HttpError(400, 'request.fieldsInvalid', { fields: { stores: 'Stores must be stores of this company' } });
  }
}

async function setStores(tx: Tx, tenantId: string, userId: string, stores: readonly string[]): Promise<void> {
  await tx.delete(userLocations).where(eq(userLocations.userId, userId));
  if (stores.length) await tx.insert(userLocations).values(stores.map((locationId) => ({ tenantId, userId, locationId })));
}

/** A temporary password: 128 random bits, shown once in the invitation and stored only as its hash. */
export const temporaryPassword = () => randomBytes(16).toString('base64url');

const expiresOn = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString().slice(0, 10);

/** Where the invited person signs in: their first store's address, else the company's general sign-in page. */
async function signInAddress(tx: Tx, publicUrl: string, stores: readonly string[]): Promise<string> {
  const [mapping] = await tx
    .select({ company: portalMappings.companySlug, store: portalMappings.storeSlug })
    .from(portalMappings)
    .where(stores.length ? sql`${portalMappings.locationId} = any(${`{${stores.join(',')}}`}::uuid[])` : undefined)
    .orderBy(portalMappings.storeSlug)
    .limit(1);
  const base = publicUrl.replace(/\/+$/, '');
  return mapping ? `${base}/${mapping.company}/${mapping.store}` : `${base}/login`;
}

async function companyName(tx: Tx): Promise<string> {
  const [row] = await queryRows<{ name: string }>(tx, sql`select name from companies`);
  return row?.name ?? '';
}

export interface InviteInput {
  email: string;
  displayName: string;
  roles: ('admin' | 'staff')[];
  stores: string[];
  menuAccess: MenuAccessFlags;
}

export async function inviteAccount(
  tx: Tx,
  scope: Scope,
  input: InviteInput,
  temp: { password: string; hash: string },
  publicUrl: string,
  now: Date,
): Done<AccountSummary> {
  await requireStores(tx, input.stores);
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
  if (taken) throw new HttpError(409, 'access.emailTaken', { params: { email: input.email } });
  const until = expiresOn(now);
  const [row] = await tx
    .insert(users)
    .values({
      email: input.email,
      displayName: input.displayName,
      passwordHash: temp.hash,
      roles: input.roles,
      menuAccess: input.menuAccess,
      isRegistered: false,
      tempPasswordExpiresOn: until,
      defaultLocationId: input.stores[0] ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  await setStores(tx, scope.tenantId, row!.id, input.stores);
  const address = await signInAddress(tx, publicUrl, input.stores);
  const ref = await queueMessage(tx, {
    tenantId: scope.tenantId,
    channel: 'email',
    recipient: input.email,
    userId: row!.id,
    ...(await composeAccountMessage(tx, { userId: row!.id, key: 'user.invite', fields: { signInLink: address, temporaryPassword: temp.password, expiresOn: until } })),
  });
  return {
    result: await readAccount(tx, row!.id, now),
    audit: { targetType: 'user', targetId: row!.id, details: { roles: input.roles, stores: input.stores, menuAccess: input.menuAccess } },
    deliver: [ref],
  };
}

/** A new temporary password and expiry for an account that has not finished its registration. */
export async function reinvite(
  tx: Tx,
  scope: Scope,
  userId: string,
  temp: { password: string; hash: string },
  publicUrl: string,
  now: Date,
): Done<AccountSummary> {
  const user = await lockAccount(tx, userId);
  if (user.isRegistered) throw new HttpError(409, 'access.alreadyRegistered');
  if (user.disabledAt) throw new HttpError(409, 'access.deactivated');
  const until = expiresOn(now);
  await tx.update(users).set({ passwordHash: temp.hash, tempPasswordExpiresOn: until, updatedAt: now }).where(eq(users.id, userId));
  const stores = (await tx.select({ id: userLocations.locationId }).from(userLocations).where(eq(userLocations.userId, userId))).map((s) => s.id);
  const address = await signInAddress(tx, publicUrl, stores);
  const ref = await queueMessage(tx, {
    tenantId: scope.tenantId,
    channel: 'email',
    recipient: user.email,
    userId,
    ...(await composeAccountMessage(tx, { userId, key: 'user.invite', fields: { signInLink: address, temporaryPassword: temp.password, expiresOn: until } })),
  });
  return { result: await readAccount(tx, userId, now), audit: { targetType: 'user', targetId: userId, details: { expiresOn: until } }, deliver: [ref] };
}

export interface AccountChange {
  displayName?: string;
  roles?: ('admin' | 'staff')[];
  stores?: string[];
  menuAccess?: MenuAccessFlags;
}

export async function updateAccount(tx: Tx, scope: Scope, userId: string, input: AccountChange, now: Date, ifMatch?: string): Done<AccountSummary> {
  const user = await lockAccount(tx, userId);
  assertVersion(ifMatch, user.updatedAt);
  if (input.roles && user.roles.includes('kiosk')) {
    throw new HttpError(400, 'request.fieldsInvalid', { fields: { roles: 'A kiosk device keeps its kiosk role' } });
  }
  if (input.roles && user.roles.includes('admin') && !input.roles.includes('admin') && !user.disabledAt && user.isRegistered) {
    await keepAnAdmin(tx, userId);
  }
  if (input.stores) {
    await requireStores(tx, input.stores);
    await setStores(tx, scope.tenantId, userId, input.stores);
  }
  const menuAccess = input.menuAccess ? { ...user.menuAccess, ...input.menuAccess } : undefined;
  const keepsDefault = !input.stores || input.stores.length === 0 || (user.defaultLocationId !== null && input.stores.includes(user.defaultLocationId));
  await tx
    .update(users)
    .set({
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
      ...(input.roles ? { roles: input.roles } : {}),
      ...(menuAccess ? { menuAccess } : {}),
      ...(keepsDefault ? {} : { defaultLocationId: input.stores![0]! }),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return {
    result: await readAccount(tx, userId, now),
    audit: {
      targetType: 'user',
      targetId: userId,
      details: {
        changed: Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined),
        ...(input.roles ? { roles: { from: user.roles, to: input.roles } } : {}),
        ...(input.stores ? { stores: input.stores } : {}),
        ...(input.menuAccess ? { menuAccess: input.menuAccess } : {}),
      },
    },
  };
}

/** Deactivating ends every session of the account at once; its access tokens stop at their next request. */
export async function setActive(tx: Tx, scope: Scope, userId: string, active: boolean, now: Date, ifMatch?: string): Done<AccountSummary> {
  const user = await lockAccount(tx, userId);
  assertVersion(ifMatch, user.updatedAt);
  if (!active) {
    if (userId === scope.userId) throw new HttpError(409, 'access.notYourself');
    if (user.roles.includes('admin') && !user.disabledAt && user.isRegistered) await keepAnAdmin(tx, userId);
  }
  if (active === !user.disabledAt) return { result: await readAccount(tx, userId, now), audit: { targetType: 'user', targetId: userId, details: { unchanged: true } } };
  await tx.update(users).set({ disabledAt: active ? null : now, updatedAt: now }).where(eq(users.id, userId));
  if (!active) await revokeAllSessions(tx, userId, 'disabled', now);
  return { result: await readAccount(tx, userId, now), audit: { targetType: 'user', targetId: userId } };
}

export async function unlockAccount(tx: Tx, userId: string, now: Date): Done<AccountSummary> {
  await lockAccount(tx, userId);
  const counters = await clearSignInFailures(tx, userId);
  return { result: await readAccount(tx, userId, now), audit: { targetType: 'user', targetId: userId, details: { counters } } };
}

/**
 * Asks the person by email to set a new password through 'Forgot password?' at their sign-in address, where the
 * code is sent to them alone: the admin never learns or chooses the password.
 */
export async function sendPasswordReset(tx: Tx, scope: Scope, userId: string, publicUrl: string, now: Date): Done<{ ok: true }> {
  const user = await lockAccount(tx, userId);
  if (!user.isRegistered) throw new HttpError(409, 'access.notRegistered');
  if (user.disabledAt) throw new HttpError(409, 'access.deactivated');
  const stores = (await tx.select({ id: userLocations.locationId }).from(userLocations).where(eq(userLocations.userId, userId))).map((s) => s.id);
  const address = await signInAddress(tx, publicUrl, stores);
  const company = await companyName(tx);
  const ref = await queueMessage(tx, {
    tenantId: scope.tenantId,
    channel: 'email',
    recipient: user.email,
    userId,
    template: 'auth.reset-requested',
    subject: `Please set a new password for ${company}`,
    body:
      `Hello ${user.displayName},\n\nan administrator of ${company} asked you to set a new password. Open ${address}, ` +
      `choose 'Forgot password?' and enter this email address: we will send you a code to set your new password. ` +
      `Until then your current password keeps working.`,
  });
  return { result: { ok: true }, audit: { targetType: 'user', targetId: userId, details: { at: now.toISOString() } }, deliver: [ref] };
}
