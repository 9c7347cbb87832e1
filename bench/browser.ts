/** Browser: what Chromium really fetches per route (sign-in, the signed-in shell) and the theme CSS. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { defaultThemeSettings, themeNames } from '../src/contract/settings';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium';
import { kB, log } from './lib/format';
import { onCleanup } from './lib/process';
import { logBookingJs, measureBookingJs, type BookingJs } from './booking-js';

export const SIGN_IN_PATH = '/clearview/downtown';
export const BROWSER_TIMEOUT_MS = 30_000;

export interface LoadedFile {
  path: string;
  kind: 'js' | 'css';
  /** The response body as the browser received it, decoded. */
  rawBytes: number;
  /** Body bytes on the wire (the encoded size Chromium reports: the server sends the build's brotli files). */
  transferBytes: number;
  /** The body gzipped here at level 6, as the budgets count it. */
  gzipBytes: number;
}

export interface PageLoad {
  /** Where the page ended up. */
  url: string;
  files: LoadedFile[];
  js: { count: number; rawBytes: number; transferBytes: number; gzipBytes: number };
}

/** Records every JS and CSS response of `page` from now on; the returned function waits for their bodies. */
export function recordLoads(page: Page): () => Promise<LoadedFile[]> {
  const seen = new Map<string, Promise<LoadedFile>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    const kind = url.pathname.endsWith('.js') || type === 'script' ? 'js' : url.pathname.endsWith('.css') || type === 'stylesheet' ? 'css' : null;
    if (!kind || seen.has(url.pathname)) return;
    const file = (async (): Promise<LoadedFile> => {
      // A 304 would be a file from the cache: every measurement starts with an empty one, or with the cache off.
      if (!response.ok()) throw new Error(`GET ${url.pathname} answered ${response.status()}`);
      const body = await response.body();
      const sizes = await response.request().sizes();
      return { path: url.pathname, kind, rawBytes: body.length, transferBytes: sizes.responseBodySize, gzipBytes: gzipSync(body).length };
    })();
    file.catch(() => {}); // reported when the measurement collects the files, not as an unhandled rejection
    seen.set(url.pathname, file);
  });
  return async () => Promise.all(seen.values());
}

export function pageLoad(url: string, files: LoadedFile[]): PageLoad {
  const js = files.filter((f) => f.kind === 'js');
  const sum = (key: 'rawBytes' | 'transferBytes' | 'gzipBytes') => js.reduce((total, f) => total + f[key], 0);
  return {
    url,
    files: [...files].sort((a, b) => b.gzipBytes - a.gzipBytes),
    js: { count: js.length, rawBytes: sum('rawBytes'), transferBytes: sum('transferBytes'), gzipBytes: sum('gzipBytes') },
  };
}

/** The page is settled: `ready` is visible and no request has been in flight for 500 ms. */
export async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: BROWSER_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: BROWSER_TIMEOUT_MS });
}

/** A guest opens the store sign-in address in a fresh profile; `guestTheme` is a theme the guest chose before. */
export async function loadSignIn(browser: Browser, base: string, guestTheme?: string): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    if (guestTheme) {
      const kept = { settings: { ...defaultThemeSettings, theme: { ...defaultThemeSettings.theme, main: guestTheme } }, shortcuts: [] };
      await context.addInitScript((value) => localStorage.setItem('guestSettings', value), JSON.stringify(kept));
    }
    const page = await context.newPage();
    const loads = recordLoads(page);
    await page.goto(`${base}${SIGN_IN_PATH}`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'input[name="username"]');
    return pageLoad(page.url(), await loads());
  } finally {
    await context.close();
  }
}

/** The admin signs in at /admin and lands in the shell; then the signed-in shell is reloaded with the cache off. */
export async function loadShell(browser: Browser, base: string): Promise<{ visit: PageLoad; reload: PageLoad }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The reload fetches everything again, as a new visit of the signed-in shell would.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const visitLoads = recordLoads(page);
    await page.goto(`${base}/admin`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'input[name="username"]');
    await page.locator('input[name="username"]').fill('admin@clearview.test');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/admin', { timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'nav');
    const visit = pageLoad(page.url(), await visitLoads());

    const reloadLoads = recordLoads(page);
    await page.reload({ waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'nav');
    return { visit, reload: pageLoad(page.url(), await reloadLoads()) };
  } finally {
    await context.close();
  }
}

export interface ThemeCss {
  /** One CSS file per theme in dist/assets (name-hash.css), except themes built into the entry's CSS. */
  files: { theme: string; file: string; rawBytes: number; gzipBytes: number }[];
  /** Themes with no file of their own (the default, bundled with the entry so the first paint is themed). */
  withoutFile: string[];
  /** Theme CSS files the guest's sign-in page fetched with the default theme (none expected). */
  fetchedByDefault: string[];
  /** A non-default theme a guest had chosen, and the theme CSS files that sign-in page fetched. */
  chosen: string;
  fetchedWhenChosen: string[];
}

export const themeOfCss = (file: string) => themeNames.find((name) => new RegExp(`^${name}-[\\w-]+\\.css$`).test(path.basename(file)));

export function themeCssFiles(distDir: string): ThemeCss['files'] {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets).flatMap((file) => {
    const theme = themeOfCss(file);
    if (!theme) return [];
    const bytes = readFileSync(path.join(assets, file));
    return [{ theme, file: `assets/${file}`, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length }];
  });
}

export interface BrowserResults {
  chromium: string;
  signIn: PageLoad;
  shell: { visit: PageLoad; reload: PageLoad };
  themes: ThemeCss;
  /** The booking pages' JS beyond the entry (bench/booking-js.ts). */
  booking: BookingJs;
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup('close Chromium', () => browser.close());
  return browser;
}

export async function measureBrowser(base: string, distDir: string): Promise<BrowserResults> {
  const browser = await launchChromium();
  try {
    log(`  sign-in route ${SIGN_IN_PATH}...`);
    const signIn = await loadSignIn(browser, base);
    log(`    ${signIn.js.count} JS files, ${kB(signIn.js.gzipBytes)} gzip (${kB(signIn.js.transferBytes)} as served)`);
    log('  admin: sign-in → shell, then a reload...');
    const shell = await loadShell(browser, base);
    log(`    visit ${kB(shell.visit.js.gzipBytes)} gzip, reload ${kB(shell.reload.js.gzipBytes)} gzip (${shell.reload.url})`);
    const files = themeCssFiles(distDir);
    const chosen = themeNames.find((name) => name !== defaultThemeSettings.theme.main && files.some((f) => f.theme === name)) ?? themeNames[0];
    log(`  a guest who chose ${chosen}...`);
    const themed = await loadSignIn(browser, base, chosen);
    log('  the booking pages...');
    const booking = await measureBookingJs(browser, base, distDir);
    logBookingJs(booking);
    const themeFiles = (load: PageLoad) => load.files.filter((f) => f.kind === 'css' && themeOfCss(f.path)).map((f) => f.path);
    return {
      chromium: browser.version(),
      signIn,
      shell,
      booking,
      themes: {
        files,
        withoutFile: themeNames.filter((name) => !files.some((f) => f.theme === name)),
        fetchedByDefault: themeFiles(signIn),
        chosen,
        fetchedWhenChosen: themeFiles(themed),
      },
    };
  } finally {
    await browser.close();
  }
}
