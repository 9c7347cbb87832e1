/**
 * The first paint from the server (server/firstPaint/firstPaint.ts, docs/architecture.md): a page load of a patient
 * page in a signed-in tab gets a document that already shows the page with its data; the app then takes over. Over
 * HTTP as a client: whose data a document may hold (the signed-in patient's only; nothing for another company's
 * patient, for staff, after logout or without the cookie) and how it is sent. In the browser: the data is on screen
 * before the app's code runs, the app takes over with one page and works, and another tab never shows it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { defaultThemeSettings } from '../../src/contract/themes';
import { DEMO_PASSWORD, expectHeading, expectPath, nextClientAddress, signInAt, useBrowser, userMenu } from './support/browser';

const e2e = useBrowser();

const jane = { id: 'c1ea0000-0000-4000-8000-0000000a0001', downtown: 'c1ea0000-0000-4000-8000-00000000d001' };
/** The store sign-in addresses' tenant and store (server/db/seed.ts). */
const stores = {
  clearview: { tenentID: 'c1ea0000-0000-4000-8000-000000000001', locationid: jane.downtown },
  brightsight: { tenentID: 'b1e00000-0000-4000-8000-000000000002', locationid: 'b1e00000-0000-4000-8000-00000000d001' },
};

interface SignedIn {
  token: string;
  /** The cookie header a browser would send to a page of the app. */
  cookie: string;
}

/** Signs in over HTTP as the browser's sign-in form does; the page cookie comes back as a browser keeps it. */
async function signIn(username: string, store: Record<string, unknown> = stores.clearview): Promise<SignedIn> {
  const res = await fetch(`${e2e.baseURL}/api/patient/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextClientAddress() },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, ...store }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string };
  const page = res.headers.getSetCookie().find((cookie) => cookie.startsWith('pp_page='));
  expect(page, 'the sign-in sets the page cookie').toBeDefined();
  expect(page).toMatch(/HttpOnly/i);
  expect(page).toMatch(/SameSite=Strict/i);
  expect(page).toMatch(/Path=\//);
  return { token: body.access_token, cookie: page!.split(';', 1)[0]! };
}

/** A page load of the app's address with that cookie. */
const pageLoad = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${e2e.baseURL}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

const drawn = (html: string) => html.includes('id="first-paint"');

/**
 * The default theme, so that the person's pages are drawn (another theme's CSS is a chunk the document does not
 * carry: the app then draws the page itself; the theme panel's test may have chosen one).
 */
async function chooseDefaultTheme(session: SignedIn) {
  const saved = await fetch(`${e2e.baseURL}/api/patient/savethemesettings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data: { settings: defaultThemeSettings, shortcuts: [] } }),
  });
  expect(saved.status).toBe(200);
}

async function janesFirstRx(token: string) {
  const res = await fetch(`${e2e.baseURL}/api/my/prescriptions`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { spectacle: { id: string }[] }).spectacle[0]!.id;
}

describe('the document of a patient page, over HTTP', () => {
  it("holds the signed-in patient's own data, is never cached, and runs under the strict policy", async () => {
    const session = await signIn('patient@clearview.test');
    const res = await pageLoad('/patient/rxinfo', session.cookie, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(drawn(html)).toBe(true);
    // Jane's newest spectacle Rx as the page shows it: her prescriber and OD sphere, with its heading.
    expect(html).toContain('Prescriptions (Rx)');
    expect(html).toContain('Dr. Maya Patel');
    expect(html).toContain('-2.50');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('content-encoding')).toBe('br');
    // One inline script, the guard, allowed by its hash; nothing else inline may run.
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    // The token stays in its HttpOnly cookie: the page's script never sees it in the document.
    expect(html).not.toContain(session.token);
  });

  it('is the plain app without the cookie, for a page that is not a patient page, and for staff', async () => {
    expect(drawn(await (await pageLoad('/patient/rxinfo')).text())).toBe(false);
    expect(drawn(await (await pageLoad('/patient/rxinfo', 'pp_page=not-a-token')).text())).toBe(false);
    const jane = await signIn('patient@clearview.test');
    expect(drawn(await (await pageLoad('/pages/profile', jane.cookie)).text())).toBe(false);
    const admin = await signIn('admin@clearview.test');
    expect(drawn(await (await pageLoad('/patient/rxinfo', admin.cookie)).text())).toBe(false);
  });

  it("holds the enterprise admin's own home: one row per company", async () => {
    const enterprise = await signIn('enterprise@portal.test', { isEnterpriseAdmin: true });
    const html = await (await pageLoad('/admin/dashboard/patients', enterprise.cookie)).text();
    expect(drawn(html)).toBe(true);
    expect(html).toContain('Clearview Optical');
    expect(html).toContain('Brightsight Eyecare');
  });

  it("never holds Jane's records for John Roe of the other company, whatever ids the address carries", async () => {
    const janeSession = await signIn('patient@clearview.test');
    const rxId = await janesFirstRx(janeSession.token);
    const john = await signIn('patient@brightsight.test', stores.brightsight);
    await chooseDefaultTheme(john);
    for (const path of ['/patient/rxinfo', `/patient/rxinfo/orders/${rxId}/${jane.id}/${jane.downtown}`, '/admin/dashboard/patients']) {
      const html = await (await pageLoad(path, john.cookie)).text();
      expect(html, path).not.toContain('Jane');
      expect(html, path).not.toContain('Dr. Maya Patel');
      expect(html, path).not.toContain(rxId);
    }
    // His own pages are drawn, with his own data.
    expect(await (await pageLoad('/admin/dashboard/patients', john.cookie)).text()).toContain('Hello, <bdi>John</bdi>');
    expect(drawn(await (await pageLoad('/patient/rxinfo', john.cookie)).text())).toBe(true);
  });

  it("draws two patients' pages at the same time, each with only their own data", async () => {
    const janeSession = await signIn('patient@clearview.test');
    const john = await signIn('patient@brightsight.test', stores.brightsight);
    await chooseDefaultTheme(john);
    // The same page for both, interleaved and all in flight together: a drawing that used the other's session or
    // answers would show the other's prescriber.
    const loads = Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? 'jane' : 'john') as 'jane' | 'john');
    const documents = await Promise.all(
      loads.map(async (who) => ({ who, html: await (await pageLoad('/patient/rxinfo', who === 'jane' ? janeSession.cookie : john.cookie)).text() })),
    );
    for (const { who, html } of documents) {
      expect(drawn(html), who).toBe(true);
      if (who === 'jane') {
        expect(html).toContain('Dr. Maya Patel');
        expect(html).not.toContain('Dr. Aaron Whitfield');
      } else {
        expect(html).toContain('Dr. Aaron Whitfield');
        expect(html).not.toContain('Dr. Maya Patel');
      }
    }
  });

  it('is the plain app once the patient has logged out, even with the old cookie', async () => {
    const session = await signIn('patient@clearview.test');
    expect(drawn(await (await pageLoad('/patient/recalls', session.cookie)).text())).toBe(true);
    const logout = await fetch(`${e2e.baseURL}/api/patient/logout`, { method: 'POST', headers: { Authorization: `Bearer ${session.token}` } });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((cookie) => /^pp_page=;/.test(cookie))).toBe(true);
    expect(drawn(await (await pageLoad('/patient/recalls', session.cookie)).text())).toBe(false);
  });
});

