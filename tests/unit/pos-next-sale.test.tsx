/**
 * Issue 33, "messages of a finished sale do not linger on the next": what a clerk saw during a sale (a refusal, a
 * status) is gone once the sale is paid, parked or cancelled and the next one starts.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { posIds } from '../fixtures/posFixtures';
import { addBySearch, api, lines, ok, open, recorded, search, setOnline, url, tearDownEachSale } from './posSaleHarness';

tearDownEachSale();

/** Every message on the register's page: alerts and statuses with text. */
const messages = () => [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('status')].map((m) => m.textContent?.trim() ?? '').filter(Boolean);

async function payCash(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'Walk-in' }));
  await user.keyboard('{F4}');
  const pay = await screen.findByRole('dialog');
  await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
  await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
  await screen.findByText(/Sale recorded/, undefined, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'New sale' }));
  await screen.findByText('No lines yet: search or scan a product.');
}

describe('the next sale at the register', { timeout: 30_000 }, () => {
  it('a barcode no product has, said during a sale that is then cancelled, is not said on the next', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(search());
    await user.keyboard('0000000000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No product has the barcode 0000000000000.');
    await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
    await screen.findByText('No lines yet: search or scan a product.');
    expect(messages()).toEqual([]);
    // The next sale starts at an empty search, as after a paid one.
    expect((search() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(search()));
  });

  it('a parked sale that could not be resumed is not still said once a sale was paid and the next begins', async () => {
    window.history.replaceState(null, '', '/admin/pos/all?resume=aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa0');
    const { user } = open(api());
    expect(await screen.findByText('This parked sale is no longer there: it was resumed or deleted.', undefined, { timeout: 5000 })).toBeTruthy();
    await addBySearch(user, 'ray', 'Ray-Ban');
    await payCash(user);
    await waitFor(() => expect(messages()).toEqual([]));
  });

  it('a search with no product, then the sale paid: the next sale starts with an empty search and no message', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.type(search(), 'zzz');
    await screen.findByText(/No product/);
    await payCash(user);
    expect((search() as HTMLInputElement).value).toBe('');
    expect(messages()).toEqual([]);
  });

  // What else a clerk does at the end of a sale, each followed by the next one: nothing of it is said there.

  it('a payment the server refused, then paid on a retry', async () => {
    let first = true;
    const { user } = open(
      api((body) => {
        if (first) {
          first = false;
          return { status: 503, body: { error: 'The service is unavailable. Please try again.', code: 'server.unavailable' } };
        }
        return recorded(body);
      }),
    );
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByRole('button', { name: /Try again/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    await screen.findByText(/Sale recorded/, undefined, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await screen.findByText('No lines yet: search or scan a product.');
    expect(messages()).toEqual([]);
  });

  it('a discount refused over the limit, then the sale paid', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(within(lines()).getByRole('button', { name: 'Discount: Discount on Ray-Ban Clubmaster 5154' }));
    const form = screen.getByRole('form', { name: 'Discount on Ray-Ban Clubmaster 5154' });
    await user.type(within(form).getByLabelText('Discount'), '15');
    await user.click(within(form).getByRole('button', { name: 'Apply discount' }));
    expect(messages().join(' ')).toMatch(/limit/i);
    await payCash(user);
    expect(messages()).toEqual([]);
  });

  it('a sale parked, then the next one', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Park (F8)' }));
    await screen.findByText('Sale parked. Any register of the store can resume it.');
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await screen.findByText('No lines yet: search or scan a product.');
    expect(messages()).toEqual([]);
  });

  it('the receipt emailed, then the next sale', async () => {
    const base = api();
    const { user } = open((call) =>
      url(call).pathname === `/api/pos/invoices/${posIds.invoice}/receipt-email`
        ? ok({ messageId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', recipient: 'j***@example.test', status: 'queued' })
        : base(call),
    );
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByText(/Sale recorded/, undefined, { timeout: 5000 });
    await user.type(screen.getByRole('textbox', { name: 'Email address for the receipt' }), 'jane@example.test');
    await user.click(screen.getByRole('button', { name: 'Send receipt' }));
    await screen.findByText(/j\*\*\*@example\.test/);
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await screen.findByText('No lines yet: search or scan a product.');
    expect(messages()).toEqual([]);
  });

  it('a sale paid offline and kept on the device, then the next one (only the connection is said)', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByText(/Sale kept on this device/);
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    await screen.findByText('No lines yet: search or scan a product.');
    expect(messages().filter((m) => !/No connection/.test(m))).toEqual([]);
  });
});
