/**
 * The staff invoice screen and the invoice lookup against a fake API: the patient's invoices with the selected
 * receipt; a payment (the balance proposed, a wrong amount refused at the field, the server's field message at the
 * field, one idempotency key per attempt reused on a retry); void with a reason; the email; the lookup's filters in
 * the address and the API call, totals, a field message before and after the server; Arabic.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { InvoiceLookupPage } from '../../src/views/invoices/InvoiceLookupPage';
import { InvoiceScreen } from '../../src/views/invoices/InvoiceScreen';
import { ids, invoice, invoices, profile } from './records-fixtures';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';

const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
const ok = (body: unknown, status = 200): Reply => ({ status, body });
const path = (call: Call) => new URL(call.path, 'http://x').pathname;

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

/** Jane's invoices and the open one; `extra` answers the writes. */
const patientApi = (extra: (call: Call) => Reply | undefined = () => undefined) => (call: Call): Reply | undefined => {
  const p = path(call);
  if (p === `/api/patients/${ids.jane}/profile`) return ok(profile);
  if (p === `/api/patients/${ids.jane}/invoices`) return ok(invoices);
  if (p === `/api/patients/${ids.jane}/invoices/${ids.open}`) return ok(invoice);
  return extra(call);
};

const openScreen = (api: (call: Call) => Reply | undefined, language: 'en' | 'ar' = 'en') => {
  window.history.replaceState(null, '', `/admin/patients/invoice/${ids.jane}?invoice=${ids.open}`);
  rendered = renderPage(<InvoiceScreen patientId={ids.jane} />, { user: clerk, api, language });
  return rendered;
};

const paymentCalls = () => rendered!.server.calls.filter((c) => c.method === 'POST' && path(c).endsWith('/payments'));

