/**
 * Debian's Chromium driven by playwright-core (no downloaded browser), one browser per test file and one fresh
 * context (cookies, storage, client address) per test, plus the steps a person takes on the sign-in screens.
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildId } from './server';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** Wide enough for the side navbar (below 1280 px it becomes a drawer). */
const viewport = { width: 1366, height: 900 };

/** How long an expectation waits for the page (the shell and each page load lazily). */
export const patience = { timeout: 15_000 };

let clients = 0;

/**
 * A distinct client address per context or API client, sent as the only X-Forwarded-For entry: the e2e server
 * trusts one proxy hop (TRUST_PROXY=1, global-setup.ts), so this rightmost entry is the client's address.
 */
export function nextClientAddress(): string {
  clients += 1;
  return `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/** A phone's viewport (the public eForm page is read on phones). */
const phone = { width: 390, height: 844 };

export interface PageOptions {
  /** A phone's viewport instead of the desktop's. */
  phone?: boolean;
  /** The language the reader chose before (stored where the app and the eForm page keep it). */
  language?: 'en' | 'tr' | 'ar';
}

export interface E2E {
  readonly baseURL: string;
  /** A fresh context (own cookies, storage and client address) with one page; closed after the test. */
  newPage(options?: PageOptions): Promise<Page>;
}

export interface BrowserOptions {
  /**
   * The server the pages open (its baseURL is read when a test runs): the file's own, e.g. support/outbox.ts
   * useOutboxServer. The shared e2e server of global-setup.ts unless given.
   */
  server?: { readonly baseURL: string };
}

/** The shared server of this file's worker (global-setup.ts starts one per worker). */
function workerServerURL(): string {
  const urls = inject('e2eBaseURLs');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  return urls[(worker - 1) % urls.length]!;
}

/** Registers the browser's hooks for a test file and gives the file its helpers. */
export function useBrowser({ server }: BrowserOptions = {}): E2E {
  const shared = server ? '' : workerServerURL();
  const base = () => server?.baseURL ?? shared;
  let browser: Browser | null = null;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch(launchOptions);
  });
  // Before blaming the app: is this still the server and the build the run started with?
  beforeEach(async () => {
    if (buildId() !== inject('e2eBuildId')) {
      throw new Error(
        'dist/ was rebuilt after the e2e server started; the server only serves the assets it found at start-up. ' +
          'Run the e2e tests again once the build is done.',
      );
    }
    const health = await fetch(`${base()}/api/health`).catch((error: unknown) => error);
    if (!(health instanceof Response) || !health.ok) {
      throw new Error(`The e2e server at ${base()} does not answer /api/health any more (it exited or was stopped).`);
    }
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get baseURL() {
      return base();
    },
    async newPage({ phone: onPhone = false, language }: PageOptions = {}) {
      if (!browser) throw new Error('The browser is not running');
      const context = await browser.newContext({
        baseURL: base(),
        viewport: onPhone ? phone : viewport,
        locale: 'en-US',
        extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() },
      });
      context.setDefaultTimeout(patience.timeout);
      open.push(context);
      if (language) await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      return context.newPage();
    },
  };
}

/** Waits until the address bar shows `path` (the guard may pass through other addresses first). */
export async function expectPath(page: Page, path: string) {
  try {
    await page.waitForURL((url) => url.pathname === path, patience);
  } catch {
    // Say where the page is and what it tells the person (a sign-in error, say), not just 'timeout'.
    const alerts = await page.getByRole('alert').allInnerTexts();
    const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
    expect.fail(
      `Expected the address ${path}, but the page stayed at ${new URL(page.url()).pathname}` +
        ` (heading: ${JSON.stringify(headings)}, alerts: ${JSON.stringify(alerts)})`,
    );
  }
}

/**
 * A page of the app is a level-1 heading; the shell and the page's code load lazily, so this waits. A page load of a
 * patient page shows the server's drawing first (server/firstPaint/firstPaint.ts): this also waits for the app to take over.
 */
export async function expectHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor(patience);
  await page.locator('#first-paint').waitFor({ state: 'detached', ...patience });
}

export interface Credentials {
  email: string;
  password?: string;
  /** Ticks 'Enterprise admin' on the admin sign-in page. */
  enterpriseAdmin?: boolean;
}

/** Types the credentials into the sign-in form that is showing and submits it, as a person would. */
export async function submitSignIn(page: Page, { email, password = DEMO_PASSWORD, enterpriseAdmin = false }: Credentials) {
  await page.getByLabel('User name (email)', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (enterpriseAdmin) {
    // The box is drawn over the (visually hidden) input: a person clicks its label.
    await page.getByText('Enterprise admin', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Enterprise admin' }).isChecked()).toBe(true);
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens a sign-in address and signs in there. */
export async function signInAt(page: Page, address: string, credentials: Credentials) {
  await page.goto(address);
  await submitSignIn(page, credentials);
}

/** The enterprise admin signs in at /admin and lands on the dashboard. */
export async function signInAsEnterprise(page: Page) {
  await signInAt(page, '/admin', { email: 'enterprise@portal.test', enterpriseAdmin: true });
  await expectPath(page, '/admin/dashboard/patients');
}

/** The page fits the window's width: nothing scrolls sideways. */
export function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The user menu in the toolbar names the signed-in user. */
export function userMenu(page: Page, displayName: string) {
  return page.getByRole('button', { name: `User menu: ${displayName}`, exact: true });
}

/** A GET of the API on the page's own session (its token and tenant), as a client would read what the screen shows. */
export async function readApi<T>(page: Page, path: string): Promise<T> {
  const { token, tenant } = await page.evaluate(() => ({ token: sessionStorage.getItem('access_token'), tenant: sessionStorage.getItem('tenantID') }));
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Tenant-ID': tenant! } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
}
