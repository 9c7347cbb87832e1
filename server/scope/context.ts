/**
 * The request context: who calls (the verified token, read here and nowhere else), their tenant's transaction and
 * store scope, and the one audited unit of work every staff, kiosk, patient and enterprise write goes through.
 * scope/plugin.ts decorates the request with these (request.auth, request.inTenant, request.readInTenant, request.work).
 */
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { auditStatement, type AuditEvent } from '../audit/audit';
import type { AccessClaims } from '../auth/tokens';
import { readInTenant, SessionEndedError, withTenant, type TransactionEnds, type TransactionPlan, type Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { AuditInfo, Done } from './audited';
import { NotVisible, requireBodyStore, storesFrom, storesOf, storesQuery, type Scope } from './scope';

/** What one unit of work sees: its transaction, the caller's scope, and the checks that need both. */
export interface Work {
  tx: Tx;
  scope: Scope;
  ip: string;
  now: Date;
  /** A store of this company the caller may work in; else NotVisible (answered 404 and audited as denied). */
  requireStore(locationId: string): Promise<void>;
}

/** How a refusal is recorded: its outcome and what it concerns. */
export type Refusal = Omit<AuditEvent, 'tenantId' | 'action' | 'actorUserId' | 'actorRoles' | 'ip'>;

export interface WorkOptions {
  /** A database refusal (a unique key, a constraint) as the answer it means; others are server errors. */
  mapDbError?: (err: unknown) => HttpError | null;
  /** The audit entry of a refusal, when the default (denied for 403/404, else failure) is not what it means. */
  refused?: (error: HttpError, cause: unknown) => Refusal;
}

/** The verified token's claims: a 401 for a guest. */
export function callerOf(request: FastifyRequest): AccessClaims {
  const auth = request.auth;
  if (!auth) throw new HttpError(401, 'auth.notSignedIn');
  return auth;
}

/** The caller's scope: tenant and roles from the token, stores from the database. */
export async function scopeOf(tx: Tx, request: FastifyRequest): Promise<Scope> {
  return { ...scopeBase(request), stores: await storesOf(tx, callerOf(request).sub) };
}

function scopeBase(request: FastifyRequest): Omit<Scope, 'stores'> {
  const auth = callerOf(request);
  return { tenantId: auth.tid, userId: auth.sub, roles: auth.roles, signedInAt: auth.loc };
}

/** The caller's side of an audit event. */
export function actorOf(request: FastifyRequest): Pick<AuditEvent, 'tenantId' | 'actorUserId' | 'actorRoles' | 'ip'> {
  const auth = callerOf(request);
  return { tenantId: auth.tid, actorUserId: auth.sub, actorRoles: auth.roles, ip: request.ip };
}

// The roles the token claims must be the account's now: a changed role refuses the token (401), and the client's
// refresh brings one with the roles the database holds.
const liveSession = (auth: AccessClaims, now: Date) => ({ id: auth.sid, userId: auth.sub, now, roles: auth.roles.includes('newuser') ? null : auth.roles });
const sessionEndedIs401 = (err: unknown): never => {
  throw err instanceof SessionEndedError ? new HttpError(401, 'auth.notSignedIn') : err;
};

/** `fn` in a transaction of the caller's tenant, after checking the session and the account are still live. */
export function inTenant<T>(request: FastifyRequest, fn: (tx: Tx, ends: TransactionEnds) => Promise<T>, plan?: TransactionPlan): Promise<T> {
  const auth = callerOf(request);
  const { db, config } = request.server.deps;
  return withTenant(db, auth.tid, fn, liveSession(auth, config.now()), plan).catch(sessionEndedIs401);
}

/** One read statement in the caller's tenant, with the same checks, in a single round trip. */
export function readCallerTenant<T>(request: FastifyRequest, query: SQL): Promise<T[]> {
  const auth = callerOf(request);
  const { db, config } = request.server.deps;
  return readInTenant<T>(db, auth.tid, query, liveSession(auth, config.now())).catch(sessionEndedIs401);
}

/**
 * One audited unit of work in the caller's tenant. `fn` works inside a savepoint: when it throws an HttpError
 * (404 for a record out of reach, 409 for a conflict, 400 for a value the database refuses) its writes are undone,
 * the refusal is recorded, the audit row commits and the error is answered. On success `fn` returns its result,
 * what to record, and the messages to deliver once the transaction committed.
 */
export async function work<T>(request: FastifyRequest, action: string, fn: (ctx: Work) => Done<T>, opts: WorkOptions = {}): Promise<T> {
  const actor = actorOf(request);
  // The caller's stores and the savepoint travel with BEGIN, the audit row with COMMIT (db/client.ts): a unit of
  // work costs two round trips besides its own statements.
  const plan = { first: [storesQuery(actor.actorUserId!), sql`savepoint work`] };
  const outcome = await inTenant(
    request,
    async (tx, ends) => {
      const scope: Scope = { ...scopeBase(request), stores: storesFrom(ends.first[0]!) };
      try {
        const done = await fn({ tx, scope, ip: request.ip, now: request.server.deps.config.now(), requireStore: (id) => requireBodyStore(tx, scope, id) });
        ends.atCommit(auditStatement({ ...actor, action, outcome: 'success', ...pick(done.audit) }));
        return { ok: true as const, result: done.result, deliver: done.deliver ?? [] };
      } catch (err) {
        const http = err instanceof HttpError ? err : (opts.mapDbError?.(err) ?? null);
        if (!http) throw err;
        // A refusal's writes are undone; its audit row is not.
        await tx.execute(sql`rollback to savepoint work`);
        ends.atCommit(auditStatement({ ...actor, action, ...(opts.refused?.(http, err) ?? refusal(http, err)) }));
        return { ok: false as const, error: http };
      }
    },
    plan,
  );
  if (!outcome.ok) throw outcome.error;
  // Messages leave only after their transaction committed (the outbox never throws).
  if (outcome.deliver.length) await request.server.deps.outbox.deliver(outcome.deliver);
  return outcome.result;
}

const pick = (a: AuditInfo) => ({ targetType: a.targetType, targetId: a.targetId, patientId: a.patientId, details: a.details });

function refusal(http: HttpError, err: unknown): Refusal {
  return {
    outcome: http.statusCode === 404 || http.statusCode === 403 ? 'denied' : 'failure',
    targetType: err instanceof NotVisible ? err.targetType : undefined,
    targetId: err instanceof NotVisible ? err.targetId.slice(0, 100) : undefined,
    details: { status: http.statusCode, error: http.message },
  };
}
