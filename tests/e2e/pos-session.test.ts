/**
 * The register's session (Chromium, a server of this file's own: opening and closing a register changes
 * the demo data other stories read). A clerk of Downtown lands on the POS, chooses the device's register, opens it
 * with a float counted by denomination, records a pay-in, prints the X report; a sale to Jane is in the history,
 * reprinted and emailed, one line refunded in cash once despite a double click; the close with the counted cash
 * ends on the Z report with the expected cash, the counted cash and the difference. The tabs are links a keyboard reaches; on a
 * phone in Arabic the page fits the screen and the user menu (with Logout) is there without the toolbar. axe-clean
 * (WCAG 2.1 A/AA) at each step.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { axeViolations } from './support/axe';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** window.print opens no dialog in the test: each call is counted instead. */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
}
/**
 * A sale at the register as its client sends it (the sale screen is built beside this story): Jane Doe buys an eye
 * exam and a frame fitting, paid in cash with $150 handed over. Through the page's own session, so the same token
 * and tenant as the screens. Answers the invoice number and the total.
 */
async function sellToJane(page: Page, registerName: string): Promise<{ number: number; total: number }> {
  return page.evaluate(
    async ({ registerName, jane }) => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
      const get = async (path: string) => (await fetch(path, { headers })).json();
      const { registers } = await get('/api/pos/registers');
      const register = registers.find((r: { name: string }) => r.name === registerName);
      const lines = [];
      let total = 0;
      for (const q of ['Comprehensive eye exam', 'Frame fitting']) {
        const { items } = await get(`/api/pos/products?locationId=${register.locationId}&q=${encodeURIComponent(q)}&kind=service`);
        const hit = items[0];
        lines.push({ productId: hit.id, quantity: 1 });
        total += hit.price + Math.round((hit.price * hit.taxRateBp) / 10_000);
      }
      const answer = await fetch('/api/pos/sales', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          clientSaleId: crypto.randomUUID(),
          registerSessionId: register.openSession.id,
          patientId: jane,
          lines,
          payments: [{ method: 'cash', amount: total, tendered: 15_000 }],
          shownTotal: total,
        }),
      });
      if (answer.status !== 201) throw new Error(`The sale was refused: ${answer.status} ${await answer.text()}`);
      const sale = await answer.json();
      return { number: sale.invoice.number as number, total };
    },
    { registerName, jane: 'c1ea0000-0000-4000-8000-0000000a0001' },
  );
}

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);
/** The headings and cells of a report's tables that the current media hides (with their column's text). */
const hiddenCells = (report: Locator) =>
  report.locator('table').evaluateAll((tables) =>
    tables.flatMap((table) => [...table.querySelectorAll('th, td')].filter((cell) => getComputedStyle(cell).display === 'none').map((cell) => cell.textContent)),
  );

