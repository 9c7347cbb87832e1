import { ApiError } from '../contract/apiError';
import { lensMaterialGroup, lensOptionsProblem, materialsOf, offlineMethods, PriceChanged } from '../contract/pos';
import { paymentState, priceSale } from '../contract/money';
import type { Discount, ParkedSaleInput, Pricing, ProductHit, ProductOption, SaleSubmit } from '../contract/pos';
import type { PaymentMethod } from '../contract/records';

/**
 * The sale's lines and payments, and what is worked out from them (prices, what is left to pay, the requests that
 * record or park the sale): pure functions of the posSale machine's context, also used by the views and tests.
 */

export interface SaleFitting {
  heightRight: number | null;
  heightLeft: number | null;
}

export interface SaleLine {
  /** Stable per line while the sale is built (lines can repeat a product). */
  key: string;
  product: ProductHit;
  quantity: number;
  optionIds: string[];
  discount: Discount | null;
  rxId: string | null;
  fitting: SaleFitting | null;
  /** Set when the clerk accepted the server's price for this line (else the product's price plus options). */
  acceptedUnitPrice: number | null;
}

export interface SalePayment {
  method: PaymentMethod;
  amount: number;
  tendered?: number;
  reference: string;
  insurancePlan: string;
  authorisation: string;
}

export type SaleCustomer = { kind: 'patient'; id: string; name: string } | { kind: 'walkIn' };

/** What a sale being built holds: the part of the machine's context that the requests and the prices come from. */
export interface SaleBeingBuilt {
  registerSessionId: string;
  locationId: string;
  clientSaleId: string | null;
  customer: SaleCustomer | null;
  lines: SaleLine[];
  orderDiscount: Discount | null;
  pricing: Pricing;
  payments: SalePayment[];
  deposit: boolean;
  /** The parked sale or quote this sale came from (resumed), or the one it was parked as. */
  parkedId: string | null;
  /** When the sale was completed (an offline sale is sent later with this time). */
  soldAt: string | null;
  /** Whether the sale was completed without a connection. */
  soldOffline: boolean;
}

/** The unit price of a line: the accepted server price, else the product's price plus its chosen options. */
export const unitPriceOf = (line: SaleLine) =>
  line.acceptedUnitPrice ??
  line.product.price + line.product.options.filter((o) => line.optionIds.includes(o.id)).reduce((sum, o) => sum + o.price, 0);

export const describeLine = (line: SaleLine) => {
  const p = line.product;
  const chosen = p.options.filter((o) => line.optionIds.includes(o.id)).map((o) => o.name);
  return [p.name, ...chosen].join(', ');
};

/** Why the line's options cannot be sold as they are (a lens without its material, say), or null. */
export const lineOptionsProblem = (line: Pick<SaleLine, 'product' | 'optionIds'>) => lensOptionsProblem(line.product, line.optionIds);

/** The material a lens starts with: the cheapest the product offers (the first of equals), none if it offers none. */
export function startingLensMaterial(product: Pick<ProductHit, 'kind' | 'options'>): string | null {
  if (product.kind !== 'spectacle-lens') return null;
  const cheapest = materialsOf(product).reduce<ProductOption | null>((best, o) => (best && best.price <= o.price ? best : o), null);
  return cheapest?.id ?? null;
}

/**
 * The options after the clerk chooses (or unchooses) one: a material replaces the line's material, any other option is
 * added or taken off; in the product's order.
 */
export function withLensOption(product: Pick<ProductHit, 'options'>, optionIds: readonly string[], optionId: string, chosen: boolean): string[] {
  const option = product.options.find((o) => o.id === optionId);
  const replaced = option?.group === lensMaterialGroup && chosen ? optionIds.filter((id) => !materialsOf(product).some((m) => m.id === id)) : optionIds;
  const next = chosen ? [...replaced, optionId] : replaced.filter((id) => id !== optionId);
  return product.options.filter((o) => next.includes(o.id)).map((o) => o.id);
}

export function pricingOf(lines: readonly SaleLine[], orderDiscount: Discount | null): Pricing {
  return priceSale(
    lines.map((line) => ({
      productId: line.product.id,
      description: describeLine(line),
      quantity: line.quantity,
      unitPrice: unitPriceOf(line),
      taxRateBp: line.product.taxRateBp,
      discount: line.discount,
    })),
    orderDiscount,
  );
}

