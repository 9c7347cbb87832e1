/**
 * The books' part of merging two patient records (server/patients/merge.ts): the retired patient's invoices become
 * the kept patient's, and the retired patient's store-credit balance moves by two entries (taken from one book,
 * added to the other, under both books' locks), as the ledger is never rewritten.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { storeCreditEntries } from '../db/schema-pos';
import type { Scope } from '../scope/scope';
import { lockBook, storeCreditBalance } from './storeCredit';

/** Answers the invoices re-pointed and the store credit moved (minor units; 0: no entries written). */
export async function mergePatientBooks(tx: Tx, scope: Scope, move: { from: string; to: string; at: Date }): Promise<{ invoices: number; storeCredit: number }> {
  const [moved] = await queryRows<{ n: number }>(
    tx,
    sql`with moved as (update invoices set patient_id = ${move.to}::uuid where patient_id = ${move.from}::uuid returning 1) select count(*)::int as n from moved`,
  );
  for (const id of [move.from, move.to].sort()) await lockBook(tx, id);
  const balance = await storeCreditBalance(tx, move.from);
  if (balance > 0) {
    const entry = { invoiceId: null, at: move.at, byUserId: scope.userId };
    await tx.insert(storeCreditEntries).values([
      { ...entry, patientId: move.from, amount: -balance, reason: 'merge-out' },
      { ...entry, patientId: move.to, amount: balance, reason: 'merge-in' },
    ]);
  }
  return { invoices: moved?.n ?? 0, storeCredit: Math.max(balance, 0) };
}
