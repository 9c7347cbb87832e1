/** Prescriptions written by staff; the expiry follows the contract's rule for the kind of Rx. */
import {
  contactLensExpiry,
  spectacleExpiry,
  type ContactLensRxInput,
  type RxCreated,
  type SpectacleRxInput,
} from '../../src/contract/rx';
import type { Tx } from '../db/client';
import { contactLensRx, spectacleRx } from '../db/schema-records';
import type { Done } from '../scope/audited';
import { requireBodyStore, visiblePatient, type Scope } from '../scope/scope';

export async function createSpectacleRx(tx: Tx, scope: Scope, patientId: string, input: SpectacleRxInput): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .insert(spectacleRx)
    .values({
      tenantId: scope.tenantId,
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
      tenantId: scope.tenantId,
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
