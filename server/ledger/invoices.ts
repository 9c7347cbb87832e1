/**
 * The invoice book: invoices and their lines, payments, and credit records (refunds and voids: a linked invoice
 * with negative lines and negative payments). An invoice's paid total is always the sum of its payments, never
 * above its total; money given back goes to the methods that paid it (or store credit), cash only through an open
 * register at the store; goods sold or given back move the store's stock.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../src/contract/records';
import { moneyParams, totalsOf } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { lockNumbering } from '../db/pg';
import { registerSessions } from '../db/schema-pos';
import { invoiceLines, invoices, payments } from '../db/schema-invoices';
import { HttpError } from '../http/errors';
import { NotVisible, type Scope } from '../scope/scope';
import { moveStock, stockedQuantities } from './stock';
import { addStoreCredit, spendStoreCredit } from './storeCredit';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type SessionRow = typeof registerSessions.$inferSelect;

export async function nextInvoiceNumber(tx: Tx, locationId: string): Promise<number> {
  await lockNumbering(tx, 'invoice', locationId);
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${invoices.number}), 0) + 1` }).from(invoices).where(eq(invoices.locationId, locationId));
  return Number(row!.next);
}

export interface LineEntry {
  kind: string;
  sku: string;
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  total: number;
  productId?: string | null;
  options?: InvoiceLineRow['options'];
  rxId?: string | null;
}

export interface InvoiceHead {
  locationId: string;
  patientId: string | null;
  currency: string;
  issuedAt: Date;
  notes: string;
  clientSaleId?: string;
  registerSessionId?: string;
}

/** Records an invoice with its lines (its totals are theirs), numbered in its store, with nothing paid yet. */
export async function recordInvoice(tx: Tx, scope: Scope, head: InvoiceHead, lines: readonly LineEntry[], now: Date): Promise<InvoiceRow> {
  const number = await nextInvoiceNumber(tx, head.locationId);
  const totals = totalsOf(lines);
  const [inv] = await tx
    .insert(invoices)
    .values({
      ...head,
      number,
      // Nothing to pay (a line given away whole) is paid.
      status: totals.total <= 0 ? 'paid' : 'open',
      ...totals,
      paidTotal: 0,
      createdBy: scope.userId,
      createdAt: now,
    })
    .returning();
  await tx.insert(invoiceLines).values(lines.map((l, i) => ({ invoiceId: inv!.id, lineNo: i + 1, ...l, options: l.options ?? [] })));
  return inv!;
}

export interface PaymentEntry {
  method: PaymentMethod;
  amount: number;
  tendered?: number | null;
  reference?: string;
  insurancePlan?: string;
  authorisation?: string;
  idempotencyKey?: string | null;
}

/** An open register session at the store, locked against its close; else the refusal a clerk can act on. */
export async function openSessionAt(tx: Tx, sessionId: string, locationId: string): Promise<SessionRow> {
  const [session] = await tx.select().from(registerSessions).where(eq(registerSessions.id, sessionId)).for('share');
  if (!session || session.locationId !== locationId) throw new NotVisible('register_session', sessionId);
  if (session.status !== 'open') throw new HttpError(409, 'pos.sessionClosed');
  return session;
}

/**
 * Takes payments on an invoice (locked by the caller): never more than its balance; store credit from the patient's
 * balance; the session named counts them, and cash needs one (the caller checks it is open at the invoice's store).
 * Answers the invoice as it is after.
 */
