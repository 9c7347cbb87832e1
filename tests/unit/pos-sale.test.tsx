/**
 * The register's sale (SaleView) against a fake API, as a clerk uses it: product search as they type and Enter on
 * the highlighted result, a barcode scanner, lenses taking the patient's current prescription, discounts refused over
 * the limit at the field, the pay dialog split over card and cash with the change, one POST however often Complete
 * is pressed, the receipt read from the server, a 409 pos.priceChanged accepted, and a sale completed offline kept in
 * IndexedDB and sent once when the connection is back, products seen before found offline. Keyboard: F2, F4, +/-, Esc.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney, priceSale } from '../../src/contract/money';
import type { SaleSubmit } from '../../src/contract/pos';
import { openSaleQueue } from '../../src/pos/saleQueue';
import { frame, lens, posIds } from '../fixtures/posFixtures';
import { description } from '../fixtures/accessibleText';
import { ids } from './records-fixtures';
import { addBySearch, api, current, lines, open, recorded, register, sales, search, setOnline, slow, total, url, tearDownEachSale } from './posSaleHarness';

tearDownEachSale();

describe('the sale at the register', () => {
  it('finds products as the clerk types (asking the store, never the whole catalogue) and adds the highlighted one with Enter', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    // The register opens ready to scan: the search has the focus.
    await waitFor(() => expect(document.activeElement).toBe(search()));
    await user.click(document.body);
    await user.keyboard('{F2}');
    expect(document.activeElement).toBe(search());
    await user.type(search(), 'en');
    await screen.findByRole('option', { name: /Comprehensive eye exam/ });
    // Each request asks the store's search for what was typed: the catalogue is never downloaded.
    const asked = current().server.calls.filter((c) => url(c).pathname === '/api/pos/products');
    expect(asked.every((c) => url(c).searchParams.get('locationId') === posIds.location && Number(url(c).searchParams.get('limit')) <= 50)).toBe(true);
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await user.keyboard('{ArrowDown}{Enter}');
    // The second result (the exam) was highlighted and added; the search is empty and keeps the focus.
    expect(await within(lines()).findByRole('button', { name: 'Comprehensive eye exam' })).toBeTruthy();
    expect((search() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search());
    expect(total()).toBe('$90.00');
  });

  it('adds the product of a scanned barcode (fast digits and Enter), twice adds to its quantity, and says when no product has it', async () => {
    const rendered = open();
    const { user } = rendered;
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await user.click(search());
    await user.keyboard('8053672000001{Enter}');
    expect(await within(lines()).findByRole('button', { name: /^Ray-Ban Clubmaster 5154/ })).toBeTruthy();
    expect(rendered.server.calls.some((c) => url(c).pathname === '/api/pos/products/barcode/8053672000001')).toBe(true);
    await user.keyboard('8053672000001{Enter}');
    await within(lines()).findByText('Qty 2');
    // 2 × $150 + 8 % tax.
    expect(total()).toBe('$324.00');
    // The search keeps the focus, and while it is empty + and - change the last line without a click.
    expect(document.activeElement).toBe(search());
    await user.keyboard('-');
    await within(lines()).findByText('Qty 1');
    await user.keyboard('+');
    await within(lines()).findByText('Qty 2');
    expect((search() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search());
    // + and - change the selected line's quantity when the focus is not in a field.
    await user.click(within(lines()).getByRole('button', { name: /^Ray-Ban/ }));
    await user.keyboard('-');
    await within(lines()).findByText('Qty 1');
    await user.keyboard('+');
    await within(lines()).findByText('Qty 2');
    await user.click(search());
    await user.keyboard('0000000000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No product has the barcode 0000000000000.');
  });

  it('prices and totals in the store’s currency: a register of a store selling in euros shows euros', async () => {
    const rendered = open(api(), { register: { ...register, currency: 'EUR' } });
    const { user } = rendered;
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await user.type(search(), 'ray');
    expect((await screen.findByRole('option', { name: /Ray-Ban/ })).textContent).toContain('€150.00');
    await user.keyboard('{Enter}');
    await within(lines()).findByRole('button', { name: /^Ray-Ban/ });
    // $150 would be the same minor units in dollars: here it is euros, tax included.
    expect(total()).toBe('€162.00');
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('gives lenses the patient’s current prescription, warns about an expired one, and prices the chosen options', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Find a patient'), 'Jane');
    await user.click(await screen.findByRole('button', { name: 'Jane Doe, born 1985-04-12' }));
    await addBySearch(user, 'single', 'Single vision lenses');
    const rx = (await within(lines()).findByLabelText('Prescription')) as HTMLSelectElement;
    await waitFor(() => expect(rx.value).toBe(ids.rxNew));
    // Each prescription is told apart by its exam date and what it prescribes, eye by eye (isolated left to right).
    const isolated = (text: string) => `\u2066${text}\u2069`;
    expect([...rx.options].map((option) => option.textContent)).toEqual([
      'No prescription',
      `Current, exam of May 2, 2026: R ${isolated('-1.25 / -0.50 × 90° Add +2.00')}, L ${isolated('0.00 / -0.75 × 180° Add +2.00')}`,
      `Expired, exam of Apr 11, 2023: R ${isolated('-1.00')}, L ${isolated('+0.25')}`,
    ]);
    await user.selectOptions(rx, ids.rxOld);
    expect((await within(lines()).findByRole('alert')).textContent).toContain('This prescription expired on');
    await user.click(within(lines()).getByLabelText(/Polycarbonate/));
    await user.click(within(lines()).getByLabelText(/Anti-reflective/));
    // (80 + 30 + 25) × 1.08
    expect(total()).toBe('$145.80');
    await user.type(within(lines()).getByLabelText('Fitting height right (mm)'), '3');
    expect(within(lines()).getByText('A fitting height is between 5 and 50 mm.')).toBeTruthy();
  });

  it('refuses a discount over the clerk’s limit at the field, needs a reason, and applies one within it', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(within(lines()).getByRole('button', { name: 'Discount: Discount on Ray-Ban Clubmaster 5154' }));
    const form = screen.getByRole('form', { name: 'Discount on Ray-Ban Clubmaster 5154' });
    await user.type(within(form).getByLabelText('Discount'), '15');
    await user.click(within(form).getByRole('button', { name: 'Apply discount' }));
    expect(within(form).getByText('This discount is over your limit of 10 %.')).toBeTruthy();
    expect(within(form).getByText('A discount needs a reason.')).toBeTruthy();
    expect(within(form).getByLabelText('Discount').getAttribute('aria-invalid')).toBe('true');
    // The refusal's summary takes the focus and links to each field, in the words the field shows.
    const summary = within(form).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Discount: This discount is over your limit of 10 %.' })).toBeTruthy();
    await user.click(within(summary).getByRole('link', { name: 'Reason: A discount needs a reason.' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('Reason'));
    expect(total()).toBe('$162.00');
    await user.clear(within(form).getByLabelText('Discount'));
    await user.type(within(form).getByLabelText('Discount'), '10');
    await user.type(within(form).getByLabelText('Reason'), 'Loyal customer');
    await user.click(within(form).getByRole('button', { name: 'Apply discount' }));
    expect(await screen.findByText('Discount 10 %: Loyal customer')).toBeTruthy();
    // (150 − 15) × 1.08
    expect(total()).toBe('$145.80');
  });

  it('takes cash by a quick button: the exact amount, or the next notes up with the change', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog', { name: 'Payment of $162.00' });
    const quick = within(pay).getByRole('group', { name: 'Quick cash' });
    expect(within(quick).getAllByRole('button').map((b) => b.textContent)).toEqual(['Exact $162.00', '$165.00', '$170.00', '$180.00']);
    await user.click(within(quick).getByRole('button', { name: '$170.00' }));
    await within(pay).findByRole('button', { name: 'Complete sale' });
    await user.click(within(pay).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText(/Give \$8\.00 change\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect((sales()[0]!.body as SaleSubmit).payments).toEqual([expect.objectContaining({ method: 'cash', amount: 16_200, tendered: 17_000 })]);
  });

  it('takes half by card and the rest in cash with change, completes with one request however often it is pressed, and shows the receipt', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.keyboard('{F4}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment of $162.00' });
    // Esc closes it and drops what was entered; F4 opens it again.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog', { name: 'Payment of $162.00' });
    void dialog;
    await user.selectOptions(within(pay).getByLabelText('Method'), 'card');
    const amount = within(pay).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '81');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    expect(within(pay).getByText('A card payment needs a reference (the last digits or the terminal slip number).')).toBeTruthy();
    // The refusal focuses the summary in the dialog; its link goes to the reference.
    const refusal = within(pay).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    await user.click(within(refusal).getByRole('link', { name: /^Card reference \(last digits or slip number\): A card payment needs a reference/ }));
    expect(document.activeElement).toBe(within(pay).getByLabelText('Card reference (last digits or slip number)'));
    await user.type(within(pay).getByLabelText('Card reference (last digits or slip number)'), '4242');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await within(pay).findByText(/Card \$81\.00/);
    // Cash: the clerk types what was handed over; the change shows.
    const cash = within(pay).getByLabelText('Cash received (USD)');
    await user.clear(cash);
    await user.type(cash, '100');
    expect(within(pay).getByText('Change: $19.00')).toBeTruthy();
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    const complete = await within(pay).findByRole('button', { name: 'Complete sale' });
    await user.dblClick(complete);
    expect(await screen.findByText(/Sale recorded: invoice 3001\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/Sale recorded/).textContent).toContain('Give $19.00 change.');
    expect(sales()).toHaveLength(1);
    const body = sales()[0]!.body as SaleSubmit;
    expect(body).toMatchObject({ registerSessionId: posIds.session, patientId: null, shownTotal: 16200, deposit: false, soldOffline: false });
    expect(body.clientSaleId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.payments).toEqual([
      { method: 'card', amount: 8100, reference: '4242', insurancePlan: '', authorisation: '' },
      { method: 'cash', amount: 8100, tendered: 10000, reference: '', insurancePlan: '', authorisation: '' },
    ]);
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(receipt.textContent).toContain('Ray-Ban Clubmaster 5154');
    expect((screen.getByLabelText('Paper') as HTMLSelectElement).value).toBe('roll');
    // The next sale starts from the button the focus went to.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New sale'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(search()));
    expect(screen.getByText('No lines yet: search or scan a product.')).toBeTruthy();
  });

  it('shows the server’s prices after a 409 pos.priceChanged and takes the payment again at them', async () => {
    let first = true;
    const { user } = open(
      api((body) => {
        if (first) {
          first = false;
          const pricing = priceSale([{ productId: frame.id, description: frame.name, quantity: 1, unitPrice: 16000, taxRateBp: 800, discount: null }], null);
          return { status: 409, body: { error: 'Prices changed since this sale was started. Please check the new total.', code: 'pos.priceChanged', details: { pricing } } };
        }
        return recorded(body);
      }),
    );
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Pay (F4)' }));
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('The register showed $162.00; the store’s prices make it $172.80.'.replace('’', "'"))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept the new prices' }));
    expect(await screen.findByRole('dialog', { name: 'Payment of $172.80' })).toBeTruthy();
  });

  it('keeps a sale completed offline on the device, says it waits, offers only the methods that work offline, and sends it once when back online', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/No connection: the register keeps selling/)).toBeTruthy();
    // Disabled offline, each button says why (its description is the text under it).
    expect(description(screen.getByRole('button', { name: 'Park (F8)' }))).toBe('This needs a connection: parking a sale or saving a quote.');
    expect(description(screen.getByRole('button', { name: 'Save as quote' }))).toBe('This needs a connection: parking a sale or saving a quote.');
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog');
    await user.selectOptions(within(pay).getByLabelText('Method'), 'insurance');
    expect(within(pay).getByText('This needs a connection: an insurance payment.')).toBeTruthy();
    expect(description(within(pay).getByRole('button', { name: 'Add payment' }))).toBe('This needs a connection: an insurance payment.');
    expect(within(pay).getByRole('button', { name: 'Add payment' }).hasAttribute('disabled') || within(pay).getByRole('button', { name: 'Add payment' }).getAttribute('data-disabled') === 'true').toBe(true);
    await user.selectOptions(within(pay).getByLabelText('Method'), 'cash');
    const cash = within(pay).getByLabelText('Cash received (USD)');
    await user.clear(cash);
    await user.type(cash, '200');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText(/Sale kept on this device: waiting to be sent\./)).toBeTruthy();
    expect(screen.getByText('Waiting to be sent: the invoice number follows when the connection is back.')).toBeTruthy();
    // On disk; the register page above the sale says so (pos-waiting-sales.test.tsx).
    expect((await openSaleQueue().all()).map((entry) => entry.sale.soldOffline)).toEqual([true]);
    expect(sales()).toHaveLength(0);
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(/Sale recorded: invoice 3001\./, undefined, { timeout: 5000 })).toBeTruthy();
    expect(sales()).toHaveLength(1);
    expect(sales()[0]!.body).toMatchObject({ soldOffline: true, payments: [{ method: 'cash', amount: 16200, tendered: 20000 }] });
    expect(await openSaleQueue().all()).toEqual([]);
  });

  it('offline, finds the products this register has seen (searched, scanned, or the store’s most-sold) and says so; back online, asks the server again', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    // Seen: the server's answer to a search the clerk made (not added).
    await user.type(search(), 'e');
    await screen.findByRole('option', { name: /Comprehensive eye exam/ });
    await user.keyboard('{Escape}');
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    const asked = current().server.calls.length;
    await user.type(search(), 'compre');
    expect(await screen.findByText(/^Offline: showing products this register has seen\./, undefined, slow)).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Comprehensive eye exam$90.00']);
    await user.keyboard('{Enter}');
    await within(lines()).findByRole('button', { name: /^Comprehensive eye exam/ }, slow);
    // The store's most-sold products, kept when the register first opened in this tab, never searched for.
    await user.type(search(), 'hard');
    await screen.findByRole('option', { name: /^Hard spectacle case/ }, slow);
    await user.keyboard('{Escape}');
    await user.keyboard('8053672000001{Enter}');
    await within(lines()).findByRole('button', { name: /^Ray-Ban Clubmaster 5154/ }, slow);
    await user.keyboard('0000000000000{Enter}');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Offline: this register has not seen a product with the barcode 0000000000000.');
    // Nothing was asked of the server while the device answered; the kept price is the one shown.
    expect(current().server.calls.length).toBe(asked);
    expect(total()).toBe('$252.00');
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await user.clear(search());
    await user.type(search(), 'single');
    await screen.findByRole('option', { name: /Single vision lenses/ });
    expect(screen.queryByText(/^Offline: showing products/)).toBeNull();
    expect(current().server.calls.some((c) => url(c).pathname === '/api/pos/products' && url(c).searchParams.get('q') === 'single')).toBe(true);
    // The next test starts on a new sale.
    await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
  });

  it('parks the sale on the server (F8) with its lines, then starts the next one', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(document.body);
    await user.keyboard('{F8}');
    expect(await screen.findByText('Sale parked. Any register of the store can resume it.')).toBeTruthy();
    const put = current().server.calls.find((c) => c.method === 'PUT')!;
    expect(url(put).pathname).toMatch(/^\/api\/pos\/parked\/[0-9a-f-]{36}$/);
    expect(put.body).toMatchObject({ locationId: posIds.location, kind: 'parked', patientId: null, lines: [{ productId: frame.id, quantity: 1 }] });
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(await screen.findByText('No lines yet: search or scan a product.')).toBeTruthy();
  });

  it('resumes a parked quote from ?resume= with its patient, lines, options, prescription and discount, and records it with the parked id', async () => {
    window.history.replaceState(null, '', `/admin/pos/all?resume=${posIds.parked}`);
    const { user } = open();
    await within(await screen.findByRole('list', { name: 'Lines of the sale' }, { timeout: 5000 })).findByRole('button', { name: /^Single vision lenses/ });
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect((within(lines()).getByLabelText(/Polycarbonate/) as HTMLInputElement).checked).toBe(true);
    expect((within(lines()).getByLabelText('Fitting height right (mm)') as HTMLInputElement).value).toBe('22');
    expect(screen.getByText('Discount 10 %: Quote')).toBeTruthy();
    // (150 + 80 + 30) − 10 %, + 8 %
    expect(total()).toBe('$252.72');
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByText(/Sale recorded/);
    expect(sales()[0]!.body).toMatchObject({ parkedId: posIds.parked, patientId: ids.jane, lines: [{ productId: frame.id }, { productId: lens.id, rxId: ids.rxNew, optionIds: [posIds.polycarbonate] }] });
  });

  it('completes Jane’s lenses with a deposit (the balance paid at pickup); a walk-in’s frame in stock cannot be left on deposit', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    let pay = await screen.findByRole('dialog');
    expect(within(pay).queryByLabelText(/Take as a deposit/)).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Change customer' }));
    await user.type(screen.getByLabelText('Find a patient'), 'Jane');
    await user.click(await screen.findByRole('button', { name: 'Jane Doe, born 1985-04-12' }));
    await addBySearch(user, 'single', 'Single vision lenses');
    await user.keyboard('{F4}');
    pay = await screen.findByRole('dialog', { name: 'Payment of $248.40' });
    await user.selectOptions(within(pay).getByLabelText('Method'), 'card');
    const amount = within(pay).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(within(pay).getByLabelText('Card reference (last digits or slip number)'), '1111');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    expect(within(pay).getByRole('button', { name: 'Complete sale' }).getAttribute('data-disabled')).toBe('true');
    await user.click(within(pay).getByLabelText('Take as a deposit: $148.40 is paid at pickup'));
    await user.click(within(pay).getByRole('button', { name: 'Complete with deposit' }));
    await screen.findByText(/Sale recorded/);
    expect(sales()[0]!.body).toMatchObject({ deposit: true, patientId: ids.jane, payments: [{ method: 'card', amount: 10000 }] });
    expect(screen.getByText('Balance due at pickup: $148.40.')).toBeTruthy();
  });

  it('says in Arabic what the register is', async () => {
    open(api(), { language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'البيع في Front desk' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'منتج أو رمز شريطي' })).toBeTruthy();
  });

  it('shows a product’s stock and price in Arabic: the plural form of its count, the amount as Arabic writes it', async () => {
    const rendered = open(api(), { language: 'ar' });
    await rendered.user.type(await screen.findByRole('combobox', { name: 'منتج أو رمز شريطي' }, slow), 'ray');
    const option = await screen.findByRole('option', { name: /Ray-Ban/ }, slow);
    // Four is Arabic's 'few' (3-10): the plural noun, not the English '4 in stock'.
    expect(option.textContent).toContain('4 وحدات في المخزون');
    expect(option.textContent).toContain(formatMoney(frame.price, 'USD', 'ar'));
  });
});
