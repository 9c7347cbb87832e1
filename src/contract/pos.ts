/**
 * The point of sale: the catalogue a register sells from, registers and their sessions (float, cash movements, X and Z
 * reports), the sale a register completes in one idempotent request (online or replayed after being offline), parked
 * sales and quotes, and refunds. Money is an integer number of minor units; percentages are basis points
 * (1000 = 10 %); the pricing of a sale (`priceSale`) is ./money.ts.
 */
import { Uuid } from './common';
import { text } from './fields';
import { InvoiceView, MAX_MINOR } from './sales';
import { PaymentMethod } from './records';
import { z } from './zod';

/** The register's tabs (/admin/pos/{type}): the sale, parked sales and quotes, today's history, the session. */
export const posTypes = ['all', 'parked', 'history', 'session'] as const;
export type PosType = (typeof posTypes)[number];

export const posMessages = {
  query: 'Search must be up to 100 characters',
  barcode: 'A barcode is 1 to 64 letters or digits',
  quantity: 'Quantity must be a whole number between 1 and 999',
  discountPercent: 'A percentage discount must be between 0.01 % and 100 %',
  discountAmount: 'A discount must be a whole number of cents between 1 and 1000000000',
  discountReason: 'A discount needs a reason (1 to 200 characters)',
  lines: 'A sale needs 1 to 100 lines',
  payments: 'A sale takes up to 10 payments',
  amount: 'Amount must be a whole number of cents between 1 and 1000000000',
  tendered: 'Cash tendered must be at least the amount and at most 1000000000 cents',
  tenderedOnlyCash: 'Only a cash payment has cash tendered',
  reference: 'Reference must be up to 100 characters',
  cardReference: 'A card payment needs a reference (the last digits or the terminal slip number)',
  insurancePlan: 'An insurance payment needs the plan (up to 100 characters)',
  authorisation: 'An insurance payment needs the authorisation number (up to 100 characters)',
  denomination: 'Each denomination is a whole number of cents between 1 and 100000 counted 0 to 10000 times',
  movementKind: 'Kind must be pay-in or pay-out',
  movementReason: 'A reason is required (1 to 200 characters)',
  note: 'A note must be up to 500 characters',
  refundLines: 'Choose 1 to 100 lines to refund',
  refundReason: 'A reason is required (1 to 500 characters)',
  refundTo: 'Refund to must be original or store-credit',
  soldAt: 'The sale time must be a date and time with a time zone (ISO 8601)',
  parkedKind: 'Kind must be parked or quote',
  rxOnlyLens: 'Only a spectacle lens line takes a prescription',
  optionsOnlyLens: 'Only a lens line takes options',
  optionUnknown: 'Each option must be one of the product’s options',
  lensOneMaterial: 'A lens takes one material',
  lensMaterialRequired: 'Choose the lens material',
} as const;
const M = posMessages;

/** A store's staff discount limit in basis points until an admin sets another (location_policies); admins have none. */
export const defaultStaffDiscountLimitBp = 1000;

