/**
 * Cash at the register by keyboard, and the drawer the session tab shows (Chromium, a server of this file's own: the
 * sales change the demo data). In the pay dialog the clerk types the cash handed over and presses Enter: the payment
 * is added and the next Enter completes the sale (or, with money still due, goes to the next payment's amount). The
 * session tab then shows the expected cash with those sales, a refund and a pay-out made in the same browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const dollars = (minor: number) => (minor / 100).toFixed(2);

/** What has the focus, as a screen reader names it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const label = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return `${element?.tagName.toLowerCase()} ${element?.getAttribute('aria-label') ?? label ?? element?.textContent ?? ''}`.trim();
  });

/** A walk-in's cleaning cloth on a new sale, the pay dialog opened with F4: the total. */
async function clothToPay(page: Page) {
  await page.getByRole('combobox', { name: 'Product or barcode' }).pressSequentially('microfibre', { delay: 40 });
  await page.getByRole('option', { name: /^Microfibre cleaning cloth/ }).first().click();
  await page.getByRole('list', { name: 'Lines of the sale' }).getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
  await page.getByRole('button', { name: 'Walk-in' }).click();
  await page.keyboard.press('F4');
  const pay = page.getByRole('dialog', { name: /^Payment of / });
  await pay.waitFor();
  return { pay, total: cents(await pay.getByRole('heading', { name: /^Payment of / }).innerText()) };
}

/** Types into the focused amount field what the customer handed over, then Enter. */
async function typeCash(page: Page, minor: number) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(dollars(minor));
  await page.keyboard.press('Enter');
}

/** Opens the session tab: the expected cash it shows (in cents) is `minor` within a moment, as a clerk glances again. */
async function expectCashOnOpening(page: Page, minor: number) {
  await page.getByRole('link', { name: 'Session', exact: true }).click();
  await page.getByRole('heading', { name: 'The register is open' }).waitFor();
  const figure = page.locator('dt', { hasText: 'Expected cash' }).locator('xpath=following-sibling::dd[1]');
  await expect.poll(async () => cents(await figure.innerText()), { timeout: 3000 }).toBe(minor);
}

describe('cash by keyboard', () => {
  it('Enter adds the cash and Enter again completes the sale; the session tab shows the expected cash after sales, a refund and a pay-out', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await openDowntownRegister(page);

    // The whole amount in cash, $5 more handed over: Enter adds it, the focus is on Complete sale, Enter completes.
    const first = await clothToPay(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input Cash received (USD)');
    await typeCash(page, first.total + 500);
    await first.pay.getByText(/^Cash \$/).waitFor();
    await expect.poll(() => focused(page)).toBe('button Complete sale');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Enter');
    const recorded = await page.getByText(/^Sale recorded: invoice \d+\. Give \$5\.00 change\./).innerText();
    const firstInvoice = /invoice (\d+)/.exec(recorded)![1]!;

    // Part now, the rest after: the first Enter goes to the next payment's amount, then on as above.
    await page.getByRole('button', { name: 'New sale' }).click();
    const second = await clothToPay(page);
    await page.keyboard.press('Tab');
    await typeCash(page, 100);
    await second.pay.getByText('Cash $1.00').waitFor();
    await expect.poll(() => focused(page)).toBe('input Cash received (USD)');
    await typeCash(page, second.total - 100);
    await expect.poll(() => focused(page)).toBe('button Complete sale');
    await page.keyboard.press('Enter');
    await page.getByText(/^Sale recorded: invoice \d+\./).waitFor();

    // The session tab: the float ($100) and both sales in cash.
    const sold = first.total + second.total;
    await expectCashOnOpening(page, 10_000 + sold);

    // The first cloth refunded in cash from the history; a pay-out for the window cleaner.
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^Invoice ${firstInvoice} `) }).click();
    const refund = page.getByRole('form', { name: `Refund sale ${firstInvoice}` });
    await refund.getByLabel('Quantity of Microfibre cleaning cloth to refund').fill('1');
    await refund.getByLabel('Reason').fill('Changed their mind');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByText(/^Refunded: Cash /).waitFor();
    await expectCashOnOpening(page, 10_000 + sold - first.total);

    const movement = page.getByRole('form', { name: 'Pay-in or pay-out' });
    await movement.getByLabel('Kind').selectOption('pay-out');
    await movement.getByLabel('Amount (USD)').fill('2.50');
    await movement.getByLabel('Reason').fill('Window cleaner');
    await movement.getByRole('button', { name: 'Record pay-out' }).click();
    await expectCashOnOpening(page, 10_000 + sold - first.total - 250);
  });
});
