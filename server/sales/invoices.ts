/**
 * Invoices (POS sales): numbered per store under a per-store lock, totals computed here with the store's tax
 * rate, payments recorded once per idempotency key, and a paid invoice never edited: a void or refund writes a
 * linked credit record (negative lines, and a negative payment for money paid back).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  invoiceTotals,
  lineMoney,
  type InvoiceCreate,
  type InvoiceView,
  type InvoiceVoid,
  type PaymentInput,
  type PaymentResult,
} from '../../src/contract/sales';
import type { Tx } from '../db/client';
import { lockNumbering } from '../db/pg';
import { locations } from '../db/schema';
import { registerSessions } from '../db/schema-pos';
import { invoiceLines, invoices, payments } from '../db/schema-records';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';

type InvoiceRow = typeof invoices.$inferSelect;

async function nextInvoiceNumber(tx: Tx, locationId: string): Promise<number> {
  await lockNumbering(tx, 'invoice', locationId);
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${invoices.number}), 0) + 1` })
    .from(invoices)
    .where(eq(invoices.locationId, locationId));
  return Number(row!.next);
}

export async function invoiceView(tx: Tx, inv: InvoiceRow): Promise<InvoiceView> {
  const lines = await tx
    .select({
      lineNo: invoiceLines.lineNo,
      kind: invoiceLines.kind,
      sku: invoiceLines.sku,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      discount: invoiceLines.discount,
      tax: invoiceLines.tax,
      total: invoiceLines.total,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id))
    .orderBy(asc(invoiceLines.lineNo));
  return {
    id: inv.id,
    number: inv.number,
    locationId: inv.locationId,
    patientId: inv.patientId,
    status: inv.status,
    currency: inv.currency,
    subtotal: inv.subtotal,
    discountTotal: inv.discountTotal,
    taxTotal: inv.taxTotal,
    total: inv.total,
    paidTotal: inv.paidTotal,
    balance: inv.total - inv.paidTotal,
    relatedInvoiceId: inv.relatedInvoiceId,
    lines,
  };
}

export async function createInvoice(tx: Tx, scope: Scope, input: InvoiceCreate, now: Date): Done<InvoiceView> {
  const patient = await visiblePatient(tx, scope, input.patientId);
  const locationId = input.locationId ?? patient.locationId;
  requireStore(scope, locationId);
  const [store] = await tx.select({ taxRateBp: locations.taxRateBp }).from(locations).where(eq(locations.id, locationId));
  if (!store) throw new NotVisible('location', locationId);
  const totals = invoiceTotals(input.lines, store.taxRateBp);
  const number = await nextInvoiceNumber(tx, locationId);
  const [inv] = await tx
    .insert(invoices)
    .values({ tenantId: scope.tenantId, locationId, number, patientId: patient.id, issuedAt: now, ...totals, notes: input.notes, createdBy: scope.userId, createdAt: now })
    .returning();
  await tx.insert(invoiceLines).values(
    input.lines.map((l, i) => {
      const m = lineMoney(l, store.taxRateBp);
      return { tenantId: scope.tenantId, invoiceId: inv!.id, lineNo: i + 1, kind: l.kind, sku: l.sku, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, tax: m.tax, total: m.total };
    }),
  );
  return {
    result: await invoiceView(tx, inv!),
    audit: { targetType: 'invoice', targetId: inv!.id, patientId: patient.id, details: { number, locationId, total: totals.total, lines: input.lines.length } },
  };
}

/** The invoice, locked for the change, when the caller may reach it. */
async function lockedInvoice(tx: Tx, scope: Scope, invoiceId: string): Promise<InvoiceRow> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!inv) throw new NotVisible('invoice', invoiceId);
  requireStore(scope, inv.locationId, 'invoice');
  // Its patient must be reachable too (always the case today: a patient's invoices are in stores the staff see).
  return inv;
}

