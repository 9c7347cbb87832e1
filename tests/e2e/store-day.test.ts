/**
 * The store-day summary against the real server (Chromium, a server of this file's own: the sale changes the demo
 * data). Clearview's admin opens the Downtown front desk with a $100.00 float and sells two cleaning cloths in cash,
 * then opens 'Store day' from the navigation: today's sale, its cash in the payments by method, the front desk's
 * session with its expected cash, and no unbalanced invoice. On a phone in Arabic the same summary reads right to
 * left with no sideways scrolling. Axe finds nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

/** Opens the Downtown front desk ($100.00 float) and sells two cloths in cash through the API; answers the sale's total. */
async function sellTwoCloths(page: Page): Promise<number> {
  return page.evaluate(async (downtown) => {
    const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
    const send = async (path: string, body?: unknown) => {
      const answer = await fetch(path, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
      if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return answer.json();
    };
    const { registers } = await send('/api/pos/registers');
    const front = registers.find((r: { name: string; locationId: string }) => r.name === 'Front desk' && r.locationId === downtown);
    const session = await send(`/api/pos/registers/${front.id}/sessions`, { float: [{ denomination: 2_000, count: 5 }] });
    const { items } = await send(`/api/pos/products?locationId=${downtown}&q=AC-CLOTH`);
    const cloth = items[0];
    const total = 2 * cloth.price + Math.round((2 * cloth.price * cloth.taxRateBp) / 10_000);
    await send('/api/pos/sales', {
      clientSaleId: crypto.randomUUID(),
      registerSessionId: session.id,
      patientId: null,
      lines: [{ productId: cloth.id, quantity: 2 }],
      payments: [{ method: 'cash', amount: total, tendered: total }],
      shownTotal: total,
    });
    return total;
  }, downtown);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('the store-day summary', () => {
  it("an admin opens today's summary and sees the day's figures; on a phone in Arabic too", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    const total = await sellTwoCloths(page);

    await page.getByRole('navigation').getByRole('link', { name: 'Store day', exact: true }).click();
    await expectPath(page, '/admin/reports/storeday');
    await expectHeading(page, 'Store day');
    const filters = page.getByRole('search', { name: 'Report filters' });
    await filters.getByLabel('Store', { exact: true }).selectOption({ label: 'Downtown' });
    await filters.getByRole('button', { name: 'Show report' }).click();

    const sessions = page.getByRole('table', { name: 'Register sessions: the figures of the chart' });
    const front = sessions.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: 'Front desk' }) });
    await front.waitFor();
    // Float, cash in, cash out, pay-ins, pay-outs, expected cash: the float and the sale; not yet counted.
    const cells = await front.locator('td').allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['$100.00', dollars(total)]);
    expect(cells[5]).toBe(dollars(10_000 + total));
    const totals = await page.locator('dl[aria-label="Totals"]').innerText();
    expect(totals).toContain('Expected cash');
    expect(totals).toContain('Unbalanced invoices');
    const invoices = page.getByRole('table', { name: 'Invoices of the day: the figures of the chart' });
    expect(await invoices.locator('tbody tr th').allInnerTexts()).toEqual(['Sales', 'Refunds', 'Voids']);
    const cash = page.getByRole('table', { name: 'Payments by method: the figures of the chart' }).locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: 'Cash' }) });
    expect(await cash.innerText()).toContain(dollars(total));
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The reader's language, as the language menu keeps it; the next page load is in Arabic, on a phone.
    const phone = await e2e.newPage({ phone: true });
    await signInAt(phone, '/clearview/downtown', { email: 'admin@clearview.test' });
    await expectPath(phone, '/admin/pos/all');
    await phone.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await phone.goto(`/admin/reports/storeday?store=${downtown}`);
    await expectHeading(phone, 'يوم المتجر');
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const arabicSessions = phone.getByRole('table', { name: 'جلسات الصناديق: أرقام المخطط' });
    await arabicSessions.getByRole('rowheader', { name: 'Front desk' }).waitFor();
    await phone.getByRole('table', { name: 'فواتير اليوم: أرقام المخطط' }).getByRole('rowheader', { name: 'المبيعات' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone, 'main')).toEqual([]);
  });
});
