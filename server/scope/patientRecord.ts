/** Whose records a caller reaches: a patient their own row (by their account), staff the patients of their stores. */
import { eq } from 'drizzle-orm';
import { allowedLocationIds } from '../auth/user-view';
import type { Tx } from '../db/client';
import { patients } from '../db/schema-records';

/** The patient record linked to this portal account, or null. */
export async function ownPatientId(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId));
  return row?.id ?? null;
}

/**
 * The patient when the staff account may see them: in the caller's tenant (RLS) and, for an account limited to
 * some stores, with a home store among them. Null otherwise (unknown, other company, or another store).
 */
export async function staffReach(tx: Tx, userId: string, patientId: string): Promise<string | null> {
  const [row] = await tx.select({ id: patients.id, locationId: patients.locationId }).from(patients).where(eq(patients.id, patientId));
  if (!row) return null;
  const allowed = await allowedLocationIds(tx, userId);
  return allowed.length === 0 || allowed.includes(row.locationId) ? row.id : null;
}
