/**
 * The register's sale in Chromium, through a test-only mount (tests/e2e/support/posSaleMount, served by Vite's dev
 * server with the app's providers) while the register frame and the POS server are not on main; the test answers
 * /api in the browser. Real keyboard timing (a scanner's keystrokes, the search shown within 150 ms), print media,
 * the connection taken away (IndexedDB keeps the sale; sent once when it is back), a phone in Arabic (no sideways
 * scroll) and axe on each step.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { chromium } from 'playwright-core';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceSale } from '../../src/contract/pos';
import type { SaleSubmit } from '../../src/contract/pos';
import { janeDoe } from '../fixtures/auth';
import { exam, frame, invoiceOf, lens, posIds, saleResultOf } from '../fixtures/posFixtures';
import { ids, prescriptions } from '../unit/records-fixtures';

const clerk = { ...janeDoe, role: ['staff' as const], data: { ...janeDoe.data, role: ['staff' as const], displayName: 'Sam Staff' } };
const register = { id: posIds.register, locationId: posIds.location, name: 'Front desk', openSession: null };
const catalogue = [frame, lens, exam];
const axeSource = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

let vite: ViteDevServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  vite = await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port: 0, strictPort: false, hmr: false } });
  await vite.listen();
  base = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await vite?.close();
});

interface Api {
  sales: SaleSubmit[];
}

async function openMount({ phone = false, language = 'en' }: { phone?: boolean; language?: 'en' | 'ar' } = {}) {
  const context = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 900 } });
  const page = await context.newPage();
  const api: Api = { sales: [] };
  let lastInvoice: unknown = null;
  // The API only (the dev server's own /src/api/*.ts modules are not it).
  await page.route((url) => url.pathname.startsWith('/api/'), async (route: Route) => {
    const request = route.request();
    const u = new URL(request.url());
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (u.pathname === '/api/patient/me') return json({ user: clerk });
    if (u.pathname === '/api/pos/products') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      return json({ items: catalogue.filter((p) => p.name.toLowerCase().includes(q)) });
    }
    if (u.pathname.startsWith('/api/pos/products/barcode/')) {
      const code = decodeURIComponent(u.pathname.split('/').pop()!);
      const found = catalogue.find((p) => p.barcodes.includes(code));
      return found ? json(found) : json({ error: `No product has the barcode ${code}.`, code: 'pos.barcodeNotFound', params: { barcode: code } }, 404);
    }
    if (u.pathname === '/api/patients') return json({ items: [{ id: ids.jane, locationId: posIds.location, firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-04-12', phone: '555', email: 'jane@example.test' }], nextCursor: null });
    if (u.pathname === `/api/patients/${ids.jane}/prescriptions`) return json(prescriptions);
    if (u.pathname === '/api/pos/sales' && request.method() === 'POST') {
      const body = request.postDataJSON() as SaleSubmit;
      api.sales.push(body);
      const pricing = priceSale(
        body.lines.map((l) => {
          const p = catalogue.find((c) => c.id === l.productId)!;
          return { productId: p.id, description: p.name, quantity: l.quantity, unitPrice: p.price + p.options.filter((o) => l.optionIds.includes(o.id)).reduce((s, o) => s + o.price, 0), taxRateBp: p.taxRateBp, discount: l.discount };
        }),
        body.orderDiscount,
      );
      const invoice = invoiceOf(pricing, body.payments, body.patientId ? {} : { patientId: posIds.jane });
      lastInvoice = invoice;
      const change = body.payments.reduce((s, p) => s + (p.tendered ? p.tendered - p.amount : 0), 0);
      const labOrderIds = body.lines.some((l) => l.rxId) ? [posIds.labOrder] : [];
      return json(saleResultOf(invoice, pricing, { change, labOrderIds, replayed: api.sales.filter((s) => s.clientSaleId === body.clientSaleId).length > 1 }), 201);
    }
    if (u.pathname === `/api/pos/invoices/${posIds.invoice}`) return json(lastInvoice);
    return json({ error: 'Not found' }, 404);
  });
  await page.addInitScript(
    ({ mount, language }) => {
      (window as unknown as { posSaleMount: unknown }).posSaleMount = mount;
      localStorage.setItem('language', language);
    },
    { mount: { user: clerk, register, sessionId: posIds.session }, language },
  );
  await page.goto(`${base}/tests/e2e/support/posSaleMount/index.html`);
  return { page, context, api };
}

async function axe(page: Page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: { id: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    // React Aria's live announcer (a node it removes after a few seconds that names the dialog just opened) is
    // the library's, not the register's markup.
    return run.run({ include: [document], exclude: [['[data-live-announcer]']] }, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'], rules: { region: { enabled: false } } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
}

const patience = { timeout: 15_000 };

describe('the register sale in Chromium', () => {
  it('sells Jane a frame by barcode, lenses on her current Rx and an exam, 10 % off, half card half cash with change; one request; prints the receipt', async () => {
    const { page, context, api } = await openMount();
    await page.getByRole('heading', { name: 'Sale at Front desk' }).waitFor(patience);
    await page.getByLabel('Find a patient').fill('Jane');
    await page.getByRole('button', { name: 'Jane Doe, born 1985-04-12' }).click();
    const search = page.getByRole('combobox', { name: 'Product or barcode' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    // A scanner: digits a few ms apart, then Enter.
    await page.keyboard.type('8053672000001', { delay: 3 });
    await page.keyboard.press('Enter');
    const lines = page.getByRole('list', { name: 'Lines of the sale' });
    await lines.getByRole('button', { name: /^Ray-Ban Clubmaster 5154/ }).waitFor(patience);
    // A person typing: the results within 150 ms of the last keystroke.
    await search.pressSequentially('single', { delay: 80 });
    const typed = Date.now();
    await page.getByRole('option', { name: /Single vision lenses/ }).waitFor(patience);
    const shownAfter = Date.now() - typed;
    expect(shownAfter).toBeLessThan(150);
    await page.keyboard.press('Enter');
    await lines.getByRole('button', { name: /^Single vision lenses/ }).waitFor(patience);
    await expect.poll(() => lines.getByLabel('Prescription').inputValue()).toBe(ids.rxNew);
    await lines.getByLabel(/Polycarbonate/).check();
    await search.pressSequentially('exam', { delay: 80 });
    await page.getByRole('option', { name: /Comprehensive eye exam/ }).waitFor(patience);
    await page.keyboard.press('Enter');
    await lines.getByRole('button', { name: /^Comprehensive eye exam/ }).waitFor(patience);
    await page.getByRole('button', { name: 'Discount on the order' }).click();
    const discount = page.getByRole('form', { name: 'Discount on the order' });
    await discount.getByLabel('Discount', { exact: true }).fill('10');
    await discount.getByLabel('Reason').fill('Family');
    await discount.getByRole('button', { name: 'Apply discount' }).click();
    // (150 + 80 + 30 + 90) − 10 % = 315; tax 8 % on 135 + 99 = 18.72.
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect.poll(() => totals.locator('dd').last().textContent()).toBe('$333.72');
    expect(await axe(page)).toEqual([]);

    await page.keyboard.press('F4');
    const pay = page.getByRole('dialog', { name: 'Payment of $333.72' });
    await pay.waitFor(patience);
    await pay.getByLabel('Method').selectOption('card');
    await pay.getByLabel('Amount (USD)').fill('166.86');
    await pay.getByLabel('Card reference (last digits or slip number)').fill('4242');
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByLabel('Cash received (USD)').fill('200');
    await pay.getByText('Change: $33.14').waitFor(patience);
    await pay.getByRole('button', { name: 'Add payment' }).click();
    expect(await axe(page)).toEqual([]);
    await pay.getByRole('button', { name: 'Complete sale' }).dblclick();
    await page.getByText(/Sale recorded: invoice 3001\. Give \$33\.14 change\./).waitFor(patience);
    expect(api.sales).toHaveLength(1);
    expect(api.sales[0]).toMatchObject({ patientId: ids.jane, shownTotal: 33372, orderDiscount: { type: 'percent', value: 1000, reason: 'Family' } });
    expect(api.sales[0]!.lines[1]).toMatchObject({ productId: lens.id, rxId: ids.rxNew, optionIds: [posIds.polycarbonate] });
    await page.getByText('A lab order draft was created.').waitFor(patience);
    expect(await page.getByRole('link', { name: "Open the patient's lab orders" }).getAttribute('href')).toBe(`/admin/patients/${ids.jane}/5`);
    await page.getByRole('article', { name: 'Receipt' }).waitFor(patience);
    expect(await axe(page)).toEqual([]);
    // Printed: the receipt only.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('article', { name: 'Receipt' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'New sale' }).isVisible()).toBe(false);
    expect(await page.getByRole('list', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    await context.close();
  });

  it('keeps selling with the connection gone: the cash sale waits in IndexedDB and is sent once when it is back', async () => {
    const { page, context, api } = await openMount();
    await page.getByRole('heading', { name: 'Sale at Front desk' }).waitFor(patience);
    await page.getByRole('combobox', { name: 'Product or barcode' }).click();
    await page.keyboard.type('8053672000001', { delay: 3 });
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Lines of the sale' }).getByRole('button', { name: /^Ray-Ban/ }).waitFor(patience);
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await context.setOffline(true);
    await page.getByText(/No connection: the register keeps selling/).waitFor(patience);
    await page.keyboard.press('F4');
    const pay = page.getByRole('dialog');
    await pay.waitFor(patience);
    await pay.getByLabel('Method').selectOption('insurance');
    await pay.getByText('This needs a connection: an insurance payment.').waitFor(patience);
    await pay.getByLabel('Method').selectOption('cash');
    await pay.getByLabel('Cash received (USD)').fill('200');
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await page.getByText('Sale kept on this device: waiting to be sent. Give $38.00 change.').waitFor(patience);
    await page.getByText('1 sale waiting to be sent').waitFor(patience);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('pos-waiting-sales');
          open.onsuccess = () => {
            const count = open.result.transaction('sales').objectStore('sales').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(1);
    expect(api.sales).toHaveLength(0);
    await context.setOffline(false);
    await page.getByText('Sale sent: invoice 3001.').waitFor(patience);
    await page.getByText(/Sale recorded: invoice 3001\./).waitFor(patience);
    expect(api.sales).toHaveLength(1);
    expect(api.sales[0]).toMatchObject({ soldOffline: true, payments: [{ method: 'cash', amount: 16200, tendered: 20000 }] });
    await context.close();
  });

  it('fits a phone in Arabic (no sideways scroll) with the lines and the pay dialog, axe-clean', async () => {
    const { page, context } = await openMount({ phone: true, language: 'ar' });
    await page.getByRole('heading', { name: 'البيع في Front desk' }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('combobox', { name: 'منتج أو رمز شريطي' }).click();
    await page.keyboard.type('8053672000001', { delay: 3 });
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'بنود البيع' }).getByRole('button', { name: /^Ray-Ban/ }).waitFor(patience);
    await page.getByRole('combobox', { name: 'منتج أو رمز شريطي' }).pressSequentially('single', { delay: 60 });
    await page.getByRole('option', { name: /Single vision lenses/ }).waitFor(patience);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'بنود البيع' }).getByRole('button', { name: /^Single vision lenses/ }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'عميل عابر' }).click();
    await page.getByRole('button', { name: 'دفع (F4)' }).click();
    await page.getByRole('dialog').waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});
