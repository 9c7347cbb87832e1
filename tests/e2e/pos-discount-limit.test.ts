/**
 * The register holds a clerk to the store's discount limit as the admin sets it (general settings, sales), the one
 * the server holds the sale to (Chromium, a server of this file's own: the limit changes the demo company). The
 * admin lowers Downtown's staff limit to 5 %; at Downtown's register the clerk is refused 10 % at the field, gives
 * 5 % and the server records the sale with it. The device keeps the limit with the register, for a sale offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

async function setDowntownStaffLimit(page: Page, percent: string) {
  await signInAt(page, '/admin', { email: 'admin@clearview.test' });
  await expectPath(page, '/admin/pos/all');
  await page.goto('/admin/settings/general/sales', { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Sales', level: 2 }).waitFor(patience);
  await page.getByLabel('Settings for').selectOption({ label: 'Downtown' });
  const limit = page.getByRole('textbox', { name: 'Staff: largest discount (%)' });
  await limit.waitFor(patience);
  await limit.fill(percent);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor(patience);
}

/** The order discount form: the percentage and reason typed, Apply pressed. */
async function orderDiscount(page: Page, percent: string) {
  const form = page.getByRole('form', { name: 'Discount on the order' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: /^(Discount|Change): Discount on the order$/ }).click();
  await form.getByLabel('Discount', { exact: true }).fill(percent);
  await form.getByLabel('Reason').fill('Loyal customer');
  await form.getByRole('button', { name: 'Apply discount' }).click();
  return form;
}

describe('the discount limit at the register', () => {
  it('follows the store’s staff limit the admin sets, as the server does', { timeout: 180_000 }, async () => {
    await setDowntownStaffLimit(await e2e.newPage(), '5');

    const page = await e2e.newPage();
    await openDowntownRegister(page);
    await page.getByRole('combobox', { name: 'Product or barcode' }).pressSequentially('microfibre', { delay: 40 });
    await page.getByRole('option', { name: /^Microfibre cleaning cloth/ }).first().click();
    await page.getByRole('list', { name: 'Lines of the sale' }).getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();

    const refused = await orderDiscount(page, '10');
    await refused.getByText('This discount is over your limit of 5 %.').first().waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await orderDiscount(page, '5');
    await page.getByText('Discount 5 %: Loyal customer').waitFor();

    // The server agrees: the sale with 5 % off is recorded.
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.keyboard.press('F4');
    const pay = page.getByRole('dialog', { name: /^Payment of / });
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await page.getByText(/^Sale recorded: invoice \d+/).waitFor();

    // Kept on the device with the register: a sale without a connection is held to the same limit.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('pos.register.'))
        .map((key) => (JSON.parse(localStorage.getItem(key)!) as { discountLimitBp?: number | null }).discountLimitBp),
    );
    expect(kept).toEqual([500]);
  });
});