/** A register session money is taken at: one of the invoice's store (else not found), and open (the drawer is counted). */
async function openSessionAt(tx: Tx, sessionId: string, locationId: string): Promise<void> {
  const [session] = await tx
    .select({ status: registerSessions.status, locationId: registerSessions.locationId })
    .from(registerSessions)
    .where(eq(registerSessions.id, sessionId))
    .for('share');
  if (!session || session.locationId !== locationId) throw new NotVisible('register_session', sessionId);
  if (session.status !== 'open') throw new HttpError(409, 'pos.sessionClosed');
}

export async function payInvoice(tx: Tx, scope: Scope, invoiceId: string, input: PaymentInput & { idempotencyKey?: string }, now: Date): Done<PaymentResult> {
  // The lock serialises payments of one invoice: a retry with the same key waits, then finds the first one.
  const inv = await lockedInvoice(tx, scope, invoiceId);
  const key = input.idempotencyKey;
  if (key) {
    const [earlier] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (earlier) {
      if (earlier.invoiceId !== inv.id || earlier.amount !== input.amount || earlier.method !== input.method) {
        throw new HttpError(409, 'sales.idempotencyKeyReused');
      }
      return {
        result: { payment: { id: earlier.id, method: earlier.method, amount: earlier.amount, reference: earlier.reference }, invoice: await invoiceView(tx, inv), replayed: true },
        audit: { targetType: 'payment', targetId: earlier.id, patientId: inv.patientId ?? undefined, details: { invoiceId: inv.id, replayed: true } },
      };
    }
  }
  if (inv.status !== 'open') throw new HttpError(409, 'sales.invoiceNotOpen', { params: { status: inv.status } });
  if (input.registerSessionId) await openSessionAt(tx, input.registerSessionId, inv.locationId);
  const balance = inv.total - inv.paidTotal;
  if (input.amount > balance) {
    throw new HttpError(400, 'request.fieldsInvalid', { fields: { amount: `Amount cannot be more than the balance of ${balance} cents` } });
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      tenantId: scope.tenantId,
      invoiceId: inv.id,
      method: input.method,
      amount: input.amount,
      paidAt: now,
      reference: input.reference,
      idempotencyKey: key ?? null,
      registerSessionId: input.registerSessionId ?? null,
      createdBy: scope.userId,
    })
    .returning();
  const paidTotal = inv.paidTotal + input.amount;
  const [updated] = await tx
    .update(invoices)
    .set({ paidTotal, status: paidTotal === inv.total ? 'paid' : 'open' })
    .where(eq(invoices.id, inv.id))
    .returning();
  return {
    result: { payment: { id: payment!.id, method: payment!.method, amount: payment!.amount, reference: payment!.reference }, invoice: await invoiceView(tx, updated!), replayed: false },
    audit: { targetType: 'payment', targetId: payment!.id, patientId: inv.patientId ?? undefined, details: { invoiceId: inv.id, amount: input.amount, method: input.method, status: updated!.status } },
  };
}

/**
 * Voids an open invoice or refunds what was paid. The invoice's lines and amounts stay as they were; only its
 * status says what happened, and the linked credit record carries the negative amounts and the refund.
 */
