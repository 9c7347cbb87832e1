/**
 * The phone of the page benches (bench/pages.ts, bench/chart.ts): Lighthouse's mobile profile applied with the
 * DevTools protocol in Playwright, a fresh phone per measure, and the signed-in steps they share.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed';

export const TIMEOUT = 30_000;

/** Lighthouse's mobile profile (its "slow 4G" plus a mid-range phone's CPU). */
export const mobile = { latencyMs: 150, downloadBps: (1.6 * 1024 * 1024) / 8, uploadBps: (750 * 1024) / 8, cpuSlowdown: 4 };

export const ms = (n: number) => `${Math.round(n)} ms`;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** JS files fetched from now on, with their gzip size (level 6, as the budgets count). */
export function recordJs(page: Page): () => Promise<{ path: string; gzipBytes: number }[]> {
  const seen = new Map<string, Promise<{ path: string; gzipBytes: number }>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
    const file = response.body().then((body) => ({ path: url.pathname, gzipBytes: gzipSync(body).length }));
    file.catch(() => {});
    seen.set(url.pathname, file);
  });
  return () => Promise.all(seen.values());
}

/** The mobile profile on (or off) for this tab: round trips, bandwidth and CPU. */
export async function throttle(cdp: CDPSession, on: boolean) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: on ? mobile.latencyMs : 0,
    downloadThroughput: on ? mobile.downloadBps : -1,
    uploadThroughput: on ? mobile.uploadBps : -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? mobile.cpuSlowdown : 1 });
}

/** The record page shows its data: its heading is there and no spinner is left in it. */
export async function dataShown(page: Page) {
  await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1, h1');
      return !!heading && document.querySelectorAll('[role="progressbar"]').length === 0;
    },
    undefined,
    { timeout: TIMEOUT, polling: 16 },
  );
}

/** In-app navigation the way wouter follows it (pushState, then popstate). */
export async function navigateInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Signs in at the Downtown address; answers the time from the button to the home page's data. `keyDelayMs` types
 * the credentials key by key, as a person does (the form starts fetching the home page's code at the first key);
 * without it they are filled at once.
 */
export async function signIn(page: Page, base: string, username: string, keyDelayMs?: number): Promise<number> {
  await page.goto(`${base}/clearview/downtown`, { waitUntil: 'networkidle', timeout: TIMEOUT });
  for (const [name, text] of [['username', username], ['password', DEMO_PASSWORD]] as const) {
    const field = page.locator(`input[name="${name}"]`);
    if (keyDelayMs) await field.pressSequentially(text, { delay: keyDelayMs });
    else await field.fill(text);
  }
  const started = performance.now();
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/clearview/downtown', { timeout: TIMEOUT });
  await dataShown(page);
  return performance.now() - started;
}

/** Lighthouse's own phone (its mobile preset's user agent): the server draws the phone's layout for it. */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
let phones = 0;

/**
 * A fresh phone of Lighthouse's mobile profile (412×823), with its own client address (the server trusts the proxy
 * header here): its own sign-in budget.
 */
export const phoneContext = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.55.0.${++phones}` },
  });