describe('the invoice screen of a patient', () => {
  it('lists the invoices, shows the selected receipt and proposes the balance as a card payment', async () => {
    openScreen(patientApi());
    // The first test also waits for the page's modules to load.
    await screen.findByRole('heading', { level: 1, name: 'Invoices of Jane Doe' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: "The patient's invoices" });
    const current = within(nav).getByRole('link', { name: /^Invoice 2002 / });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: /^Invoice 2001 / }).getAttribute('href')).toContain(`invoice=${ids.paid}`);
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(receipt.textContent).toContain('Comprehensive eye exam');
    const form = screen.getByRole('form', { name: 'Take a payment' });
    expect((within(form).getByLabelText('Method') as HTMLSelectElement).value).toBe('card');
    expect((within(form).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('233.00');
    expect(screen.getByRole('form', { name: 'Refund this invoice' })).toBeTruthy();
  });

  it('confirms a recorded payment, with its amount and method', async () => {
    const { user } = openScreen(
      patientApi((call) =>
        call.method === 'POST' && path(call).endsWith('/payments')
          ? ok({ payment: { id: 'c1ea0000-0000-4000-8000-000000110009', method: 'card', amount: 23300, reference: 'VISA 4242' }, invoice: { ...invoice, lines: [] }, replayed: false }, 201)
          : undefined,
      ),
    );
    const form = await screen.findByRole('form', { name: 'Take a payment' });
    await user.type(within(form).getByLabelText('Reference'), 'VISA 4242');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded: $233.00, Card.')).toBeTruthy();
  });

  it('refuses an amount over the balance at the field without asking the server', async () => {
    const { user } = openScreen(patientApi());
    const form = await screen.findByRole('form', { name: 'Take a payment' });
    const amount = within(form).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(within(form).getAllByText('The amount cannot be more than the balance of $233.00').length).toBeGreaterThan(0);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(paymentCalls()).toHaveLength(0);
    // Focus leaves Record payment for the summary, whose link goes back to the amount.
    const summary = within(form).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'Amount (USD): The amount cannot be more than the balance of $233.00' }));
    expect(document.activeElement).toBe(amount);
    // The same refusal again moves focus to the summary again.
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('alert')));
  });

  it('shows the server’s field message at its field and retries the same attempt with the same key', async () => {
    const answers: Reply[] = [
      { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { reference: 'Reference must be up to 100 characters' } } },
    ];
    const { user } = openScreen(
      patientApi((call) => (call.method === 'POST' && path(call).endsWith('/payments') ? (answers.shift() ?? { status: 503, body: { error: 'Service unavailable' } }) : undefined)),
    );
    const form = await screen.findByRole('form', { name: 'Take a payment' });
    await user.type(within(form).getByLabelText('Reference'), 'VISA 4242');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Reference: Reference must be up to 100 characters' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(paymentCalls()).toHaveLength(2));
    const [first, second] = paymentCalls().map((c) => c.body as { idempotencyKey: string; amount: number; method: string; reference: string });
    expect(first).toMatchObject({ method: 'card', amount: 23300, reference: 'VISA 4242' });
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    // A different attempt (another amount) gets a new key.
    const amount = within(form).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(paymentCalls()).toHaveLength(3));
    expect((paymentCalls()[2]!.body as { idempotencyKey: string; amount: number }).idempotencyKey).not.toBe(first!.idempotencyKey);
    expect((paymentCalls()[2]!.body as { amount: number }).amount).toBe(10000);
  });

  it('needs a reason to refund, then sends it; emails the receipt and says to whom', async () => {
    const { user } = openScreen(
      patientApi((call) => {
        if (call.method === 'POST' && path(call).endsWith('/void')) return ok({ invoice: { ...invoice, status: 'refunded', lines: [] }, credit: { ...invoice, lines: [] } });
        if (call.method === 'POST' && path(call).endsWith('/receipt-email')) {
          if ((call.body as { email?: string } | null)?.email === 'nobody@invalid') {
            return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { email: 'Email must be a valid address (up to 254 characters)' } } };
          }
          return ok({ messageId: ids.order, recipient: 'p******@clearview.test' }, 202);
        }
        return undefined;
      }),
    );
    const form = await screen.findByRole('form', { name: 'Refund this invoice' });
    await user.click(within(form).getByRole('button', { name: 'Refund invoice' }));
    expect(within(form).getByText('Enter the reason (up to 500 characters)')).toBeTruthy();
    await user.type(within(form).getByLabelText('Reason'), 'Wrong frame');
    await user.click(within(form).getByRole('button', { name: 'Refund invoice' }));
    await waitFor(() => expect(recordCalls(rendered!.server.calls).some((c) => path(c).endsWith('/void'))).toBe(true));
    expect(recordCalls(rendered!.server.calls).find((c) => path(c).endsWith('/void'))!.body).toEqual({ reason: 'Wrong frame' });

    await user.click(screen.getByRole('button', { name: 'Email receipt' }));
    expect(await screen.findByText('Receipt queued for p******@clearview.test.')).toBeTruthy();

    // Another address: refused empty by the form, then refused by the server; each time the summary takes the focus.
    await user.click(screen.getByRole('button', { name: 'Send to another address' }));
    const address = await screen.findByLabelText('Email address for the receipt');
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    let summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByText('Enter an email address')).toBeTruthy();
    await user.click(within(summary).getByRole('link', { name: 'Email address for the receipt: Enter an email address' }));
    expect(document.activeElement).toBe(address);
    await user.type(address, 'nobody@invalid');
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    // The server's refusal replaces the form's: wait for it, not for the summary still showing the first.
    const serverRefusal = 'Email address for the receipt: Enter a valid email address, like name@example.com';
    await waitFor(() => expect(within(screen.getByRole('alert')).getByRole('link', { name: serverRefusal })).toBeTruthy());
    summary = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });

  it('refunds to store credit when chosen, and shows the server’s refusal of a cash refund without a register', async () => {
    const answers: Reply[] = [
      { status: 409, body: { error: 'Cash goes back through a register: open a register at this store first, or give the money back another way.', code: 'pos.cashNeedsRegister' } },
      ok({ invoice: { ...invoice, status: 'refunded', lines: [] }, credit: { ...invoice, lines: [] } }),
    ];
    const voids = () => recordCalls(rendered!.server.calls).filter((c) => path(c).endsWith('/void'));
    const { user } = openScreen(patientApi((call) => (call.method === 'POST' && path(call).endsWith('/void') ? answers.shift() : undefined)));
    const form = await screen.findByRole('form', { name: 'Refund this invoice' });
    const refundTo = within(form).getByLabelText('Give the money back by') as HTMLSelectElement;
    expect(refundTo.value).toBe('methods');
    expect([...refundTo.options].map((o) => o.textContent)).toEqual(['The methods that paid it', 'Store credit']);
    await user.type(within(form).getByLabelText('Reason'), 'Changed their mind');
    await user.click(within(form).getByRole('button', { name: 'Refund invoice' }));
    expect(
      (await within(form).findByRole('alert')).textContent,
    ).toBe('Cash goes back through a register: open a register at this store first, or give the money back another way.');
    expect(voids()[0]!.body).toEqual({ reason: 'Changed their mind' });
    await user.selectOptions(refundTo, 'Store credit');
    await user.click(within(form).getByRole('button', { name: 'Refund invoice' }));
    await waitFor(() => expect(voids()).toHaveLength(2));
    expect(voids()[1]!.body).toEqual({ reason: 'Changed their mind', refundMethod: 'store-credit' });
  });

  it('says in Arabic what the screen is', async () => {
    openScreen(patientApi(), 'ar');
    const heading = await screen.findByRole('heading', { level: 1, name: 'فواتير Jane Doe' });
    // The Latin name keeps its own direction inside the Arabic sentence.
    expect([...heading.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Jane Doe']);
    expect(await screen.findByRole('form', { name: 'استلام دفعة' })).toBeTruthy();
  });
});