export async function voidInvoice(tx: Tx, scope: Scope, invoiceId: string, input: InvoiceVoid, now: Date): Done<{ invoice: InvoiceView; credit: InvoiceView }> {
  const inv = await lockedInvoice(tx, scope, invoiceId);
  if (inv.relatedInvoiceId) throw new HttpError(409, 'sales.creditRecordNotVoidable');
  if (inv.status === 'void' || inv.status === 'refunded') throw new HttpError(409, 'sales.invoiceAlreadyClosed', { params: { status: inv.status } });
  // Money that earlier credit records (refunds by line at the register) paid back is not paid back again, and the
  // goods they took back are not credited again: the void credits what is left of each line.
  const priorCredits = await tx.select({ id: invoices.id, paidTotal: invoices.paidTotal }).from(invoices).where(eq(invoices.relatedInvoiceId, inv.id));
  const refundable = inv.paidTotal + priorCredits.reduce((sum, c) => sum + c.paidTotal, 0);
  const refunded = refundable > 0;
  const status = inv.paidTotal > 0 ? 'refunded' : 'void';
  const sold = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id)).orderBy(asc(invoiceLines.lineNo));
  const given = priorCredits.length
    ? await tx
        .select({ lineNo: invoiceLines.originalLineNo, quantity: invoiceLines.quantity, discount: invoiceLines.discount, tax: invoiceLines.tax })
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, priorCredits.map((c) => c.id)))
    : [];
  const lines = sold.flatMap((l) => {
    const back = given.filter((g) => g.lineNo === l.lineNo);
    const quantity = l.quantity - back.reduce((sum, g) => sum + g.quantity, 0);
    if (quantity <= 0) return [];
    // Credit lines carry negative amounts: what is left of a line is its amount plus theirs.
    const discount = l.discount + back.reduce((sum, g) => sum + g.discount, 0);
    const tax = l.tax + back.reduce((sum, g) => sum + g.tax, 0);
    return [{ ...l, quantity, discount, tax, total: quantity * l.unitPrice - discount + tax }];
  });
  const left = {
    subtotal: lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0),
    discountTotal: lines.reduce((sum, l) => sum + l.discount, 0),
    taxTotal: lines.reduce((sum, l) => sum + l.tax, 0),
    total: lines.reduce((sum, l) => sum + l.total, 0),
  };
  // Nothing refunded before: the credit mirrors the invoice exactly (its order discount included).
  const mirror = priorCredits.length === 0 ? { subtotal: inv.subtotal, discountTotal: inv.discountTotal, taxTotal: inv.taxTotal, total: inv.total } : left;
  const number = await nextInvoiceNumber(tx, inv.locationId);
  const [credit] = await tx
    .insert(invoices)
    .values({
      tenantId: scope.tenantId,
      locationId: inv.locationId,
      number,
      patientId: inv.patientId,
      status,
      issuedAt: now,
      currency: inv.currency,
      subtotal: -mirror.subtotal,
      discountTotal: -mirror.discountTotal,
      taxTotal: -mirror.taxTotal,
      total: -mirror.total,
      paidTotal: refunded ? -refundable : 0,
      relatedInvoiceId: inv.id,
      notes: input.reason,
      createdBy: scope.userId,
      createdAt: now,
    })
    .returning();
  if (lines.length) {
    await tx.insert(invoiceLines).values(
      lines.map((l) => ({
        ...l,
        invoiceId: credit!.id,
        originalLineNo: l.lineNo,
        unitPrice: -l.unitPrice,
        discount: -l.discount,
        tax: -l.tax,
        total: -l.total,
      })),
    );
  }
  if (refunded) {
    const [first] = await tx.select({ method: payments.method }).from(payments).where(eq(payments.invoiceId, inv.id)).orderBy(asc(payments.paidAt)).limit(1);
    await tx.insert(payments).values({
      tenantId: scope.tenantId,
      invoiceId: credit!.id,
      method: input.refundMethod ?? first?.method ?? 'cash',
      amount: -refundable,
      paidAt: now,
      reference: `Refund of invoice ${inv.number}`,
      createdBy: scope.userId,
    });
  }
  const [updated] = await tx.update(invoices).set({ status }).where(and(eq(invoices.id, inv.id))).returning();
  return {
    result: { invoice: await invoiceView(tx, updated!), credit: await invoiceView(tx, credit!) },
    audit: { targetType: 'invoice', targetId: inv.id, patientId: inv.patientId ?? undefined, details: { status, creditId: credit!.id, creditNumber: number, refunded: refunded ? refundable : 0 } },
  };
}
