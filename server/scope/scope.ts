/**
 * Who is calling and what they may reach, for the staff and kiosk record writes: the tenant comes from the token
 * (and RLS), the stores from user_locations (none = every store of the company). Every call runs through
 * `runAudited`, which writes exactly one audit row whatever the outcome.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { allowedLocationIds } from '../auth/user-view';
import type { Tx } from '../db/client';
import { locations, users } from '../db/schema';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';

export interface Scope {
  tenantId: string;
  userId: string;
  roles: string[];
  /** Stores the user is limited to; empty = every store. */
  allowed: string[];
  /** The store the user signed in at (token), if any. */
  signedInAt: string | undefined;
}

export async function scopeOf(tx: Tx, request: FastifyRequest): Promise<Scope> {
  const auth = request.auth!;
  return { tenantId: auth.tid, userId: auth.sub, roles: auth.roles, allowed: await allowedLocationIds(tx, auth.sub), signedInAt: auth.loc };
}

export function canSeeStore(scope: Scope, locationId: string): boolean {
  return scope.allowed.length === 0 || scope.allowed.includes(locationId);
}

/** A record the caller may not reach (another company's, another store's, or none): answered 404. */
export class NotVisible extends HttpError {
  constructor(
    readonly targetType: string,
    readonly targetId: string,
  ) {
    super(404, messages.notFound);
  }
}

export function requireStore(scope: Scope, locationId: string, targetType = 'location'): void {
  if (!canSeeStore(scope, locationId)) throw new NotVisible(targetType, locationId);
}

/** A store named in a request body: of this company (RLS) and one the caller may see; else NotVisible. */
export async function requireBodyStore(tx: Tx, scope: Scope, locationId: string): Promise<void> {
  requireStore(scope, locationId);
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw new NotVisible('location', locationId);
}

export type PatientRow = typeof patients.$inferSelect;

/** The patient, when it is of this tenant (RLS) and of a store the caller may see; else NotVisible. */
export async function visiblePatient(tx: Tx, scope: Scope, patientId: string, opts: { lock?: boolean } = {}): Promise<PatientRow> {
  const q = tx.select().from(patients).where(eq(patients.id, patientId));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row || !canSeeStore(scope, row.locationId)) throw new NotVisible('patient', patientId);
  return row;
}

export async function displayNameOf(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'unknown';
}

/** A staff account of the company who may work at `locationId` (admin or staff, limited to it or unlimited). */
export async function providerFor(tx: Tx, providerId: string, locationId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx.select({ id: users.id, name: users.displayName, roles: users.roles }).from(users).where(eq(users.id, providerId));
  if (!row || !row.roles.some((r) => r === 'admin' || r === 'staff')) return null;
  const stores = await allowedLocationIds(tx, row.id);
  if (stores.length && !stores.includes(locationId)) return null;
  return { id: row.id, name: row.name };
}

export interface AuditInfo {
  targetType: string;
  targetId?: string;
  patientId?: string;
  details?: Record<string, unknown>;
}

/** The PostgreSQL error code (and constraint) behind a driver error, whichever driver raised it. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
}

/**
 * Runs one audited call in the caller's tenant. `fn` works inside a savepoint: when it throws an HttpError
 * (404 for a record out of reach, 409 for a conflict, 400 for a value the database refuses) its writes are undone,
 * the refusal is recorded, the audit row commits and the error is answered. On success `fn` returns its result and
 * what to record.
 */
export async function runAudited<T>(
  request: FastifyRequest,
  action: string,
  fn: (tx: Tx, scope: Scope) => Promise<{ result: T; audit: AuditInfo; deliver?: { tenantId: string; id: string }[] }>,
  mapDbError?: (err: unknown) => HttpError | null,
): Promise<T> {
  const auth = request.auth!;
  const outcome = await request.inTenant(async (tx) => {
    const scope = await scopeOf(tx, request);
    try {
      const done = await tx.transaction((inner) => fn(inner, scope));
      await audit(tx, {
        tenantId: auth.tid,
        action,
        outcome: 'success',
        actorUserId: auth.sub,
        actorRoles: auth.roles,
        ip: request.ip,
        targetType: done.audit.targetType,
        targetId: done.audit.targetId,
        patientId: done.audit.patientId,
        details: done.audit.details,
      });
      return { ok: true as const, result: done.result, deliver: done.deliver ?? [] };
    } catch (err) {
      const http = err instanceof HttpError ? err : (mapDbError?.(err) ?? null);
      if (!http) throw err;
      await audit(tx, {
        tenantId: auth.tid,
        action,
        outcome: http.statusCode === 404 || http.statusCode === 403 ? 'denied' : 'failure',
        actorUserId: auth.sub,
        actorRoles: auth.roles,
        ip: request.ip,
        targetType: err instanceof NotVisible ? err.targetType : undefined,
        targetId: err instanceof NotVisible ? err.targetId.slice(0, 100) : undefined,
        details: { status: http.statusCode, error: http.message },
      });
      return { ok: false as const, error: http };
    }
  });
  if (!outcome.ok) throw outcome.error;
  // Messages leave only after their transaction committed (the outbox never throws).
  if (outcome.deliver.length) await request.server.deps.outbox.deliver(outcome.deliver);
  return outcome.result;
}

/** Serialises number assignment per store and kind inside the transaction (released at commit). */
export async function lockNumbering(tx: Tx, kind: 'invoice' | 'lab-order', locationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${locationId}))`);
}
