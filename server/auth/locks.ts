/**
 * Staff see and clear the sign-in throttling of their company's accounts (security.md): GET /api/staff/locks and
 * POST /api/staff/locks/{userId}/clear, admin and staff only, in the caller's tenant (RLS), audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AccountLockList, AccountLockQuery } from '../../src/contract/locks';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { queryRows, type Tx } from '../db/client';
import { signInFailures, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { FAILURE_MEMORY_MS, FAILURES_BEFORE_CODE_STEP, FAILURES_BEFORE_DELAY, liveFailures } from './sign-in';
import { callerOf } from '../scope/context';

const security = [{ bearer: [] }];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const access = { access: ['admin', 'staff'] as const };

interface LockRow {
  id: string;
  email: string;
  display_name: string;
  failed_login_count: number;
  last_failed_login_at: Date | null;
  counters: { scope: string; failures: number; last_failed_at: string }[] | null;
}

/**
 * Clears an account's sign-in failures (the account's counter, its address and device counters): the number of
 * counters deleted, or null when the account is not of this company.
 */
export async function clearSignInFailures(tx: Tx, userId: string): Promise<number | null> {
  const [user] = await tx
    .update(users)
    .set({ failedLoginCount: 0, lastFailedLoginAt: null })
    .where(sql`${users.id} = ${userId}`)
    .returning({ id: users.id });
  if (!user) return null;
  const cleared = await tx.delete(signInFailures).where(sql`${signInFailures.userId} = ${userId}`).returning({ scope: signInFailures.scope });
  return cleared.length;
}

/**
 * Whether the account `u` (an alias of users) is throttled now: its own failures put the code step in front of
 * untrusted clients, or one of its address or device counters has reached the growing delay.
 */
export function lockedCondition(now: Date): SQL {
  const cutoff = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
  return sql`((u.failed_login_count >= ${FAILURES_BEFORE_CODE_STEP} and u.last_failed_login_at > ${cutoff}::timestamptz)
    or exists (select 1 from sign_in_failures f where f.user_id = u.id and f.failures >= ${FAILURES_BEFORE_DELAY} and f.last_failed_at > ${cutoff}::timestamptz))`;
}

export async function lockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/staff/locks',
    {
      config: access,
      schema: {
        tags: ['auth'],
        summary: "The company's accounts with sign-in failures; ?userId= or ?patientId= (the patient's portal account) narrows it to one",
        security,
        querystring: AccountLockQuery,
        response: { 200: AccountLockList, 400: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const { userId, patientId } = request.query;
      // RLS keeps both to the caller's company: another company's id, or a patient without an account, lists none.
      const only = userId
        ? sql`u.id = ${userId}`
        : patientId
          ? sql`u.id = (select p.user_id from patients p where p.id = ${patientId})`
          : sql`true`;
      const now = app.deps.config.now();
      // Failures a day old no longer count (FAILURE_MEMORY_MS): such an account is not listed.
      const cutoff = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
      return request.inTenant(async (tx) => {
        const rows = await queryRows<LockRow>(
          tx,
          sql`select u.id, u.email, u.display_name, u.failed_login_count, u.last_failed_login_at,
                (select json_agg(json_build_object('scope', f.scope, 'failures', f.failures, 'last_failed_at', f.last_failed_at) order by f.last_failed_at desc)
                   from sign_in_failures f where f.user_id = u.id and f.last_failed_at > ${cutoff}::timestamptz) as counters
              from users u
             where ${only}
               and ((u.failed_login_count > 0 and u.last_failed_login_at > ${cutoff}::timestamptz)
                or exists (select 1 from sign_in_failures f where f.user_id = u.id and f.last_failed_at > ${cutoff}::timestamptz))
             order by u.email`,
        );
        await audit(tx, { tenantId: auth.tid, action: 'account.locks.read', outcome: 'success', actorUserId: auth.sub, actorRoles: auth.roles, ip: request.ip, details: { count: rows.length, ...(userId ? { userId } : {}), ...(patientId ? { patientId } : {}) } });
        return {
          locks: rows.map((r) => ({
            userId: r.id,
            email: r.email,
            displayName: r.display_name,
            accountFailures: liveFailures(r.failed_login_count, r.last_failed_login_at, now),
            codeStepRequired: liveFailures(r.failed_login_count, r.last_failed_login_at, now) >= FAILURES_BEFORE_CODE_STEP,
            lastFailedAt: r.last_failed_login_at ? new Date(r.last_failed_login_at).toISOString() : null,
            counters: (r.counters ?? []).map((c) => ({
              scope: c.scope.startsWith('device:') ? 'device' : c.scope,
              failures: c.failures,
              lastFailedAt: new Date(c.last_failed_at).toISOString(),
            })),
          })),
        };
      });
    },
  );

  app.post(
    '/staff/locks/:userId/clear',
    {
      config: access,
      schema: {
        tags: ['auth'],
        summary: "Clear an account's sign-in failures (account, address and device counters)",
        security,
        params: z.object({ userId: Uuid }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const { userId } = request.params;
      return request.inTenant(async (tx) => {
        const cleared = await clearSignInFailures(tx, userId);
        if (cleared === null) throw new HttpError(404, 'request.notFound');
        await audit(tx, {
          tenantId: auth.tid,
          action: 'account.lock.cleared',
          outcome: 'success',
          actorUserId: auth.sub,
          actorRoles: auth.roles,
          targetType: 'user',
          targetId: userId,
          ip: request.ip,
          details: { counters: cleared },
        });
        return { ok: true as const };
      });
    },
  );
}
