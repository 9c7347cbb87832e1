/**
 * Who a register sale is for (Chromium, a server of this file's own whose outbox it reads). The demo clerk
 * of Downtown sells a walk-in a cloth and emails the receipt to an address the walk-in gives (a bad one refused at
 * the field first); adds a new patient from the customer picker (the form checks its fields, on a phone in Arabic it
 * fits), sells them a cloth, and, as they have no email, types one for the receipt. The register's content is
 * axe-clean at each step.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** A cleaning cloth on the current sale, paid in the exact cash (the customer chosen before). */
async function sellClothInCash(page: Page) {
  await page.getByRole('combobox', { name: 'Product or barcode' }).pressSequentially('microfibre', { delay: 40 });
  await page.getByRole('option', { name: /^Microfibre cleaning cloth/ }).first().click();
  await page.getByRole('list', { name: 'Lines of the sale' }).getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
  await page.keyboard.press('F4');
  const pay = page.getByRole('dialog', { name: /^Payment of / });
  await pay.waitFor();
  const total = (await pay.getByRole('heading', { name: /^Payment of / }).innerText()).replace(/[^0-9.]/g, '');
  await pay.getByLabel('Cash received (USD)').fill(total);
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByText(/^Sale recorded: invoice \d+/).waitFor();
}

describe('the sale’s customer', () => {
  it('emails a walk-in’s receipt to a typed address, and sells to a new patient added from the picker', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await openDowntownRegister(page);

    // A walk-in: the receipt's address is asked for at once; a bad one is refused at the field.
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await sellClothInCash(page);
    const address = page.getByLabel('Email address for the receipt');
    await address.fill('not-an-address');
    await page.getByRole('button', { name: 'Send receipt' }).click();
    await page.getByText('Enter a valid email address, like name@example.com', { exact: true }).waitFor();
    // The refusal's summary has the focus and links to the field.
    await expectSummaryFocused(page, 'Email address for the receipt: Enter a valid email address, like name@example.com');
    await followSummaryLink(page, page, 'Email address for the receipt: Enter a valid email address, like name@example.com', address);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page, 'main')).toEqual([]);
    let from = server.mark();
    await address.fill('Walk.In@example.test');
    await page.getByRole('button', { name: 'Send receipt' }).click();
    await page.getByText('Receipt queued for w******@example.test.').waitFor();
    expect(await server.nextInMessage('walk.in@example.test', from, /Dear customer, here is your receipt \d+/)).toBeTruthy();

    // The history tab offers the same on a phone in Arabic, fitting the screen.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('link', { name: 'History', exact: true }).click();
    const walkInSale = await page.getByRole('link', { name: /^Invoice \d+ / }).first().getAttribute('href');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto(walkInSale!);
    await page.getByLabel('البريد الإلكتروني لإرسال الإيصال').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // A new patient from the picker: on a phone in Arabic the form fits the screen.
    await page.goto('/admin/pos/sale');
    await page.getByRole('button', { name: 'مريض جديد' }).click();
    await page.getByRole('form', { name: 'مريض جديد' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('text');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();

    await page.getByRole('button', { name: 'New patient' }).click();
    const form = page.getByRole('form', { name: 'New patient' });
    await form.getByRole('button', { name: 'Create and choose' }).click();
    await form.getByText('First name is required', { exact: true }).waitFor();
    await form.getByText('Enter a phone number or an email address', { exact: true }).waitFor();
    // The refusal focuses the summary above the fields; each of its links focuses the field that says it.
    await expectSummaryFocused(page, 'First name: First name is required', 'Date of birth: Date of birth is required', 'Phone: Enter a phone number or an email address');
    await followSummaryLink(page, form, 'Date of birth: Date of birth is required', form.getByLabel('Date of birth'));
    await followSummaryLink(page, form, 'Phone: Enter a phone number or an email address', form.getByLabel('Phone'));
    expect(await axeViolations(page, 'main')).toEqual([]);
    const lastName = `Newcomb${Date.now().toString(36)}`;
    await form.getByLabel('First name').fill('Mina');
    await form.getByLabel('Last name').fill(lastName);
    await form.getByLabel('Date of birth').fill('1990-04-12');
    await form.getByLabel('Phone').fill('+1 555 010 7788');
    await form.getByRole('button', { name: 'Create and choose' }).click();
    await page.getByText(`Mina ${lastName}`, { exact: true }).waitFor();
    await sellClothInCash(page);

    // They have no email: the one-click send asks for an address, which the receipt then goes to.
    await page.getByRole('button', { name: 'Email receipt' }).click();
    await page.getByText('There is no email address to send this receipt to. Type one for the receipt.').waitFor();
    from = server.mark();
    await page.getByLabel('Email address for the receipt').fill('mina@example.test');
    await page.getByRole('button', { name: 'Send receipt' }).click();
    await page.getByText('Receipt queued for m***@example.test.').waitFor();
    expect(await server.nextInMessage('mina@example.test', from, new RegExp(`Dear Mina ${lastName}, here is your receipt`))).toBeTruthy();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The new patient is found by the picker's search on the next sale.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Find a patient').fill(lastName);
    await page.getByRole('button', { name: new RegExp(`^Mina ${lastName}, born `) }).waitFor();
  });
});
