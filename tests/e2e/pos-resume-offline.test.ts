/**
 * A parked sale resumed, completed offline and sent later is sold once (pos.md, offline; a server of this file's own:
 * the sales change the demo data other stories read). The clerk parks a walk-in's cloth, resumes it from the parked
 * tab, loses the connection, takes cash (the sale waits in the browser), and when the connection is back reloads the
 * register. The parked sale must not come back as an open sale: the reload's look-up of the parked list can reach the
 * server before the waiting sale does (here it always does: the waiting sale's request is held a moment), and a
 * clerk who paid it again made two invoices of one sale. Ten times in one context and one sign-in, each ending with
 * exactly one invoice for the sale and no parked sale left. On the way: while the first sale waits, the register says
 * how many wait and since when and exports exactly them as a file; a sale that waits because the server cannot be
 * reached is shown the same way on a phone in Arabic (axe-clean, no sideways scroll); the browser was asked once to
 * keep the device's storage.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HistoryItem, ParkedSale, Register, SaleSubmit } from '../../src/contract/pos';
import { axeViolations } from './support/axe';
import { expectHeading, patience, readApi, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister, productBarcode, registerLocation, scan } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** How long the waiting sale's request is held once the connection is back: the parked list answers first. */
const heldMs = 600;
const rounds = 10;

/** Counts the register's requests for persistent storage in this tab (sessionStorage outlives the reloads). */
async function countPersistRequests(page: Page) {
  await page.addInitScript(() => {
    const storage = navigator.storage as StorageManager | undefined;
    const persist = storage?.persist?.bind(storage);
    if (!storage || !persist) return;
    storage.persist = () => {
      sessionStorage.setItem('persistRequests', String(Number(sessionStorage.getItem('persistRequests') ?? 0) + 1));
      return persist();
    };
  });
}

/** The submissions waiting in the device's IndexedDB (src/pos/saleQueue.ts), oldest first. */
const queuedSubmissions = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<SaleSubmit[]>((resolve, reject) => {
        const opening = indexedDB.open('pos-waiting-sales', 1);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('sales').objectStore('sales').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const entries = read.result as { queuedAt: number; sale: SaleSubmit }[];
            resolve(entries.sort((a, b) => a.queuedAt - b.queuedAt).map((entry) => entry.sale));
          };
        };
      }),
  );

