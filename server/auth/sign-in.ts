/**
 * Checking a user name and password for one of the sign-in variants, with the lockout and growing delay of
 * security.md. Reads and writes are split around the (slow, bounded) password hash check so no transaction is
 * held open while it runs.
 */
import { sql } from 'drizzle-orm';
import type { LoginRequest } from '../../src/contract/auth';
import { audit } from '../audit/audit';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { companies, users } from '../db/schema';
import { PLATFORM_TENANT_ID } from '../tenancy/platform';
import { verifyPassword } from './passwords';
import { canSeeStore, locationExists, storesOf } from '../scope/scope';
import { findUserByEmail, type UserRow } from './user-view';

export const FAILURES_BEFORE_DELAY = 5;
export const FAILURES_BEFORE_LOCK = 10;
export const LOCK_MINUTES = 15;

/** Seconds to wait after `failures` consecutive failures: 1, 2, 4, 8, 16 from the fifth on. */
export function throttleSeconds(failures: number): number {
  return failures < FAILURES_BEFORE_DELAY ? 0 : 2 ** (failures - FAILURES_BEFORE_DELAY);
}

export type Variant = 'enterprise' | 'kiosk' | 'store' | 'patient' | 'admin';

export function variantOf(body: LoginRequest): Variant {
  if (body.isEnterpriseAdmin) return 'enterprise';
  if (body.isKiosk) return 'kiosk';
  if (body.locationid) return 'store';
  if (body.isPatient) return 'patient';
  return 'admin';
}

export type CredentialCheck =
  | { kind: 'refused'; tenantId: string | null }
  | { kind: 'registrationExpired'; tenantId: string; user: UserRow }
  | { kind: 'newUser'; tenantId: string; user: UserRow }
  | { kind: 'accepted'; tenantId: string; user: UserRow; locationId: string | null; variant: Variant };

/** Which tenant a sign-in is for: the platform, the one named by the store address, or the one holding the account. */
async function resolveTenant(db: Database, body: LoginRequest, headerTenant: string | undefined): Promise<string | null> {
  if (body.isEnterpriseAdmin) return PLATFORM_TENANT_ID;
  const named = body.tenentID ?? headerTenant;
  if (named) {
    if (named === PLATFORM_TENANT_ID) return null;
    const [company] = await withTenant(db, named, (tx) => tx.select({ id: companies.tenantId }).from(companies));
    return company ? named : null;
  }
  const rows = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string }>(tx, sql`select tenant_id from app_find_account_tenants(${body.username})`),
  );
  // An email in several companies needs the store address to tell which account is meant.
  return rows.length === 1 ? rows[0]!.tenant_id : null;
}

function roleFits(variant: Variant, roles: string[]): boolean {
  switch (variant) {
    case 'enterprise':
      return roles.includes('enterpriseadmin');
    case 'kiosk':
      return roles.includes('kiosk');
    case 'admin':
      return roles.includes('admin');
    default:
      // Store and patient addresses admit patients and staff, never device or platform accounts.
      return !roles.includes('kiosk') && !roles.includes('enterpriseadmin');
  }
}

async function storeFor(tx: Tx, variant: Variant, user: UserRow, requested: string | null | undefined) {
  const stores = await storesOf(tx, user.id);
  const locationId = requested ?? (variant === 'kiosk' ? user.defaultLocationId : null) ?? user.defaultLocationId;
  if (!locationId) return variant === 'kiosk' ? undefined : null;
  if (!(await locationExists(tx, locationId))) return requested ? undefined : null;
  if (!canSeeStore(stores, locationId)) return requested ? undefined : ((stores !== 'all' && stores[0]) || null);
  return locationId;
}

export async function checkCredentials(
  db: Database,
  body: LoginRequest,
  ctx: { headerTenant: string | undefined; ip: string; now: Date; action: string },
): Promise<CredentialCheck> {
  const tenantId = await resolveTenant(db, body, ctx.headerTenant);
  const variant = variantOf(body);
  const user = tenantId ? await withTenant(db, tenantId, (tx) => findUserByEmail(tx, body.username)) : undefined;
  const now = ctx.now;

  const refuse = async (reason: string, counts: boolean): Promise<CredentialCheck> => {
    if (tenantId) {
      await withTenant(db, tenantId, async (tx) => {
        if (user && counts) await recordFailure(tx, user, now);
        await audit(tx, {
          tenantId,
          action: ctx.action,
          outcome: 'failure',
          actorUserId: user?.id ?? null,
          ip: ctx.ip,
          details: { reason, variant, username: body.username.slice(0, 254) },
        });
      });
    }
    return { kind: 'refused', tenantId };
  };

  if (user?.lockedUntil && user.lockedUntil > now) {
    await verifyPassword(null, body.password);
    return refuse('locked', false);
  }
  const wait = throttleSeconds(user?.failedLoginCount ?? 0);
  if (user?.lastFailedLoginAt && wait && user.lastFailedLoginAt.getTime() + wait * 1000 > now.getTime()) {
    await verifyPassword(null, body.password);
    return refuse('throttled', false);
  }

  const passwordOk = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !tenantId) return refuse('unknown_account', false);
  if (!passwordOk) return refuse('wrong_password', true);
  if (user.disabledAt) return refuse('disabled', false);
  if (!roleFits(variant, user.roles)) return refuse('wrong_sign_in_address', false);

  return withTenant(db, tenantId, async (tx): Promise<CredentialCheck> => {
    await tx
      .update(users)
      .set({ failedLoginCount: 0, lastFailedLoginAt: null })
      .where(sql`${users.id} = ${user.id} and ${users.failedLoginCount} > 0`);
    if (!user.isRegistered) {
      const today = now.toISOString().slice(0, 10);
      if (user.tempPasswordExpiresOn && user.tempPasswordExpiresOn < today) {
        await audit(tx, { tenantId, action: ctx.action, outcome: 'failure', actorUserId: user.id, ip: ctx.ip, details: { reason: 'registration_expired' } });
        return { kind: 'registrationExpired', tenantId, user };
      }
      return { kind: 'newUser', tenantId, user };
    }
    const locationId = await storeFor(tx, variant, user, body.locationid);
    if (locationId === undefined) {
      await audit(tx, { tenantId, action: ctx.action, outcome: 'failure', actorUserId: user.id, ip: ctx.ip, details: { reason: 'store_not_allowed', variant } });
      return { kind: 'refused', tenantId };
    }
    return { kind: 'accepted', tenantId, user, locationId, variant };
  });
}

/** One more consecutive failure; the tenth locks the account for 15 minutes and starts the count again. */
async function recordFailure(tx: Tx, user: UserRow, now: Date): Promise<void> {
  const lockUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  const [row] = await tx
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${FAILURES_BEFORE_LOCK} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${FAILURES_BEFORE_LOCK} then ${lockUntil} else ${users.lockedUntil} end`,
      lastFailedLoginAt: now,
    })
    .where(sql`${users.id} = ${user.id}`)
    .returning({ lockedUntil: users.lockedUntil });
  if (row?.lockedUntil && row.lockedUntil.getTime() === lockUntil.getTime()) {
    await audit(tx, { tenantId: user.tenantId, action: 'account.locked', outcome: 'denied', actorUserId: user.id, details: { minutes: LOCK_MINUTES } });
  }
}
