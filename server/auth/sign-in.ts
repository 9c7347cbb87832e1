/**
 * Checking a user name and password for one of the sign-in variants, with the device-cookie throttling of
 * security.md: a trusted device counts only against itself; other attempts count per (account, address), with a
 * growing delay, and per account, where repeated failures put the sign-in code step in front of untrusted clients
 * instead of a lock. Reads and writes are split around the (slow, bounded) password hash check so no transaction is
 * held open while it runs; every refusal costs the same work (one read, one hash, one write statement), whatever
 * its reason.
 */
import { sql } from 'drizzle-orm';
import type { LoginRequest } from '../../src/contract/auth';
import { audit, storable } from '../audit/audit';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { companies, signInFailures, users } from '../db/schema';
import { deviceNonceFor } from './device';
import { PLATFORM_TENANT_ID } from '../tenancy/platform';
import type { PasswordCheck } from './passwords';
import { canSeeStore, locationExists, storesOf } from '../scope/scope';
import { findUserByEmail, type UserRow } from './user-view';

export const FAILURES_BEFORE_DELAY = 5;
/** Untrusted failures on an account after which untrusted clients must pass the sign-in code step. */
export const FAILURES_BEFORE_CODE_STEP = 5;
/** Failures through one device cookie after which it is treated as no cookie. */
export const DEVICE_FAILURES_BEFORE_UNTRUSTED = 10;
export const MAX_DELAY_SECONDS = 15 * 60;
/** How long a failure counts: a counter whose last failure is older starts again, and its row is deleted. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** The failures of a counter that still count at `now`: none once its last failure is a day old. */
export function liveFailures(failures: number, lastFailedAt: Date | string | null, now: Date): number {
  return lastFailedAt !== null && now.getTime() - new Date(lastFailedAt).getTime() < FAILURE_MEMORY_MS ? failures : 0;
}

/** Seconds to wait after `failures` consecutive failures: 1, 2, 4, 8, 16, ... from the fifth on, at most 15 minutes. */
export function throttleSeconds(failures: number): number {
  return failures < FAILURES_BEFORE_DELAY ? 0 : Math.min(2 ** Math.min(failures - FAILURES_BEFORE_DELAY, 20), MAX_DELAY_SECONDS);
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
  | { kind: 'companySuspended'; tenantId: string }
  | { kind: 'newUser'; tenantId: string; user: UserRow }
  | { kind: 'accepted'; tenantId: string; user: UserRow; locationId: string | null; variant: Variant; codeStep: boolean; trustedDevice: boolean; deviceNonce: string | null };

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
  ctx: { headerTenant: string | undefined; ip: string; now: Date; action: string; device?: string | undefined; codeKey: Buffer; checkPassword: PasswordCheck },
): Promise<CredentialCheck> {
  const tenantId = await resolveTenant(db, body, ctx.headerTenant);
  const variant = variantOf(body);
  // Where no company has the address, the read and the refusal's write are made in the platform's own records, for
  // no account: the same work as for an address with an account, and the platform's log keeps the attempt.
  const workTenant = tenantId ?? PLATFORM_TENANT_ID;
  // One read whether the account exists or not (the company, the account, its counters), so that neither the
  // statements run nor their number tells a stranger which addresses have an account.
  const found = await withTenant(db, workTenant, async (tx) => {
    const [company] = await tx.select({ suspendedAt: companies.suspendedAt }).from(companies);
    const match = await findUserByEmail(tx, body.username);
    const user = tenantId ? match : undefined;
    const nonce = user && tenantId ? deviceNonceFor(ctx.codeKey, ctx.device, tenantId, user.id) : null;
    const counters = await tx
      .select()
      .from(signInFailures)
      .where(sql`${signInFailures.userId} = ${user?.id ?? null} and ${signInFailures.scope} in (${`ip:${ctx.ip}`}, ${`device:${nonce ?? ''}`})`);
    return { user, suspended: !!company?.suspendedAt, nonce, counters };
  });
  const user = found.user;
  const now = ctx.now;
  const nonce = found.nonce;
  const counters = found.counters;
  const deviceRow = nonce ? counters.find((c) => c.scope === `device:${nonce}`) : undefined;
  // A device cookie that has failed too often is worth no more than no cookie.
  const trusted = nonce !== null && liveFailures(deviceRow?.failures ?? 0, deviceRow?.lastFailedAt ?? null, now) < DEVICE_FAILURES_BEFORE_UNTRUSTED;
  const scope = trusted ? `device:${nonce}` : `ip:${ctx.ip}`;
  const own = counters.find((c) => c.scope === scope);

  // Every refusal writes with the same one statement, counting or not (recordRefusal).
  const refuse = async (reason: string, counts: boolean): Promise<CredentialCheck> => {
    await withTenant(db, workTenant, (tx) =>
      recordRefusal(tx, {
        tenantId: workTenant,
        userId: user?.id ?? null,
        scope,
        counts,
        untrusted: !trusted,
        now,
        action: ctx.action,
        ip: ctx.ip,
        details: { reason, variant, username: body.username.slice(0, 254) },
      }),
    );
    return { kind: 'refused', tenantId };
  };

  // The growing delay belongs to the (account, address) or to the trusted device, never to the whole account.
  const wait = throttleSeconds(liveFailures(own?.failures ?? 0, own?.lastFailedAt ?? null, now));
  if (own && wait && own.lastFailedAt.getTime() + wait * 1000 > now.getTime()) {
    await ctx.checkPassword(null, body.password);
    return refuse('throttled', false);
  }

  // One hash of the same cost whatever follows: a dummy one when there is no account.
  const passwordOk = await ctx.checkPassword(user?.passwordHash ?? null, body.password);
  if (!user || !tenantId) return refuse('unknown_account', false);
  if (!passwordOk) return refuse('wrong_password', true);
  if (user.disabledAt) return refuse('disabled', false);
  // Past the right password the person may learn why: told the company is suspended, they know whom to ask.
  if (found.suspended) {
    await refuse('company_suspended', false);
    return { kind: 'companySuspended', tenantId };
  }
  if (!roleFits(variant, user.roles)) return refuse('wrong_sign_in_address', false);

  return withTenant(db, tenantId, async (tx): Promise<CredentialCheck> => {
    // Untrusted clients past the account's failure limit must still pass the code step; the counters are cleared
    // by the sign-in that completes (clearFailures), not by the password alone.
    const codeStep = !trusted && liveFailures(user.failedLoginCount, user.lastFailedLoginAt, now) >= FAILURES_BEFORE_CODE_STEP;
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
    return { kind: 'accepted', tenantId, user, locationId, variant, codeStep, trustedDevice: trusted, deviceNonce: trusted ? nonce : null };
  });
}