async function signInAsClerk(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

/** The first register of the store, chosen for this device: its name. */
async function chooseRegister(page: Page): Promise<string> {
  const use = page.getByRole('button', { name: /^Use / }).first();
  await use.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const name = (await use.innerText()).replace(/^Use /, '');
  await use.click();
  await expectHeading(page, `Point of sale · ${name}`);
  return name;
}

describe('the register session', () => {
  it('opens with a float, takes a pay-in, prints the X report, reprints and refunds a sale, closes on the Z report with the difference', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await countPrints(page);
    await signInAsClerk(page);
    await expectHeading(page, 'Point of sale');
    const register = await chooseRegister(page);

    // A sale needs the register open: the sale tab says so and leads to the session tab.
    await page.getByText('The register is closed').waitFor();
    await page.getByRole('link', { name: 'Open the register' }).click();
    await expectPath(page, '/admin/pos/session');
    const open = page.getByRole('form', { name: `Open ${register}` });
    await open.getByLabel('Number of $20.00').fill('5');
    await open.getByLabel('Number of $1.00').fill('10');
    await open.getByText('Float: $110.00').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await open.getByRole('button', { name: 'Open the register' }).click();
    await page.getByRole('heading', { name: 'The register is open' }).waitFor();

    // A pay-in with its reason: the expected cash follows.
    const movement = page.getByRole('form', { name: 'Pay-in or pay-out' });
    await movement.getByLabel('Amount (USD)').fill('15');
    await movement.getByLabel('Reason').fill('Change from the bank');
    await movement.getByRole('button', { name: 'Record pay-in' }).click();
    await page.getByText('$125.00').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The X report, printed on the roll.
    await page.getByRole('button', { name: 'X report' }).click();
    const x = page.getByRole('article', { name: 'X report' });
    await x.waitFor();
    expect(await x.innerText()).toContain('Change from the bank');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Print the X report' }).click();
    expect(await printed(page)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Register' }).isVisible()).toBe(false);
    expect(await x.isVisible()).toBe(true);
    // On the roll every figure of the report prints: the pay-in's reason and amount, each method's count and amount.
    expect(await hiddenCells(x)).toEqual([]);
    expect(await x.getByText('Change from the bank').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Back to the session' }).click();

    // A sale today: the history lists it; its receipt reprints on the roll and is emailed to Jane.
    const sale = await sellToJane(page, register);
    expect(sale.total).toBe(12_000);
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expectPath(page, '/admin/pos/history');
    await page.getByRole('link', { name: new RegExp(`^Invoice ${sale.number} `) }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    expect(await receipt.innerText()).toContain('Frame fitting and adjustment');
    await page.getByLabel('Paper').selectOption('roll');
    await page.getByRole('button', { name: 'Reprint receipt' }).click();
    expect(await printed(page)).toBe(2);
    await page.getByRole('button', { name: 'Email receipt' }).click();
    await page.getByText(/^Receipt queued for /).waitFor();

    // The fitting is refunded in cash: a double click refunds once.
    const refund = page.getByRole('form', { name: `Refund sale ${sale.number}` });
    await refund.getByLabel('Quantity of Frame fitting and adjustment to refund').fill('1');
    await refund.getByLabel('Reason').fill('Fitting not needed');
    await refund.getByRole('button', { name: 'Refund', exact: true }).dblclick();
    await refund.getByText('Refunded: Cash $25.00').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The day's list: the sale and one refund of it.
    await page.getByRole('link', { name: /^Refund \d+ / }).waitFor();
    expect(await page.getByRole('link', { name: /^Refund \d+ / }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /^Invoice \d+ / }).count()).toBe(1);

    // The store's parked sales and quotes: none yet.
    await page.getByRole('link', { name: 'Parked', exact: true }).click();
    await page.getByText(/^No parked sales or quotes/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The close: float $110 + pay-in $15 + cash $120 − refund $25 = $220 expected; one dollar short.
    await page.getByRole('link', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Close the register' }).click();
    const close = page.getByRole('form', { name: 'Close the register' });
    await close.getByLabel('Number of $20.00').fill('10');
    await close.getByLabel('Number of $1.00').fill('19');
    const figures = close.getByLabel('Cash at close');
    await figures.getByText('-$1.00').waitFor();
    expect(await figures.innerText()).toContain('$220.00');
    expect(await axeViolations(page)).toEqual([]);
    expect(await close.getByRole('table', { name: 'Totals by payment method' }).innerText()).toContain('Cash');
    await close.getByRole('button', { name: 'Close and print the Z report' }).click();
    const z = page.getByRole('article', { name: 'Z report' });
    await z.waitFor();
    const text = await z.innerText();
    expect(text).toMatch(/Expected cash\s*\$220\.00/);
    expect(text).toMatch(/Counted cash\s*\$219\.00/);
    expect(text).toMatch(/Difference\s*-\$1\.00/);
    expect(text).toMatch(/Sales: 1\s*\$120\.00/);
    // 'Close and print': the Z report printed once it was on the page.
    await expect.poll(() => printed(page)).toBe(3);
    await page.emulateMedia({ media: 'print' });
    expect(await hiddenCells(z)).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    expect(await axeViolations(page)).toEqual([]);
    // Closed: the sale tab asks for the register to be opened again.
    await page.getByRole('link', { name: 'Sale', exact: true }).click();
    await page.getByText('The register is closed').waitFor();

    // The tabs are links in the keyboard's order.
    const session = page.getByRole('link', { name: 'Session' });
    await session.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/pos/session');
  });

  it('on a phone in Arabic: fits the screen, remembers the register, and keeps the user menu without the toolbar', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsClerk(page);
    // The reader's language, as the language menu keeps it; the next page load is in Arabic.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await expectHeading(page, 'نقطة البيع');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: /^استخدام / }).first().click();
    await page.getByRole('heading', { level: 1, name: /^نقطة البيع · / }).waitFor();
    await page.getByRole('link', { name: 'الجلسة' }).click();
    await expectPath(page, '/admin/pos/session');
    await page.getByRole('group', { name: 'النقد الافتتاحي' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The other tabs fit too: the parked list, and the history with the first story's sale on this register and its
    // receipt (the stories run in order).
    await page.getByRole('link', { name: 'المعلّقة' }).click();
    await page.getByRole('heading', { name: 'المبيعات المعلّقة وعروض الأسعار في هذا المتجر' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'السجل' }).click();
    await page.getByRole('link', { name: /^الفاتورة / }).click();
    await page.getByRole('article', { name: 'إيصال' }).waitFor();
    await page.getByText('افتح الصندوق لاسترداد هذا البيع.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'الجلسة' }).click();

    // Reloaded, the device keeps its register.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^نقطة البيع · / }).waitFor();
    await page.getByRole('group', { name: 'النقد الافتتاحي' }).waitFor();

    // The navigation drawer and the user menu, with Logout, in the compact bar.
    const bar = page.getByRole('group', { name: 'التنقل والحساب' });
    await bar.getByRole('button', { name: 'فتح قائمة التنقل' }).click();
    await page.getByRole('dialog', { name: 'التنقل' }).getByRole('navigation', { name: 'التنقل' }).waitFor();
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'قائمة المستخدم: Sam Staff' }).click();
    await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'نعم' }).click();
    await expectPath(page, '/clearview/downtown');
  });
});
