/**
 * Completing a sale: one transaction keyed by the browser's clientSaleId. The first request records the invoice
 * (lines priced here with `priceSale` from the store's catalogue, payments, store credit, stock, the lab order drafts
 * of lens lines); every later request with the same id (a double click, a retry, an offline replay) waits for the
 * first on an advisory lock and answers what it recorded, with `replayed: true`.
 *
 * The register's figures are never trusted: a total that differs from the server's is refused with the server's
 * pricing (409 pos.priceChanged) unless the sale already happened offline, when the server's prices are recorded and
 * the difference reported.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { defaultCurrency } from '../../src/contract/generalSettings';
import {
  defaultStaffDiscountLimitBp,
  discountWithinLimit,
  paymentState,
  posMessages,
  priceSale,
  stockedKinds,
  type Pricing,
  type PricingInputLine,
  type ProductHit,
  type SaleResult,
  type SaleSubmit,
} from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { lockNumbering } from '../db/pg';
import { parkedSales, productStock, registerSessions, stockMovements, storeCreditEntries } from '../db/schema-pos';
import { invoiceLines, invoices, labOrders, locationPolicies, payments, spectacleRx } from '../db/schema-records';
import { num, rows } from '../db/values';
import { HttpError } from '../http/errors';
import { createLabOrder } from '../labOrders/workflow';
import type { Done } from '../scope/audited';
import { visiblePatient, type PatientRow, type Scope } from '../scope/scope';
import { invoiceView } from '../sales/invoices';
import { moneyOf } from '../sales/receipt';
import { productName, storeProducts } from './catalogue';
import { sessionOf } from './sessions';
import { storeCreditBalance } from './storeCredit';

type InvoiceRow = typeof invoices.$inferSelect;

/** Serialises the requests of one client id (a sale's or a refund's) until the first one's transaction ends. */
export async function lockClientId(tx: Tx, kind: 'pos-sale' | 'pos-refund', id: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${id}))`);
}

export async function nextInvoiceNumber(tx: Tx, locationId: string): Promise<number> {
  await lockNumbering(tx, 'invoice', locationId);
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${invoices.number}), 0) + 1` }).from(invoices).where(eq(invoices.locationId, locationId));
  return Number(row!.next);
}

/** What a recorded sale answers, the first time and every replay alike (read back from what was written). */
async function saleResult(tx: Tx, inv: InvoiceRow, extra: { replayed: boolean; difference: number }): Promise<SaleResult> {
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id)).orderBy(asc(invoiceLines.lineNo));
  const paid = await tx.select({ amount: payments.amount, tendered: payments.tendered }).from(payments).where(eq(payments.invoiceId, inv.id));
  const orders = await tx.select({ id: labOrders.id }).from(labOrders).where(eq(labOrders.invoiceId, inv.id)).orderBy(asc(labOrders.number));
  const short = await rows(tx, sql`select distinct product_id from stock_movements where invoice_id = ${inv.id} and sold_to_order order by product_id`);
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
    invoice: await invoiceView(tx, inv),
    pricing,
    change: paymentState(inv.total, paid.map((p) => ({ amount: p.amount, tendered: p.tendered ?? undefined }))).change,
    labOrderIds: orders.map((o) => o.id),
    replayed: extra.replayed,
    difference: extra.difference,
    soldToOrder: short.map((r) => r.product_id as string),
  };
}

