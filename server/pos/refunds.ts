/**
 * Refunds at the register: whole or by line, as a credit record of the books (server/ledger giveBack), never more of
 * a line than was sold less what earlier refunds gave back, never more money than was paid and not yet refunded.
 * The money goes back by the original methods (the drawer last) or to the patient's store credit; goods go back
 * into the store's stock; the register session that pays it back counts it. One refund per clientRefundId, however
 * often it is sent.
 */
import { eq, sql } from 'drizzle-orm';
import { lineGivenBack, moneyParams } from '../../src/contract/money';
import type { RefundInput, RefundResult } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { invoices, payments } from '../db/schema-invoices';
import { HttpError } from '../http/errors';
import { giveBack, givenBack, linesOf, type CreditLine } from '../ledger/ledger';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, type Scope } from '../scope/scope';
import { invoiceView } from '../sales/invoices';
import { lockClientId } from './sales';
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
    requireStore(scope, earlier.locationId, 'invoice');
    if (earlier.relatedInvoiceId !== invoiceId) throw new HttpError(409, 'sales.idempotencyKeyReused');
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

  const lines = await linesOf(tx, inv.id);
  const before = await givenBack(tx, inv.id);

  // The lines asked for (one line named twice counts once with both quantities).
  const asked = new Map<number, number>();
  const fields: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    if (!lines.some((x) => x.lineNo === l.lineNo)) fields[`lines.${i}.lineNo`] = 'Line must be a line number of the invoice';
    asked.set(l.lineNo, (asked.get(l.lineNo) ?? 0) + l.quantity);
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });

  const creditLines: CreditLine[] = [...asked].map(([lineNo, quantity]) => {
    const line = lines.find((x) => x.lineNo === lineNo)!;
    const given = before.of(lineNo);
    const left = line.quantity - given.quantity;
    if (quantity > left) throw new HttpError(409, 'pos.refundOverSold', { params: { lineNo, quantity: left } });
    return { line, ...lineGivenBack(line, given, quantity) };
  });
  const amount = creditLines.reduce((a, l) => a + l.total, 0);
  const paidLeft = inv.paidTotal + before.paidLeft;
  if (amount > paidLeft) throw new HttpError(409, 'pos.refundOverPaid', { params: moneyParams('amount', Math.max(paidLeft, 0), inv.currency) });

  const done = await giveBack(tx, scope, inv, {
    lines: creditLines,
    amount,
    to: input.refundTo === 'store-credit' ? 'store-credit' : 'original',
    session,
    reason: input.reason,
    clientRefundId: input.clientRefundId,
    creditStatus: 'refunded',
    now,
  });
  return {
    result: { invoice: await invoiceView(tx, done.invoice), credit: await invoiceView(tx, done.credit), refunded: await refundedByMethod(tx, done.credit.id), replayed: false },
    audit: {
      targetType: 'invoice',
      targetId: inv.id,
      patientId: inv.patientId ?? undefined,
      details: { clientRefundId: input.clientRefundId, creditId: done.credit.id, creditNumber: done.credit.number, amount, to: input.refundTo, sessionId: session.id, lines: [...asked] },
    },
  };
}
