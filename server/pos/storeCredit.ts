/** A patient's store credit as the register reads it (the book is server/ledger's). */
import type { Tx } from '../db/client';
import { storeCreditBalance } from '../ledger/ledger';
import type { Done } from '../scope/audited';
import { visiblePatient, type Scope } from '../scope/scope';

export async function storeCreditOf(tx: Tx, scope: Scope, patientId: string): Done<{ patientId: string; balance: number }> {
  const patient = await visiblePatient(tx, scope, patientId);
  const balance = await storeCreditBalance(tx, patient.id);
  return { result: { patientId: patient.id, balance }, audit: { targetType: 'patient', targetId: patient.id, patientId: patient.id, details: { balance } } };
}
