/** A patient's store credit: the sum of their entries (refunds add, payments with it take). */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { storeCreditEntries } from '../db/schema-pos';
import type { Done } from '../scope/audited';
import { visiblePatient, type Scope } from '../scope/scope';

export async function storeCreditBalance(tx: Tx, patientId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${storeCreditEntries.amount}), 0)` })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.patientId, patientId));
  return Number(row?.balance ?? 0);
}

export async function storeCreditOf(tx: Tx, scope: Scope, patientId: string): Done<{ patientId: string; balance: number }> {
  const patient = await visiblePatient(tx, scope, patientId);
  const balance = await storeCreditBalance(tx, patient.id);
  return { result: { patientId: patient.id, balance }, audit: { targetType: 'patient', targetId: patient.id, patientId: patient.id, details: { balance } } };
}