/**
 * The account as it is now, read again in the transaction that opens its session (the password check ran outside
 * any transaction, and the account or its company may have changed meanwhile): null when it is disabled, its
 * company suspended, or its roles no longer fit the sign-in address (null `variant`: any roles). A change committed
 * after this read is caught by the session check of every request (server/db/client.ts).
 */
export async function stillAdmitted(tx: Tx, userId: string, variant: Variant | null): Promise<UserRow | null> {
  const [row] = await tx
    .select({ user: users, suspendedAt: companies.suspendedAt })
    .from(users)
    .innerJoin(companies, sql`${companies.tenantId} = ${users.tenantId}`)
    .where(sql`${users.id} = ${userId}`);
  if (!row || row.user.disabledAt || row.suspendedAt) return null;
  return variant === null || roleFits(variant, row.user.roles) ? row.user : null;
}

/**
 * A refused sign-in, written in one statement whatever the reason: the company's day-old counters go; when the
 * failure counts, one more on the scope (device or account+address) and, for an untrusted client, on the account
 * (a counter a day old starts again at 1); the code step's audit event when this failure reached it, and the
 * refusal's. The same statement for a stranger and for an account's owner, so the work does not tell them apart.
 */
async function recordRefusal(
  tx: Tx,
  r: { tenantId: string; userId: string | null; scope: string; counts: boolean; untrusted: boolean; now: Date; action: string; ip: string; details: Record<string, unknown> },
): Promise<void> {
  const cutoff = new Date(r.now.getTime() - FAILURE_MEMORY_MS).toISOString();
  const now = r.now.toISOString();
  await tx.execute(sql`with cleanup as (
      delete from sign_in_failures
       where last_failed_at <= ${cutoff}::timestamptz and not (user_id is not distinct from ${r.userId}::uuid and scope = ${r.scope})
    ), counter as (
      insert into sign_in_failures (tenant_id, user_id, scope, failures, last_failed_at)
      select ${r.tenantId}::uuid, ${r.userId}::uuid, ${r.scope}, 1, ${now}::timestamptz where ${r.counts}::boolean and ${r.userId}::uuid is not null
      on conflict (tenant_id, user_id, scope) do update
        set failures = case when sign_in_failures.last_failed_at <= ${cutoff}::timestamptz then 1 else sign_in_failures.failures + 1 end,
            last_failed_at = excluded.last_failed_at
    ), account as (
      update users
         set failed_login_count = case when last_failed_login_at > ${cutoff}::timestamptz then failed_login_count + 1 else 1 end,
             last_failed_login_at = ${now}::timestamptz
       where id = ${r.userId}::uuid and ${r.counts && r.untrusted}::boolean
      returning failed_login_count
    )
    insert into audit_log (tenant_id, action, outcome, actor_user_id, ip, details)
    select ${r.tenantId}::uuid, 'account.codeStepRequired', 'denied', ${r.userId}::uuid, null, jsonb_build_object('failures', a.failed_login_count)
      from account a where a.failed_login_count = ${FAILURES_BEFORE_CODE_STEP}
    union all
    select ${r.tenantId}::uuid, ${r.action}, 'failure', ${r.userId}::uuid, ${r.ip}, ${JSON.stringify(storable(r.details))}::jsonb`);
}

/** A completed sign-in: the device's or address's counter starts again, and the account's when it was untrusted. */
export async function clearFailures(tx: Tx, user: UserRow, ip: string, deviceNonce: string | null, untrusted: boolean): Promise<void> {
  await tx.delete(signInFailures).where(sql`${signInFailures.userId} = ${user.id} and ${signInFailures.scope} in (${`ip:${ip}`}, ${`device:${deviceNonce ?? ''}`})`);
  if (untrusted) {
    await tx.update(users).set({ failedLoginCount: 0, lastFailedLoginAt: null }).where(sql`${users.id} = ${user.id} and ${users.failedLoginCount} > 0`);
  }
}
