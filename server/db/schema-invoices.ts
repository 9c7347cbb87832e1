/**
 * The sales records (shared/design/ledger.md): invoices (a sale, or a refund or void as a linked credit record) with
 * their lines and payments. Every table is tenant-scoped under forced RLS with `tenant_id` leading every key. Money
 * is integer minor units (cents); money moves through the ledger (server/ledger, shared/design/ledger.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, locations, tenantId, tenantIsolation } from './schema';
// Referenced only inside the tables' key callbacks (evaluated lazily), so the modules may import each other.
import { patients } from './schema-records';
import { registerSessions } from './schema-pos';

export type InvoiceStatus = 'open' | 'paid' | 'void' | 'refunded';

export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    /** Numbered per store. */
    number: integer('number').notNull(),
    /** Null: a walk-in's sale at the register. */
    patientId: uuid('patient_id'),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull().default('USD'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull().default(0),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
    /** A refund or void is a linked record; a paid invoice is never edited. */
    relatedInvoiceId: uuid('related_invoice_id'),
    notes: text('notes').notNull().default(''),
    /** The clerk (the register's sales and refunds) or whoever created it. */
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** A register's sale: the id the browser made for it (recorded once however often it is sent) and its session. */
    clientSaleId: uuid('client_sale_id'),
    /** A register's refund (a credit record): the id the browser made for it. */
    clientRefundId: uuid('client_refund_id'),
    registerSessionId: uuid('register_session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invoices_location_number_key').on(t.tenantId, t.locationId, t.number),
    uniqueIndex('invoices_client_sale_key').on(t.tenantId, t.clientSaleId),
    uniqueIndex('invoices_client_refund_key').on(t.tenantId, t.clientRefundId),
    foreignKey({ columns: [t.tenantId, t.registerSessionId], foreignColumns: [registerSessions.tenantId, registerSessions.id] }),
    // A session's sales and refunds (its report) and a register's day (history).
    index('invoices_register_session_idx').on(t.tenantId, t.registerSessionId, t.issuedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.relatedInvoiceId], foreignColumns: [t.tenantId, t.id] }),
    index('invoices_patient_idx').on(t.tenantId, t.patientId, t.issuedAt),
    // An invoice's credit records (what was given back of it: the books' balance checks, server/ledger/balance.ts).
    index('invoices_related_idx').on(t.tenantId, t.relatedInvoiceId),
    // The invoice lookup (server/sales/lookup.ts): newest first over every store, one store or one status; by
    // number across stores; by amount.
    index('invoices_tenant_issued_idx').on(t.tenantId, t.issuedAt, t.id),
    index('invoices_location_issued_idx').on(t.tenantId, t.locationId, t.issuedAt, t.id),
    index('invoices_status_issued_idx').on(t.tenantId, t.status, t.issuedAt, t.id),
    index('invoices_number_idx').on(t.tenantId, t.number),
    index('invoices_total_idx').on(t.tenantId, t.total),
    tenantIsolation('invoices'),
  ],
).enableRLS();

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: tenantId(),
    invoiceId: uuid('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** 'product' or 'service'. */
    kind: text('kind').notNull(),
    sku: text('sku').notNull().default(''),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** A register's line: the catalogue product, its chosen options, and the Rx a lens line is made to. */
    productId: uuid('product_id'),
    options: jsonb('options').$type<{ id: string; group: string; name: string; price: number }[]>().notNull().default([]),
    rxId: uuid('rx_id'),
    /** A credit record's line: the line of the original invoice it gives back. */
    originalLineNo: integer('original_line_no'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.invoiceId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }).onDelete('cascade'),
    check('invoice_lines_quantity', sql`${t.quantity} > 0`),
    tenantIsolation('invoice_lines'),
  ],
).enableRLS();

export type PaymentMethod = 'cash' | 'card' | 'cheque' | 'insurance' | 'store-credit';

export const payments = pgTable(
  'payments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    invoiceId: uuid('invoice_id').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull().default(''),
    /** The client's key for this payment: a retried or double-clicked payment is recorded once. */
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by'),
    /** Cash handed over (change = tendered − amount). */
    tendered: bigint('tendered', { mode: 'number' }),
    insurancePlan: text('insurance_plan').notNull().default(''),
    authorisation: text('authorisation').notNull().default(''),
    /** The register session that took (or paid back) the money: its report counts it. */
    registerSessionId: uuid('register_session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }).onDelete('cascade'),
    uniqueIndex('payments_idempotency_key').on(t.tenantId, t.idempotencyKey),
    index('payments_invoice_idx').on(t.tenantId, t.invoiceId),
    index('payments_register_session_idx').on(t.tenantId, t.registerSessionId),
    foreignKey({ columns: [t.tenantId, t.registerSessionId], foreignColumns: [registerSessions.tenantId, registerSessions.id] }),
    check('payments_amount', sql`${t.amount} <> 0`),
    tenantIsolation('payments'),
  ],
).enableRLS();
