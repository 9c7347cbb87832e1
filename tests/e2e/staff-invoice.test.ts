/**
 * The invoice screen (Chromium, a server of this file's own: paying changes the demo data the shared
 * server's other stories read). A clerk of Downtown finds invoice 1002 of Jane Doe by its number in the lookup,
 * opens it, takes the balance as one card payment (a double click pays once), the balance becomes 0; prints the
 * receipt on the 80 mm roll and on A4 (print media: only the receipt, its page size and layout) and emails it (the
 * outbox sends it to Jane); the lookup then finds 1002 among the paid invoices. Then the lookup and the store's
 * invoice list on a phone in Arabic (right to left). Last, from Jane's chart: 'View invoice' opens the invoice screen
 * with that invoice selected.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

const outbox = useOutboxServer();
const e2e = useBrowser({ server: outbox });

const jane = 'c1ea0000-0000-4000-8000-0000000a0001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

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

describe('the invoice screen', () => {
  // A long story (lookup, payment, two prints, email, lookup again): more than the default minute.
  it('a clerk finds invoice 1002, takes the balance by card once, prints the receipt, emails it', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await countPrints(page);
    await signInAsClerk(page);

    // The lookup: by number.
    await page.goto('/admin/invoicelookup');
    await expectPath(page, '/admin/invoicelookup/all');
    await expectHeading(page, 'Invoice lookup');
    await page.getByLabel('Invoice number').fill('1002');
    await page.getByRole('search', { name: 'Find invoices' }).getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: 'Invoices, newest first' });
    await found.getByRole('link', { name: 'View invoice 1002' }).waitFor();
    expect(await found.locator('tbody tr').count()).toBe(1);
    expect(await found.locator('tbody tr').innerText()).toContain('Jane Doe');
    expect(await page.getByLabel('Totals of the invoices found').getByRole('definition').first().innerText()).toBe('1');
    await found.getByRole('link', { name: 'View invoice 1002' }).click();

    // The invoice screen: Jane's invoices, 1002 selected, its receipt with a balance of $163.25.
    await expectHeading(page, 'Invoices of Jane Doe');
    expect(new URL(page.url()).pathname).toBe(`/admin/reports/invoice/${jane}`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    expect(await receipt.innerText()).toContain('$163.25');
    const payment = page.getByRole('form', { name: 'Take a payment' });
    expect(await payment.getByLabel('Method').inputValue()).toBe('card');
    expect(await payment.getByLabel('Amount (USD)').inputValue()).toBe('163.25');

    // A wrong amount is refused at the field, and focus goes to the summary that links to it; then the balance, by
    // card, with a double click.
    await payment.getByLabel('Amount (USD)').fill('500');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await payment.getByText('The amount cannot be more than the balance of $163.25', { exact: true }).waitFor();
    const summaryLink = payment.getByRole('link', { name: 'Amount (USD): The amount cannot be more than the balance of $163.25' });
    await summaryLink.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await payment.getByLabel('Amount (USD)').fill('163.25');
    await payment.getByLabel('Reference').fill('VISA 4242');
    await payment.getByRole('button', { name: 'Record payment' }).dblclick();
    await page.getByText('Paid in full ($213.25).').waitFor();
    expect(await page.getByRole('form', { name: 'Take a payment' }).count()).toBe(0);
    const payments = receipt.getByRole('table', { name: 'Payments' });
    expect(await payments.locator('tbody tr').count()).toBe(2);
    expect(await payments.innerText()).toContain('VISA 4242');
    const totals = await receipt.innerText();
    expect(totals).toMatch(/Balance due\s+\$0\.00/);
    expect(await receipt.getByText('Paid', { exact: true }).count()).toBeGreaterThan(0);

    // Print on the 80 mm roll: only the receipt, narrow, without the unit price column; the page is 80 mm wide.
    await page.getByLabel('Paper').selectOption('roll');
    await page.getByRole('button', { name: 'Print receipt' }).click();
    expect(await printed(page)).toBe(1);
    expect(await page.locator('style').evaluateAll((styles) => styles.map((s) => s.textContent).join(' '))).toContain('@page { size: 80mm auto');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Invoices of Jane Doe' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    const rollWidth = (await receipt.boundingBox())!.width;
    expect(rollWidth).toBeLessThanOrEqual((80 * 96) / 25.4);
    expect(await receipt.getByRole('columnheader', { name: 'Unit price' }).isVisible()).toBe(false);
    expect(await receipt.getByRole('columnheader', { name: 'Amount' }).first().isVisible()).toBe(true);
    // The money paid prints whole on the roll: each payment's method, card reference and amount.
    const paidOnRoll = receipt.getByRole('table', { name: 'Payments' });
    for (const heading of ['Method', 'Reference', 'Amount']) expect(await paidOnRoll.getByRole('columnheader', { name: heading }).isVisible(), heading).toBe(true);
    expect(await paidOnRoll.getByText('VISA 4242').isVisible()).toBe(true);
    expect(await paidOnRoll.getByText('$163.25').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // And on A4: the full table, a page-wide receipt.
    await page.getByLabel('Paper').selectOption('a4');
    expect(await page.locator('style').evaluateAll((styles) => styles.map((s) => s.textContent).join(' '))).toContain('@page { size: A4');
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.getByRole('columnheader', { name: 'Unit price' }).isVisible()).toBe(true);
    expect((await receipt.boundingBox())!.width).toBeGreaterThan(rollWidth * 1.5);
    await page.emulateMedia({ media: 'screen' });

    // Email: queued for Jane, and the outbox sends her the receipt.
    const from = outbox.mark();
    await page.getByRole('button', { name: 'Email receipt' }).click();
    await page.getByText(/^Receipt queued for p\*+@clearview\.test\.$/).waitFor();
    expect(await outbox.nextInMessage('patient@clearview.test', from, /receipt 1002 of/)).toBe('receipt 1002 of');
    expect(outbox.messagesTo('patient@clearview.test', from).join('\n')).toContain('Balance: $0.00');

    // The lookup finds 1002 among the paid invoices now, and no more among the open ones.
    await page.goto('/admin/invoicelookup/paid?number=1002');
    await page.getByRole('table', { name: 'Paid invoices, newest first' }).getByRole('link', { name: 'View invoice 1002' }).waitFor();
    await page.goto('/admin/invoicelookup/open?number=1002');
    await page.getByText('No invoice matches these filters.').waitFor();
  });

  it('on a phone in Arabic: the lookup refuses a bad filter at its field; the store list opens an invoice', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsClerk(page);
    // The reader's language, as the language menu keeps it; the next page load is in Arabic.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto('/admin/invoicelookup/open');
    await expectHeading(page, 'البحث عن الفواتير');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByLabel('رقم الفاتورة').fill('12a');
    const search = page.getByRole('search', { name: 'البحث عن فواتير' });
    await search.getByRole('button', { name: 'بحث' }).click();
    // Said at the field, and in the summary that takes the focus and links to it.
    await page.getByText('أدخل رقم الفاتورة بالأرقام', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'رقم الفاتورة: أدخل رقم الفاتورة بالأرقام' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await search.getByRole('button', { name: 'مسح' }).click();
    await page.getByRole('table', { name: 'الفواتير المفتوحة، الأحدث أولًا' }).waitFor();
    // The page fits the phone: nothing wider than the screen but the table's own scroll box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/admin/reports/invoice');
    await expectHeading(page, 'فواتير المتجر');
    const list = page.getByRole('table', { name: /^فواتير Downtown/ });
    await list.locator('tbody tr').first().waitFor();
    await list.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^فواتير / }).waitFor();
    await page.getByRole('article', { name: 'إيصال' }).waitFor();
  });

  it("from Jane's chart, 'View invoice 1002' opens the invoice screen with 1002 selected and its receipt", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await signInAsClerk(page);
    await page.goto(`/admin/patients/${jane}/4`);
    await expectHeading(page, 'Jane Doe');
    await page.getByRole('link', { name: 'View invoice 1002' }).click();

    await expectHeading(page, 'Invoices of Jane Doe');
    const address = new URL(page.url());
    expect(address.pathname).toBe(`/admin/patients/invoice/${jane}/${downtown}`);
    const nav = page.getByRole('navigation', { name: "The patient's invoices" });
    const selected = nav.getByRole('link', { name: /^Invoice 1002 / });
    expect(await selected.getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
    expect(await selected.getAttribute('href')).toContain(`invoice=${address.searchParams.get('invoice')}`);
    // The receipt shown is 1002's.
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    expect(await receipt.innerText()).toMatch(/Invoice\s+1002\b/);
  });
});