export async function takePayments(
  tx: Tx,
  scope: Scope,
  inv: InvoiceRow,
  entries: readonly PaymentEntry[],
  at: { at: Date; sessionId: string | null },
): Promise<{ invoice: InvoiceRow; payments: PaymentRow[] }> {
  if (!entries.length) return { invoice: inv, payments: [] };
  // Cash is money in a drawer: without a session it would be counted in none, and no till would ever balance.
  if (!at.sessionId && entries.some((p) => p.method === 'cash')) throw new HttpError(409, 'sales.cashNeedsRegister');
  const amount = entries.reduce((a, p) => a + p.amount, 0);
  if (amount > inv.total - inv.paidTotal) throw new HttpError(400, 'pos.paymentsOverTotal');
  const credit = entries.filter((p) => p.method === 'store-credit').reduce((a, p) => a + p.amount, 0);
  if (credit > 0) {
    if (!inv.patientId) throw new HttpError(400, 'pos.storeCreditNeedsPatient');
    await spendStoreCredit(tx, scope, { patientId: inv.patientId, amount: credit, invoiceId: inv.id, reason: `Invoice ${inv.number}`, at: at.at }, inv.currency);
  }
  // The invoice first: the report trigger of a payment reads whether its sale left a balance (a deposit).
  const paidTotal = inv.paidTotal + amount;
  const [updated] = await tx
    .update(invoices)
    .set({ paidTotal, status: paidTotal >= inv.total ? 'paid' : 'open' })
    .where(eq(invoices.id, inv.id))
    .returning();
  const taken = await tx
    .insert(payments)
    .values(
      entries.map((p) => ({
        invoiceId: inv.id,
        method: p.method,
        amount: p.amount,
        paidAt: at.at,
        reference: p.reference ?? '',
        tendered: p.tendered ?? null,
        insurancePlan: p.insurancePlan ?? '',
        authorisation: p.authorisation ?? '',
        idempotencyKey: p.idempotencyKey ?? null,
        registerSessionId: at.sessionId,
        createdBy: scope.userId,
      })),
    )
    .returning();
  return { invoice: updated!, payments: taken };
}

/** What of each line earlier credit records gave back (quantity, and the discount and tax as positive amounts). */
export async function givenBack(tx: Tx, invoiceId: string) {
  const credits = await tx.select({ id: invoices.id, paidTotal: invoices.paidTotal }).from(invoices).where(eq(invoices.relatedInvoiceId, invoiceId));
  const lines = credits.length
    ? await tx
        .select({
          lineNo: invoiceLines.originalLineNo,
          quantity: sql<string>`sum(${invoiceLines.quantity})`,
          discount: sql<string>`-sum(${invoiceLines.discount})`,
          tax: sql<string>`-sum(${invoiceLines.tax})`,
        })
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, credits.map((c) => c.id)))
        .groupBy(invoiceLines.originalLineNo)
    : [];
  const back = await (credits.length
    ? tx
        .select({ method: payments.method, amount: sql<string>`-sum(${payments.amount})` })
        .from(payments)
        .where(inArray(payments.invoiceId, credits.map((c) => c.id)))
        .groupBy(payments.method)
    : Promise.resolve([]));
  return {
    /** Money paid on the invoice and not yet given back. */
    paidLeft: credits.reduce((a, c) => a + c.paidTotal, 0),
    of(lineNo: number) {
      const g = lines.find((x) => x.lineNo === lineNo);
      return { quantity: Number(g?.quantity ?? 0), discount: Number(g?.discount ?? 0), tax: Number(g?.tax ?? 0) };
    },
    byMethod: new Map(back.map((b) => [b.method, Number(b.amount)])),
  };
}

export interface CreditLine {
  line: InvoiceLineRow;
  quantity: number;
  discount: number;
  tax: number;
  total: number;
}

/** The order money goes back by its original methods: those that cannot be handed over first, the drawer last. */
const giveBackOrder: PaymentMethod[] = ['card', 'insurance', 'cheque', 'store-credit', 'cash'];

/**
 * Gives back lines of an invoice (locked by the caller) and `amount` of money, as a credit record: to the methods
 * that paid it (each up to what it paid and has not had back) or all to one method; store credit to the patient's
 * balance; cash only through `session`, an open session at the store; the goods back into the store's stock.
 * `close` sets the invoice's status (a void); else it is refunded once every line is back.
 */