/** While the sale waits: the live status says how many and since when; the export downloads exactly what waits. */
async function exportWaiting(page: Page, registerName: string, parkedId: string) {
  const status = page.getByRole('status').filter({ hasText: '1 sale waiting to be sent' });
  expect(await status.innerText()).toMatch(/Waiting since \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export waiting sales' }).click()]);
  const slug = registerName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(download.suggestedFilename()).toMatch(new RegExp(`^waiting-sales-${slug}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as SaleSubmit[];
  expect(exported).toEqual(await queuedSubmissions(page));
  expect(exported).toEqual([expect.objectContaining({ parkedId, soldOffline: true, payments: [expect.objectContaining({ method: 'cash' })] })]);
}

async function payCash(page: Page) {
  await page.keyboard.press('F4');
  const pay = page.getByRole('dialog', { name: /^Payment of / });
  await pay.waitFor();
  const total = (await pay.getByRole('heading', { name: /^Payment of / }).innerText()).replace(/[^0-9.]/g, '');
  await pay.getByLabel('Cash received (USD)').fill(total);
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
}

describe('a parked sale completed offline', () => {
  it('is sold once: after the connection is back and a reload it does not come back as an open sale', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage();
    await countPersistRequests(page);
    const registerName = await openDowntownRegister(page);
    const locationId = await registerLocation(page, registerName);
    const { registers } = await readApi<{ registers: Register[] }>(page, `/api/pos/registers?locationId=${locationId}`);
    const registerId = registers.find((r) => r.name === registerName)!.id;
    const cloth = await productBarcode(page, locationId, 'AC-CLOTH');
    const search = page.getByRole('combobox', { name: 'Product or barcode' });
    const lines = page.getByRole('list', { name: 'Lines of the sale' });

    for (let round = 1; round <= rounds; round += 1) {
      // A walk-in's cloth, parked, then resumed from the parked tab.
      await search.focus();
      await scan(page, cloth);
      await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await page.keyboard.press('F8');
      await page.getByText('Sale parked. Any register of the store can resume it.').waitFor();
      await page.getByRole('link', { name: 'Parked', exact: true }).click();
      const resume = page.getByRole('link', { name: 'Resume the sale of Walk-in' });
      const parkedId = new URL((await resume.getAttribute('href'))!, server.baseURL).searchParams.get('resume')!;
      await resume.click();
      await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();

      // No connection: paid in cash, the sale waits on the device.
      await page.context().setOffline(true);
      await page.getByText(/^No connection: the register keeps selling/).waitFor();
      await payCash(page);
      await page.getByText(/^Sale kept on this device: waiting to be sent\./).waitFor();
      if (round === 1) await exportWaiting(page, registerName, parkedId);

      // The connection is back and the register is reloaded; the waiting sale's request is held a moment.
      await page.route('**/api/pos/sales', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, heldMs));
        // The reload may have cancelled the request meanwhile: then there is nothing to let through.
        await route.continue().catch(() => undefined);
      });
      await page.context().setOffline(false);
      await page.reload();
      await expectHeading(page, `Point of sale · ${registerName}`);
      const sent = Number(/invoice (\d+)/.exec(await page.getByText(/^Sale sent: invoice \d+\./).innerText())![1]);
      await page.unroute('**/api/pos/sales');

      // The register is on a new sale: the parked one did not come back.
      await search.waitFor();
      expect(await lines.count(), `round ${round}: the parked sale came back as an open sale`).toBe(0);
      expect(new URL(page.url()).search).toBe('');

      // One invoice for the sale (every sale of the register today is one of these rounds), no parked sale left.
      const history = await readApi<{ items: HistoryItem[] }>(page, `/api/pos/history?registerId=${registerId}`);
      const sales = history.items.filter((item) => item.relatedInvoiceId === null);
      expect(sales.filter((item) => item.number === sent)).toHaveLength(1);
      expect(sales, `round ${round}`).toHaveLength(round);
      const parked = await readApi<{ items: ParkedSale[] }>(page, `/api/pos/parked?locationId=${locationId}`);
      expect(parked.items, `round ${round}`).toEqual([]);
    }

    // A sale the server cannot be reached for waits the same way; on a phone in Arabic it is said and exported there.
    await page.route('**/api/pos/sales', (route) => route.abort('internetdisconnected'));
    await search.focus();
    await scan(page, cloth);
    await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await payCash(page);
    await page.getByText(/^Sale kept on this device: waiting to be sent\./).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByRole('heading', { name: `البيع في ${registerName}` }).waitFor(patience);
    const status = page.getByRole('status').filter({ hasText: 'عملية بيع واحدة بانتظار الإرسال' });
    expect(await status.innerText()).toContain('بانتظار الإرسال منذ');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'تصدير المبيعات المنتظرة' }).click()]);
    expect(JSON.parse(await readFile((await download.path())!, 'utf8'))).toEqual(await queuedSubmissions(page));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.unroute('**/api/pos/sales');
    // The sender tries again by itself and may be sending it already ('Send now' busy, then gone): the person
    // presses 'Send now' only while the sale still waits.
    await Promise.race([
      status.waitFor({ state: 'detached', ...patience }),
      page
        .getByRole('button', { name: 'إرسال الآن' })
        .click()
        .catch(() => undefined),
    ]);
    await status.waitFor({ state: 'detached', ...patience });
    const history = await readApi<{ items: HistoryItem[] }>(page, `/api/pos/history?registerId=${registerId}`);
    expect(history.items.filter((item) => item.relatedInvoiceId === null)).toHaveLength(rounds + 1);

    // Asked once for persistent storage, however often the register opened.
    expect(await page.evaluate(() => sessionStorage.getItem('persistRequests'))).toBe('1');
  });
});
