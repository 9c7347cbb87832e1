/**
 * The point of sale (shared/design/pos.md): the company catalogue (products, priced options, barcodes, the search
 * keys), what each store sells (its price override and stock, with every movement), tax rates per store and class,
 * registers and their sessions with cash movements, parked sales and quotes, and the patients' store credit. A sale
 * is an invoice (schema-records.ts) carrying its client sale id, register session and clerk.
 *
 * Every table is tenant-scoped under forced RLS with `tenant_id` leading every key (docs/architecture.md).
 * Money is integer minor units; rates are basis points.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, locations, tenantId, tenantIsolation, users } from './schema';
import { patients } from './schema-records';
import { invoices } from './schema-invoices';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type ProductKind = 'frame' | 'spectacle-lens' | 'contact-lens' | 'accessory' | 'service';
export type TaxClass = 'standard' | 'reduced' | 'zero';

export const products = pgTable(
  'products',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<ProductKind>().notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    colour: text('colour').notNull().default(''),
    /** Frames: eye size A, B and bridge (DBL) in whole millimetres. */
    sizeA: integer('size_a'),
    sizeB: integer('size_b'),
    sizeDbl: integer('size_dbl'),
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    /** The company's price; a store may override it (product_stock.price). */
    price: bigint('price', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    /** The listing's sort key (a stored column: lower() is not leakproof, see patients.last_name_key). */
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('products_sku_key').on(t.tenantId, t.sku),
    // The register's listing with no search words, all kinds or one (server/pos/catalogue.ts).
    index('products_name_idx').on(t.tenantId, t.nameKey, t.id),
    index('products_kind_name_idx').on(t.tenantId, t.kind, t.nameKey, t.id),
    check('products_price', sql`${t.price} >= 0`),
    check('products_kind', sql`${t.kind} in ('frame', 'spectacle-lens', 'contact-lens', 'accessory', 'service')`),
    check('products_tax_class', sql`${t.taxClass} in ('standard', 'reduced', 'zero')`),
    tenantIsolation('products'),
  ],
).enableRLS();

/**
 * The words a product is found by (name, brand, model, colour, SKU), lower-cased, one row each: a search word is a
 * prefix range of this key, which needs no extension (PGlite has no pg_trgm unless loaded) and stays an index
 * range under RLS. Kept by the trigger of migration 0015 whenever a product is written.
 */
export const productSearchKeys = pgTable(
  'product_search_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key, t.productId] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    // The other words of a search: does this product have a key starting with it?
    index('product_search_keys_product_idx').on(t.tenantId, t.productId, t.key),
    tenantIsolation('product_search_keys'),
  ],
).enableRLS();

/** A priced option of a product: a lens's material, coatings, tint. */
export const productOptions = pgTable(
  'product_options',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    productId: uuid('product_id').notNull(),
    /** 'material', 'coating', 'tint'. */
    group: text('option_group').notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    index('product_options_product_idx').on(t.tenantId, t.productId, t.sort),
    check('product_options_price', sql`${t.price} >= 0`),
    tenantIsolation('product_options'),
  ],
).enableRLS();

/** A barcode names one product of the company. */
export const productBarcodes = pgTable(
  'product_barcodes',
  {
    tenantId: tenantId(),
    barcode: text('barcode').notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.barcode] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    index('product_barcodes_product_idx').on(t.tenantId, t.productId),
    tenantIsolation('product_barcodes'),
  ],
).enableRLS();

/** What a store sells: a row lists the product there, with the store's price (null: the company's) and stock. */
export const productStock = pgTable(
  'product_stock',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    price: bigint('price', { mode: 'number' }),
    /** On hand; negative after selling to order. Services keep 0. */
    onHand: integer('on_hand').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.productId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    check('product_stock_price', sql`${t.price} is null or ${t.price} >= 0`),
    tenantIsolation('product_stock'),
  ],
).enableRLS();

export type StockReason = 'sale' | 'refund' | 'count' | 'transfer';

/** Every change of a store's stock, with what caused it (append-only for the application). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    /** The sale or refund (credit invoice) that moved it. */
    invoiceId: uuid('invoice_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id'),
    /** A sale that took more than the store had on hand: sold to order. */
    soldToOrder: boolean('sold_to_order').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId, t.productId], foreignColumns: [productStock.tenantId, productStock.locationId, productStock.productId] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    index('stock_movements_product_idx').on(t.tenantId, t.locationId, t.productId, t.at),
    index('stock_movements_invoice_idx').on(t.tenantId, t.invoiceId),
    check('stock_movements_quantity', sql`${t.quantity} <> 0`),
    check('stock_movements_reason', sql`${t.reason} in ('sale', 'refund', 'count', 'transfer')`),
    tenantIsolation('stock_movements'),
  ],
).enableRLS();

