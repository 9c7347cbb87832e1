/**
 * The register in Chromium against the real server (bench/pos.ts starts it on the bench's PostgreSQL database with
 * its 50,000 products), on Lighthouse's desktop profile (40 ms round trips, 10 Mbit/s, the CPU as it is):
 * - search: from the clerk's last keystroke in "Product or barcode" to the results of the whole query on screen (each
 *   option naming the answer's products in its order), each sample a query the page has not asked before, typed as a
 *   person types (100 ms a key): median and worst per kind of query;
 * - the register opening: from the start of the page load of /admin/pos/all (the register remembered on the device,
 *   its session open) to the sale ready to sell (the product search field on screen), with the app's files as the
 *   register has them all day (cached by its service worker) and with the browser's cache cleared and no worker.
 */
import { chromium } from 'playwright-core';
import type { CDPSession, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium';
import { log } from './lib/format';

export const SEARCH_SHOWN_BUDGET_MS = 150;
export const REGISTER_READY_BUDGET_MS = 1_000;
const TIMEOUT = 30_000;
const desktop = { latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (10 * 1024 * 1024) / 8 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...desktop });
  return cdp;
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/clearview/downtown`);
  await page.getByLabel('User name (email)', { exact: true }).fill('staff@clearview.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /^Use Front desk/ }).click({ timeout: TIMEOUT });
  await page.getByRole('combobox', { name: 'Product or barcode' }).waitFor({ timeout: TIMEOUT });
}

/**
 * Types `query` into the search as a person (100 ms a key), then how long the results of the whole query took to be on
 * screen after its last key. The time of that key is taken in the page just before it is pressed, and the results
 * are seen by a check on every frame once their answer has come (each option starts with its product's name, in the
 * answer's order): both err on the long side, by a few milliseconds.
 */
async function searchOnce(page: Page, query: string): Promise<number> {
  const field = page.getByRole('combobox', { name: 'Product or barcode' });
  await field.fill('');
  await page.waitForTimeout(300);
  await field.pressSequentially(query.slice(0, -1), { delay: 100 });
  await page.waitForTimeout(100);
  const answer = page.waitForResponse((r) => r.url().includes('/api/pos/products?') && new URL(r.url()).searchParams.get('q') === query, { timeout: TIMEOUT });
  await page.evaluate(() => ((window as unknown as { benchKeyAt: number }).benchKeyAt = performance.now()));
  await page.keyboard.press(query.slice(-1));
  const names = ((await (await answer).json()) as { items: { name: string }[] }).items.map((item) => item.name);
  const shown = await page.waitForFunction(
    (expected) => {
      const options = [...document.querySelectorAll('main [role="listbox"] [role="option"]')];
      const same = options.length === expected.length && options.every((o, i) => (o.textContent ?? '').startsWith(expected[i]!));
      return same ? performance.now() - (window as unknown as { benchKeyAt: number }).benchKeyAt : 0;
    },
    names,
    { timeout: TIMEOUT, polling: 'raf' },
  );
  return (await shown.jsonValue()) as number;
}

/** Loads /admin/pos/all and returns ms from the navigation's start to the sale ready to sell (checked every 10 ms). */
async function openRegister(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/admin/pos/all`, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(
    () => {
      const field = document.querySelector<HTMLInputElement>('main input[role="combobox"]');
      return field && !field.disabled ? performance.now() : 0;
    },
    undefined,
    { timeout: TIMEOUT, polling: 10 },
  );
  return (await ready.jsonValue()) as number;
}

export async function measureRegisterInBrowser(base: string, runs = 7) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await throttled(page);
    await signIn(page, base);
    // The register's service worker has its files once it controls the page (it claims it when installed).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT });
    await page.getByRole('combobox', { name: 'Product or barcode' }).waitFor({ timeout: TIMEOUT });

    // Each sample a query the page has not asked before (the register keeps answers for 30 s): a brand, a brand and
    // a colour, a model number, a SKU.
    const kinds: Record<string, string[]> = {
      brand: ['oakley', 'persol', 'gucci', 'prada', 'vogue', 'moscot', 'lacoste', 'mykita'],
      'brand and colour': ['ray bla', 'tom gol', 'dior sil', 'nike blu', 'coach red', 'fendi hav', 'police gre', 'guess ivo'],
      model: ['GU5', 'PR3', 'OA2', 'RA7', 'VO4', 'MO6', 'LA8', 'DI2'],
      SKU: ['BX-4242', 'BX-1717', 'BX-2626', 'BX-3535', 'BX-4848', 'BX-1313', 'BX-2929', 'BX-3838'],
    };
    const search: Record<string, { median: number; max: number; samples: number[]; queries: string[] }> = {};
    for (const [kind, all] of Object.entries(kinds)) {
      const queries = all.slice(0, runs + 1);
      await searchOnce(page, queries[0]!); // warm-up
      const samples: number[] = [];
      for (const q of queries.slice(1)) samples.push(round(await searchOnce(page, q)));
      search[kind] = { median: median(samples), max: Math.max(...samples), samples, queries: queries.slice(1) };
      log(`search shown, ${kind}`.padEnd(36) + `median ${String(median(samples)).padStart(6)} ms  max ${String(Math.max(...samples)).padStart(6)} ms`);
    }

    const warm: number[] = [];
    for (let i = 0; i < runs; i++) warm.push(round(await openRegister(page, base)));
    log(`register ready (files cached)       median ${String(median(warm)).padStart(6)} ms  max ${String(Math.max(...warm)).padStart(6)} ms`);

    // A register opened on a device whose cache was cleared: every file from the server, no service worker.
    const cold: number[] = [];
    for (let i = 0; i < Math.max(1, Math.ceil(runs / 2)); i++) {
      const coldContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
      await coldContext.addCookies(await context.cookies());
      const coldPage = await coldContext.newPage();
      await coldPage.goto(`${base}/clearview/downtown`);
      // The same tab's session and remembered register as the signed-in page above.
      const state = await page.evaluate(() => ({ session: { ...sessionStorage }, local: { ...localStorage } }));
      await coldPage.evaluate((s) => {
        for (const [k, v] of Object.entries(s.session)) sessionStorage.setItem(k, v);
        for (const [k, v] of Object.entries(s.local)) localStorage.setItem(k, v);
      }, state);
      const cdp = await throttled(coldPage);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      cold.push(round(await openRegister(coldPage, base)));
      await coldContext.close();
    }
    log(`register ready (cache cleared)      median ${String(median(cold)).padStart(6)} ms  max ${String(Math.max(...cold)).padStart(6)} ms`);

    const worstSearch = Math.max(...Object.values(search).map((s) => s.median));
    return {
      profile: 'Lighthouse desktop network (40 ms RTT, 10 Mbit/s), 1366x900, CPU unthrottled',
      search: { budgetMs: SEARCH_SHOWN_BUDGET_MS, worstMedian: worstSearch, withinBudget: worstSearch < SEARCH_SHOWN_BUDGET_MS, cases: search },
      registerReady: {
        budgetMs: REGISTER_READY_BUDGET_MS,
        cached: { median: median(warm), max: Math.max(...warm), samples: warm },
        cacheCleared: { median: median(cold), max: Math.max(...cold), samples: cold },
        withinBudget: median(warm) < REGISTER_READY_BUDGET_MS && median(cold) < REGISTER_READY_BUDGET_MS,
      },
    };
  } finally {
    await browser.close();
  }
}
