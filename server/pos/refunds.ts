/**
 * Refunds at the register: whole or by line, as a linked credit record (the invoice model of server/sales: negative
 * lines and a negative payment per method), never more of a line than was sold less what earlier refunds gave back,
 * never more money than was paid and not yet refunded. The money goes back by the original methods, each up to what
 * it paid and has not had back, cash last (the drawer pays out only what the other methods cannot take back), or to
 * the patient's store credit; goods go back into the store's stock; the register session that pays it back counts
 * it. One refund per clientRefundId, however often it is sent.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../src/contract/records';
import { stockedKinds, type ProductKind, type RefundInput, type RefundResult } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { products, productStock, stockMovements, storeCreditEntries } from '../db/schema-pos';
import { invoiceLines, invoices, payments } from '../db/schema-records';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, type Scope } from '../scope/scope';
import { invoiceView } from '../sales/invoices';
import { moneyOf } from '../sales/receipt';
import { lockClientId, nextInvoiceNumber } from './sales';
import { sessionOf } from './sessions';

async function refundedByMethod(tx: Tx, creditId: string): Promise<RefundResult['refunded']> {
  const paid = await tx
    .select({ method: payments.method, amount: sql<string>`-sum(${payments.amount})` })
    .from(payments)
    .where(eq(payments.invoiceId, creditId))
    .groupBy(payments.method)
    .orderBy(payments.method);
  return paid.map((p) => ({ method: p.method, amount: Number(p.amount) }));
}

export async function refundSale(tx: Tx, scope: Scope, invoiceId: string, input: RefundInput, now: Date): Done<RefundResult> {
  await lockClientId(tx, 'pos-refund', input.clientRefundId);
  const [earlier] = await tx.select().from(invoices).where(eq(invoices.clientRefundId, input.clientRefundId));
  if (earlier) {
    if (earlier.relatedInvoiceId !== invoiceId) throw new HttpError(409, 'sales.idempotencyKeyReused');
    requireStore(scope, earlier.locationId, 'invoice');
    const [original] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    return {
      result: { invoice: await invoiceView(tx, original!), credit: await invoiceView(tx, earlier), refunded: await refundedByMethod(tx, earlier.id), replayed: true },
      audit: { targetType: 'invoice', targetId: invoiceId, patientId: earlier.patientId ?? undefined, details: { clientRefundId: input.clientRefundId, replayed: true } },
    };
  }

  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!inv) throw new NotVisible('invoice', invoiceId);
  requireStore(scope, inv.locationId, 'invoice');
  if (inv.relatedInvoiceId) throw new HttpError(409, 'sales.creditRecordNotVoidable');
  if (inv.status === 'void' || inv.status === 'refunded') throw new HttpError(409, 'sales.invoiceAlreadyClosed', { params: { status: inv.status } });
  const session = await sessionOf(tx, scope, input.registerSessionId, 'share');
  if (session.status !== 'open') throw new HttpError(409, 'pos.sessionClosed');
  if (session.locationId !== inv.locationId) {
    throw new HttpError(400, 'request.fieldsInvalid', { fields: { registerSessionId: 'The register session must be at the store of the invoice' } });
  }
  if (input.refundTo === 'store-credit' && !inv.patientId) throw new HttpError(400, 'pos.storeCreditNeedsPatient');

  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id)).orderBy(asc(invoiceLines.lineNo));
  const credits = await tx.select({ id: invoices.id, paidTotal: invoices.paidTotal }).from(invoices).where(eq(invoices.relatedInvoiceId, inv.id));
  const given = credits.length
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
  const givenOf = (lineNo: number) => {
    const g = given.find((x) => x.lineNo === lineNo);
    return { quantity: Number(g?.quantity ?? 0), discount: Number(g?.discount ?? 0), tax: Number(g?.tax ?? 0) };
  };

  // The lines asked for (one line named twice counts once with both quantities).
  const asked = new Map<number, number>();
  const fields: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    if (!lines.some((x) => x.lineNo === l.lineNo)) fields[`lines.${i}.lineNo`] = 'Line must be a line number of the invoice';
    asked.set(l.lineNo, (asked.get(l.lineNo) ?? 0) + l.quantity);
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });

  const creditLines = [...asked].map(([lineNo, quantity]) => {
    const line = lines.find((x) => x.lineNo === lineNo)!;
    const before = givenOf(lineNo);
    const left = line.quantity - before.quantity;
    if (quantity > left) throw new HttpError(409, 'pos.refundOverSold', { params: { lineNo, quantity: left } });
    // The last of a line gives back exactly what is left of it; a part, its share rounded half up.
    const share = (amount: number, givenBack: number) => (quantity === left ? amount - givenBack : Math.round((amount * quantity) / line.quantity));
    const discount = share(line.discount, before.discount);
    const tax = share(line.tax, before.tax);
    return { line, quantity, discount, tax, total: quantity * line.unitPrice - discount + tax, fully: quantity === left };
  });
  const amount = creditLines.reduce((a, l) => a + l.total, 0);
  const paidLeft = inv.paidTotal + credits.reduce((a, c) => a + c.paidTotal, 0);
  const money = moneyOf(inv.currency);
  if (amount > paidLeft) throw new HttpError(409, 'pos.refundOverPaid', { params: { amount: money(Math.max(paidLeft, 0)) } });

  // Where the money goes: store credit, or back by the original methods, the latest payment's first.
  const back: { method: PaymentMethod; amount: number }[] = [];
  if (input.refundTo === 'store-credit') {
    if (amount > 0) back.push({ method: 'store-credit', amount });
  } else {
    const original = await tx.select().from(payments).where(eq(payments.invoiceId, inv.id)).orderBy(asc(payments.paidAt), asc(payments.id));
    const returned = credits.length
      ? await tx
          .select({ method: payments.method, amount: sql<string>`-sum(${payments.amount})` })
          .from(payments)
          .where(inArray(payments.invoiceId, credits.map((c) => c.id)))
          .groupBy(payments.method)
      : [];
    const left = new Map<PaymentMethod, number>();
    for (const p of original) left.set(p.method, (left.get(p.method) ?? 0) + p.amount);
    for (const r of returned) left.set(r.method, (left.get(r.method) ?? 0) - Number(r.amount));
    let due = amount;
    const order: PaymentMethod[] = ['card', 'insurance', 'cheque', 'store-credit', 'cash'];
    for (const method of order.filter((m) => left.has(m))) {
      const take = Math.min(due, Math.max(left.get(method) ?? 0, 0));
      if (take > 0) back.push({ method, amount: take });
      due -= take;
    }
  }

  const number = await nextInvoiceNumber(tx, inv.locationId);
  const [credit] = await tx
    .insert(invoices)
    .values({
      tenantId: scope.tenantId,
      locationId: inv.locationId,
      number,
      patientId: inv.patientId,
      status: 'refunded',
      issuedAt: now,
      currency: inv.currency,
      subtotal: -creditLines.reduce((a, l) => a + l.quantity * l.line.unitPrice, 0),
      discountTotal: -creditLines.reduce((a, l) => a + l.discount, 0),
      taxTotal: -creditLines.reduce((a, l) => a + l.tax, 0),
      total: -amount,
      paidTotal: -amount,
      relatedInvoiceId: inv.id,
      notes: input.reason,
      createdBy: scope.userId,
      createdAt: now,
      clientRefundId: input.clientRefundId,
      registerSessionId: session.id,
    })
    .returning();
  await tx.insert(invoiceLines).values(
    creditLines.map((l, i) => ({
      tenantId: scope.tenantId,
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
  if (back.length) {
    await tx.insert(payments).values(
      back.map((b) => ({
        tenantId: scope.tenantId,
        invoiceId: credit!.id,
        method: b.method,
        amount: -b.amount,
        paidAt: now,
        reference: `Refund of invoice ${inv.number}`,
        registerSessionId: session.id,
        createdBy: scope.userId,
      })),
    );
  }
  const toCredit = back.filter((b) => b.method === 'store-credit').reduce((a, b) => a + b.amount, 0);
  if (toCredit > 0) {
    await tx.insert(storeCreditEntries).values({ tenantId: scope.tenantId, patientId: inv.patientId!, amount: toCredit, invoiceId: credit!.id, reason: `Refund of invoice ${inv.number}`, at: now, byUserId: scope.userId });
  }

  // Goods come back into the store's stock.
  const productIds = creditLines.flatMap((l) => (l.line.productId ? [l.line.productId] : []));
  const kinds = productIds.length ? await tx.select({ id: products.id, kind: products.kind }).from(products).where(inArray(products.id, productIds)) : [];
  const returnedGoods = new Map<string, number>();
  for (const l of creditLines) {
    const kind = kinds.find((k) => k.id === l.line.productId)?.kind as ProductKind | undefined;
    if (kind && stockedKinds.includes(kind)) returnedGoods.set(l.line.productId!, (returnedGoods.get(l.line.productId!) ?? 0) + l.quantity);
  }
  for (const [productId, quantity] of returnedGoods) {
    await tx
      .insert(productStock)
      .values({ tenantId: scope.tenantId, locationId: inv.locationId, productId, onHand: quantity, updatedAt: now })
      .onConflictDoUpdate({ target: [productStock.tenantId, productStock.locationId, productStock.productId], set: { onHand: sql`${productStock.onHand} + ${quantity}`, updatedAt: now } });
    await tx.insert(stockMovements).values({ tenantId: scope.tenantId, locationId: inv.locationId, productId, quantity, reason: 'refund', invoiceId: credit!.id, at: now, byUserId: scope.userId });
  }

  // Every line given back in full: the invoice is refunded (its own lines and amounts stay as they were).
  const allBack = lines.every((line) => {
    const part = creditLines.find((l) => l.line.lineNo === line.lineNo);
    return givenOf(line.lineNo).quantity + (part?.quantity ?? 0) >= line.quantity;
  });
  const [updated] = allBack ? await tx.update(invoices).set({ status: 'refunded' }).where(and(eq(invoices.id, inv.id))).returning() : [inv];
  return {
    result: { invoice: await invoiceView(tx, updated!), credit: await invoiceView(tx, credit!), refunded: await refundedByMethod(tx, credit!.id), replayed: false },
    audit: {
      targetType: 'invoice',
      targetId: inv.id,
      patientId: inv.patientId ?? undefined,
      details: { clientRefundId: input.clientRefundId, creditId: credit!.id, creditNumber: number, amount, to: input.refundTo, sessionId: session.id, lines: [...asked] },
    },
  };
}