/** The tax rate of a class at a store (no row: the store's own rate for 'standard', 0 for the others). */
export const taxRates = pgTable(
  'tax_rates',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    taxClass: text('tax_class').$type<TaxClass>().notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.taxClass] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    check('tax_rates_rate', sql`${t.rateBp} between 0 and 10000`),
    tenantIsolation('tax_rates'),
  ],
).enableRLS();

export const registers = pgTable(
  'registers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    uniqueIndex('registers_location_name_key').on(t.tenantId, t.locationId, t.name),
    tenantIsolation('registers'),
  ],
).enableRLS();

export interface DenominationCount {
  denomination: number;
  count: number;
}

export const registerSessions = pgTable(
  'register_sessions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    registerId: uuid('register_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid('opened_by').notNull(),
    float: jsonb('float').$type<DenominationCount[]>().notNull(),
    floatTotal: bigint('float_total', { mode: 'number' }).notNull(),
    openNote: text('open_note').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    counted: jsonb('counted').$type<DenominationCount[]>(),
    countedTotal: bigint('counted_total', { mode: 'number' }),
    /** Fixed at close: float + cash in + pay-ins − cash out − pay-outs. */
    expectedCash: bigint('expected_cash', { mode: 'number' }),
    difference: bigint('difference', { mode: 'number' }),
    closeNote: text('close_note').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.openedBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.closedBy], foreignColumns: [users.tenantId, users.id] }),
    // One open session per register, refused by the database whatever the race.
    uniqueIndex('register_sessions_one_open_key').on(t.tenantId, t.registerId).where(sql`status = 'open'`),
    index('register_sessions_register_idx').on(t.tenantId, t.registerId, t.openedAt),
    check('register_sessions_status', sql`${t.status} in ('open', 'closed')`),
    check('register_sessions_closed', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    tenantIsolation('register_sessions'),
  ],
).enableRLS();

/** Cash put into (pay-in) or taken out of (pay-out) a register's drawer during a session. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    kind: text('kind').$type<'pay-in' | 'pay-out'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.sessionId], foreignColumns: [registerSessions.tenantId, registerSessions.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.byUserId], foreignColumns: [users.tenantId, users.id] }),
    index('cash_movements_session_idx').on(t.tenantId, t.sessionId, t.at),
    check('cash_movements_amount', sql`${t.amount} > 0`),
    check('cash_movements_kind', sql`${t.kind} in ('pay-in', 'pay-out')`),
    tenantIsolation('cash_movements'),
  ],
).enableRLS();

/** A held sale or a quote (valid 30 days), kept so that any register of the store can resume it. */
export const parkedSales = pgTable(
  'parked_sales',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    kind: text('kind').$type<'parked' | 'quote'>().notNull(),
    patientId: uuid('patient_id'),
    /** The sale's lines and order discount as the contract's SaleLineInput / Discount. */
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    orderDiscount: jsonb('order_discount').$type<unknown>(),
    note: text('note').notNull().default(''),
    /** The server's pricing of the lines when saved. */
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').notNull(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id] }),
    index('parked_sales_location_idx').on(t.tenantId, t.locationId, t.createdAt),
    check('parked_sales_kind', sql`${t.kind} in ('parked', 'quote')`),
    tenantIsolation('parked_sales'),
  ],
).enableRLS();

/** A patient's store credit: refunds add to it, payments with it take from it; the balance is the sum. */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    patientId: uuid('patient_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    invoiceId: uuid('invoice_id'),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    index('store_credit_entries_patient_idx').on(t.tenantId, t.patientId, t.at),
    check('store_credit_entries_amount', sql`${t.amount} <> 0`),
    tenantIsolation('store_credit_entries'),
  ],
).enableRLS();

/**
 * A sale the server recorded otherwise than the register sent it (server/ledger/review.ts): an offline sale whose
 * prices, payments or time it corrected. Listed on the work desk and the Z report until someone marks it reviewed.
 */
export const salesToReview = pgTable(
  'sales_to_review',
  {
    tenantId: tenantId(),
    invoiceId: uuid('invoice_id').notNull(),
    locationId: uuid('location_id').notNull(),
    registerSessionId: uuid('register_session_id'),
    /** Why, as codes: overpaid, priceChanged, needsConnection, storeCreditShort, soldAtMoved. */
    reasons: text('reasons').array().notNull(),
    /** The figures behind each reason (minor units), for the reviewer. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.invoiceId] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.registerSessionId], foreignColumns: [registerSessions.tenantId, registerSessions.id] }),
    foreignKey({ columns: [t.tenantId, t.reviewedBy], foreignColumns: [users.tenantId, users.id] }),
    index('sales_to_review_location_idx').on(t.tenantId, t.locationId, t.createdAt),
    index('sales_to_review_session_idx').on(t.tenantId, t.registerSessionId),
    tenantIsolation('sales_to_review'),
  ],
).enableRLS();
