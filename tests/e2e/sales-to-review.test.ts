/**
 * Sales to review against the real server (Chromium, a server of this file's own: the sale changes the demo data).
 * The Downtown clerk opens the register; a sale made offline reaches the server with $8.00 more cash than the total
 * (the server keeps it as change and lists the sale). On a phone the clerk finds it on the work desk with the
 * reason and its figure, opens its invoice, comes back and marks it reviewed: it leaves the list, the reviewed ones
 * show who reviewed it, and the X report says it was reviewed. The view fits the phone and is axe-clean.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** An eye exam for Jane Doe sold offline, paid in cash $8.00 over its total; answers the invoice number. */
async function sellOverpaidOffline(page: Page, registerName: string): Promise<number> {
  return page.evaluate(
    async ({ registerName, jane }) => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
      const get = async (path: string) => (await fetch(path, { headers })).json();
      const { registers } = await get('/api/pos/registers');
      const register = registers.find((r: { name: string }) => r.name === registerName);
      const { items } = await get(`/api/pos/products?locationId=${register.locationId}&q=${encodeURIComponent('Comprehensive eye exam')}&kind=service`);
      const exam = items[0];
      const total = exam.price + Math.round((exam.price * exam.taxRateBp) / 10_000);
      const answer = await fetch('/api/pos/sales', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          clientSaleId: crypto.randomUUID(),
          registerSessionId: register.openSession.id,
          patientId: jane,
          lines: [{ productId: exam.id, quantity: 1 }],
          payments: [{ method: 'cash', amount: total + 800, tendered: total + 800 }],
          shownTotal: total,
          soldOffline: true,
        }),
      });
      if (answer.status !== 201) throw new Error(`The sale was refused: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { invoice: { number: number } }).invoice.number;
    },
    { registerName, jane: 'c1ea0000-0000-4000-8000-0000000a0001' },
  );
}

describe('sales to review', () => {
  it('a clerk finds an offline sale the server corrected, opens its invoice and marks it reviewed, on a phone', async () => {
    const page = await e2e.newPage();
    const registerName = await openDowntownRegister(page);
    const number = await sellOverpaidOffline(page, registerName);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/workdesk/review');
    await expectHeading(page, 'Work desk');
    const table = page.getByRole('table', { name: 'Sales to review, newest first' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Invoice ${number}` }) });
    await row.getByText('$8.00 more than the total was paid: it was kept as change, not as payment.').waitFor();
    expect(await row.innerText()).toContain('Jane Doe');
    expect(await row.innerText()).toContain(registerName);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await row.getByRole('link', { name: `Invoice ${number}` }).click();
    await expectHeading(page, 'Invoices of Jane Doe');
    await page.getByRole('article', { name: 'Receipt' }).waitFor();
    await page.goBack();
    await expectPath(page, '/admin/workdesk/review');

    await page.getByRole('button', { name: `Mark reviewed: invoice ${number}` }).click();
    await page.getByRole('status').filter({ hasText: `Invoice ${number} marked reviewed.` }).waitFor();
    await page.getByRole('rowheader', { name: `Invoice ${number}` }).waitFor({ state: 'detached' });
    // The switch's input is visually hidden: a person presses its label.
    await page.getByText('Show reviewed sales too').click();
    const reviewed = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Invoice ${number}` }) });
    await reviewed.getByText(/^Reviewed by Sam Staff, /).waitFor();

    await page.goto('/admin/pos/session');
    await page.getByRole('button', { name: 'X report' }).click();
    const report = page.getByRole('table', { name: /^Sales to review \(\d+\)$/ });
    const flagged = report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(number) }) });
    expect(await flagged.innerText()).toMatch(/Overpaid\s+Reviewed/);
  });
});
