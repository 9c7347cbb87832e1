/**
 * The staff invoice lookup (/admin/invoicelookup/{type}) and the store's invoice list of the invoice screen: one
 * query (GET /api/invoices) with filters and keyset paging, the totals of the same filtered set
 * (GET /api/invoices/totals), and the receipt email (POST /api/invoices/{id}/receipt-email).
 */
import { noControlCharacters } from './common';
import { Email } from './patientsAdmin';
import { InvoiceStatus } from './records';
import { z } from './zod';

/** The lookup's types, as the address names them: every invoice, or one status. */
export const invoiceLookupTypes = ['all', ...InvoiceStatus.options] as const;
export type InvoiceLookupType = (typeof invoiceLookupTypes)[number];

export const lookupMessages = {
  type: 'Type must be all, open, paid, void or refunded',
  locationId: 'Store must be an id (UUID)',
  patientId: 'Patient must be an id (UUID)',
  number: 'Invoice number must be a whole number between 1 and 2147483647',
  patient: 'Patient must be 1 to 100 characters',
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'To cannot be before From',
  minAmount: 'Smallest amount must be a whole number of cents between -1000000000 and 1000000000',
  maxAmount: 'Largest amount must be a whole number of cents between -1000000000 and 1000000000',
  amountRange: 'Largest amount cannot be less than the smallest',
  cursor: 'The page cursor is not valid; start again from the first page',
  limit: 'Limit must be a whole number between 1 and 100',
} as const;
const M = lookupMessages;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z
    .string({ error: message })
    .regex(ISO_DAY, { error: message })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, { error: message });
const amount = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(-1_000_000_000, { error: message }).max(1_000_000_000, { error: message });

const filterShape = {
  type: z.enum(invoiceLookupTypes, { error: M.type }).default('all'),
  /** One store; every store the user may see when not given. */
  locationId: z.uuid({ error: M.locationId }).optional(),
  patientId: z.uuid({ error: M.patientId }).optional(),
  /** The invoice number (numbers are per store, so it can match one invoice in each store). */
  number: z.coerce.number({ error: M.number }).int({ error: M.number }).min(1, { error: M.number }).max(2_147_483_647, { error: M.number }).optional(),
  /** The start of the patient's last name, or "last, first". */
  patient: z.string({ error: M.patient }).trim().min(1, { error: M.patient }).max(100, { error: M.patient }).regex(noControlCharacters, { error: M.patient }).optional(),
  /** Issued on or after this calendar day (UTC). */
  from: day(M.from).optional(),
  /** Issued on or before this calendar day (UTC). */
  to: day(M.to).optional(),
  /** Invoice total, in minor units, inclusive. */
  minAmount: amount(M.minAmount).optional(),
  maxAmount: amount(M.maxAmount).optional(),
};

type Ranges = { from?: string; to?: string; minAmount?: number; maxAmount?: number };
const checkRanges = (f: Ranges, ctx: z.RefinementCtx) => {
  if (f.from && f.to && f.to < f.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.range });
  if (f.minAmount !== undefined && f.maxAmount !== undefined && f.maxAmount < f.minAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: M.amountRange });
  }
};

/** The filters of the totals (the page's without the paging). */
export const InvoiceFilter = z.object(filterShape).superRefine(checkRanges);
export type InvoiceFilter = z.infer<typeof InvoiceFilter>;

export const InvoiceLookupQuery = z
  .object({
    ...filterShape,
    /** Opaque: the nextCursor of the previous page. */
    cursor: z.string({ error: M.cursor }).max(200, { error: M.cursor }).regex(/^[A-Za-z0-9_-]+$/, { error: M.cursor }).optional(),
    limit: z.coerce.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(100, { error: M.limit }).default(25),
  })
  .superRefine(checkRanges);
export type InvoiceLookupQuery = z.infer<typeof InvoiceLookupQuery>;

export const InvoiceLookupItem = z.object({
  id: z.uuid(),
  number: z.number().int(),
  locationId: z.uuid(),
  storeName: z.string(),
  /** Null (and an empty name): a walk-in's sale at the register. */
  patientId: z.uuid().nullable(),
  patientName: z.string(),
  status: InvoiceStatus,
  issuedAt: z.string(),
  currency: z.string(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  balance: z.number().int(),
  /** Set on a credit record: the invoice it voids or refunds. */
  relatedInvoiceId: z.uuid().nullable(),
});
export type InvoiceLookupItem = z.infer<typeof InvoiceLookupItem>;

export const InvoiceLookupPage = z.object({
  items: z.array(InvoiceLookupItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InvoiceLookupPage = z.infer<typeof InvoiceLookupPage>;

/** The filtered set's count and sums per currency (the balance counts open invoices only). */
export const InvoiceTotals = z.object({
  count: z.number().int(),
  amounts: z.array(z.object({ currency: z.string(), total: z.number().int(), paid: z.number().int(), balance: z.number().int() })),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

export const receiptEmailMessages = {
  email: 'Email must be a valid address (up to 254 characters)',
} as const;

/**
 * Where to send a receipt: nothing (or no address) sends it to the patient's email on file; an address typed by the
 * clerk sends it there instead (a walk-in, a patient without email, or one who asks for another address). The body
 * may be left out.
 */
export const ReceiptEmailRequest = z
  .object({ email: Email.refine((e) => e !== '', { error: receiptEmailMessages.email }).optional() })
  .strict()
  .nullish();
export type ReceiptEmailRequest = z.infer<typeof ReceiptEmailRequest>;

export const ReceiptEmailResult = z.object({
  /** The communication-log entry (status queued until the outbox sends it). */
  messageId: z.uuid(),
  /** The address, masked. */
  recipient: z.string(),
});
export type ReceiptEmailResult = z.infer<typeof ReceiptEmailResult>;
