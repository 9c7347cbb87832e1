/**
 * The sales waiting on the device, as the register page shows them (against a fake API and fake IndexedDB): how many
 * and since when, above every tab, in a live status; the export of exactly the waiting submissions as a file named
 * with the register and the store's day; the parked sale a waiting sale sold neither listed nor resumable until that
 * sale is sent; and the browser asked once per device to keep its storage.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceSale } from '../../src/contract/money';
import type { ParkedSale, SaleSubmit } from '../../src/contract/pos';
import { askForPersistentStorage } from '../../src/pos/persistentStorage';
import { openSaleQueue } from '../../src/pos/saleQueue';
import type { WaitingSale } from '../../src/pos/saleQueue';
import { waitingSalesFile } from '../../src/pos/waitingExport';
import { dropSaleActors } from '../../src/app/saleActor';
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
  vi.restoreAllMocks();
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
  it('says how many wait and since when, hides the parked sale one of them sold, exports them, and sends them when the connection is back', async () => {
    const sold = submission(1, { parkedId });
    await openSaleQueue().put(waiting(sold, '2026-11-24T09:30:00Z'));
    await openSaleQueue().put(waiting(submission(2), '2026-11-24T11:00:00Z'));
    // Another company's sale on the same device: neither counted nor exported here.
    await openSaleQueue().put(waiting(submission(3), '2026-11-24T08:00:00Z', 'another-tenant'));
    const { user, recorded } = register('parked');

    const region = await screen.findByRole('region', { name: 'Parked sales and quotes of this store' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('2 sales waiting to be sent Waiting since Nov 24, 2026, 9:30 AM'));
    expect(within(region).getAllByRole('listitem').map((card) => card.querySelector('h3')?.textContent)).toEqual(['John Roe Parked']);
    expect(within(region).getByText('1 parked sale is not listed: it was sold on this device and waits to be sent.')).toBeTruthy();

    // The file: exactly the two submissions, named with the register and the store's day.
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    URL.createObjectURL = (made: Blob) => ((blob = made), 'blob:waiting-sales');
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: blob! });
    });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T23:30:00Z') });
    await user.click(screen.getByRole('button', { name: 'Export waiting sales' }));
    vi.useRealTimers();
    expect(files.map((f) => f.name)).toEqual(['waiting-sales-till-1-2026-11-24.json']);
    expect(JSON.parse(await files[0]!.blob.text())).toEqual([sold, submission(2)]);

    // Back online: both sent, oldest first; the parked list is read again, the sold one gone from the server too.
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(recorded.map((r) => r.clientSaleId)).toEqual([sold.clientSaleId, submission(2).clientSaleId]));
    expect(await screen.findByText('Sale sent: invoice 3001.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Export waiting sales' })).toBeNull();
  });

  it('does not resume a parked sale that a waiting sale sold, and the address loses ?resume=', async () => {
    await openSaleQueue().put(waiting(submission(1, { parkedId }), '2026-11-24T09:30:00Z'));
    register('all', `/admin/pos/all?resume=${parkedId}`);
    expect(await screen.findByText('This parked sale was sold on this device and waits to be sent: it cannot be resumed.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/admin/pos/all');
    expect(screen.queryByRole('list', { name: 'Lines of the sale' })).toBeNull();
  });
});

describe('persistent storage', () => {
  it('is asked for once per device, not when already granted or not offered', async () => {
    const kept = new Map<string, string>();
    const remembered = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) } as Storage;
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    expect(await askForPersistentStorage(storage, remembered)).toBe('granted');
    expect(await askForPersistentStorage(storage, remembered)).toBe('alreadyAsked');
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(await askForPersistentStorage({ persisted: async () => true, persist: vi.fn() }, new Map() as unknown as Storage)).toBe('kept');
    expect(await askForPersistentStorage(undefined, remembered)).toBe('unavailable');
  });
});

describe('the waiting sales file', () => {
  it('names the register in any script and the day in the store’s time zone', () => {
    const now = new Date('2026-11-24T22:30:00Z');
    expect(waitingSalesFile([], { tenantId, registerName: 'Front desk', now, timeZone: 'Europe/Istanbul' }).name).toBe('waiting-sales-front-desk-2026-11-25.json');
    expect(waitingSalesFile([], { tenantId, registerName: 'مكتب الاستقبال / 2', now, timeZone: 'UTC' }).name).toBe('waiting-sales-مكتب-الاستقبال-2-2026-11-24.json');
    expect(JSON.parse(waitingSalesFile([], { tenantId, registerName: '', now }).text)).toEqual([]);
  });
});
