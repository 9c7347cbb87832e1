/**
 * The booking pages' JS beyond the entry (issue 34's budget: at most 60 kB gzip), as Chromium fetches it from the
 * real server with the demo data: every JS file the page requests until the network is idle, less the entry's
 * files (dist/index.html's script and modulepreloads, bench/bundle.ts), counted gzipped at level 6.
 *
 * - The store's public booking page (/clearview/downtown/book): a new patient opens it in a fresh browser, and
 *   chooses a visit type (the slot step's code and data).
 * - The patient's 'Book a visit' (/patient/appointment): Jane signs in, opens My Profile, then goes to her
 *   appointments in the app and presses 'Book a visit': what that asks for beyond the entry and the signed-in shell
 *   (the route's JS, as bench/pages.ts counts it); and, cold, a reload of /patient/appointment with the cache off
 *   (beyond the entry: the shell too).
 *
 * Part of `npm run bench` (section 4, the browser); `npm run bench:bookingjs` runs it alone (builds dist/ when
 * stale, a fresh PGlite server) and writes bench/results/booking-js.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { BROWSER_TIMEOUT_MS, launchChromium, pageLoad, recordLoads, settle, type PageLoad } from './browser';
import { measureBundle } from './bundle';
import { kB, log } from './lib/format';
import { navigateInApp, signIn } from './lib/phone';
import { root } from './lib/paths';

export const BOOKING_JS_BUDGET_GZIP = 60_000;
export const GUEST_BOOKING_PATH = '/clearview/downtown/book';

export interface BeyondEntry {
  url: string;
  /** JS files fetched that are not the entry's, largest first. */
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
}

export interface BookingJs {
  guestPage: BeyondEntry;
  /** 'Book a visit' from another signed-in page: beyond the entry and the shell. */
  patientBooking: BeyondEntry;
  /** A cold reload of /patient/appointment: beyond the entry (the shell included). */
  patientReload: BeyondEntry;
}

function beyond(load: PageLoad, entry: Set<string>): BeyondEntry {
  const files = load.files.filter((f) => f.kind === 'js' && !entry.has(f.path.replace(/^\/+/, ''))).map((f) => ({ path: f.path, gzipBytes: f.gzipBytes }));
  return { url: load.url, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export async function measureBookingJs(browser: Browser, base: string, distDir: string): Promise<BookingJs> {
  const entry = new Set(measureBundle(distDir).files.flatMap((f) => (f.file ? [path.relative(distDir, path.join(root, f.file))] : [])));

  const guestContext = await browser.newContext();
  let guestPage: BeyondEntry;
  try {
    const page = await guestContext.newPage();
    const loads = recordLoads(page);
    await page.goto(`${base}${GUEST_BOOKING_PATH}`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'h1');
    // The first visit type: the slot step (its code, if any, and the free slots).
    const choice = page.getByRole('radio').first();
    if (await choice.count()) {
      await choice.check();
      await page.waitForLoadState('networkidle', { timeout: BROWSER_TIMEOUT_MS });
    }
    guestPage = beyond(pageLoad(page.url(), await loads()), entry);
  } finally {
    await guestContext.close();
  }

  const patientContext = await browser.newContext();
  try {
    const page = await patientContext.newPage();
    await signIn(page, base, 'patient@clearview.test');
    await page.goto(`${base}/pages/profile`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'h1');
    let loads = recordLoads(page);
    await navigateInApp(page, '/patient/appointment');
    await page.getByRole('button', { name: 'Book a visit' }).first().click({ timeout: BROWSER_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: BROWSER_TIMEOUT_MS });
    const patientBooking = beyond(pageLoad(page.url(), await loads()), entry);

    const cdp = await patientContext.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    loads = recordLoads(page);
    await page.reload({ waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Book a visit' }).first().click({ timeout: BROWSER_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: BROWSER_TIMEOUT_MS });
    const patientReload = beyond(pageLoad(page.url(), await loads()), entry);
    return { guestPage, patientBooking, patientReload };
  } finally {
    await patientContext.close();
  }
}

export function logBookingJs(js: BookingJs) {
  const line = (name: string, b: BeyondEntry) => log(`    ${name}: ${kB(b.gzipBytes)} gzip beyond the entry (${b.files.map((f) => `${path.basename(f.path)} ${kB(f.gzipBytes)}`).join(', ')})`);
  line('public booking page', js.guestPage);
  line("patient's 'Book a visit' (beyond the shell too)", js.patientBooking);
  line('patient, cold reload', js.patientReload);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildAppIfStale, startServer } = await import('../tests/e2e/support/server');
  buildAppIfStale();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const js = await measureBookingJs(browser, server.baseURL, path.join(root, 'dist'));
    logBookingJs(js);
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'booking-js.json'), `${JSON.stringify({ at: new Date().toISOString(), budgetGzip: BOOKING_JS_BUDGET_GZIP, ...js }, null, 2)}\n`);
    if (js.guestPage.gzipBytes > BOOKING_JS_BUDGET_GZIP || js.patientBooking.gzipBytes > BOOKING_JS_BUDGET_GZIP) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}
