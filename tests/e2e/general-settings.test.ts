/**
 * General settings and stores in the browser, on a server of its own (the stories change the demo
 * company): the admin changes Uptown's receipt footer, hours and logo and sees them on a receipt and on the stores
 * screen; adds a store whose sign-in address then opens its sign-in page; changes the selected-row colour and the
 * lists' selected rows take it (templates, lab-order lookup, POS history). On a phone in Arabic (right to left, no
 * sideways scrolling) and axe-clean; staff are sent home.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';
import { expectHeading, expectPath, patience, readApi, signInAt, useBrowser } from './support/browser';
import { startServer } from './support/server';
import type { RunningServer } from './support/server';

let server: RunningServer | undefined;
beforeAll(async () => {
  server = await startServer({ timeoutMs: 300_000, dataTemplate: inject('e2eDataTemplate') });
}, 320_000);
afterAll(async () => {
  await server?.stop();
});
const e2e = useBrowser({
  server: {
    get baseURL() {
      return server!.baseURL;
    },
  },
});

/** A 1×1 PNG: Uptown's logo. */
const logoPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function signInAsAdmin(page: Page) {
  await signInAt(page, '/admin', { email: 'admin@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

async function uptownId(page: Page) {
  const { stores } = await readApi<{ stores: { id: string; name: string }[] }>(page, '/api/stores');
  return stores.find((s) => s.name === 'Uptown')!.id;
}

/**
 * A sale at the register the clerk's device chose (its name in the heading), as the register's client sends it:
 * the register opened with an empty float, Jane Doe buys a frame fitting in cash. Answers the invoice.
 */
async function sellAtOpenedRegister(page: Page): Promise<{ id: string; number: number }> {
  const heading = await page.getByRole('heading', { level: 1, name: /^Point of sale · / }).innerText();
  const registerName = heading.replace(/^Point of sale · /, '');
  return page.evaluate(
    async ({ registerName, jane }) => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
      const get = async (path: string) => (await fetch(path, { headers })).json();
      const post = async (path: string, body: unknown) => {
        const answer = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
        if (answer.status !== 201) throw new Error(`${path} refused: ${answer.status} ${await answer.text()}`);
        return answer.json();
      };
      const find = async () => (await get('/api/pos/registers')).registers.find((r: { name: string }) => r.name === registerName);
      await post(`/api/pos/registers/${(await find()).id}/sessions`, { float: [] });
      const register = await find();
      const { items } = await get(`/api/pos/products?locationId=${register.locationId}&q=${encodeURIComponent('Frame fitting')}&kind=service`);
      const hit = items[0];
      const total = hit.price + Math.round((hit.price * hit.taxRateBp) / 10_000);
      const sale = await post('/api/pos/sales', {
        clientSaleId: crypto.randomUUID(),
        registerSessionId: register.openSession.id,
        patientId: jane,
        lines: [{ productId: hit.id, quantity: 1 }],
        payments: [{ method: 'cash', amount: total, tendered: total }],
        shownTotal: total,
      });
      return { id: sale.invoice.id as string, number: sale.invoice.number as number };
    },
    { registerName, jane: 'c1ea0000-0000-4000-8000-0000000a0001' },
  );
}

describe('general settings', () => {
  it("the admin changes Uptown's receipt footer, hours and logo and sees them on a receipt and the stores screen", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    // The first page of a cold server on a busy machine may take longer than the usual patience.
    await page.goto('/admin/settings/general', { timeout: 60_000 });
    await expectPath(page, '/admin/settings/general/all');
    await expectHeading(page, 'General settings');
    expect(await axeViolations(page, '#content')).toEqual([]);

    // One setting opened directly: the sales group's receipt footer, for Uptown.
    await page.goto('/admin/settings/general/sales/receiptFooter');
    await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor(patience);
    await page.getByLabel('Settings for').selectOption({ label: 'Uptown' });
    await page.getByRole('textbox', { name: 'Staff: largest discount (%)' }).waitFor(patience);
    await page.getByText('This store has its own value').click();
    await page.getByRole('textbox', { name: 'Receipt footer' }).fill('Uptown thanks you! Returns within 30 days.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor(patience);

    // Uptown's hours: closed on Saturdays, open late on Thursdays.
    const uptown = await uptownId(page);
    await page.goto(`/admin/settings/general/store/${uptown}`);
    await page.getByRole('heading', { name: 'Store details', level: 2 }).waitFor(patience);
    const saturday = page.getByRole('group', { name: 'Saturday' });
    await saturday.getByText('Open', { exact: true }).click();
    // Closing before opening is refused: the summary takes the focus, and its link goes to Thursday's closing time.
    const thursdayCloses = page.getByRole('group', { name: 'Thursday' }).getByLabel('Closes');
    await thursdayCloses.fill('00:30');
    await page.getByRole('button', { name: 'Save' }).click();
    const hoursLink = 'Thursday, Closes: The closing time must be after the opening time';
    await expectSummaryFocused(page, hoursLink);
    expect(await thursdayCloses.getAttribute('aria-invalid')).toBe('true');
    await followSummaryLink(page, page, hoursLink, thursdayCloses);
    await thursdayCloses.fill('20:00');
    await page.getByRole('textbox', { name: 'Tax number' }).fill('TX-998877');
    // Uptown's own logo: chosen, previewed (removable), saved with the details.
    await page.locator('input[type=file]').setInputFiles({ name: 'uptown.png', mimeType: 'image/png', buffer: logoPng });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor(patience);
    await page.getByRole('button', { name: 'Remove the logo' }).waitFor(patience);
    expect(await axeViolations(page, '#content')).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor(patience);

    // The stores screen shows the hours.
    await page.goto('/admin/stores');
    await expectHeading(page, 'Stores');
    const card = page.getByRole('article', { name: 'Uptown' });
    await card.getByText('20:00').waitFor(patience);
    expect(await card.getByRole('definition').filter({ hasText: 'Closed' }).count()).toBe(2);

    // A receipt of an Uptown invoice carries the footer and the tax number.
    const lookup = await readApi<{ items: { id: string; patientId: string | null }[] }>(page, `/api/invoices?type=all&locationId=${uptown}`);
    const invoice = lookup.items.find((i) => i.patientId)!;
    await page.goto(`/admin/patients/invoice/${invoice.patientId}?invoice=${invoice.id}`);
    await page.getByTestId('receipt-footer').filter({ hasText: 'Uptown thanks you! Returns within 30 days.' }).waitFor(patience);
    await page.getByText('TX-998877').waitFor(patience);
    // The store's logo, over the company's.
    const logo = page.getByRole('img', { name: 'Logo of Clearview Optical' });
    await logo.waitFor(patience);
    expect(await logo.getAttribute('src')).toBe(`data:image/png;base64,${logoPng.toString('base64')}`);
  });

  it("the selected-row colour changes a list's selected row", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/settings/general/system/selectedRow');
    await page.getByRole('heading', { name: 'System preferences', level: 2 }).waitFor(patience);
    await page.getByLabel('Selected row back colour').fill('#ffcc80');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor(patience);

    await page.goto('/admin/template/email?key=auth.reset');
    await expectHeading(page, 'Email templates');
    const selected = page.locator('a[aria-current="page"]').filter({ hasText: /password/i }).first();
    await selected.waitFor(patience);
    expect(await selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 204, 128)');

    // The lab-order lookup: a checked order's row.
    await page.goto('/admin/laborderlookup/all?search=5001');
    await expectHeading(page, 'Lab orders');
    const check = page.getByRole('checkbox', { name: 'Select order 5001' });
    await check.check(patience);
    const checkedRow = page.locator('tbody tr').filter({ has: check });
    await expect.poll(() => checkedRow.evaluate((el) => getComputedStyle(el).backgroundColor), patience).toBe('rgb(255, 204, 128)');
    await check.uncheck();
    expect(await checkedRow.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 204, 128)');

    // The POS history: the chosen sale, sold by a Downtown clerk (who reads the company's colour too).
    const clerk = await e2e.newPage();
    await signInAt(clerk, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(clerk, '/admin/pos/all');
    await clerk.getByRole('button', { name: /^Use / }).first().click(patience);
    await clerk.getByText('The register is closed').waitFor(patience);
    const sale = await sellAtOpenedRegister(clerk);
    await clerk.goto(`/admin/pos/history?invoice=${sale.id}`);
    const chosenSale = clerk.getByRole('link', { name: new RegExp(`^Invoice ${sale.number} `) });
    await chosenSale.waitFor(patience);
    expect(await chosenSale.getAttribute('aria-current')).toBe('page');
    expect(await chosenSale.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 204, 128)');
  });

  it('in Arabic on a phone: right to left, no sideways scrolling, axe-clean; staff are sent home', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    const uptown = await uptownId(page);
    await page.goto(`/admin/settings/general/all/${uptown}`);
    await expectHeading(page, 'الإعدادات العامة');
    await page.getByRole('heading', { name: 'بيانات المتجر', level: 2 }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '#content')).toEqual([]);
    await page.goto('/admin/stores');
    await expectHeading(page, 'المتاجر');
    await page.getByRole('article').first().waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '#content')).toEqual([]);

    const staff = await e2e.newPage();
    await signInAt(staff, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(staff, '/admin/pos/all');
    for (const address of ['/admin/settings/general/all', '/admin/stores']) {
      await staff.goto(address);
      await expectPath(staff, '/admin/pos/all');
    }
  });
});

