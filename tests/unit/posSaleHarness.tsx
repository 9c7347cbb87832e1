/**
 * The register's sale (SaleView) against a fake API for the sale's test files: the store's catalogue, Jane and her
 * prescriptions, a parked quote, POST /api/pos/sales priced as the server prices, the device's waiting sales emptied
 * after each test, and what a clerk looks at (search, lines, totals).
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach } from 'vitest';
import { priceSale } from '../../src/contract/money';
import type { ParkedSale, ParkedSaleInput, SaleSubmit } from '../../src/contract/pos';
import { openSaleQueue } from '../../src/pos/saleQueue';
import { SaleView } from '../../src/views/pos/sale/SaleView';
import { dropSaleActors } from '../../src/app/saleActor';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { exam, frame, invoiceOf, lens, posIds, saleResultOf } from '../fixtures/posFixtures';
import { ids, prescriptions } from './records-fixtures';
import { renderPage, tearDownPage, withRoles } from './records-harness';

export const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
export const register = { id: posIds.register, locationId: posIds.location, name: 'Front desk', currency: 'USD', openSession: { id: posIds.session, openedAt: '2026-11-24T08:00:00.000Z', openedBy: 'Sam Staff' }, discountLimitBp: 1000 };
export const ok = (body: unknown, status = 200): Reply => ({ status, body });
/** The device's IndexedDB answers offline searches: on a busy machine it takes longer than the default second. */
export const slow = { timeout: 5000 };
export const url = (call: Call) => new URL(call.path, 'http://x');
export const catalogue = [frame, lens, exam];
/** Only ever among the store's most-sold products, never in a search's answer. */
export const hardCase = { ...exam, id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa9', kind: 'accessory' as const, sku: 'AC-CASE', name: 'Hard spectacle case', taxClass: 'standard' as const, taxRateBp: 800, price: 1500, stock: 3 };

let rendered: ReturnType<typeof renderPage> | undefined;

/**
 * Each sale test file calls this at its top: a hook registered here at the module's top would run for the first
 * file of a worker only (unit files share their modules, isolate: false), so a later file's test that ended offline
 * left TanStack Query paused for the files after it.
 */
export function tearDownEachSale(): void {
  afterEach(tearDownSale);
}

async function tearDownSale(): Promise<void> {
  tearDownPage(rendered);
  rendered = undefined;
  dropSaleActors();
  setOnline(true);
  // TanStack Query's own online state: a test that stopped while offline would pause the next tests' queries.
  onlineManager.setOnline(true);
  window.history.replaceState(null, '', '/');
  // The waiting sales are on the (fake) disk: each test starts with none.
  const queue = openSaleQueue();
  for (const entry of await queue.all()) await queue.remove(entry.clientSaleId);
}

export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The store's catalogue and Jane; `sale` answers POST /api/pos/sales (the recorded sales are kept). */
export function api(sale: (body: SaleSubmit) => Reply | undefined = (body) => recorded(body)) {
  return (call: Call): Reply | undefined => {
    const u = url(call);
    if (u.pathname === '/api/pos/products') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      return ok({ items: catalogue.filter((p) => p.name.toLowerCase().includes(q) || p.sku.toLowerCase() === q) });
    }
    // The store's most-sold products, which the register keeps when it opens.
    if (u.pathname === '/api/pos/products/popular') return ok({ items: [hardCase] });
    if (u.pathname.startsWith('/api/pos/products/barcode/')) {
      const code = decodeURIComponent(u.pathname.split('/').pop()!);
      const found = catalogue.find((p) => p.barcodes.includes(code));
      return found ? ok(found) : { status: 404, body: { error: `No product has the barcode ${code}.`, code: 'pos.barcodeNotFound', params: { barcode: code } } };
    }
    const byId = /^\/api\/pos\/products\/([0-9a-f-]{36})$/.exec(u.pathname);
    if (byId) {
      const found = catalogue.find((p) => p.id === byId[1]);
      return found ? ok(found) : { status: 404, body: { error: 'A product of this sale is not sold at this store.', code: 'pos.productUnavailable', params: { name: byId[1] } } };
    }
    if (u.pathname === '/api/patients') return ok({ items: [{ id: ids.jane, locationId: posIds.location, firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-04-12', phone: '555', email: 'jane@example.test' }], nextCursor: null });
    if (u.pathname === `/api/patients/${ids.jane}/prescriptions`) return ok(prescriptions);
    if (u.pathname === '/api/pos/sales' && call.method === 'POST') return sale(call.body as SaleSubmit);
    if (u.pathname === `/api/pos/invoices/${posIds.invoice}`) return ok(lastInvoice);
    if (u.pathname.startsWith('/api/pos/parked/') && call.method === 'PUT') {
      const body = call.body as ParkedSaleInput;
      return ok({ ...body, patientName: null, currency: 'USD', total: 16200, createdAt: '2026-11-24T10:00:00.000Z', createdBy: 'Sam Staff', expiresAt: null });
    }
    if (u.pathname === '/api/pos/parked') return ok({ items: [parkedJane] });
    return undefined;
  };
}

let lastInvoice: unknown = null;
export const parkedJane: ParkedSale = {
  id: posIds.parked,
  locationId: posIds.location,
  kind: 'quote',
  patientId: ids.jane,
  patientName: 'Jane Doe',
  lines: [
    { productId: frame.id, quantity: 1, optionIds: [], discount: null, rxId: null, fitting: null },
    { productId: lens.id, quantity: 1, optionIds: [posIds.polycarbonate], discount: null, rxId: ids.rxNew, fitting: { heightRight: 22, heightLeft: 22 } },
  ],
  orderDiscount: { type: 'percent', value: 1000, reason: 'Quote' },
  note: '',
  currency: 'USD',
  total: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Sam Staff',
  expiresAt: '2026-12-20T10:00:00.000Z',
};
export function recorded(body: SaleSubmit, extra: Parameters<typeof saleResultOf>[2] = {}): Reply {
  const pricing = priceSale(
    body.lines.map((l) => {
      const product = catalogue.find((p) => p.id === l.productId)!;
      const unitPrice = product.price + product.options.filter((o) => l.optionIds.includes(o.id)).reduce((s, o) => s + o.price, 0);
      return { productId: product.id, description: product.name, quantity: l.quantity, unitPrice, taxRateBp: product.taxRateBp, discount: l.discount };
    }),
    body.orderDiscount,
  );
  const invoice = invoiceOf(pricing, body.payments);
  lastInvoice = invoice;
  const change = body.payments.reduce((s, p) => s + (p.tendered ? p.tendered - p.amount : 0), 0);
  return ok(saleResultOf(invoice, pricing, { change, ...extra }), 201);
}

/** Opens the sale of the front desk's session (or of `options.register`) for Sam, in `options.language`. */
export const open = (answer = api(), options: { register?: typeof register; language?: 'en' | 'tr' | 'ar' } = {}) => {
  rendered = renderPage(<SaleView register={options.register ?? register} session={{ id: posIds.session }} />, { user: clerk, api: answer, language: options.language });
  return rendered;
};
/** The page the test opened. */
export const current = () => rendered!;
export const sales = () => rendered!.server.calls.filter((c) => c.method === 'POST' && url(c).pathname === '/api/pos/sales');
export const search = () => screen.getByRole('combobox', { name: 'Product or barcode' });
export const lines = () => screen.getByRole('list', { name: 'Lines of the sale' });
export const total = () => within(screen.getByRole('region', { name: 'Totals' })).getAllByRole('definition').at(-1)!.textContent;

export async function addBySearch(user: ReturnType<typeof renderPage>['user'], text: string, name: string) {
  await user.type(search(), text);
  await screen.findByRole('option', { name: new RegExp(name) });
  await user.keyboard('{Enter}');
  await within(lines()).findByRole('button', { name: new RegExp(`^${name}`) });
}

/** What this tab keeps of the register's search (src/pos/searchText.ts). */
export const keptSearch = () => Object.keys(sessionStorage).filter((k) => k.startsWith('pos.search.')).map((k) => [k, sessionStorage.getItem(k)]);

/** A reload of the page: the components and the register's actors go, the tab's storage stays. */
export function reload() {
  cleanup();
  rendered?.session.stop();
  rendered?.snackbar.stop();
  rendered?.queryClient.clear();
  dropSaleActors();
}