/** Lines a deposit may be left on: lenses are made to order, and a product beyond the stock on hand is ordered. */
export const isMadeOrOrdered = (line: SaleLine) =>
  line.product.kind === 'spectacle-lens' || (line.product.stock !== null && line.product.stock < line.quantity);

export const paidState = (context: Pick<SaleBeingBuilt, 'pricing' | 'payments'>) => paymentState(context.pricing.total, context.payments);

export const canDeposit = (context: Pick<SaleBeingBuilt, 'customer' | 'lines'>) =>
  context.customer?.kind === 'patient' && context.lines.some(isMadeOrOrdered);

/**
 * Why the sale cannot be paid yet, each said under the Pay button; none: it can (the `canPay` guard). A sale
 * without lines has only that reason.
 */
export type PayBlocker = { kind: 'noLines' } | { kind: 'noCustomer' } | { kind: 'lineUnfinished'; line: SaleLine };

export function payBlockers(context: Pick<SaleBeingBuilt, 'lines' | 'customer'>): PayBlocker[] {
  if (context.lines.length === 0) return [{ kind: 'noLines' }];
  const unfinished = context.lines.find((line) => lineOptionsProblem(line) !== null);
  return [...(context.customer ? [] : [{ kind: 'noCustomer' } as const]), ...(unfinished ? [{ kind: 'lineUnfinished', line: unfinished } as const] : [])];
}

/** Why the sale cannot be parked or quoted; null: it can (the `canPark` guard). */
export const parkBlocker = (context: Pick<SaleBeingBuilt, 'lines'> & { online: boolean }): 'noLines' | 'offline' | null =>
  context.lines.length === 0 ? 'noLines' : context.online ? null : 'offline';

/**
 * Why a payment method cannot be taken now, whatever the amount (the connection first); none: it can. Offline only
 * the methods a register records by hand; store credit needs a patient.
 */
export type PaymentMethodBlocker = 'offline' | 'needsPatient';

export function paymentMethodBlockers(context: Pick<SaleBeingBuilt, 'customer'> & { online: boolean }, method: PaymentMethod): PaymentMethodBlocker[] {
  return [
    ...(!context.online && !offlineMethods.includes(method) ? (['offline'] as const) : []),
    ...(method === 'store-credit' && context.customer?.kind !== 'patient' ? (['needsPatient'] as const) : []),
  ];
}

/** The body of the one idempotent request that records the sale. */
export function saleSubmitOf(context: SaleBeingBuilt): SaleSubmit {
  return {
    clientSaleId: context.clientSaleId!,
    registerSessionId: context.registerSessionId,
    patientId: context.customer?.kind === 'patient' ? context.customer.id : null,
    lines: context.lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      optionIds: line.optionIds,
      discount: line.discount,
      rxId: line.rxId,
      fitting: line.fitting,
      shownUnitPrice: unitPriceOf(line),
    })),
    orderDiscount: context.orderDiscount,
    payments: context.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      ...(p.tendered !== undefined ? { tendered: p.tendered } : {}),
      reference: p.reference,
      insurancePlan: p.insurancePlan,
      authorisation: p.authorisation,
    })),
    deposit: context.deposit && paidState(context).balance > 0,
    shownTotal: context.pricing.total,
    soldOffline: context.soldOffline,
    ...(context.soldAt ? { soldAt: context.soldAt } : {}),
    ...(context.parkedId ? { parkedId: context.parkedId } : {}),
    notes: '',
  };
}

/** The body that parks the sale (or keeps it as a quote) on the server. */
export function parkedInputOf(context: SaleBeingBuilt, kind: 'parked' | 'quote'): ParkedSaleInput {
  const submit = saleSubmitOf(context);
  return {
    id: context.parkedId ?? context.clientSaleId!,
    locationId: context.locationId,
    kind,
    patientId: submit.patientId,
    lines: submit.lines,
    orderDiscount: submit.orderDiscount,
    note: '',
  };
}

/** No answer at all (fetch's TypeError: no connection, a dropped request): the sale may or may not have arrived. */
export const isConnectionFailure = (error: unknown) => error instanceof TypeError;

export const isPriceChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.body?.code === 'pos.priceChanged';

/** The server's pricing sent with a 409 pos.priceChanged. */
export function serverPricingOf(error: unknown): Pricing | null {
  if (!isPriceChanged(error)) return null;
  const details = PriceChanged.safeParse((error as ApiError).body?.details);
  return details.success ? details.data.pricing : null;
}
