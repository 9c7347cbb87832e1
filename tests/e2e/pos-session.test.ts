/**
 * Issue 15, the register's session (Chromium, a server of this file's own: opening and closing a register changes
 * the demo data other stories read). A clerk of Downtown lands on the POS, chooses the device's register, opens it
 * with a float counted by denomination, records a pay-in, prints the X report, and closes with the counted cash: the
 * Z report shows the expected cash, the counted cash and the difference. The tabs are links a keyboard reaches; on a
 * phone in Arabic the page fits the screen and the user menu (with Logout) is there without the toolbar.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
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
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

async function signInAsClerk(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

/** The first register of the store, chosen for this device: its name. */
async function chooseRegister(page: Page): Promise<string> {
  const use = page.getByRole('button', { name: /^Use / }).first();
  await use.waitFor();
  const name = (await use.innerText()).replace(/^Use /, '');
  await use.click();
  await expectHeading(page, `Point of sale · ${name}`);
  return name;
}

describe('the register session', () => {
  it('opens with a float, takes a pay-in, prints the X report and closes on the Z report with the difference', { timeout: 180_000 }, async () => {
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
    await open.getByRole('button', { name: 'Open the register' }).click();
    await page.getByRole('heading', { name: 'The register is open' }).waitFor();

    // A pay-in with its reason: the expected cash follows.
    const movement = page.getByRole('form', { name: 'Pay-in or pay-out' });
    await movement.getByLabel('Amount (USD)').fill('15');
    await movement.getByLabel('Reason').fill('Change from the bank');
    await movement.getByRole('button', { name: 'Record pay-in' }).click();
    await page.getByText('$125.00').waitFor();

    // The X report, printed on the roll.
    await page.getByRole('button', { name: 'X report' }).click();
    const x = page.getByRole('article', { name: 'X report' });
    await x.waitFor();
    expect(await x.innerText()).toContain('Change from the bank');
    await page.getByRole('button', { name: 'Print the X report' }).click();
    expect(await printed(page)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Register' }).isVisible()).toBe(false);
    expect(await x.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Back to the session' }).click();

    // The close: one dollar short.
    await page.getByRole('button', { name: 'Close the register' }).click();
    const close = page.getByRole('form', { name: 'Close the register' });
    await close.getByLabel('Number of $20.00').fill('6');
    await close.getByLabel('Number of $1.00').fill('4');
    const figures = close.getByLabel('Cash at close');
    await figures.getByText('-$1.00').waitFor();
    expect(await figures.innerText()).toContain('$125.00');
    await close.getByRole('button', { name: 'Close and print the Z report' }).click();
    const z = page.getByRole('article', { name: 'Z report' });
    await z.waitFor();
    const text = await z.innerText();
    expect(text).toMatch(/Expected cash\s*\$125\.00/);
    expect(text).toMatch(/Counted cash\s*\$124\.00/);
    expect(text).toMatch(/Difference\s*-\$1\.00/);
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
