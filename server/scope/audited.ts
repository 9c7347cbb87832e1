/**
 * What an audited unit of work (request.work, scope/context.ts) answers and records, and the checks its writes share.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorResponse, type Role } from '../../src/contract/common';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';

export interface AuditInfo {
  targetType: string;
  targetId?: string;
  patientId?: string;
  details?: Record<string, unknown>;
}

/** What an audited call answers: its result, what to record, and the messages to deliver after commit. */
export type Done<T> = Promise<{ result: T; audit: AuditInfo; deliver?: { tenantId: string; id: string }[] }>;

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
