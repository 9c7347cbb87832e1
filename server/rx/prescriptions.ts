/** Prescriptions written by staff; the expiry follows the contract's rule for the kind of Rx. */
import {
  contactLensExpiry,
  spectacleExpiry,
  type ContactLensRxInput,
  type RxCreated,
  type RxGiven,
  type SpectacleRxInput,
} from '../../src/contract/rx';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { contactLensRx, spectacleRx } from '../db/schema-records';
import { assertVersion, type Done } from '../scope/audited';
import { HttpError } from '../http/errors';
import { NotVisible, requireBodyStore, visiblePatient, type Scope } from '../scope/scope';

export async function createSpectacleRx(tx: Tx, scope: Scope, patientId: string, input: SpectacleRxInput): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .insert(spectacleRx)
    .values({
      patientId: patient.id,
      locationId,
      examDate: input.examDate,
      expiresOn: spectacleExpiry(input),
      prescriber: input.prescriber,
      source: input.source,
      right: input.right,
      left: input.left,
      notes: input.notes,
      createdBy: scope.userId,
    })
    .returning();
  const r = row!;
  return {
    result: { id: r.id, patientId: r.patientId, locationId: r.locationId, examDate: r.examDate, expiresOn: r.expiresOn },
    audit: { targetType: 'spectacle_rx', targetId: r.id, patientId: patient.id, details: { examDate: r.examDate, expiresOn: r.expiresOn } },
  };
}

export async function createContactLensRx(tx: Tx, scope: Scope, patientId: string, input: ContactLensRxInput): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .insert(contactLensRx)
    .values({
      patientId: patient.id,
      locationId,
      examDate: input.examDate,
      expiresOn: contactLensExpiry(input),
      prescriber: input.prescriber,
      brand: input.brand,
      manufacturer: input.manufacturer,
      replacement: input.replacement,
      right: input.right,
      left: input.left,
      notes: input.notes,
      createdBy: scope.userId,
    })
    .returning();
  const r = row!;
  return {
    result: { id: r.id, patientId: r.patientId, locationId: r.locationId, examDate: r.examDate, expiresOn: r.expiresOn },
    audit: { targetType: 'contact_lens_rx', targetId: r.id, patientId: patient.id, details: { examDate: r.examDate, expiresOn: r.expiresOn } },
  };
}

type RxTable = typeof spectacleRx | typeof contactLensRx;

/** The Rx of this patient, locked for the change; 404 when the id is not this patient's Rx of that kind. */
async function lockedRx(tx: Tx, table: RxTable, patientId: string, rxId: string, targetType: string) {
  const [row] = await tx
    .select({ id: table.id, locationId: table.locationId, givenAt: table.givenAt, updatedAt: table.updatedAt })
    .from(table)
    .where(and(eq(table.id, rxId), eq(table.patientId, patientId)))
    .for('update');
  if (!row) throw new NotVisible(targetType, rxId);
  return row;
}

/** Corrects a spectacle Rx (the whole input, as when it was recorded); the audit names the fields that changed. */
export async function updateSpectacleRx(tx: Tx, scope: Scope, patientId: string, rxId: string, input: SpectacleRxInput, now: Date, ifMatch?: string): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const current = await lockedRx(tx, spectacleRx, patient.id, rxId, 'spectacle_rx');
  assertVersion(ifMatch, current.updatedAt);
  const locationId = input.locationId ?? current.locationId;
  if (locationId !== current.locationId) await requireBodyStore(tx, scope, locationId);
  const [before] = await tx.select().from(spectacleRx).where(eq(spectacleRx.id, rxId));
  const values = {
    locationId,
    examDate: input.examDate,
    expiresOn: spectacleExpiry(input),
    prescriber: input.prescriber,
    source: input.source,
    right: input.right,
    left: input.left,
    notes: input.notes,
  };
  const [r] = await tx.update(spectacleRx).set({ ...values, updatedAt: now }).where(eq(spectacleRx.id, rxId)).returning();
  return {
    result: { id: r!.id, patientId: r!.patientId, locationId: r!.locationId, examDate: r!.examDate, expiresOn: r!.expiresOn },
    audit: { targetType: 'spectacle_rx', targetId: rxId, patientId: patient.id, details: { changed: changedKeys(before!, values) } },
  };
}

export async function updateContactLensRx(tx: Tx, scope: Scope, patientId: string, rxId: string, input: ContactLensRxInput, now: Date, ifMatch?: string): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const current = await lockedRx(tx, contactLensRx, patient.id, rxId, 'contact_lens_rx');
  assertVersion(ifMatch, current.updatedAt);
  const locationId = input.locationId ?? current.locationId;
  if (locationId !== current.locationId) await requireBodyStore(tx, scope, locationId);
  const [before] = await tx.select().from(contactLensRx).where(eq(contactLensRx.id, rxId));
  const values = {
    locationId,
    examDate: input.examDate,
    expiresOn: contactLensExpiry(input),
    prescriber: input.prescriber,
    brand: input.brand,
    manufacturer: input.manufacturer,
    replacement: input.replacement,
    right: input.right,
    left: input.left,
    notes: input.notes,
  };
  const [r] = await tx.update(contactLensRx).set({ ...values, updatedAt: now }).where(eq(contactLensRx.id, rxId)).returning();
  return {
    result: { id: r!.id, patientId: r!.patientId, locationId: r!.locationId, examDate: r!.examDate, expiresOn: r!.expiresOn },
    audit: { targetType: 'contact_lens_rx', targetId: rxId, patientId: patient.id, details: { changed: changedKeys(before!, values) } },
  };
}

/** The keys whose values differ (jsonb keeps its own key order, so objects are compared with sorted keys). */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const canonical = (v: unknown): string =>
    JSON.stringify(v, (_k, x: unknown) =>
      x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
    );
  return Object.keys(after).filter((k) => canonical(before[k]) !== canonical(after[k]));
}

/**
 * Records that a copy of an Rx (either kind) was handed to the patient. Once only: the row lock makes a second,
 * concurrent mark wait and then find it given (409).
 */
export async function markRxGiven(tx: Tx, scope: Scope, patientId: string, rxId: string, now: Date): Done<RxGiven> {
  const patient = await visiblePatient(tx, scope, patientId);
  for (const [table, targetType] of [
    [spectacleRx, 'spectacle_rx'],
    [contactLensRx, 'contact_lens_rx'],
  ] as const) {
    const [row] = await tx
      .select({ id: table.id, givenAt: table.givenAt })
      .from(table)
      .where(and(eq(table.id, rxId), eq(table.patientId, patient.id)))
      .for('update');
    if (!row) continue;
    if (row.givenAt) throw new HttpError(409, 'rx.alreadyGiven');
    await tx.update(table).set({ givenAt: now, givenBy: scope.userId }).where(eq(table.id, rxId));
    return { result: { id: rxId, givenAt: now.toISOString() }, audit: { targetType, targetId: rxId, patientId: patient.id } };
  }
  throw new NotVisible('rx', rxId);
}