export async function giveBack(
  tx: Tx,
  scope: Scope,
  inv: InvoiceRow,
  back: {
    lines: readonly CreditLine[];
    amount: number;
    to: 'original' | PaymentMethod;
    session: SessionRow | null;
    reason: string;
    clientRefundId?: string;
    creditStatus: 'refunded' | 'void';
    close?: 'refunded' | 'void';
    now: Date;
  },
): Promise<{ invoice: InvoiceRow; credit: InvoiceRow; refunded: { method: PaymentMethod; amount: number }[] }> {
  const before = await givenBack(tx, inv.id);
  const split: { method: PaymentMethod; amount: number }[] = [];
  if (back.to !== 'original') {
    if (back.amount > 0) split.push({ method: back.to, amount: back.amount });
  } else {
    const original = await tx.select({ method: payments.method, amount: payments.amount }).from(payments).where(eq(payments.invoiceId, inv.id));
    const left = new Map<PaymentMethod, number>();
    for (const p of original) left.set(p.method, (left.get(p.method) ?? 0) + p.amount);
    for (const [method, amount] of before.byMethod) left.set(method, (left.get(method) ?? 0) - amount);
    let due = back.amount;
    for (const method of giveBackOrder) {
      const take = Math.min(due, Math.max(left.get(method) ?? 0, 0));
      if (take > 0) split.push({ method, amount: take });
      due -= take;
    }
    if (due > 0) throw new HttpError(409, 'pos.refundOverPaid', { params: moneyParams('amount', back.amount - due, inv.currency) });
  }
  const cash = split.some((s) => s.method === 'cash');
  if (cash && (!back.session || back.session.locationId !== inv.locationId || back.session.status !== 'open')) throw new HttpError(409, 'pos.cashNeedsRegister');
  const toCredit = split.filter((s) => s.method === 'store-credit').reduce((a, s) => a + s.amount, 0);
  if (toCredit > 0 && !inv.patientId) throw new HttpError(400, 'pos.storeCreditNeedsPatient');

  const number = await nextInvoiceNumber(tx, inv.locationId);
  const totals = totalsOf(back.lines.map((l) => ({ ...l, unitPrice: l.line.unitPrice })));
  const [credit] = await tx
    .insert(invoices)
    .values({
      locationId: inv.locationId,
      number,
      patientId: inv.patientId,
      status: back.creditStatus,
      issuedAt: back.now,
      currency: inv.currency,
      subtotal: -totals.subtotal,
      discountTotal: -totals.discountTotal,
      taxTotal: -totals.taxTotal,
      total: -totals.total,
      paidTotal: -split.reduce((a, s) => a + s.amount, 0),
      relatedInvoiceId: inv.id,
      notes: back.reason,
      createdBy: scope.userId,
      createdAt: back.now,
      clientRefundId: back.clientRefundId ?? null,
      registerSessionId: back.session?.id ?? null,
    })
    .returning();
  if (back.lines.length) {
    await tx.insert(invoiceLines).values(
      back.lines.map((l, i) => ({
        invoiceId: credit!.id,
        lineNo: i + 1,
        kind: l.line.kind,
        sku: l.line.sku,
        description: l.line.description,
        quantity: l.quantity,
        unitPrice: -l.line.unitPrice,
        discount: -l.discount,
        tax: -l.tax,
        total: -l.total,
        productId: l.line.productId,
        options: l.line.options,
        originalLineNo: l.line.lineNo,
      })),
    );
  }
  if (split.length) {
    await tx.insert(payments).values(
      split.map((s) => ({
        invoiceId: credit!.id,
        method: s.method,
        amount: -s.amount,
        paidAt: back.now,
        reference: `Refund of invoice ${inv.number}`,
        registerSessionId: back.session?.id ?? null,
        createdBy: scope.userId,
      })),
    );
  }
  if (toCredit > 0) await addStoreCredit(tx, scope, { patientId: inv.patientId!, amount: toCredit, invoiceId: credit!.id, reason: `Refund of invoice ${inv.number}`, at: back.now });
  const goods = await stockedQuantities(tx, back.lines.map((l) => ({ productId: l.line.productId, quantity: l.quantity })));
  await moveStock(tx, scope, { locationId: inv.locationId, quantities: goods, direction: 1, reason: 'refund', invoiceId: credit!.id, at: back.now });

  let status = back.close;
  if (!status) {
    const sold = await tx.select({ lineNo: invoiceLines.lineNo, quantity: invoiceLines.quantity }).from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id));
    const allBack = sold.every((s) => before.of(s.lineNo).quantity + back.lines.filter((l) => l.line.lineNo === s.lineNo).reduce((a, l) => a + l.quantity, 0) >= s.quantity);
    if (allBack) status = 'refunded';
  }
  const [invoice] = status ? await tx.update(invoices).set({ status }).where(and(eq(invoices.id, inv.id))).returning() : [inv];
  return { invoice: invoice!, credit: credit!, refunded: split };
}

/** The lines of an invoice in order. */
export const linesOf = (tx: Tx, invoiceId: string) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.lineNo));