const minor = (message: string, min: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(MAX_MINOR, { error: message });

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

export const ProductKind = z.enum(['frame', 'spectacle-lens', 'contact-lens', 'accessory', 'service']);
export type ProductKind = z.infer<typeof ProductKind>;
/** Kinds that are counted in stock (a service is not). */
export const stockedKinds: readonly ProductKind[] = ['frame', 'contact-lens', 'accessory'];

export const TaxClass = z.enum(['standard', 'reduced', 'zero']);
export type TaxClass = z.infer<typeof TaxClass>;

export const ProductOption = z.object({
  id: Uuid,
  /** 'material', 'coating', 'tint' … */
  group: z.string(),
  name: z.string(),
  price: z.number().int(),
});
export type ProductOption = z.infer<typeof ProductOption>;

/** A product as one store sells it: its price (the store's override or the company's) and stock there. */
export const ProductHit = z.object({
  id: Uuid,
  kind: ProductKind,
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  colour: z.string(),
  /** Frames: eye size A, B and bridge (DBL) in mm. */
  size: z.object({ a: z.number().nullable(), b: z.number().nullable(), dbl: z.number().nullable() }).nullable(),
  barcodes: z.array(z.string()),
  taxClass: TaxClass,
  /** The tax rate of this class at the store. */
  taxRateBp: z.number().int(),
  price: z.number().int(),
  /** On hand at the store; null for a service. May be negative after selling to order. */
  stock: z.number().int().nullable(),
  /** Lens options (material, coatings), each priced. Empty for other kinds. */
  options: z.array(ProductOption),
});
export type ProductHit = z.infer<typeof ProductHit>;

/** The option group a lens takes exactly one of (its materials); every other group (coating, tint) takes any number. */
export const lensMaterialGroup = 'material';
export const materialsOf = (product: Pick<ProductHit, 'options'>) => product.options.filter((o) => o.group === lensMaterialGroup);

/**
 * Why these options cannot make a line of this product (a `posMessages` text), or null: options belong to a
 * spectacle lens only, each one of the product's own, with exactly one material when the product offers materials.
 * The register holds a line to it as the clerk chooses, and the server holds a sale to it.
 */
export function lensOptionsProblem(product: Pick<ProductHit, 'kind' | 'options'>, optionIds: readonly string[]): string | null {
  const ids = [...new Set(optionIds)];
  if (product.kind !== 'spectacle-lens') return ids.length ? M.optionsOnlyLens : null;
  if (ids.some((id) => !product.options.some((o) => o.id === id))) return M.optionUnknown;
  const materials = materialsOf(product).filter((o) => ids.includes(o.id)).length;
  if (materials > 1) return M.lensOneMaterial;
  if (materials === 0 && materialsOf(product).length > 0) return M.lensMaterialRequired;
  return null;
}

export const ProductSearchQuery = z.object({
  locationId: Uuid,
  q: text(100, M.query).default(''),
  kind: ProductKind.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;
/** The words of a search, split as the product's search keys are (migration 0018: on anything not a letter or digit). */
export const searchWords = (q: string, most = 8) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, most);
export const ProductSearchResult = z.object({ items: z.array(ProductHit) });
export type ProductSearchResult = z.infer<typeof ProductSearchResult>;

/** The store's most-sold products (GET /pos/products/popular): what a register keeps for a sale without a connection. */
export const PopularProductsQuery = z.object({
  locationId: Uuid,
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const popularProductsDays = 30;

export const Barcode = z.string({ error: M.barcode }).regex(/^[A-Za-z0-9]{1,64}$/, { error: M.barcode });

// ---------------------------------------------------------------------------------------------------------------
// Registers and sessions

/** Counted cash: denomination (minor units) → how many. */
export const DenominationCount = z.object({
  denomination: z.number({ error: M.denomination }).int({ error: M.denomination }).min(1, { error: M.denomination }).max(100_000, { error: M.denomination }),
  count: z.number({ error: M.denomination }).int({ error: M.denomination }).min(0, { error: M.denomination }).max(10_000, { error: M.denomination }),
});
export type DenominationCount = z.infer<typeof DenominationCount>;
export const CashCount = z.array(DenominationCount).max(30, { error: M.denomination });
export type CashCount = z.infer<typeof CashCount>;
export const countedTotal = (count: readonly DenominationCount[]) => count.reduce((sum, d) => sum + d.denomination * d.count, 0);

export const SessionStatus = z.enum(['open', 'closed']);

export const MethodTotal = z.object({ method: PaymentMethod, amount: z.number().int(), count: z.number().int() });

/** An X report (the session so far) or, once closed, the Z report. */
export const SessionReport = z.object({
  id: Uuid,
  registerId: Uuid,
  registerName: z.string(),
  locationId: Uuid,
  storeName: z.string(),
  /** The store's currency (ISO 4217): the figures are in its minor units. */
  currency: z.string(),
  status: SessionStatus,
  openedAt: z.string(),
  openedBy: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  float: CashCount,
  floatTotal: z.number().int(),
  /** Cash taken (payments, less change) and paid back (refunds, as a positive amount). */
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  payIns: z.number().int(),
  payOuts: z.number().int(),
  /** float + cash in + pay-ins − cash out − pay-outs. */
  expectedCash: z.number().int(),
  countedCash: z.number().int().nullable(),
  counted: CashCount.nullable(),
  /** counted − expected (null until closed). */
  difference: z.number().int().nullable(),
  byMethod: z.array(MethodTotal),
  saleCount: z.number().int(),
  refundCount: z.number().int(),
  salesTotal: z.number().int(),
  refundsTotal: z.number().int(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  movements: z.array(
    z.object({ id: Uuid, kind: z.enum(['pay-in', 'pay-out']), amount: z.number().int(), reason: z.string(), at: z.string(), by: z.string() }),
  ),
  /** The session's sales to review (src/contract/salesToReview.ts). */
  toReview: z.array(z.object({ invoiceId: Uuid, number: z.number().int(), reasons: z.array(z.string()), reviewed: z.boolean() })),
});
export type SessionReport = z.infer<typeof SessionReport>;

export const Register = z.object({
  id: Uuid,
  locationId: Uuid,
  name: z.string(),
  /** The store's currency (ISO 4217): a new sale, the float and the session's figures are in it. */
  currency: z.string(),
  /** The open session, if any: one per register. */
  openSession: z.object({ id: Uuid, openedAt: z.string(), openedBy: z.string() }).nullable(),
  /**
   * The caller's discount limit at the store in basis points (the store's staff limit; null: none, admins): the one
   * the server holds a sale to. A register kept on a device before it was sent takes the default staff limit.
   */
  discountLimitBp: z.number().int().nullable().default(defaultStaffDiscountLimitBp),
});
export type Register = z.infer<typeof Register>;
export const RegisterList = z.object({ registers: z.array(Register) });
export const RegisterListQuery = z.object({ locationId: Uuid.optional() });

export const SessionOpen = z.object({ float: CashCount, note: text(500, M.note).default('') });
export type SessionOpen = z.infer<typeof SessionOpen>;
export const SessionClose = z.object({ counted: CashCount, note: text(500, M.note).default('') });
export type SessionClose = z.infer<typeof SessionClose>;
export const CashMovementInput = z.object({
  kind: z.enum(['pay-in', 'pay-out'], { error: M.movementKind }),
  amount: minor(M.amount, 1),
  reason: text(200, M.movementReason, true),
});
export type CashMovementInput = z.infer<typeof CashMovementInput>;

// ---------------------------------------------------------------------------------------------------------------
// The sale

/** A discount: a percentage in basis points (1000 = 10 %) or an amount in minor units. */
export const Discount = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('percent'),
    value: z.number({ error: M.discountPercent }).int({ error: M.discountPercent }).min(1, { error: M.discountPercent }).max(10_000, { error: M.discountPercent }),
    reason: text(200, M.discountReason, true),
  }),
  z.object({ type: z.literal('amount'), value: minor(M.discountAmount, 1), reason: text(200, M.discountReason, true) }),
]);
export type Discount = z.infer<typeof Discount>;

/** Optional fitting measurements a lens line carries to the lab order. */
export const Fitting = z.object({
  heightRight: z.number().min(5).max(50).nullable().default(null),
  heightLeft: z.number().min(5).max(50).nullable().default(null),
});

export const SaleLineInput = z.object({
  productId: Uuid,
  quantity: z.number({ error: M.quantity }).int({ error: M.quantity }).min(1, { error: M.quantity }).max(999, { error: M.quantity }),
  optionIds: z.array(Uuid).max(10).default([]),
  discount: Discount.nullable().default(null),
  /** Spectacle lens lines: the patient's prescription the lenses are made to. */
  rxId: Uuid.nullable().default(null),
  fitting: Fitting.nullable().default(null),
  /** The unit price (with options) the register showed; compared, never trusted. */
  shownUnitPrice: z.number().int().optional(),
});
export type SaleLineInput = z.infer<typeof SaleLineInput>;

export const SalePaymentInput = z
  .object({
    method: z.enum(PaymentMethod.options, { error: 'Method must be cash, card, cheque, insurance or store-credit' }),
    /** What this payment settles (for cash: tendered less change). */
    amount: minor(M.amount, 1),
    /** Cash handed over; change = tendered − amount. */
    tendered: minor(M.tendered, 1).optional(),
    reference: text(100, M.reference).default(''),
    insurancePlan: text(100, M.insurancePlan).default(''),
    authorisation: text(100, M.authorisation).default(''),
  })
  .superRefine((p, ctx) => {
    if (p.tendered !== undefined && p.method !== 'cash') ctx.addIssue({ code: 'custom', path: ['tendered'], message: M.tenderedOnlyCash });
    if (p.tendered !== undefined && p.tendered < p.amount) ctx.addIssue({ code: 'custom', path: ['tendered'], message: M.tendered });
    if (p.method === 'card' && !p.reference) ctx.addIssue({ code: 'custom', path: ['reference'], message: M.cardReference });
    if (p.method === 'insurance' && !p.insurancePlan) ctx.addIssue({ code: 'custom', path: ['insurancePlan'], message: M.insurancePlan });
    if (p.method === 'insurance' && !p.authorisation) ctx.addIssue({ code: 'custom', path: ['authorisation'], message: M.authorisation });
  });
export type SalePaymentInput = z.infer<typeof SalePaymentInput>;

/** Methods a register can take with no connection (recorded by hand, checked nowhere else). */
export const offlineMethods: readonly PaymentMethod[] = ['cash', 'card', 'cheque'];

export const SaleSubmit = z.object({
  /** Made by the browser when the sale starts; the server records a sale id once, however often it is sent. */
  clientSaleId: Uuid,
  registerSessionId: Uuid,
  /** Null: a walk-in. */
  patientId: Uuid.nullable(),
  lines: z.array(SaleLineInput, { error: M.lines }).min(1, { error: M.lines }).max(100, { error: M.lines }),
  orderDiscount: Discount.nullable().default(null),
  payments: z.array(SalePaymentInput).max(10, { error: M.payments }).default([]),
  /** Complete with a balance due (a deposit): the invoice stays open. */
  deposit: z.boolean().default(false),
  /** The total the register showed; a different server total answers 409 `pos.priceChanged` with the server's pricing … */
  shownTotal: z.number().int(),
  /** … unless the sale already happened offline: then the server's prices are recorded and the difference reported. */
  soldOffline: z.boolean().default(false),
  /** When the clerk completed it (an offline sale is sent later). */
  soldAt: z.string({ error: M.soldAt }).refine((s) => !Number.isNaN(Date.parse(s)), { error: M.soldAt }).optional(),
  /** The parked sale or quote this sale was resumed from: removed when the sale is recorded. */
  parkedId: Uuid.optional(),
  notes: text(2000, 'Notes must be up to 2000 characters').default(''),
});
export type SaleSubmit = z.infer<typeof SaleSubmit>;

export const PricedLine = z.object({
  lineNo: z.number().int(),
  productId: Uuid,
  description: z.string(),
  quantity: z.number().int(),
  /** Product price plus its options. */
  unitPrice: z.number().int(),
  gross: z.number().int(),
  /** The line's own discount plus its share of the order discount. */
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type PricedLine = z.infer<typeof PricedLine>;

export const Pricing = z.object({
  lines: z.array(PricedLine),
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
});
export type Pricing = z.infer<typeof Pricing>;

export const SaleResult = z.object({
  invoice: InvoiceView,
  pricing: Pricing,
  /** Change handed back over all cash payments. */
  change: z.number().int(),
  labOrderIds: z.array(Uuid),
  /** True when this sale id had already been recorded: nothing new was written. */
  replayed: z.boolean(),
  /** Server total − shown total, for a sale completed offline at prices that have since changed (else 0). */
  difference: z.number().int(),
  /** Products sold beyond the stock on hand (sold to order). */
  soldToOrder: z.array(Uuid),
});
export type SaleResult = z.infer<typeof SaleResult>;

/** Sent with 409 `pos.priceChanged`: the server's pricing of the same lines. */
export const PriceChanged = z.object({ pricing: Pricing });

// ---------------------------------------------------------------------------------------------------------------
// Parked sales and quotes (kept on the server so any register of the store can resume them)

export const ParkedSaleInput = z.object({
  id: Uuid,
  locationId: Uuid,
  kind: z.enum(['parked', 'quote'], { error: M.parkedKind }),
  patientId: Uuid.nullable(),
  lines: z.array(SaleLineInput, { error: M.lines }).min(1, { error: M.lines }).max(100, { error: M.lines }),
  orderDiscount: Discount.nullable().default(null),
  note: text(500, M.note).default(''),
});
export type ParkedSaleInput = z.infer<typeof ParkedSaleInput>;
export const ParkedSale = ParkedSaleInput.extend({
  patientName: z.string().nullable(),
  /** The store's currency (ISO 4217): a parked sale is priced when it is completed, in the store's currency then. */
  currency: z.string(),
  total: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** A quote is valid for 30 days. */
  expiresAt: z.string().nullable(),
});
export type ParkedSale = z.infer<typeof ParkedSale>;
export const ParkedList = z.object({ items: z.array(ParkedSale) });

// ---------------------------------------------------------------------------------------------------------------
// History and refunds

export const HistoryQuery = z.object({ registerId: Uuid, day: z.iso.date().optional() });
export const HistoryItem = z.object({
  invoiceId: Uuid,
  number: z.number().int(),
  issuedAt: z.string(),
  patientId: Uuid.nullable(),
  patientName: z.string().nullable(),
  status: z.string(),
  /** The invoice's own currency (ISO 4217). */
  currency: z.string(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  balance: z.number().int(),
  /** A refund's original invoice (credit records are listed too, with a negative total). */
  relatedInvoiceId: Uuid.nullable(),
  clerk: z.string(),
  methods: z.array(PaymentMethod),
});
export type HistoryItem = z.infer<typeof HistoryItem>;
export const HistoryList = z.object({ items: z.array(HistoryItem) });

export const RefundInput = z.object({
  /** Made by the browser; the same refund sent twice is recorded once. */
  clientRefundId: Uuid,
  registerSessionId: Uuid,
  lines: z
    .array(z.object({ lineNo: z.number().int().min(1), quantity: z.number({ error: M.quantity }).int({ error: M.quantity }).min(1, { error: M.quantity }).max(999, { error: M.quantity }) }), {
      error: M.refundLines,
    })
    .min(1, { error: M.refundLines })
    .max(100, { error: M.refundLines }),
  refundTo: z.enum(['original', 'store-credit'], { error: M.refundTo }).default('original'),
  reason: text(500, M.refundReason, true),
});
export type RefundInput = z.infer<typeof RefundInput>;
export const RefundResult = z.object({
  invoice: InvoiceView,
  credit: InvoiceView,
  /** What went back, by method (store credit included). */
  refunded: z.array(z.object({ method: PaymentMethod, amount: z.number().int() })),
  replayed: z.boolean(),
});
export type RefundResult = z.infer<typeof RefundResult>;

/** A patient's store credit at the company. */
export const StoreCredit = z.object({ patientId: Uuid, balance: z.number().int() });
