/**
 * Completing a sale: one transaction keyed by the browser's clientSaleId. The first request records the invoice
 * through the books (server/ledger: lines priced here with `priceSale` from the store's catalogue, payments, store
 * credit, stock), and the lab order drafts of lens lines; every later request with the same id (a double click, a
 * retry, an offline replay) waits for the first on an advisory lock and answers what it recorded, with
 * `replayed: true`, to a caller who may reach its store (anyone else: not found).
 *
 * The register's figures are never trusted. Online, a total that differs from the server's is refused with the
 * server's pricing (409 pos.priceChanged). A sale made offline is recorded because the goods have left, under the
 * same rules: cash tendered above what is owed is change; a method that needs the connection, or store credit
 * beyond the balance, leaves the balance open; its time is kept within its session; and every such correction is
 * listed in the sales to review (server/ledger/review.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { defaultCurrency } from '../../src/contract/generalSettings';
import { lensOptionsProblem, offlineMethods, posMessages, stockedKinds, type Pricing, type ProductHit, type SalePaymentInput, type SaleResult, type SaleSubmit } from '../../src/contract/pos';
import { formatMoney, paymentState, priceSale, type PricingInputLine } from '../../src/contract/money';
import type { InvoiceView } from '../../src/contract/sales';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { parkedSales, registerSessions } from '../db/schema-pos';
import { spectacleRx } from '../db/schema-records';
import { invoices } from '../db/schema-invoices';
import { rows } from '../db/values';
import { HttpError } from '../http/errors';
import { createLabOrder } from '../labOrders/workflow';
import { coverableByStoreCredit, flagForReview, moveStock, recordInvoice, requireDiscountWithinLimit, takePayments, type InvoiceRow, type PaymentEntry, type ReviewReason } from '../ledger/ledger';
import type { Done } from '../scope/audited';
import { requireStore, visiblePatient, type PatientRow, type Scope } from '../scope/scope';
import { invoiceViewOf } from '../sales/invoices';
import { productName, storeProducts } from './catalogue';
import { sessionOf } from './sessions';

/** Serialises the requests of one client id (a sale's or a refund's) until the first one's transaction ends. */
export async function lockClientId(tx: Tx, kind: 'pos-sale' | 'pos-refund', id: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${id}))`);
}

/**
 * What a recorded sale answers, the first time and every replay alike (read back from what was written): its lines,
 * payments, lab orders and products sold to order in one statement.
 */
async function saleResult(tx: Tx, inv: InvoiceRow, extra: { replayed: boolean; difference: number }): Promise<SaleResult> {
  type Line = InvoiceView['lines'][number] & { productId: string | null };
  const [written] = await rows<{ lines: Line[]; paid: { amount: number; tendered: number | null }[]; orders: string[]; short: string[] }>(
    tx,
    sql`select
      (select coalesce(json_agg(json_build_object('lineNo', line_no, 'kind', kind, 'sku', sku, 'description', description,
          'quantity', quantity, 'unitPrice', unit_price, 'discount', discount, 'tax', tax, 'total', total, 'productId', product_id)
          order by line_no), '[]') from invoice_lines where invoice_id = ${inv.id}) as lines,
      (select coalesce(json_agg(json_build_object('amount', amount, 'tendered', tendered)), '[]') from payments where invoice_id = ${inv.id}) as paid,
      (select coalesce(json_agg(id order by number), '[]') from lab_orders where invoice_id = ${inv.id}) as orders,
      (select coalesce(json_agg(distinct product_id order by product_id), '[]') from stock_movements where invoice_id = ${inv.id} and sold_to_order) as short`,
  );
  const { lines, paid, orders, short } = written!;
  const pricing: Pricing = {
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId ?? '',
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      gross: l.quantity * l.unitPrice,
      discount: l.discount,
      tax: l.tax,
      total: l.total,
    })),
    subtotal: inv.subtotal,
    discountTotal: inv.discountTotal,
    taxTotal: inv.taxTotal,
    total: inv.total,
  };
  return {
    invoice: invoiceViewOf(
      inv,
      lines.map(({ productId: _product, ...line }) => line),
    ),
    pricing,
    change: paymentState(inv.total, paid.map((p) => ({ amount: p.amount, tendered: p.tendered ?? undefined }))).change,
    labOrderIds: orders,
    replayed: extra.replayed,
    difference: extra.difference,
    soldToOrder: short,
  };
}

interface PricedSale {
  pricing: Pricing;
  products: ProductHit[];
  options: ProductHit['options'][];
}

/** Prices the lines from the store's catalogue (the one money rule, priceSale); refuses what the store does not sell. */
export async function priceLines(tx: Tx, locationId: string, input: Pick<SaleSubmit, 'lines' | 'orderDiscount'>): Promise<PricedSale> {
  const catalogue = await storeProducts(
    tx,
    locationId,
    input.lines.map((l) => l.productId),
  );
  const fields: Record<string, string> = {};
  const products: ProductHit[] = [];
  const options: ProductHit['options'][] = [];
  for (const [i, l] of input.lines.entries()) {
    const product = catalogue.get(l.productId);
    if (!product) throw new HttpError(409, 'pos.productUnavailable', { params: { name: await productName(tx, l.productId) } });
    if (l.rxId && product.kind !== 'spectacle-lens') fields[`lines.${i}.rxId`] = posMessages.rxOnlyLens;
    // The register's own rule: options belong to a lens, which takes exactly one of its materials.
    const problem = lensOptionsProblem(product, l.optionIds);
    if (problem) fields[`lines.${i}.optionIds`] = problem;
    const chosen = [...new Set(l.optionIds)].map((id) => product.options.find((o) => o.id === id));
    products.push(product);
    options.push(chosen.filter((o) => o !== undefined));
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });
  const pricingLines: PricingInputLine[] = input.lines.map((l, i) => {
    const product = products[i]!;
    const chosen = options[i]!;
    return {
      productId: product.id,
      description: chosen.length ? `${product.name} (${chosen.map((o) => o.name).join(', ')})` : product.name,
      quantity: l.quantity,
      unitPrice: product.price + chosen.reduce((a, o) => a + o.price, 0),
      taxRateBp: product.taxRateBp,
      discount: l.discount,
    };
  });
  return { pricing: priceSale(pricingLines, input.orderDiscount), products, options };
}

/**
 * The session a sale is recorded in: the one named, or (for a sale made offline) its register's open one now.
 * Also answers the named one: an offline sale happened while it was open.
 */
async function saleSession(tx: Tx, scope: Scope, input: SaleSubmit) {
  const named = await sessionOf(tx, scope, input.registerSessionId, 'share');
  if (named.status === 'open') return { session: named, named };
  // A sale made offline is never lost for want of its session: the register's session of now takes it.
  if (!input.soldOffline) throw new HttpError(409, 'pos.sessionClosed');
  const [open] = await tx
    .select()
    .from(registerSessions)
    .where(and(eq(registerSessions.registerId, named.registerId), eq(registerSessions.status, 'open')))
    .for('share');
  if (!open) throw new HttpError(409, 'pos.noOpenSession');
  return { session: open, named };
}

async function checkRx(tx: Tx, patient: PatientRow | null, rxIds: string[]) {
  for (const rxId of new Set(rxIds)) {
    const [rx] = patient ? await tx.select({ id: spectacleRx.id }).from(spectacleRx).where(and(eq(spectacleRx.id, rxId), eq(spectacleRx.patientId, patient.id))) : [];
    if (!rx) throw new HttpError(400, 'pos.rxNotOfPatient');
  }
}

interface Review {
  reasons: ReviewReason[];
  details: Record<string, unknown>;
}

/**
 * The payments a sale made offline is recorded with: what needs the connection is not taken (the balance stays
 * open), store credit no more than the balance, and money above the total is change (cash) or given back (other
 * methods), each correction noted for review.
 */
async function offlinePayments(tx: Tx, patient: PatientRow | null, total: number, sent: readonly SalePaymentInput[], review: Review): Promise<SalePaymentInput[]> {
  const kept: SalePaymentInput[] = [];
  for (const p of sent) {
    if (p.method === 'store-credit') continue;
    if (offlineMethods.includes(p.method)) kept.push({ ...p });
    else {
      review.reasons.push('needsConnection');
      review.details.needsConnection = [...((review.details.needsConnection as unknown[]) ?? []), { method: p.method, amount: p.amount }];
    }
  }
  const creditWanted = sent.filter((p) => p.method === 'store-credit').reduce((a, p) => a + p.amount, 0);
  if (creditWanted > 0) {
    const covered = patient ? await coverableByStoreCredit(tx, patient.id, creditWanted) : 0;
    if (covered > 0) kept.unshift({ method: 'store-credit', amount: covered, reference: '', insurancePlan: '', authorisation: '' });
    if (covered < creditWanted) {
      review.reasons.push('storeCreditShort');
      review.details.storeCreditShort = creditWanted - covered;
    }
  }
  let excess = kept.reduce((a, p) => a + p.amount, 0) - total;
  if (excess > 0) {
    review.reasons.push('overpaid');
    review.details.overpaid = excess;
    // Cash first: what was handed over stays tendered, the excess becomes change; then the other methods, last first.
    const order = [...kept.filter((p) => p.method === 'cash'), ...kept.filter((p) => p.method !== 'cash').reverse()];
    for (const p of order) {
      const less = Math.min(excess, p.amount);
      if (p.method === 'cash') p.tendered = p.tendered ?? p.amount;
      p.amount -= less;
      excess -= less;
      if (excess === 0) break;
    }
  }
  return kept.filter((p) => p.amount > 0);
}

export async function completeSale(tx: Tx, scope: Scope, input: SaleSubmit, now: Date): Done<SaleResult> {
  await lockClientId(tx, 'pos-sale', input.clientSaleId);
  const [earlier] = await tx.select().from(invoices).where(eq(invoices.clientSaleId, input.clientSaleId));
  if (earlier) {
    requireStore(scope, earlier.locationId, 'invoice');
    const result = await saleResult(tx, earlier, { replayed: true, difference: input.soldOffline ? earlier.total - input.shownTotal : 0 });
    return { result, audit: { targetType: 'invoice', targetId: earlier.id, patientId: earlier.patientId ?? undefined, details: { clientSaleId: input.clientSaleId, replayed: true } } };
  }

  const { session, named } = await saleSession(tx, scope, input);
  const locationId = session.locationId;
  const patient = input.patientId ? await visiblePatient(tx, scope, input.patientId) : null;
  const review: Review = { reasons: [], details: {} };
  if (input.parkedId) {
    // Locked: two registers completing the same parked sale are ordered, and the second finds it gone.
    const [parked] = await tx.select().from(parkedSales).where(eq(parkedSales.id, input.parkedId)).for('update');
    if (!parked) {
      // Sold already (or removed): online that is a second sale of the same goods; offline the goods have left again.
      if (!input.soldOffline) throw new HttpError(409, 'pos.parkedGone');
      review.reasons.push('parkedGone');
      review.details.parkedGone = input.parkedId;
    } else if (parked.expiresAt && parked.expiresAt < now && !input.soldOffline) {
      throw new HttpError(409, 'pos.quoteExpired', { params: { date: parked.expiresAt.toISOString().slice(0, 10) } });
    }
  }
  const { pricing, products, options } = await priceLines(tx, locationId, input);
  await checkRx(
    tx,
    patient,
    input.lines.flatMap((l) => (l.rxId ? [l.rxId] : [])),
  );
  await requireDiscountWithinLimit(tx, scope, locationId, pricing);

  let difference = 0;
  if (pricing.total !== input.shownTotal) {
    if (!input.soldOffline) throw new HttpError(409, 'pos.priceChanged', { details: { pricing } });
    difference = pricing.total - input.shownTotal;
    review.reasons.push('priceChanged');
    review.details.priceChanged = { shown: input.shownTotal, recorded: pricing.total };
  }

  const sent = paymentState(pricing.total, input.payments).paid;
  // The register completes a sale only paid in full at its own prices, or as a deposit: offline included.
  if (!input.deposit && sent < input.shownTotal) throw new HttpError(400, 'pos.notPaidInFull');
  let taken: SalePaymentInput[] = input.payments;
  if (input.soldOffline) taken = await offlinePayments(tx, patient, pricing.total, input.payments, review);
  else if (sent > pricing.total) throw new HttpError(400, 'pos.paymentsOverTotal');
  const { paid } = paymentState(pricing.total, taken);

  const needed = new Map<string, number>();
  input.lines.forEach((l, i) => {
    if (stockedKinds.includes(products[i]!.kind)) needed.set(l.productId, (needed.get(l.productId) ?? 0) + l.quantity);
  });
  if (paid < pricing.total) {
    if (input.deposit) {
      const made = products.some((p) => p.kind === 'spectacle-lens');
      const toOrder = [...needed].some(([id, qty]) => (products.find((p) => p.id === id)!.stock ?? 0) < qty);
      if (!patient || !(made || toOrder)) throw new HttpError(400, 'pos.depositNotAllowed');
    } else if (!input.soldOffline) {
      throw new HttpError(400, 'pos.notPaidInFull');
    }
  }
  if (taken.some((p) => p.method === 'store-credit') && !patient) throw new HttpError(400, 'pos.storeCreditNeedsPatient');

  // The server's clock; a sale made offline keeps its own time within the session it was made in.
  let soldAt = now;
  if (input.soldOffline && input.soldAt) {
    const claimed = Date.parse(input.soldAt);
    const latest = Math.min(named.closedAt?.getTime() ?? now.getTime(), now.getTime());
    const kept = Math.max(named.openedAt.getTime(), Math.min(claimed, latest));
    soldAt = new Date(kept);
    if (kept !== claimed) {
      review.reasons.push('soldAtMoved');
      review.details.soldAtMoved = { sent: input.soldAt, recorded: soldAt.toISOString() };
    }
  }

  // The store's currency of now (server-decided): the invoice keeps it when the store's setting later changes.
  const [store] = await tx.select({ currency: locations.currency }).from(locations).where(eq(locations.id, locationId));
  const currency = store?.currency ?? defaultCurrency;
  const recorded = await recordInvoice(
    tx,
    scope,
    { locationId, patientId: patient?.id ?? null, currency, issuedAt: soldAt, notes: input.notes, clientSaleId: input.clientSaleId, registerSessionId: session.id },
    pricing.lines.map((l, i) => ({
      kind: products[i]!.kind === 'service' ? 'service' : 'product',
      sku: products[i]!.sku,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      tax: l.tax,
      total: l.total,
      productId: l.productId,
      options: options[i]!,
      rxId: input.lines[i]!.rxId,
    })),
    now,
  );
  const entries: PaymentEntry[] = taken.map((p) => ({ ...p, tendered: p.tendered ?? null }));
  const { invoice: inv } = await takePayments(tx, scope, recorded, entries, { at: soldAt, sessionId: session.id });
  await moveStock(tx, scope, { locationId, quantities: needed, direction: -1, reason: 'sale', invoiceId: inv.id, at: now });

  // Each lens line made to an Rx becomes a lab order draft (the lab-order rules of server/labOrders), with the frame sold.
  const frameIndex = products.findIndex((p) => p.kind === 'frame');
  const frame = frameIndex >= 0 ? products[frameIndex]! : null;
  // A deposit leaves a balance the patient pays at pickup: the order says so from its first step.
  const depositNote = paid < pricing.total ? `Deposit taken: ${formatMoney(pricing.total - paid, currency, 'en')} due at pickup` : '';
  for (const [i, l] of input.lines.entries()) {
    if (!l.rxId || !patient) continue;
    const lensOptions = options[i]!;
    await createLabOrder(
      tx,
      scope,
      {
        patientId: patient.id,
        rxId: l.rxId,
        invoiceId: inv.id,
        invoiceLineNo: i + 1,
        frame: {
          brand: frame?.brand ?? '',
          model: frame?.model ?? '',
          colour: frame?.colour ?? '',
          a: frame?.size?.a ?? null,
          b: frame?.size?.b ?? null,
          dbl: frame?.size?.dbl ?? null,
        },
        lens: {
          type: products[i]!.model || products[i]!.name,
          material: lensOptions.find((o) => o.group === 'material')?.name ?? '',
          coatings: lensOptions.filter((o) => o.group !== 'material').map((o) => o.name),
        },
        fittingHeights: { right: l.fitting?.heightRight ?? null, left: l.fitting?.heightLeft ?? null },
        labName: '',
        expectedOn: null,
      },
      now,
      depositNote,
    );
  }
  if (input.parkedId) await tx.delete(parkedSales).where(and(eq(parkedSales.id, input.parkedId), eq(parkedSales.locationId, locationId)));
  await flagForReview(tx, scope, { invoiceId: inv.id, locationId, registerSessionId: session.id, reasons: [...new Set(review.reasons)], details: review.details });

  const result = await saleResult(tx, inv, { replayed: false, difference });
  return {
    result,
    audit: {
      targetType: 'invoice',
      targetId: inv.id,
      patientId: patient?.id,
      details: {
        clientSaleId: input.clientSaleId,
        number: inv.number,
        sessionId: session.id,
        total: pricing.total,
        paid,
        offline: input.soldOffline,
        difference,
        review: review.reasons,
        labOrderIds: result.labOrderIds,
        soldToOrder: result.soldToOrder,
      },
    },
  };
}
