/**
 * Invoices made at the invoice screen and the chart: created with lines priced as the register prices them (the
 * store's catalogue price and tax class; staff invoice only catalogue products at the store's price, within their
 * discount limit; an admin may change a price or add a line of their own at the store's standard rate), payments
 * recorded once per idempotency key, and a paid invoice never edited: a void writes a linked credit record through
 * the books (server/ledger), giving back the money by the methods that paid it, the goods to stock.
 */
import { asc, eq } from 'drizzle-orm';
import { lineGivenBack, priceSale, type PricingInputLine } from '../../src/contract/money';
import type { InvoiceCreate, InvoiceView, InvoiceVoid, PaymentInput, PaymentResult } from '../../src/contract/sales';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { invoiceLines, invoices, payments } from '../db/schema-invoices';
import { HttpError } from '../http/errors';
import {
  giveBack,
  givenBack,
  linesOf,
  moveStock,
  openSessionAt,
  recordInvoice,
  requireDiscountWithinLimit,
  stockedQuantities,
  takePayments,
  type CreditLine,
  type InvoiceRow,
} from '../ledger/ledger';
import { storeProductsBySku } from '../pos/catalogue';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';

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
  return invoiceViewOf(inv, lines);
}

/** An invoice as the contract shows it, from its row and its lines (in line order). */
export function invoiceViewOf(inv: InvoiceRow, lines: InvoiceView['lines']): InvoiceView {
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
  const [store] = await tx.select({ taxRateBp: locations.taxRateBp, currency: locations.currency }).from(locations).where(eq(locations.id, locationId));
  if (!store) throw new NotVisible('location', locationId);
  const catalogue = await storeProductsBySku(tx, locationId, input.lines.map((l) => l.sku));
  const isAdmin = scope.roles.includes('admin');
  const priced: PricingInputLine[] = input.lines.map((l) => {
    const product = catalogue.get(l.sku);
    // A price of one's own is an admin's: staff invoice what the store sells, at its price.
    if (!isAdmin && (!product || product.price !== l.unitPrice)) throw new HttpError(403, 'sales.priceNotCatalogue');
    return {
      productId: product?.id ?? '',
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRateBp: product?.taxRateBp ?? store.taxRateBp,
      discount: l.discount > 0 ? { type: 'amount', value: l.discount } : null,
    };
  });
  const pricing = priceSale(priced, null);
  await requireDiscountWithinLimit(tx, scope, locationId, pricing);
  const inv = await recordInvoice(
    tx,
    scope,
    { locationId, patientId: patient.id, currency: store.currency, issuedAt: now, notes: input.notes },
    pricing.lines.map((l, i) => ({
      kind: input.lines[i]!.kind,
      sku: input.lines[i]!.sku,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      tax: l.tax,
      total: l.total,
      productId: l.productId || null,
    })),
    now,
  );
  const goods = await stockedQuantities(tx, pricing.lines.map((l) => ({ productId: l.productId || null, quantity: l.quantity })));
  await moveStock(tx, scope, { locationId, quantities: goods, direction: -1, reason: 'sale', invoiceId: inv.id, at: now });
  return {
    result: await invoiceView(tx, inv),
    audit: { targetType: 'invoice', targetId: inv.id, patientId: patient.id, details: { number: inv.number, locationId, total: inv.total, lines: input.lines.length } },
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
  const { invoice: updated, payments: [recorded] } = await takePayments(
    tx,
    scope,
    inv,
    [{ method: input.method, amount: input.amount, reference: input.reference, idempotencyKey: key ?? null }],
    { at: now, sessionId: input.registerSessionId ?? null },
  );
  return {
    result: { payment: { id: recorded!.id, method: recorded!.method, amount: recorded!.amount, reference: recorded!.reference }, invoice: await invoiceView(tx, updated), replayed: false },
    audit: { targetType: 'payment', targetId: recorded!.id, patientId: inv.patientId ?? undefined, details: { invoiceId: inv.id, amount: input.amount, method: input.method, status: updated.status } },
  };
}

/**
 * Voids an open invoice or refunds what was paid. The invoice's lines and amounts stay as they were; only its
 * status says what happened, and the linked credit record carries what is left of each line, the money given back
 * (by the methods that paid it, or all to `refundMethod`; cash through the register session named) and the goods.
 */
export async function voidInvoice(tx: Tx, scope: Scope, invoiceId: string, input: InvoiceVoid, now: Date): Done<{ invoice: InvoiceView; credit: InvoiceView }> {
  const inv = await lockedInvoice(tx, scope, invoiceId);
  if (inv.relatedInvoiceId) throw new HttpError(409, 'sales.creditRecordNotVoidable');
  if (inv.status === 'void' || inv.status === 'refunded') throw new HttpError(409, 'sales.invoiceAlreadyClosed', { params: { status: inv.status } });
  const session = input.registerSessionId ? await openSessionAt(tx, input.registerSessionId, inv.locationId) : null;
  // Money and goods that earlier credit records (refunds by line at the register) gave back are not given again.
  const before = await givenBack(tx, inv.id);
  const refundable = inv.paidTotal + before.paidLeft;
  const status = inv.paidTotal > 0 ? 'refunded' : 'void';
  const lines: CreditLine[] = (await linesOf(tx, inv.id)).flatMap((line) => {
    const given = before.of(line.lineNo);
    const quantity = line.quantity - given.quantity;
    if (quantity <= 0) return [];
    return [{ line, ...lineGivenBack(line, given, quantity) }];
  });
  const done = await giveBack(tx, scope, inv, {
    lines,
    amount: Math.max(refundable, 0),
    to: input.refundMethod ?? 'original',
    session,
    reason: input.reason,
    creditStatus: status,
    close: status,
    now,
  });
  return {
    result: { invoice: await invoiceView(tx, done.invoice), credit: await invoiceView(tx, done.credit) },
    audit: {
      targetType: 'invoice',
      targetId: inv.id,
      patientId: inv.patientId ?? undefined,
      details: { status, creditId: done.credit.id, creditNumber: done.credit.number, refunded: refundable, to: done.refunded },
    },
  };
}
