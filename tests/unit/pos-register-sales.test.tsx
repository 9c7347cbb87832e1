/**
 * The register page's parked tab (a quote's expiry, resume, delete after the question) and history tab (reprint, a
 * refund by line that a double click and a retry send with one clientRefundId), and the invoice screen's refund
 * through the device's open register, against a fake API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryItem, ParkedSale, RefundResult, Register } from '../../src/contract/pos';
import type { InvoiceView } from '../../src/contract/sales';
import { InvoiceScreen } from '../../src/views/invoices/InvoiceScreen';
import { PosPage } from '../../src/views/pos/PosPage';
import { ids, invoice, invoices, profile } from './records-fixtures';
import { clerk, closedTill, locationId, ok, openTill, path, registerApi, registerPages, rememberTill, report, sessionId } from './pos-register-fixtures';

const { open, show, calls, writes } = registerPages();

describe('the parked tab', () => {
  const parked = (changes: Partial<ParkedSale>): ParkedSale => ({
    id: 'e0000000-0000-4000-8000-000000000001',
    locationId,
    kind: 'parked',
    patientId: ids.jane,
    patientName: 'Jane Doe',
    lines: [{ productId: 'f0000000-0000-4000-8000-000000000001', quantity: 2, optionIds: [], discount: null, rxId: null, fitting: null }],
    orderDiscount: null,
    note: '',
    currency: 'USD',
    total: 12_000,
    createdAt: '2026-11-24T10:00:00Z',
    createdBy: 'Sam Staff',
    expiresAt: null,
    ...changes,
  });

  it('lists the store’s parked sales and quotes with their expiry; resume leads to the sale; delete asks first', async () => {
    const quote = parked({ id: 'e0000000-0000-4000-8000-000000000002', kind: 'quote', patientId: null, patientName: null, expiresAt: '2099-12-24T10:00:00Z' });
    let items = [parked({}), quote];
    const { user } = open(
      'parked',
      registerApi([], (call) => {
        if (path(call) === '/api/pos/parked' && call.method === 'GET') return ok({ items });
        if (call.method === 'DELETE') {
          items = items.filter((item) => !path(call).endsWith(item.id));
          return ok({ id: path(call).split('/').at(-1) });
        }
        return undefined;
      }),
    );
    const region = await screen.findByRole('region', { name: 'Parked sales and quotes of this store' }, { timeout: 5000 });
    const cards = await within(region).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('Items: 2');
    expect(cards[0]!.textContent).toContain('$120.00');
    expect(cards[1]!.textContent).toContain('Walk-in');
    expect(cards[1]!.textContent).toContain('Quote');
    expect(cards[1]!.textContent).toMatch(/Valid until Dec 24, 2099/);
    expect(within(cards[0]!).getByRole('link', { name: 'Resume the sale of Jane Doe' }).getAttribute('href')).toBe(`/admin/pos/all?resume=${items[0]!.id}`);

    await user.click(within(cards[0]!).getByRole('button', { name: 'Delete the sale of Jane Doe' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Delete the parked sale of Jane Doe?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(calls().filter((c) => c.method === 'DELETE').map(path)).toEqual([`/api/pos/parked/${parked({}).id}`]);
  });
});

describe('the history tab', () => {
  const sale: HistoryItem = {
    invoiceId: ids.open,
    number: 2002,
    issuedAt: '2026-11-24T11:00:00Z',
    currency: 'USD',
    patientId: ids.jane,
    patientName: 'Jane Doe',
    status: 'open',
    total: 43_300,
    paidTotal: 20_000,
    balance: 23_300,
    relatedInvoiceId: null,
    clerk: 'Sam Staff',
    methods: ['card'],
  };

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

  it('reprints a sale of today and refunds one line once, even on a double click and a retry', async () => {
    rememberTill();
    window.history.replaceState(null, '', `/admin/pos/history?invoice=${ids.open}`);
    const rendered = show(<PosPage type="history" />, {
      user: clerk,
      api: registerApi([openTill], (call) => {
        const p = path(call);
        if (p === `/api/pos/sessions/${sessionId}`) return ok(report());
        if (p === '/api/pos/history') return ok({ items: [sale] });
        if (p === `/api/pos/invoices/${ids.open}`) return ok(invoice);
        return undefined;
      }),
    });
    const { user } = rendered;
    const list = await screen.findByRole('heading', { name: "This register's sales today" }, { timeout: 5000 });
    expect(list).toBeTruthy();
    const link = await screen.findByRole('link', { name: /^Invoice 2002 / });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.textContent).toContain('Jane Doe');
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(receipt.textContent).toContain('Comprehensive eye exam');
    expect(screen.getByRole('button', { name: 'Reprint receipt' })).toBeTruthy();
    expect((screen.getByLabelText('Paper') as HTMLSelectElement).value).toBe('roll');

    const form = await screen.findByRole('form', { name: 'Refund sale 2002' });
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Enter a quantity on at least one line')).toBeTruthy();
    // The refusal focuses the summary; its links go to the first line's quantity and to the reason.
    const summary = within(form).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((l) => l.textContent)).toEqual(['Lines to refund: Enter a quantity on at least one line', 'Reason: A reason is required']);
    await user.click(within(summary).getByRole('link', { name: 'Lines to refund: Enter a quantity on at least one line' }));
    expect(document.activeElement).toBe(within(form).getAllByRole('textbox', { name: /^Quantity of / })[0]);
    await user.click(within(summary).getByRole('link', { name: 'Reason: A reason is required' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('Reason'));
    await user.type(within(form).getByLabelText('Quantity of Comprehensive eye exam to refund'), '1');
    await user.type(within(form).getByLabelText('Reason'), 'Exam not needed');
    await user.selectOptions(within(form).getByLabelText('Refund to'), 'store-credit');
    // The refund calls wait for the test's answer: the double click lands while the first is on its way.
    const refundPath = `/api/pos/invoices/${ids.open}/refunds`;
    await user.dblClick(within(form).getByRole('button', { name: 'Refund' }));
    await rendered.server.reply(refundPath, { status: 503, body: { error: 'Service unavailable' } });
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'Service unavailable');
    expect(writes('/refunds')).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await rendered.server.reply(refundPath, ok(refunded, 201));
    await within(form).findByText('Refunded: Card $43.30');
    const sent = writes('/refunds');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toMatchObject({ registerSessionId: sessionId, lines: [{ lineNo: 2, quantity: 1 }], refundTo: 'store-credit', reason: 'Exam not needed' });
    expect((sent[1]!.body as { clientRefundId: string }).clientRefundId).toBe((sent[0]!.body as { clientRefundId: string }).clientRefundId);
  });

  it('asks for the register to be open before a refund', async () => {
    rememberTill();
    window.history.replaceState(null, '', `/admin/pos/history?invoice=${ids.open}`);
    show(<PosPage type="history" />, {
      user: clerk,
      api: registerApi([closedTill], (call) => {
        const p = path(call);
        if (p === '/api/pos/history') return ok({ items: [sale] });
        if (p === `/api/pos/invoices/${ids.open}`) return ok(invoice);
        return undefined;
      }),
    });
    await screen.findByRole('article', { name: 'Receipt' }, { timeout: 5000 });
    expect(screen.getByText('Open the register to refund this sale.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Refund sale 2002' })).toBeNull();
  });
});

describe('the invoice screen', () => {
  const screenApi = (registers: Register[], shown = invoice) =>
    registerApi(registers, (call) => {
      const p = path(call);
      if (p === `/api/patients/${ids.jane}/profile`) return ok(profile);
      if (p === `/api/patients/${ids.jane}/invoices`) return ok(invoices);
      if (p === `/api/patients/${ids.jane}/invoices/${ids.open}`) return ok(shown);
      return undefined;
    });
  const openInvoice = (registers: Register[], shown = invoice) => {
    window.history.replaceState(null, '', `/admin/patients/invoice/${ids.jane}?invoice=${ids.open}`);
    return show(<InvoiceScreen patientId={ids.jane} />, { user: clerk, api: screenApi(registers, shown) });
  };

  it('shows what each line already had back, offers only what is left, and refuses more', async () => {
    rememberTill();
    const [frameLine, examLine] = invoice.lines;
    const partly = { ...invoice, lines: [{ ...frameLine!, quantity: 2, givenBack: 1 }, { ...examLine!, givenBack: 1 }] };
    const { user } = openInvoice([openTill], partly);
    const form = await screen.findByRole('form', { name: 'Refund sale 2002' }, { timeout: 5000 });
    const rows = within(within(form).getByRole('table', { name: 'Lines to refund' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['1', '1']);
    // The exam went back whole: nothing of it is left to refund.
    expect((within(form).getByLabelText('Quantity of Comprehensive eye exam to refund') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Refund everything' }));
    expect((within(form).getByLabelText(/^Quantity of Ray-Ban/) as HTMLInputElement).value).toBe('1');
    const frame = within(form).getByLabelText(/^Quantity of Ray-Ban/);
    await user.clear(frame);
    await user.type(frame, '2');
    await user.type(within(form).getByLabelText('Reason'), 'Frame broke');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect((await within(form).findAllByText('A quantity must be a whole number up to what is left of the line')).length).toBeGreaterThan(0);
    expect(writes('/refunds')).toHaveLength(0);
  });

  it("refunds by line through this device's open register at the invoice's store", async () => {
    rememberTill();
    const { user } = openInvoice([openTill]);
    const form = await screen.findByRole('form', { name: 'Refund sale 2002' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Refund this invoice' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Refund everything' }));
    await user.type(within(form).getByLabelText('Reason'), 'Frame broke');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(writes('/refunds')).toHaveLength(1));
    expect(writes('/refunds')[0]!.body).toMatchObject({ registerSessionId: sessionId, lines: [{ lineNo: 1, quantity: 1 }, { lineNo: 2, quantity: 1 }], refundTo: 'original' });
  });

  it("takes cash into this device's open register at the invoice's store, and names it", async () => {
    rememberTill();
    const { user } = openInvoice([openTill]);
    const form = await screen.findByRole('form', { name: 'Take a payment' }, { timeout: 5000 });
    await user.selectOptions(within(form).getByLabelText('Method'), 'Cash');
    expect(within(form).getByText(`Cash goes into the drawer of ${openTill.name}.`)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(writes('/payments')).toHaveLength(1));
    expect(writes('/payments')[0]!.body).toMatchObject({ method: 'cash', amount: 23_300, registerSessionId: sessionId });
  });

  it('refuses cash without an open register here, saying why, and sends nothing; a card needs none', async () => {
    rememberTill();
    const { user } = openInvoice([closedTill]);
    const form = await screen.findByRole('form', { name: 'Take a payment' }, { timeout: 5000 });
    const method = within(form).getByLabelText('Method');
    await user.selectOptions(method, 'Cash');
    const why = 'Cash is taken into a register’s drawer: open a register at this store on this device first, or take the payment another way.';
    expect(within(form).getAllByText(why).length).toBeGreaterThan(0);
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    const summary = await within(form).findByRole('alert');
    expect(within(summary).getByRole('link', { name: `Method: ${why}` })).toBeTruthy();
    expect(method.getAttribute('aria-invalid')).toBe('true');
    expect(writes('/payments')).toHaveLength(0);
    await user.selectOptions(method, 'Card');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(writes('/payments')).toHaveLength(1));
    expect(writes('/payments')[0]!.body).not.toHaveProperty('registerSessionId');
  });

  it('keeps the whole refund when the device has no open register there', async () => {
    rememberTill();
    openInvoice([closedTill]);
    await screen.findByRole('form', { name: 'Refund this invoice' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Refund sale 2002' })).toBeNull();
  });
});
