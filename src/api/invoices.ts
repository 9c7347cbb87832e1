import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { InvoiceLookupPage, InvoiceTotals, ReceiptEmailResult } from '../contract/invoiceLookup';
import type { InvoiceLookupType } from '../contract/invoiceLookup';
import { PaymentResult, VoidResult } from '../contract/sales';
import type { PaymentInput, InvoiceVoid } from '../contract/sales';
import { apiRequest } from './http';

/**
 * The staff invoice screen and lookup: GET /api/invoices (filters, keyset paging) and /api/invoices/totals, taking a
 * payment, voiding or refunding, emailing the receipt. The invoices of one patient and one invoice's detail are the
 * record reads (./records.ts, staff scope).
 */

/** The lookup's filter as the address keeps it; amounts in minor units. */
export interface InvoiceFilter {
  type: InvoiceLookupType;
  locationId?: string;
  patientId?: string;
  number?: number;
  patient?: string;
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
}

/** Rows per page (the server allows 1 to 100). */
export const invoicePageSize = 25;

export const invoiceQueryString = (params: object) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchInvoicePage = (filter: InvoiceFilter & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
  apiRequest(`/api/invoices${invoiceQueryString({ limit: invoicePageSize, ...filter })}`, { schema: InvoiceLookupPage, signal });

export const fetchInvoiceTotals = (filter: InvoiceFilter, signal?: AbortSignal) =>
  apiRequest(`/api/invoices/totals${invoiceQueryString(filter)}`, { schema: InvoiceTotals, signal });

/** One attempt's key goes in the body: a retry of the same attempt (a double click, a lost answer) pays once. */
export const payInvoice = (invoiceId: string, payment: PaymentInput & { idempotencyKey: string }) =>
  apiRequest(`/api/invoices/${encodeURIComponent(invoiceId)}/payments`, { method: 'POST', body: payment, schema: PaymentResult });

export const voidInvoice = (invoiceId: string, input: InvoiceVoid) =>
  apiRequest(`/api/invoices/${encodeURIComponent(invoiceId)}/void`, { method: 'POST', body: input, schema: VoidResult });

/** To the patient's email on file, or to `email` (a walk-in's, or another address the clerk typed). */
export const emailReceipt = (invoiceId: string, email?: string) =>
  apiRequest(`/api/invoices/${encodeURIComponent(invoiceId)}/receipt-email`, { method: 'POST', ...(email ? { body: { email } } : {}), schema: ReceiptEmailResult });

/** Every invoice-lookup query of a tenant starts with this key (the session's end clears the whole cache). */
export const invoicesKey = (tenantId: string) => ['t', tenantId, 'invoices'] as const;

const keyOf = (filter: InvoiceFilter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

export const invoiceQueries = {
  lookup: (tenantId: string, filter: InvoiceFilter) =>
    infiniteQueryOptions({
      queryKey: [...invoicesKey(tenantId), 'lookup', keyOf(filter)],
      queryFn: ({ pageParam, signal }) => fetchInvoicePage({ ...filter, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  totals: (tenantId: string, filter: InvoiceFilter) =>
    queryOptions({
      queryKey: [...invoicesKey(tenantId), 'totals', keyOf(filter)],
      queryFn: ({ signal }) => fetchInvoiceTotals(filter, signal),
    }),
};
