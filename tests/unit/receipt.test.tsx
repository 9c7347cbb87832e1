/**
 * The receipt a store hands over: each payment with its method, amount and card reference, and the cash handed over
 * with its change; a refund's or a void's receipt names the invoice it gives back and where the money went.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import type { InvoiceDetail } from '../../src/contract/records';
import { InvoiceDetailPage } from '../../src/views/portal/InvoiceDetailPage';
import * as data from './records-fixtures';
import { renderPage, tearDownPage } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

function showing(invoice: InvoiceDetail, language: 'en' | 'ar' = 'en') {
  rendered = renderPage(<InvoiceDetailPage invoiceId={invoice.id} patientId={data.ids.jane} />, {
    language,
    api: (call: Call): Reply =>
      call.method === 'GET' && call.path === `/api/my/invoices/${invoice.id}` ? { status: 200, body: invoice } : { status: 404, body: { error: 'Not found' } },
  });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

const paidInCash: InvoiceDetail = {
  ...data.invoice,
  status: 'paid',
  paidTotal: 43300,
  balance: 0,
  payments: [
    { id: 'c1ea0000-0000-4000-8000-000000110001', method: 'card', amount: 20000, paidAt: '2026-11-20T15:05:00.000Z', reference: 'VISA 4242', tendered: null },
    { id: 'c1ea0000-0000-4000-8000-000000110002', method: 'cash', amount: 23300, paidAt: '2026-11-20T15:06:00.000Z', reference: '', tendered: 25000 },
  ],
};

const refund: InvoiceDetail = {
  ...data.invoice,
  id: 'c1ea0000-0000-4000-8000-0000000e0009',
  number: 2003,
  status: 'refunded',
  relatedInvoiceId: data.invoice.id,
  relatedInvoiceNumber: 2002,
  lines: [{ lineNo: 1, kind: 'service', sku: 'EXAM', description: 'Comprehensive eye exam', quantity: -1, unitPrice: -4000, discount: 0, tax: -330, total: -4330, givenBack: 0 }],
  subtotal: -4000,
  discountTotal: 0,
  taxTotal: -330,
  total: -4330,
  paidTotal: -4330,
  balance: 0,
  payments: [
    { id: 'c1ea0000-0000-4000-8000-000000110003', method: 'card', amount: -3000, paidAt: '2026-11-21T10:00:00.000Z', reference: 'Refund of invoice 2002', tendered: null },
    { id: 'c1ea0000-0000-4000-8000-000000110004', method: 'cash', amount: -1330, paidAt: '2026-11-21T10:00:00.000Z', reference: 'Refund of invoice 2002', tendered: null },
  ],
};

describe('the receipt', () => {
  it('shows each payment with its method, amount and card reference, and the cash tendered with the change', async () => {
    showing(paidInCash);
    const payments = await screen.findByRole('table', { name: 'Payments' });
    const [, card, cash] = within(payments).getAllByRole('row');
    expect(cellsOf(card!).slice(1)).toEqual(['Card', 'VISA 4242', '$200.00']);
    expect(cellsOf(cash!).slice(1)).toEqual(['Cash', '—', '$233.00']);
    const handedOver = screen.getByLabelText('Cash tendered');
    expect(handedOver.textContent).toBe('Cash tendered$250.00Change$17.00');
  });

  it('a sale paid exactly shows no change', async () => {
    showing(data.invoice);
    await screen.findByRole('table', { name: 'Payments' });
    expect(screen.queryByLabelText('Cash tendered')).toBeNull();
  });

  it('a refund names the invoice it gives back and how the money went back, in positive amounts', async () => {
    showing(refund);
    expect(await screen.findByText('Refund of invoice 2002')).toBeTruthy();
    // What was given back: the line refunded.
    const items = screen.getByRole('table', { name: 'Items' });
    expect(cellsOf(within(items).getAllByRole('row')[1]!)[0]).toBe('Comprehensive eye exam');
    expect(screen.queryByRole('table', { name: 'Payments' })).toBeNull();
    const back = screen.getByRole('table', { name: 'Money given back' });
    const [, card, cash] = within(back).getAllByRole('row');
    expect(cellsOf(card!).slice(1)).toEqual(['Card', '$30.00']);
    expect(cellsOf(cash!).slice(1)).toEqual(['Cash', '$13.30']);
    // The stored English reference is not what the reader is shown.
    expect(screen.queryByText('Refund of invoice 2002', { selector: 'bdi' })).toBeNull();
  });

  it('a void with nothing paid says no money went back; in Arabic too', async () => {
    showing({ ...refund, status: 'void', paidTotal: 0, payments: [] }, 'ar');
    expect(await screen.findByText('إلغاء الفاتورة 2002')).toBeTruthy();
    expect(screen.getByText('لم تُرد أي مبالغ.')).toBeTruthy();
  });
});
