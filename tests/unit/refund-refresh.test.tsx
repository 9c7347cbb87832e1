/**
 * A refund's mutation hook (src/api/pos.ts `useRefundSale`) owns what a refund reads again, whichever view sends it
 * (the register's history, the invoice screen): the session's report first, then the sale's invoice wherever it is
 * read (the records of any scope, the invoice lookup, the register's lists); the view's own steps come after.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefundSale } from '../../src/api/pos';
import type { RefundInput, RefundResult } from '../../src/contract/pos';
import type { InvoiceView } from '../../src/contract/sales';
import { ids, invoice } from './records-fixtures';
import { locationId, sessionId, tenantId } from './pos-register-fixtures';

const view: InvoiceView = {
  id: ids.open,
  number: 2002,
  locationId,
  patientId: ids.jane,
  status: 'open',
  currency: 'USD',
  subtotal: invoice.subtotal,
  discountTotal: invoice.discountTotal,
  taxTotal: invoice.taxTotal,
  total: invoice.total,
  paidTotal: invoice.paidTotal,
  balance: invoice.balance,
  relatedInvoiceId: null,
  lines: invoice.lines,
};
const refunded: RefundResult = {
  invoice: view,
  credit: { ...view, id: 'c1ea0000-0000-4000-8000-0000000e0009', number: 2003, relatedInvoiceId: ids.open, lines: [] },
  refunded: [{ method: 'card', amount: 4330 }],
  replayed: false,
};
const input: RefundInput = { clientRefundId: 'd0000000-0000-4000-8000-000000000001', registerSessionId: sessionId, lines: [{ lineNo: 2, quantity: 1 }], refundTo: 'original', reason: 'Exam not needed' };

/** What the pages hold in the cache: the invoice in a patient's records and in the register, the lookup, another tenant's. */
const cached = {
  patientInvoice: ['t', tenantId, 'records', 'patient', ids.jane, 'invoices', ids.open],
  lookup: ['t', tenantId, 'invoices', 'list'],
  history: ['t', tenantId, 'pos', 'history'],
  otherTenant: ['t', 'another-tenant', 'invoices', 'list'],
};

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(refunded), { status: 201, headers: { 'Content-Type': 'application/json' } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('useRefundSale', () => {
  it('reads again what a refund changes before the view hears of it; the view passes only its own steps', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const key of Object.values(cached)) client.setQueryData(key, { cached: true });
    const invalidated = () => Object.entries(cached).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
    const heard: string[][] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useRefundSale(tenantId, ids.open, { onSuccess: () => heard.push(invalidated()) }), { wrapper });

    act(() => result.current.mutate(input));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(heard).toEqual([['patientInvoice', 'lookup', 'history']]);
    expect(invalidated()).toEqual(['patientInvoice', 'lookup', 'history']);
  });
});
