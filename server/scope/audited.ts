/**
 * Staff and kiosk writes run through `runAudited`: one transaction in the caller's tenant and store scope, and
 * exactly one audit row whatever the outcome.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, type Role } from '../../src/contract/common';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { NotVisible, scopeOf, type Scope } from './scope';

export interface AuditInfo {
  targetType: string;
  targetId?: string;
  patientId?: string;
  details?: Record<string, unknown>;
}

/** What an audited call answers: its result, what to record, and the messages to deliver after commit. */
export type Done<T> = Promise<{ result: T; audit: AuditInfo; deliver?: { tenantId: string; id: string }[] }>;

/**
 * Runs one audited call in the caller's tenant. `fn` works inside a savepoint: when it throws an HttpError
 * (404 for a record out of reach, 409 for a conflict, 400 for a value the database refuses) its writes are undone,
 * the refusal is recorded, the audit row commits and the error is answered. On success `fn` returns its result and
 * what to record.
 */
export async function runAudited<T>(
  request: FastifyRequest,
  action: string,
  fn: (tx: Tx, scope: Scope) => Done<T>,
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


/** A unique key the database refused: a concurrent change, answered 409. */
export function duplicateKey(err: unknown): HttpError | null {
  if (pgError(err).code !== '23505') return null;
  return new HttpError(409, 'request.concurrentChange');
}

/**
 * Refuses a save made from an older version than the record's (the client's `If-Match`, src/contract/common.ts).
 * Compared at millisecond precision: the version the client read went through JSON.
 */
export function assertVersion(ifMatch: string | undefined, updatedAt: Date) {
  if (ifMatch === undefined) return;
  const read = Date.parse(ifMatch.replace(/^W\//, '').replace(/^"|"$/g, ''));
  if (read !== updatedAt.getTime()) throw new HttpError(409, 'records.changedMeanwhile');
}

/** Store staff: admins and staff accounts (staff limited to their stores). */
export const clinicalRoles = ['admin', 'staff'] as const satisfies readonly Role[];
export const writeErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
export const nowOf = (request: FastifyRequest) => request.server.deps.config.now();