describe('stores', () => {
  it('the admin adds a store; its sign-in address opens the sign-in page', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    // The toolbar's store button leads admins here.
    await page.goto('/admin/stores');
    await expectHeading(page, 'Stores');
    await page.getByRole('button', { name: 'Add a store' }).click();
    await page.getByRole('textbox', { name: 'Store name' }).fill('Riverside');
    await page.getByRole('textbox', { name: 'Address name' }).fill('admin');
    await page.getByRole('textbox', { name: 'Time zone' }).fill('America/Chicago');
    await page.getByRole('button', { name: 'Add the store' }).click();
    const reserved = 'This word is reserved for the application’s own addresses: choose another';
    await page.getByText(reserved, { exact: true }).waitFor(patience);
    // Focus left the button for the summary, which links to the field.
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' });
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement), patience).toBe(true);
    expect(await summary.getByRole('link').allInnerTexts()).toEqual([`Address name: ${reserved}`]);
    await page.getByRole('textbox', { name: 'Address name' }).fill('riverside');
    // The field's message goes as the person edits it, before the button is pressed.
    await page.getByText(reserved, { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add the store' }).click();
    const card = page.getByRole('article', { name: 'Riverside' });
    await card.waitFor(patience);
    await card.getByText('Front desk', { exact: false }).waitFor(patience);
    await card.getByRole('link', { name: '/clearview/riverside' }).waitFor(patience);
    expect(await axeViolations(page, '#content')).toEqual([]);

    const guest = await e2e.newPage();
    await guest.goto('/clearview/riverside');
    await guest.getByText('Riverside').first().waitFor(patience);
    await guest.getByRole('button', { name: 'Sign in', exact: true }).waitFor(patience);
  });
});
