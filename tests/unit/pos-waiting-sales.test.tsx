/**
 * The sales waiting on the device, as the register page shows them (against a fake API and fake IndexedDB): how many
 * and since when, above every tab, in a live status; the parked sale a waiting sale sold neither listed nor
 * resumable until that sale is sent.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceSale } from '../../src/contract/pos';
import type { ParkedSale, SaleSubmit } from '../../src/contract/pos';
import { openSaleQueue } from '../../src/pos/saleQueue';
import type { WaitingSale } from '../../src/pos/saleQueue';
import { dropSaleActors } from '../../src/views/pos/sale/saleActor';
import { frame, invoiceOf, saleResultOf } from '../fixtures/posFixtures';
import type { Call } from '../fixtures/fakeApi';
import { ids } from './records-fixtures';
import { PosPage } from '../../src/views/pos/PosPage';
import { clerk, locationId, ok, openTill, path, registerApi, registerPages, rememberTill, report, sessionId, tenantId } from './pos-register-fixtures';

const { show } = registerPages();

const parkedId = 'e0000000-0000-4000-8000-000000000001';
const otherParkedId = 'e0000000-0000-4000-8000-000000000002';
const line = { productId: frame.id, quantity: 1, optionIds: [], discount: null, rxId: null, fitting: null, shownUnitPrice: frame.price };
const submission = (n: number, changes: Partial<SaleSubmit> = {}): SaleSubmit => ({
  clientSaleId: `c0000000-0000-4000-8000-00000000000${n}`,
  registerSessionId: sessionId,
  patientId: null,
  lines: [line],
  orderDiscount: null,
  payments: [{ method: 'cash', amount: frame.price, tendered: frame.price, reference: '', insurancePlan: '', authorisation: '' }],
  deposit: false,
  shownTotal: frame.price,
  soldOffline: true,
  soldAt: '2026-11-24T09:30:00.000Z',
  notes: '',
  ...changes,
});
const waiting = (sale: SaleSubmit, queuedAt: string, tenant = tenantId): WaitingSale => ({ clientSaleId: sale.clientSaleId, tenantId: tenant, sale, queuedAt: Date.parse(queuedAt), attempts: 0, refused: null });
const parked = (id: string, patientName: string): ParkedSale => ({
  id,
  locationId,
  kind: 'parked',
  patientId: ids.jane,
  patientName,
  lines: [line],
  orderDiscount: null,
  note: '',
  currency: 'USD',
  total: frame.price,
  createdAt: '2026-11-24T09:00:00Z',
  createdBy: 'Sam Staff',
  expiresAt: null,
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => setOnline(false));
afterEach(async () => {
  dropSaleActors();
  setOnline(true);
  const queue = openSaleQueue();
  for (const entry of await queue.all()) await queue.remove(entry.clientSaleId);
});

/** The register page at `address` on an open till whose store lists two parked sales (until a sale naming one is recorded). */
function register(type: string, address = `/admin/pos/${type}`) {
  rememberTill(openTill);
  let items = [parked(parkedId, 'Jane Doe'), parked(otherParkedId, 'John Roe')];
  const recorded: SaleSubmit[] = [];
  const api = registerApi([openTill], (call: Call) => {
    if (path(call) === `/api/pos/sessions/${sessionId}`) return ok(report());
    if (path(call) === '/api/pos/parked') return ok({ items });
    if (path(call) === '/api/pos/sales' && call.method === 'POST') {
      const body = call.body as SaleSubmit;
      recorded.push(body);
      items = items.filter((item) => item.id !== body.parkedId);
      const pricing = priceSale([{ productId: frame.id, description: frame.name, quantity: 1, unitPrice: frame.price, taxRateBp: frame.taxRateBp, discount: null }], null);
      return ok(saleResultOf(invoiceOf(pricing, body.payments), pricing), 201);
    }
    return undefined;
  });
  window.history.replaceState(null, '', address);
  return { ...show(<PosPage type={type} />, { user: clerk, api }), recorded };
}

describe('the register while sales wait on the device', () => {
  it('says how many wait and since when, hides the parked sale one of them sold, and sends them when the connection is back', async () => {
    const sold = submission(1, { parkedId });
    await openSaleQueue().put(waiting(sold, '2026-11-24T09:30:00Z'));
    await openSaleQueue().put(waiting(submission(2), '2026-11-24T11:00:00Z'));
    // Another company's sale on the same device: not counted here.
    await openSaleQueue().put(waiting(submission(3), '2026-11-24T08:00:00Z', 'another-tenant'));
    const { recorded } = register('parked');

    const region = await screen.findByRole('region', { name: 'Parked sales and quotes of this store' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('2 sales waiting to be sent Waiting since Nov 24, 2026, 9:30 AM'));
    expect(within(region).getAllByRole('listitem').map((card) => card.querySelector('h3')?.textContent)).toEqual(['John Roe Parked']);
    expect(within(region).getByText('1 parked sale is not listed: it was sold on this device and waits to be sent.')).toBeTruthy();

    // Back online: both sent, oldest first; the parked list is read again, the sold one gone from the server too.
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(recorded.map((r) => r.clientSaleId)).toEqual([sold.clientSaleId, submission(2).clientSaleId]));
    expect(await screen.findByText('Sale sent: invoice 3001.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('does not resume a parked sale that a waiting sale sold, and the address loses ?resume=', async () => {
    await openSaleQueue().put(waiting(submission(1, { parkedId }), '2026-11-24T09:30:00Z'));
    register('all', `/admin/pos/all?resume=${parkedId}`);
    expect(await screen.findByText('This parked sale was sold on this device and waits to be sent: it cannot be resumed.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/admin/pos/all');
    expect(screen.queryByRole('list', { name: 'Lines of the sale' })).toBeNull();
  });
});
