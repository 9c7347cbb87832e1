/**
 * A day at the register against the real server (Chromium, a server of this file's own: the sales change
 * the demo data other stories read). The demo clerk of Downtown opens the register with a float; sells Jane Doe a
 * frame scanned by barcode, lenses on her current prescription and an eye exam, 10 % off with a reason, paid half by
 * card and half in cash with the change shown; prints the receipt (only the receipt prints) and finds the lab order
 * draft in her chart; sells a walk-in a cloth in cash; parks a sale and resumes it from the parked tab, loses the
 * connection in the middle of it and completes it in cash on the device, sent once when the connection is back (the
 * history lists exactly three invoices); refunds the cloth from the history; closes on the Z report, the counted
 * cash matching the expected cash.
 * On a phone in Arabic the sale fits the screen; the register's content (main) is axe-clean (WCAG 2.1 A/AA) at each step.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { productBarcode, registerLocation, scan } from './support/register';

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

/** The barcode on the demo Ray-Ban frame's label. */
const frameBarcode = (page: Page, locationId: string) => productBarcode(page, locationId, 'FR-RB5154-BLA-51');

async function addBySearch(page: Page, words: string, option: RegExp) {
  await page.getByRole('combobox', { name: 'Product or barcode' }).pressSequentially(words, { delay: 40 });
  await page.getByRole('option', { name: option }).first().click();
  await page.getByRole('list', { name: 'Lines of the sale' }).getByRole('button', { name: option }).first().waitFor();
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The total the pay dialog asks for, in cents (F4 opens it). */
async function openPay(page: Page) {
  await page.keyboard.press('F4');
  const pay = page.getByRole('dialog', { name: /^Payment of / });
  await pay.waitFor();
  const total = Math.round(Number((await pay.getByRole('heading', { name: /^Payment of / }).innerText()).replace(/[^0-9.]/g, '')) * 100);
  expect(total).toBeGreaterThan(0);
  return { pay, total };
}

/** The whole sale in cash, the exact amount handed over, completed: the cash taken. */
async function payCash(page: Page): Promise<number> {
  const { pay, total } = await openPay(page);
  await pay.getByLabel('Cash received (USD)').fill((total / 100).toFixed(2));
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  return total;
}

/** A walk-in buys a cleaning cloth in cash on a new sale: its invoice number and the cash. */
async function sellCloth(page: Page) {
  await addBySearch(page, 'microfibre', /^Microfibre cleaning cloth/);
  await page.getByRole('button', { name: 'Walk-in' }).click();
  const amount = await payCash(page);
  const invoice = Number(/invoice (\d+)/.exec(await page.getByText(/^Sale recorded: invoice \d+/).innerText())![1]);
  return { invoice, amount };
}

describe('a day at the register', () => {
  it('opens, sells Jane by barcode with her Rx, split payment and receipt, parks and resumes, closes on the Z report', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await countPrints(page);
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    const use = page.getByRole('button', { name: /^Use / }).first();
    const register = (await use.innerText()).replace(/^Use /, '');
    await use.click();
    await expectHeading(page, `Point of sale · ${register}`);

    // The float: 5 × $20 + 10 × $1.
    await page.getByRole('link', { name: 'Open the register' }).click();
    const open = page.getByRole('form', { name: `Open ${register}` });
    await open.getByLabel('Number of $20.00').fill('5');
    await open.getByLabel('Number of $1.00').fill('10');
    await open.getByRole('button', { name: 'Open the register' }).click();
    await page.getByRole('heading', { name: 'The register is open' }).waitFor();
    const barcode = await frameBarcode(page, await registerLocation(page, register));

    // On a phone in Arabic the sale and its pay dialog fit the screen (no sideways scroll).
    await page.getByRole('link', { name: 'Sale', exact: true }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByRole('heading', { name: `البيع في ${register}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('combobox', { name: 'منتج أو رمز شريطي' }).focus();
    await scan(page, barcode);
    await page.getByRole('list', { name: 'بنود البيع' }).getByRole('button', { name: /^Ray-Ban RB5154 Black/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'عميل عابر' }).click();
    await page.getByRole('button', { name: 'دفع (F4)' }).click();
    const payPhone = page.getByRole('dialog');
    await payPhone.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await payPhone.getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('button', { name: 'إلغاء البيع' }).click();
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();

    // Jane: a frame scanned, lenses on her current prescription, an exam.
    await page.getByLabel('Find a patient').fill('Jane');
    await page.getByRole('button', { name: /^Jane Doe, born / }).click();
    await page.getByRole('combobox', { name: 'Product or barcode' }).focus();
    await scan(page, barcode);
    const lines = page.getByRole('list', { name: 'Lines of the sale' });
    await lines.getByRole('button', { name: /^Ray-Ban RB5154 Black/ }).waitFor();
    await addBySearch(page, 'progressive', /^Progressive lenses/);
    await expect.poll(async () => (await lines.getByLabel('Prescription').locator('option:checked').innerText()).startsWith('Current')).toBe(true);
    await addBySearch(page, 'comprehensive exam', /^Comprehensive eye exam/);
    await page.getByRole('button', { name: 'Discount: Discount on the order' }).click();
    const discount = page.getByRole('form', { name: 'Discount on the order' });
    await discount.getByLabel('Discount', { exact: true }).fill('10');
    await discount.getByLabel('Reason').fill('Family');
    await discount.getByRole('button', { name: 'Apply discount' }).click();
    await page.getByText('Discount 10 %: Family').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Half by card (with its slip reference), the rest in cash with $20 more handed over: the change shows.
    const { pay, total } = await openPay(page);
    const card = Math.floor(total / 2);
    const cash = total - card;
    await pay.getByLabel('Method').selectOption('card');
    await pay.getByLabel('Amount (USD)').fill((card / 100).toFixed(2));
    await pay.getByLabel('Card reference (last digits or slip number)').fill('4242');
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByLabel('Cash received (USD)').fill(((cash + 2000) / 100).toFixed(2));
    await pay.getByText('Change: $20.00').waitFor();
    await pay.getByRole('button', { name: 'Add payment' }).click();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await pay.getByRole('button', { name: 'Complete sale' }).dblclick();
    await page.getByText(/^Sale recorded: invoice \d+\. Give \$20\.00 change\./).waitFor();
    await page.getByText('A lab order draft was created.').waitFor();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    expect(await receipt.innerText()).toContain('Comprehensive eye exam');
    expect(await axeViolations(page, 'main')).toEqual([]);
    // Printed: the receipt only.
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'New sale' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await printed(page)).toBe(1);
    const janeInvoice = Number(/invoice (\d+)/.exec(await page.getByText(/^Sale recorded: invoice/).innerText())![1]);

    // The lab order draft is in Jane's chart, with the frame sold.
    const chart = await page.getByRole('link', { name: "Open the patient's lab orders" }).getAttribute('href');
    await page.goto(chart!);
    const draft = page.getByRole('article', { name: /^Order \d+$/ }).filter({ hasText: 'RB5154' }).filter({ hasText: 'Draft' });
    await draft.first().waitFor();
    await page.goto('/admin/pos/sale');
    await page.getByRole('combobox', { name: 'Product or barcode' }).waitFor();

    // A walk-in buys a cloth in cash.
    const walkInCash = await sellCloth(page);

    // A sale parked, then resumed from the parked tab with its lines.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('combobox', { name: 'Product or barcode' }).focus();
    await scan(page, barcode);
    await lines.getByRole('button', { name: /^Ray-Ban RB5154 Black/ }).waitFor();
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.keyboard.press('F8');
    await page.getByText('Sale parked. Any register of the store can resume it.').waitFor();
    await page.getByRole('link', { name: 'Parked', exact: true }).click();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('link', { name: 'Resume the sale of Walk-in' }).click();
    await lines.getByRole('button', { name: /^Ray-Ban RB5154 Black/ }).waitFor();

    // The connection goes in the middle of it: completed in cash on this device, sent once when it is back.
    await page.context().setOffline(true);
    await page.getByText(/^No connection: the register keeps selling/).waitFor();
    const offlineCash = await payCash(page);
    await page.getByText(/^Sale kept on this device: waiting to be sent\./).waitFor();
    await page.getByText('1 sale waiting to be sent').waitFor();
    await page.context().setOffline(false);
    const sent = Number(/invoice (\d+)/.exec(await page.getByText(/^Sale sent: invoice \d+\./).innerText())![1]);
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^Invoice ${sent} `) }).waitFor();
    expect(await page.getByRole('link', { name: /^Invoice \d+ / }).count()).toBe(3);

    // The walk-in's cloth is refunded in cash from the history.
    await page.getByRole('link', { name: new RegExp(`^Invoice ${walkInCash.invoice} `) }).click();
    const refund = page.getByRole('form', { name: `Refund sale ${walkInCash.invoice}` });
    await refund.getByLabel('Quantity of Microfibre cleaning cloth to refund').fill('1');
    await refund.getByLabel('Reason').fill('Changed their mind');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByText(`Refunded: Cash ${money(walkInCash.amount)}`).waitFor();
    expect(janeInvoice).toBeGreaterThan(0);

    // The close: the float, the cash of the three sales less the refund, counted exactly.
    const expected = 11_000 + cash + walkInCash.amount + offlineCash - walkInCash.amount;
    await page.getByRole('link', { name: 'Session', exact: true }).click();
    await page.getByRole('button', { name: 'Close the register' }).click();
    const close = page.getByRole('form', { name: 'Close the register' });
    await close.getByLabel('Number of $100.00').fill(String(Math.floor(expected / 10_000)));
    await close.getByLabel('Number of $1.00').fill(String(Math.floor((expected % 10_000) / 100)));
    await close.getByLabel('Number of $0.01').fill(String(expected % 100));
    await close.getByRole('button', { name: 'Close and print the Z report' }).click();
    const z = page.getByRole('article', { name: 'Z report' });
    await z.waitFor();
    const text = await z.innerText();
    expect(text).toMatch(new RegExp(`Expected cash\\s*\\${money(expected)}`));
    expect(text).toMatch(new RegExp(`Counted cash\\s*\\${money(expected)}`));
    expect(text).toMatch(/Difference\s*\$0\.00/);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
