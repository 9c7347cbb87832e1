import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  HistoryList,
  ParkedList,
  ParkedSale,
  ProductHit,
  ProductSearchResult,
  RefundResult,
  RegisterList,
  SaleResult,
  SessionReport,
  StoreCredit,
} from '../contract/pos';
import { ReviewList } from '../contract/salesToReview';
import type { CashMovementInput, ParkedSaleInput, ProductKind, RefundInput, SaleSubmit, SessionClose, SessionOpen } from '../contract/pos';
import { InvoiceDetail } from '../contract/records';
import { ReceiptEmailResult } from '../contract/invoiceLookup';
import type { InvoiceVoid, PaymentInput, PaymentResult } from '../contract/sales';
import { z } from '../contract/zod';
import { apiRequest } from './http';
import { emailReceipt, invoiceQueryString, invoicesKey, payInvoice, voidInvoice } from './invoices';
import type { ViewEffects } from './mutations';
import { recordsKey } from './records';
import type { RecordsScope } from './records';
import { posPaths } from './posPaths';

/**
 * The point of sale's API (/api/pos): catalogue search and barcode, registers and their sessions, the sale (one
 * idempotent request keyed by the browser's clientSaleId), parked sales and quotes, the register's history, a POS
 * invoice (walk-ins included), refunds and a patient's store credit.
 */

const id = encodeURIComponent;

export const searchProducts = (params: { locationId: string; q: string; kind?: ProductKind; limit?: number }, signal?: AbortSignal) =>
  apiRequest(`/api/pos/products${invoiceQueryString(params)}`, { schema: ProductSearchResult, signal });

/** The store's most-sold products of late (at most `limit`), kept by the register for a sale without a connection. */
export const fetchPopularProducts = (locationId: string, limit?: number, signal?: AbortSignal) =>
  apiRequest(`/api/pos/products/popular${invoiceQueryString({ locationId, limit })}`, { schema: ProductSearchResult, signal });

/** 404 `pos.barcodeNotFound` when no product of the store has it. */
export const productByBarcode = (locationId: string, barcode: string, signal?: AbortSignal) =>
  apiRequest(`/api/pos/products/barcode/${id(barcode)}${invoiceQueryString({ locationId })}`, { schema: ProductHit, signal });

/** 404 `pos.productUnavailable` when the store does not sell it. */
export const productById = (locationId: string, productId: string, signal?: AbortSignal) =>
  apiRequest(`/api/pos/products/${id(productId)}${invoiceQueryString({ locationId })}`, { schema: ProductHit, signal });

export const fetchRegisters = (locationId: string | undefined, signal?: AbortSignal) =>
  apiRequest(posPaths.registers(locationId), { schema: RegisterList, signal });

export const openSession = (registerId: string, body: SessionOpen) =>
  apiRequest(`/api/pos/registers/${id(registerId)}/sessions`, { method: 'POST', body, schema: SessionReport });

/** The X report while open, the Z report once closed. */
export const fetchSession = (sessionId: string, signal?: AbortSignal) =>
  apiRequest(posPaths.session(sessionId), { schema: SessionReport, signal });

export const addCashMovement = (sessionId: string, body: CashMovementInput) =>
  apiRequest(`/api/pos/sessions/${id(sessionId)}/movements`, { method: 'POST', body, schema: SessionReport });

export const closeSession = (sessionId: string, body: SessionClose) =>
  apiRequest(`/api/pos/sessions/${id(sessionId)}/close`, { method: 'POST', body, schema: SessionReport });

/** 201 new, 200 replayed (same clientSaleId); 409 `pos.priceChanged` carries PriceChanged in `details`. */
export const submitSale = (body: SaleSubmit, signal?: AbortSignal) => apiRequest('/api/pos/sales', { method: 'POST', body, schema: SaleResult, signal });

