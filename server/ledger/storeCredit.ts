/**
 * A patient's store credit: a book of entries (a refund or void to credit adds, a spend takes) whose balance is
 * their sum and never below zero. Every entry of a patient is written under one lock of that patient's book, which
 * the database's trigger (migration 0036) takes too, so two spends never both see the same balance.
 */
import { eq, sql } from 'drizzle-orm';
import { moneyParams } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { storeCreditEntries } from '../db/schema-pos';
import { HttpError } from '../http/errors';
import type { Scope } from '../scope/scope';

export async function lockBook(tx: Tx, patientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('store-credit'), hashtext(${patientId}))`);
}

export async function storeCreditBalance(tx: Tx, patientId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${storeCreditEntries.amount}), 0)` })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.patientId, patientId));
  return Number(row?.balance ?? 0);
}

export interface CreditEntry {
  patientId: string;
  amount: number;
  invoiceId: string;
  reason: string;
  at: Date;
}

/** Takes `amount` from the patient's credit; refused (409) beyond the balance, naming it in the store's currency. */
export async function spendStoreCredit(tx: Tx, scope: Scope, entry: CreditEntry, currency: string): Promise<void> {
  await lockBook(tx, entry.patientId);
  const balance = await storeCreditBalance(tx, entry.patientId);
  if (entry.amount > balance) throw new HttpError(409, 'pos.storeCreditInsufficient', { params: moneyParams('balance', balance, currency) });
  await tx.insert(storeCreditEntries).values({ ...entry, amount: -entry.amount, byUserId: scope.userId });
}

/** How much of `wanted` the patient's credit covers now (a sale made offline spends what there is, no more). */
export async function coverableByStoreCredit(tx: Tx, patientId: string, wanted: number): Promise<number> {
  await lockBook(tx, patientId);
  return Math.min(wanted, Math.max(await storeCreditBalance(tx, patientId), 0));
}

export async function addStoreCredit(tx: Tx, scope: Scope, entry: CreditEntry): Promise<void> {
  await lockBook(tx, entry.patientId);
  await tx.insert(storeCreditEntries).values({ ...entry, byUserId: scope.userId });
}