describe('the invoice lookup', () => {
  const item = {
    id: ids.open, number: 2002, locationId: invoice.locationId, storeName: 'Downtown', patientId: ids.jane, patientName: 'Jane Doe',
    status: 'open', issuedAt: '2026-11-20T15:00:00.000Z', currency: 'USD', total: 43300, paidTotal: 20000, balance: 23300, relatedInvoiceId: null,
  };
  const lookupApi = (page: (query: Record<string, string>) => Reply) => (call: Call): Reply | undefined => {
    const url = new URL(call.path, 'http://x');
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname === '/api/stores') return ok({ stores: [] });
    if (url.pathname === '/api/invoices') return page(query);
    if (url.pathname === '/api/invoices/totals') return ok({ count: 1, amounts: [{ currency: 'USD', total: 43300, paid: 20000, balance: 23300 }] });
    return undefined;
  };
  const lookupCalls = () => rendered!.server.calls.filter((c) => path(c) === '/api/invoices').map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

  it('sends the filters of the address, shows the totals and opens the invoice screen from a row', async () => {
    window.history.replaceState(null, '', '/admin/invoicelookup/open?number=2002&patient=doe&min=100&max=500.5');
    rendered = renderPage(<InvoiceLookupPage type="open" />, { user: clerk, api: lookupApi(() => ok({ items: [item], nextCursor: null })) });
    const table = await screen.findByRole('table', { name: 'Open invoices, newest first' });
    expect(within(table).getByRole('link', { name: 'View invoice 2002' }).getAttribute('href')).toBe(`/admin/reports/invoice/${ids.jane}?invoice=${ids.open}`);
    expect([...table.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Jane Doe', 'Downtown']);
    expect(lookupCalls()[0]).toEqual({ limit: '25', type: 'open', number: '2002', patient: 'doe', minAmount: '10000', maxAmount: '50050' });
    expect(await screen.findByText('total $433.00 · paid $200.00 · open balance $233.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');
  });

  it('refuses a number that is not digits at its field without asking; shows the server’s message at its field', async () => {
    window.history.replaceState(null, '', '/admin/invoicelookup/all?number=12a');
    rendered = renderPage(<InvoiceLookupPage type="all" />, {
      user: clerk,
      api: lookupApi(() => ({ status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { to: 'To cannot be before From' } } })),
    });
    expect(await screen.findByText('Enter the invoice number in digits')).toBeTruthy();
    expect(lookupCalls()).toHaveLength(0);
    tearDownPage(rendered);
    window.history.replaceState(null, '', '/admin/invoicelookup/all?from=2026-03-01&to=2026-02-01');
    rendered = renderPage(<InvoiceLookupPage type="all" />, {
      user: clerk,
      api: lookupApi(() => ({ status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { to: 'To cannot be before From' } } })),
    });
    expect(await screen.findByText('To cannot be before From')).toBeTruthy();
    expect(screen.getByLabelText('Issued until').getAttribute('aria-invalid')).toBe('true');
  });

  it('after a refused filter moves focus to an error summary whose link leads to the field', async () => {
    window.history.replaceState(null, '', '/admin/invoicelookup/all');
    rendered = renderPage(<InvoiceLookupPage type="all" />, { user: clerk, api: lookupApi(() => ok({ items: [], nextCursor: null })) });
    const user = rendered.user;
    await user.type(await screen.findByLabelText('Invoice number'), '12a');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('Please correct the highlighted fields.');
    await user.click(within(summary).getByRole('link', { name: 'Invoice number: Enter the invoice number in digits' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Invoice number'));
  });
});