export const fetchParked = (locationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/pos/parked${invoiceQueryString({ locationId })}`, { schema: ParkedList, signal });

/** Creates or replaces (same id) a parked sale or quote. */
export const saveParked = (body: ParkedSaleInput) => apiRequest(`/api/pos/parked/${id(body.id)}`, { method: 'PUT', body, schema: ParkedSale });

/** Answers `{ id }` of the parked sale removed. */
export const deleteParked = (parkedId: string) =>
  apiRequest(`/api/pos/parked/${id(parkedId)}`, { method: 'DELETE', schema: z.object({ id: z.string() }) });

export const fetchHistory = (registerId: string, day: string | undefined, signal?: AbortSignal) =>
  apiRequest(`/api/pos/history${invoiceQueryString({ registerId, day })}`, { schema: HistoryList, signal });

/** Any invoice of the clerk's stores, a walk-in's included (the receipt and the refund screen read it). */
export const fetchPosInvoice = (invoiceId: string, signal?: AbortSignal) =>
  apiRequest(`/api/pos/invoices/${id(invoiceId)}`, { schema: InvoiceDetail, signal });

export const refundSale = (invoiceId: string, body: RefundInput) =>
  apiRequest(`/api/pos/invoices/${id(invoiceId)}/refunds`, { method: 'POST', body, schema: RefundResult });

/** To the patient's email on file, or to `email` when the clerk typed one. */
const emailPosReceipt = (invoiceId: string, email?: string) =>
  apiRequest(`/api/pos/invoices/${id(invoiceId)}/receipt-email`, { method: 'POST', ...(email ? { body: { email } } : {}), schema: ReceiptEmailResult });

export const fetchStoreCredit = (patientId: string, signal?: AbortSignal) =>
  apiRequest(`/api/pos/patients/${id(patientId)}/store-credit`, { schema: StoreCredit, signal });

export type ReviewStatus = 'open' | 'all';

/** Offline sales the server recorded otherwise than the register sent them, in the caller's stores (or one). */
export const fetchSalesToReview = (query: { locationId?: string; status: ReviewStatus }, signal?: AbortSignal) =>
  apiRequest(`/api/pos/review${invoiceQueryString(query)}`, { schema: ReviewList, signal });

export const markSaleReviewed = (invoiceId: string) =>
  apiRequest(`/api/pos/review/${id(invoiceId)}/reviewed`, { method: 'POST', schema: z.object({ invoiceId: z.string() }) });

/** Every POS query of a tenant starts with this key (the session's end clears the whole cache). */
export const posKey = (tenantId: string) => ['t', tenantId, 'pos'] as const;

export const posQueries = {
  registers: (tenantId: string, locationId: string | undefined) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'registers', locationId ?? 'all'], queryFn: ({ signal }) => fetchRegisters(locationId, signal) }),
  session: (tenantId: string, sessionId: string) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'session', sessionId], queryFn: ({ signal }) => fetchSession(sessionId, signal) }),
  parked: (tenantId: string, locationId: string) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'parked', locationId], queryFn: ({ signal }) => fetchParked(locationId, signal) }),
  history: (tenantId: string, registerId: string, day?: string) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'history', registerId, day ?? 'today'], queryFn: ({ signal }) => fetchHistory(registerId, day, signal) }),
  invoice: (tenantId: string, invoiceId: string) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'invoice', invoiceId], queryFn: ({ signal }) => fetchPosInvoice(invoiceId, signal) }),
  salesToReview: (tenantId: string, locationId: string | undefined, status: ReviewStatus) =>
    queryOptions({
      queryKey: [...posKey(tenantId), 'review', locationId ?? 'all', status],
      queryFn: ({ signal }) => fetchSalesToReview({ locationId, status }, signal),
    }),
  storeCredit: (tenantId: string, patientId: string) =>
    queryOptions({ queryKey: [...posKey(tenantId), 'store-credit', patientId], queryFn: ({ signal }) => fetchStoreCredit(patientId, signal) }),
};

// ---- mutations ------------------------------------------------------------------------------------------------------

/** Marks a sale reviewed; the review lists and the session reports (which say reviewed or not) load again. */
export function useMarkSaleReviewed(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markSaleReviewed,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...posKey(tenantId), 'review'] }),
        client.invalidateQueries({ queryKey: [...posKey(tenantId), 'session'] }),
      ]),
  });
}

/**
 * A session's X report (its expected cash, totals by method) changes with every sale, refund and cash movement
 * recorded in it: each such request has it read again (the session tab shows it).
 */
export const invalidateSessionReport = (client: QueryClient, tenantId: string, sessionId: string) =>
  // Read again at once even while no tab shows it: the clerk who opens the session tab next sees it current.
  client.invalidateQueries({ queryKey: posQueries.session(tenantId, sessionId).queryKey, refetchType: 'all' });

/**
 * Records a sale (now or from the device's queue of waiting sales): its session's X report (expected cash, totals)
 * is read again, in the cache of the signed-in tenant when there is one (a queued sale may be sent before any page
 * made a cache).
 */
export async function recordSale(sale: SaleSubmit, cache: { client: QueryClient; tenantId: string } | null, signal?: AbortSignal): Promise<SaleResult> {
  const result = await submitSale(sale, signal);
  if (cache) void invalidateSessionReport(cache.client, cache.tenantId, sale.registerSessionId);
  return result;
}

/** A report the server answered (opening, a cash movement, the close) is the session's latest. */
export const keepSessionReport = (client: QueryClient, tenantId: string, report: SessionReport) =>
  client.setQueryData(posQueries.session(tenantId, report.id).queryKey, report);

/**
 * A refund of a sale (from the register's history or the invoice screen). The refunded cash leaves the drawer of the
 * session the refund is recorded in (its report is read again before the form hears of it); the sale's invoice
 * changes wherever it is read: the records (any patient's or own view), the invoice lookup and the register's lists.
 */
export function useRefundSale(tenantId: string, invoiceId: string, view: ViewEffects<RefundResult, RefundInput> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => refundSale(invoiceId, input),
    onSuccess: async (result, input) => {
      await invalidateSessionReport(client, tenantId, input.registerSessionId);
      void Promise.all([
        client.invalidateQueries({ queryKey: ['t', tenantId, 'records'] }),
        client.invalidateQueries({ queryKey: invoicesKey(tenantId) }),
        client.invalidateQueries({ queryKey: posKey(tenantId) }),
      ]);
      view.onSuccess?.(result, input);
    },
  });
}

/** Opening or closing a session changes the registers list (which one is open, by whom). */
export function useRefreshRegisters(tenantId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...posKey(tenantId), 'registers'] });
}

/**
 * A payment, refund or void on the invoice screen changes the invoice (a record of `scope`), the invoice lookup and
 * the register's lists; resolves once they are read again. (Here, not in ./invoices.ts: this module imports that one.)
 */
export function useRefreshInvoice(tenantId: string, scope: RecordsScope) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: recordsKey(tenantId, scope) }),
      client.invalidateQueries({ queryKey: invoicesKey(tenantId) }),
      client.invalidateQueries({ queryKey: posKey(tenantId) }),
    ]);
}

/**
 * A payment on the invoice screen (an idempotency key per attempt: a retry of the same values pays once). The form
 * stays busy until the invoice and its lists are read again, so the new balance is what it shows next.
 */
export function usePayInvoice(
  tenantId: string,
  scope: RecordsScope,
  invoiceId: string,
  view: ViewEffects<PaymentResult, PaymentInput & { idempotencyKey: string }> = {},
) {
  const refresh = useRefreshInvoice(tenantId, scope);
  return useMutation({
    mutationFn: (payment: PaymentInput & { idempotencyKey: string }) => payInvoice(invoiceId, payment),
    onSuccess: (result, payment) => {
      const refreshed = refresh();
      view.onSuccess?.(result, payment);
      return refreshed;
    },
  });
}

/** A void of an unpaid invoice, or the refund of a paid one as a linked credit record; busy until it is read again. */
export function useVoidInvoice(tenantId: string, scope: RecordsScope, invoiceId: string) {
  const refresh = useRefreshInvoice(tenantId, scope);
  return useMutation({ mutationFn: (input: InvoiceVoid) => voidInvoice(invoiceId, input), onSuccess: () => refresh() });
}

/**
 * A receipt emailed to the patient's address on file, or to `to` (a walk-in's, or another the clerk typed): through
 * the register (a sale of the register's history or outcome) or the invoice screen. It changes nothing on screen.
 */
export function useEmailReceipt(invoiceId: string, via: 'register' | 'invoice', view: ViewEffects<ReceiptEmailResult, string | undefined> = {}) {
  return useMutation({
    mutationFn: (to?: string) => (via === 'register' ? emailPosReceipt(invoiceId, to) : emailReceipt(invoiceId, to)),
    onSuccess: view.onSuccess,
    onError: view.onError,
    onSettled: view.onSettled,
  });
}

/** A waiting sale the server has now recorded leaves the parked list (when it was parked) and joins the history. Stable. */
export function useWaitingSaleRecorded(tenantId: string) {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: [...posKey(tenantId), 'parked'] });
    void client.invalidateQueries({ queryKey: [...posKey(tenantId), 'history'] });
  }, [client, tenantId]);
}

/** Removes a parked sale; pending until the store's parked list is read again. */
export function useDeleteParked(tenantId: string, locationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parkedId: string) => deleteParked(parkedId),
    onSuccess: () => client.invalidateQueries({ queryKey: [...posKey(tenantId), 'parked', locationId] }),
  });
}
