/**
 * Whose records a caller reaches: a patient their own (found from the token's subject, never from an id in the
 * request), staff the patients of their stores whatever ids a request carries. Every record query also names the
 * patient, so another patient's record id finds nothing (404). Every read and write is audited, refusals included
 * (in a transaction that commits; the error is answered after it).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import type { MergedInto } from '../../src/contract/patientsAdmin';
import type { Tx } from '../db/client';
import { patients } from '../db/schema-records';
import type { ErrorCode } from '../../src/contract/errorCodes';
import { HttpError, type ErrorParams } from '../http/errors';
import { canSeeStore, storesOf } from './scope';

/** Who is reading: the patient sees no staff notes. */
export type Viewer = 'self' | 'staff';

export interface ReadContext {
  now: Date;
  viewer: Viewer;
}

/** A record operation's answer: returned instead of thrown, so a refusal is audited in a transaction that commits. */
export type Outcome<T> =
  | { ok: true; value: T; details?: Record<string, unknown> }
  | { ok: false; status: number; code: ErrorCode; params?: ErrorParams; fields?: Record<string, string>; reason: string };

export const notFound = <T>(): Outcome<T> => ({ ok: false, status: 404, code: 'request.notFound', reason: 'not-found' });
export const found = <T>(value: T | null): Outcome<T> => (value === null ? notFound() : { ok: true, value });

/** The patient record linked to this portal account, or null. */
export async function ownPatientId(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId));
  return row?.id ?? null;
}

/** How many merges a chart address follows to the kept patient (a kept patient may later be merged in turn). */
const mergeHops = 10;

/**
 * The patient when the staff account may see them: in the caller's tenant (RLS) and of a store the account may
 * work in. Null otherwise (unknown, other company, or another store). A patient merged into another is reached
 * through the kept one only: when the caller may see where the merges lead, 404 `patients.merged` names it
 * (MergedInto), so an old address (a bookmark, a recents entry, a link in a message) finds the kept chart.
 */
export async function staffReach(tx: Tx, userId: string, patientId: string): Promise<string | null> {
  const row = await reachRow(tx, patientId);
  if (!row) return null;
  const stores = await storesOf(tx, userId);
  if (!row.mergedInto) return canSeeStore(stores, row.locationId) ? row.id : null;
  let kept = row;
  for (let hop = 0; kept.mergedInto && hop < mergeHops; hop++) {
    const next = await reachRow(tx, kept.mergedInto);
    if (!next) return null;
    kept = next;
  }
  if (kept.mergedInto || !canSeeStore(stores, kept.locationId)) return null;
  const mergedInto: MergedInto = { patientId: kept.id, locationId: kept.locationId };
  throw new HttpError(404, 'patients.merged', { details: mergedInto });
}

const reachRow = async (tx: Tx, patientId: string) =>
  (await tx.select({ id: patients.id, locationId: patients.locationId, mergedInto: patients.mergedInto }).from(patients).where(eq(patients.id, patientId)))[0];

export interface Operation<T> {
  action: string;
  /** What the request names besides the patient (audited), e.g. { rxId }. */
  target?: (params: Record<string, string>) => { type: string; id: string };
  run: (tx: Tx, patientId: string, ctx: ReadContext, params: Record<string, string>) => Promise<Outcome<T>>;
}

/**
 * Finds the patient the caller may reach (self: by the account; staff: the path's patient within their stores),
 * runs the operation as one audited unit of work (request.work) and answers its value. A caller who reaches no
 * such patient gets 404 and a denied entry (a failure for a patient without a record); a refused operation is
 * recorded with its reason.
 */
export function onPatient<T>(request: FastifyRequest, viewer: Viewer, op: Operation<T>): Promise<T> {
  const params = (request.params ?? {}) as Record<string, string>;
  const target = op.target?.(params);
  let reached: string | null = null;
  let reason: string | undefined;
  return request.work(
    op.action,
    async ({ tx, scope, now }) => {
      reached = viewer === 'self' ? await ownPatientId(tx, scope.userId) : await staffReach(tx, scope.userId, params.patientId!);
      if (!reached) throw new HttpError(404, viewer === 'self' ? 'records.noPatientRecord' : 'request.notFound');
      const outcome = await op.run(tx, reached, { now, viewer }, params);
      if (!outcome.ok) {
        reason = outcome.reason;
        throw new HttpError(outcome.status, outcome.code, { params: outcome.params, fields: outcome.fields });
      }
      const details = { via: viewer, ...params, ...outcome.details };
      return { result: outcome.value, audit: { patientId: reached, targetType: target?.type ?? 'patient', targetId: target?.id ?? reached, details } };
    },
    {
      refused: (http) =>
        reached
          ? {
              outcome: http.statusCode === 404 ? 'denied' : 'failure',
              patientId: reached,
              targetType: target?.type ?? 'patient',
              targetId: target?.id ?? reached,
              details: { via: viewer, ...params, reason: reason ?? http.code },
            }
          : {
              outcome: viewer === 'self' ? 'failure' : 'denied',
              targetType: target?.type ?? 'patient',
              targetId: target?.id ?? params.patientId,
              details: { via: viewer, ...params, reason: viewer === 'self' ? 'no-patient-record' : http.code === 'patients.merged' ? 'merged' : 'patient-out-of-reach' },
            },
    },
  );
}

export const patientOnly = ['patient'] as const;
export const recordStaff = ['admin', 'staff'] as const;
export const security = [{ bearer: [] }];
export const recordErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** One record read of the portal and of the staff chart: the same query, keyed by patient id. */
export interface ReadRoute {
  path: string;
  summary: string;
  params?: Record<string, typeof Uuid>;
  response: z.ZodType;
  op: Operation<unknown>;
}

/** Registers each read twice: `/my<path>` for the signed-in patient, `/patients/:patientId<path>` for staff. */
export function registerRecordReads(fastify: FastifyInstance, reads: ReadRoute[]): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const r of reads) {
    app.get(
      `/my${r.path}`,
      {
        config: { access: patientOnly },
        schema: {
          tags: ['my records'],
          summary: `${r.summary} (the signed-in patient)`,
          security,
          ...(r.params ? { params: z.object(r.params) } : {}),
          response: { 200: r.response, ...recordErrors },
        },
      },
      (request) => onPatient(request, 'self', r.op),
    );
    app.get(
      `/patients/:patientId${r.path}`,
      {
        config: { access: recordStaff },
        schema: {
          tags: ['patient records'],
          summary: `${r.summary} (one patient of the caller's stores)`,
          security,
          params: z.object({ patientId: Uuid, ...r.params }),
          response: { 200: r.response, ...recordErrors },
        },
      },
      (request) => onPatient(request, 'staff', r.op),
    );
  }
}