/** The discount limit of the caller at a store in basis points; null: none (admins). */
export async function discountLimitBp(tx: Tx, scope: Scope, locationId: string): Promise<number | null> {
  if (scope.roles.includes('admin')) return null;
  const [policy] = await tx.select({ limit: locationPolicies.staffDiscountLimitBp }).from(locationPolicies).where(eq(locationPolicies.locationId, locationId));
  return policy?.limit ?? defaultStaffDiscountLimitBp;
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
    const isLens = product.kind === 'spectacle-lens';
    if (l.optionIds.length && !isLens) fields[`lines.${i}.optionIds`] = posMessages.optionsOnlyLens;
    if (l.rxId && !isLens) fields[`lines.${i}.rxId`] = posMessages.rxOnlyLens;
    const chosen = [...new Set(l.optionIds)].map((id) => product.options.find((o) => o.id === id));
    if (chosen.some((o) => !o)) fields[`lines.${i}.optionIds`] ??= 'Each option must be one of the product’s options';
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

/** The session a sale is recorded in: the one named, or (for a sale made offline) its register's open one now. */
async function saleSession(tx: Tx, scope: Scope, input: SaleSubmit) {
  const named = await sessionOf(tx, scope, input.registerSessionId, 'share');
  if (named.status === 'open') return named;
  // A sale made offline is never lost for want of its session: the register's session of now takes it.
  if (!input.soldOffline) throw new HttpError(409, 'pos.sessionClosed');
  const [open] = await tx
    .select()
    .from(registerSessions)
    .where(and(eq(registerSessions.registerId, named.registerId), eq(registerSessions.status, 'open')))
    .for('share');
  if (!open) throw new HttpError(409, 'pos.noOpenSession');
  return open;
}

async function checkRx(tx: Tx, patient: PatientRow | null, rxIds: string[]) {
  for (const rxId of new Set(rxIds)) {
    const [rx] = patient ? await tx.select({ id: spectacleRx.id }).from(spectacleRx).where(and(eq(spectacleRx.id, rxId), eq(spectacleRx.patientId, patient.id))) : [];
    if (!rx) throw new HttpError(400, 'pos.rxNotOfPatient');
  }
}

export async function completeSale(tx: Tx, scope: Scope, input: SaleSubmit, now: Date): Done<SaleResult> {
  await lockClientId(tx, 'pos-sale', input.clientSaleId);
  const [earlier] = await tx.select().from(invoices).where(eq(invoices.clientSaleId, input.clientSaleId));
  if (earlier) {
    const result = await saleResult(tx, earlier, { replayed: true, difference: input.soldOffline ? earlier.total - input.shownTotal : 0 });
    return { result, audit: { targetType: 'invoice', targetId: earlier.id, patientId: earlier.patientId ?? undefined, details: { clientSaleId: input.clientSaleId, replayed: true } } };
  }

  const session = await saleSession(tx, scope, input);
  const locationId = session.locationId;
  const patient = input.patientId ? await visiblePatient(tx, scope, input.patientId) : null;
  if (input.parkedId) {
    const [parked] = await tx.select().from(parkedSales).where(eq(parkedSales.id, input.parkedId));
    if (parked?.expiresAt && parked.expiresAt < now && !input.soldOffline) {
      throw new HttpError(409, 'pos.quoteExpired', { params: { date: parked.expiresAt.toISOString().slice(0, 10) } });
    }
  }
  const { pricing, products, options } = await priceLines(tx, locationId, input);
  await checkRx(
    tx,
    patient,
    input.lines.flatMap((l) => (l.rxId ? [l.rxId] : [])),
  );

  const limit = await discountLimitBp(tx, scope, locationId);
  if (!discountWithinLimit(pricing, limit)) throw new HttpError(403, 'pos.discountOverLimit', { params: { limit: (limit ?? 0) / 100 } });

  let difference = 0;
  if (pricing.total !== input.shownTotal) {
    if (!input.soldOffline) throw new HttpError(409, 'pos.priceChanged', { details: { pricing } });
    difference = pricing.total - input.shownTotal;
  }

  const { paid } = paymentState(pricing.total, input.payments);
  // Offline the clerk took the money at the register's prices: what was taken is recorded, the difference reported.
  if (paid > pricing.total && !input.soldOffline) throw new HttpError(400, 'pos.paymentsOverTotal');
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
  const creditUsed = input.payments.filter((p) => p.method === 'store-credit').reduce((a, p) => a + p.amount, 0);
  // The store's currency of now (server-decided): the invoice keeps it when the store's setting later changes.
  const [store] = await tx.select({ currency: locations.currency }).from(locations).where(eq(locations.id, locationId));
  const currency = store?.currency ?? defaultCurrency;
  const money = moneyOf(currency);
  if (creditUsed > 0) {
    if (!patient) throw new HttpError(400, 'pos.storeCreditNeedsPatient');
    // The patient's row lock orders two sales spending the same credit.
    await visiblePatient(tx, scope, patient.id, { lock: true });
    const balance = await storeCreditBalance(tx, patient.id);
    if (creditUsed > balance) throw new HttpError(409, 'pos.storeCreditInsufficient', { params: { balance: money(balance) } });
  }

  const soldAt = input.soldAt ? new Date(Math.min(Date.parse(input.soldAt), now.getTime())) : now;
  const number = await nextInvoiceNumber(tx, locationId);
  const [inv] = await tx
    .insert(invoices)
    .values({
      tenantId: scope.tenantId,
      locationId,
      number,
      patientId: patient?.id ?? null,
      status: paid >= pricing.total ? 'paid' : 'open',
      issuedAt: soldAt,
      currency,
      subtotal: pricing.subtotal,
      discountTotal: pricing.discountTotal,
      taxTotal: pricing.taxTotal,
      total: pricing.total,
      paidTotal: paid,
      notes: input.notes,
      createdBy: scope.userId,
      createdAt: now,
      clientSaleId: input.clientSaleId,
      registerSessionId: session.id,
    })
    .returning();
  await tx.insert(invoiceLines).values(
    pricing.lines.map((l, i) => ({
      tenantId: scope.tenantId,
      invoiceId: inv!.id,
      lineNo: l.lineNo,
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
  );
  if (input.payments.length) {
    await tx.insert(payments).values(
      input.payments.map((p) => ({
        tenantId: scope.tenantId,
        invoiceId: inv!.id,
        method: p.method,
        amount: p.amount,
        paidAt: soldAt,
        reference: p.reference,
        tendered: p.tendered ?? null,
        insurancePlan: p.insurancePlan,
        authorisation: p.authorisation,
        registerSessionId: session.id,
        createdBy: scope.userId,
      })),
    );
  }
  if (creditUsed > 0) {
    await tx.insert(storeCreditEntries).values({ tenantId: scope.tenantId, patientId: patient!.id, amount: -creditUsed, invoiceId: inv!.id, reason: `Invoice ${number}`, at: now, byUserId: scope.userId });
  }
  for (const [productId, quantity] of needed) {
    const [left] = await tx
      .update(productStock)
      .set({ onHand: sql`${productStock.onHand} - ${quantity}`, updatedAt: now })
      .where(and(eq(productStock.locationId, locationId), eq(productStock.productId, productId)))
      .returning({ onHand: productStock.onHand });
    await tx.insert(stockMovements).values({
      tenantId: scope.tenantId,
      locationId,
      productId,
      quantity: -quantity,
      reason: 'sale',
      invoiceId: inv!.id,
      at: now,
      byUserId: scope.userId,
      soldToOrder: num(left!.onHand) < 0,
    });
  }

  // Each lens line made to an Rx becomes a lab order draft (the lab-order rules of server/labOrders), with the frame sold.
  const frameIndex = products.findIndex((p) => p.kind === 'frame');
  const frame = frameIndex >= 0 ? products[frameIndex]! : null;
  // A deposit leaves a balance the patient pays at pickup: the order says so from its first step.
  const depositNote = paid < pricing.total ? `Deposit taken: ${money(pricing.total - paid)} due at pickup` : '';
  for (const [i, l] of input.lines.entries()) {
    if (!l.rxId || !patient) continue;
    const lensOptions = options[i]!;
    await createLabOrder(
      tx,
      scope,
      {
        patientId: patient.id,
        rxId: l.rxId,
        invoiceId: inv!.id,
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

  const result = await saleResult(tx, inv!, { replayed: false, difference });
  return {
    result,
    audit: {
      targetType: 'invoice',
      targetId: inv!.id,
      patientId: patient?.id,
      details: {
        clientSaleId: input.clientSaleId,
        number,
        sessionId: session.id,
        total: pricing.total,
        paid,
        offline: input.soldOffline,
        difference,
        labOrderIds: result.labOrderIds,
        soldToOrder: result.soldToOrder,
      },
    },
  };
}
