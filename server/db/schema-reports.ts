/**
 * The reports' aggregates (shared/design/reports.md): per store and per day of the store's time zone, the sums the
 * sales, payments, discounts, refunds and voids reports read, so that a report over a million invoices reads a few
 * thousand rows instead of the invoices and their lines. Kept by the triggers of migration 0021 in the transaction
 * that writes the invoice, its lines or its payments (every writer alike: the register, the invoice screen, the
 * seed, the bench), and rebuilt from the records by app_reports_rebuild(). Money is integer minor units; the
 * runtime role only reads them (the triggers write as the migration owner).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locations, tenantId, tenantIsolation } from './schema';
import { labOrders } from './schema-records';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** No clerk (an invoice without created_by): the key needs a value. */
export const NO_CLERK = '00000000-0000-0000-0000-000000000000';

/**
 * Invoices by store, day and clerk. Sales are invoices that are not credit records; a credit record is a refund
 * (status refunded) or a void, counted on its own day with positive amounts (what was given back).
 * net = subtotal − discount (before tax); total = net + tax.
 */
export const reportSalesDaily = pgTable(
  'report_sales_daily',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    day: date('day').notNull(),
    clerkId: uuid('clerk_id').notNull(),
    salesCount: count('sales_count'),
    salesNet: money('sales_net'),
    salesDiscount: money('sales_discount'),
    salesTax: money('sales_tax'),
    salesTotal: money('sales_total'),
    refundsCount: count('refunds_count'),
    refundsNet: money('refunds_net'),
    refundsDiscount: money('refunds_discount'),
    refundsTax: money('refunds_tax'),
    refundsTotal: money('refunds_total'),
    voidsCount: count('voids_count'),
    voidsNet: money('voids_net'),
    voidsDiscount: money('voids_discount'),
    voidsTax: money('voids_tax'),
    voidsTotal: money('voids_total'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.day, t.clerkId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('report_sales_daily'),
  ],
).enableRLS();

/** Invoice lines by store, day and product category (the product's kind; a line without a product: its own kind). */
export const reportCategoryDaily = pgTable(
  'report_category_daily',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    day: date('day').notNull(),
    category: text('category').notNull(),
    soldQuantity: count('sold_quantity'),
    soldNet: money('sold_net'),
    soldDiscount: money('sold_discount'),
    soldTax: money('sold_tax'),
    returnedQuantity: count('returned_quantity'),
    returnedNet: money('returned_net'),
    returnedDiscount: money('returned_discount'),
    returnedTax: money('returned_tax'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.day, t.category] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('report_category_daily'),
  ],
).enableRLS();

/**
 * Payments by store, day (of the payment) and method. Taken: money in; paid back: refunds' money out (positive).
 * A deposit is money taken with a sale that left a balance; a balance collected is money taken after the invoice
 * was issued.
 */
export const reportPaymentsDaily = pgTable(
  'report_payments_daily',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    day: date('day').notNull(),
    method: text('method').notNull(),
    takenCount: count('taken_count'),
    taken: money('taken'),
    depositsCount: count('deposits_count'),
    deposits: money('deposits'),
    balancesCount: count('balances_count'),
    balances: money('balances'),
    paidBackCount: count('paid_back_count'),
    paidBack: money('paid_back'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.day, t.method] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    check('report_payments_daily_amounts', sql`${t.taken} >= 0 and ${t.paidBack} >= 0`),
    tenantIsolation('report_payments_daily'),
  ],
).enableRLS();

/**
 * Each lab order's first sending to the lab and first "ready for pickup" (kept by the trigger on lab_order_events):
 * the turnaround report reads the orders made ready in a range by (store, ready_at) instead of the event history.
 */
export const reportLabTurnaround = pgTable(
  'report_lab_turnaround',
  {
    tenantId: tenantId(),
    labOrderId: uuid('lab_order_id').notNull(),
    locationId: uuid('location_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.labOrderId] }),
    foreignKey({ columns: [t.tenantId, t.labOrderId], foreignColumns: [labOrders.tenantId, labOrders.id] }).onDelete('cascade'),
    index('report_lab_turnaround_ready_idx').on(t.tenantId, t.locationId, t.readyAt, t.sentAt),
    tenantIsolation('report_lab_turnaround'),
  ],
).enableRLS();

/**
 * Open sales with a balance, by store and the day (store's time zone) they were issued: count and balance, kept
 * by the trigger on invoices as a sale is made, paid, voided or refunded. Open balances by age read these few rows.
 */
export const reportOpenDaily = pgTable(
  'report_open_daily',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    day: date('day').notNull(),
    openCount: count('open_count'),
    openBalance: money('open_balance'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.day] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('report_open_daily'),
  ],
).enableRLS();