interface Parsed {
  heading: string | null;
  firstPaintShown: boolean;
  appScriptRan: boolean;
}

/** What a person sees the moment the document has been parsed, before any of the app's code has run. */
async function atDocumentParsed(page: Page, path: string) {
  let report: (value: Parsed) => void = () => {};
  const seen = new Promise<Parsed>((resolve) => (report = resolve));
  await page.exposeFunction('reportParsed', (value: Parsed) => report(value));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const drawing = document.getElementById('first-paint');
      (window as unknown as { reportParsed: (value: unknown) => void }).reportParsed({
        heading: document.querySelector('#first-paint h1')?.textContent ?? null,
        firstPaintShown: !!drawing && getComputedStyle(drawing).display !== 'none',
        appScriptRan: document.querySelectorAll('script[type="module"]').length > 0,
      });
    });
  });
  await page.goto(path);
  return seen;
}

describe('the first paint in the browser', () => {
  it("shows Jane's Rx before the app's code runs; the app then takes over with one page that works", async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');
    await userMenu(page, 'Jane Doe').waitFor();

    const parsed = await atDocumentParsed(page, '/patient/rxinfo');
    expect(parsed).toEqual({ heading: 'Prescriptions (Rx)', firstPaintShown: true, appScriptRan: false });

    await expectHeading(page, 'Prescriptions (Rx)');
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByText('Dr. Maya Patel').first().waitFor();
    // The app's own page: its links navigate inside the app.
    await page.getByRole('link', { name: 'Orders made from this prescription' }).first().click();
    await expectHeading(page, 'Orders from this prescription');
  });

  it("a press on 'Book a visit' before the app takes over is kept: the app opens the booking at the hand-off", async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');
    await userMenu(page, 'Jane Doe').waitFor();

    // A slow phone: the app's script arrives only after the person has pressed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/patient/appointment', { waitUntil: 'domcontentloaded' });
    const drawnButton = page.locator('#first-paint').getByRole('button', { name: 'Book a visit' });
    await drawnButton.click();
    // Still the server's drawing: the press is shown as waiting, not lost.
    expect(await page.locator('#first-paint').count()).toBe(1);
    expect(await drawnButton.evaluate((button) => getComputedStyle(button).cursor)).toBe('progress');
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(true);
    release();

    await page.locator('#first-paint').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: 'Book a visit' }).waitFor({ timeout: 15_000 });
    await page.getByText('What is the visit for?').waitFor();
    expect(await page.getByRole('button', { name: 'Book a visit' }).count()).toBe(0);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
  });

  it('is never shown in another tab, which has no session of its own, nor in a language other than its own', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');

    const other = await page.context().newPage();
    const parsed = await atDocumentParsed(other, '/patient/rxinfo');
    expect(parsed.firstPaintShown).toBe(false);
    await expectHeading(other, 'Sign in');
    expect(await other.getByText('Dr. Maya Patel').count()).toBe(0);

    // The same tab after choosing Arabic: the app draws the page itself, in Arabic.
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    const arabic = await atDocumentParsed(page, '/patient/rxinfo');
    expect(arabic.firstPaintShown).toBe(false);
    await page.locator('html[dir="rtl"]').waitFor();
    await expectPath(page, '/patient/rxinfo');
  });
});
