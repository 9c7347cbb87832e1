/**
 * The template editor in the browser: an admin changes the ready-for-pickup SMS for Uptown only and the
 * preview shows Jane's name; 'Template Saved'; the company's text and Downtown's are untouched. The editor in
 * Arabic on a phone (390 px, right to left, no sideways scrolling), axe-clean in both; staff are sent home.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, readApi, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

async function signInAsAdmin(page: Page) {
  await signInAt(page, '/admin', { email: 'admin@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

describe('SMS and email templates', () => {
  it("the admin changes the ready SMS for Uptown only; the preview shows Jane's name; 'Template Saved'", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/template/sms');
    await expectHeading(page, 'SMS templates');
    await page.getByRole('link', { name: /Order ready for pickup/ }).click();
    await page.getByRole('heading', { name: 'Order ready for pickup', level: 2 }).waitFor(patience);
    await page.getByRole('tab', { name: 'Uptown' }).click();
    const text = page.getByRole('textbox', { name: 'Text' });
    await text.fill('Uptown: {{patientFirstName}}, your glasses (order {{orderNumber}}) are ready. Come by any time!');
    await page.getByText('Uptown: Jane, your glasses (order 5001) are ready. Come by any time!').waitFor(patience);
    await page.getByText(/^\d+ characters, GSM-7, 1 SMS \(\d+ left\)$/).waitFor(patience);
    expect(await axeViolations(page, '#content')).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Template Saved' }).waitFor(patience);
    const detail = await readApi<{ texts: { locationId: string | null; language: string; body: string }[]; stores: { id: string; name: string }[] }>(page, '/api/templates/sms/order.ready');
    const uptown = detail.stores.find((s) => s.name === 'Uptown')!.id;
    expect(detail.texts).toEqual([expect.objectContaining({ locationId: uptown, language: 'en', body: expect.stringContaining('{{patientFirstName}}') })]);

    // Downtown still starts from the built-in text.
    await page.getByRole('tab', { name: 'Downtown' }).click();
    expect(await text.inputValue()).toBe('{{storeName}}: {{patientName}}, your order {{orderNumber}} is ready for pickup. {{trackingLink}}');
  });

  it('in Arabic on a phone: right to left, no sideways scrolling, the Arabic text counted as UCS-2, axe-clean', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/admin/template/sms?key=order.ready');
    await expectHeading(page, 'قوالب الرسائل النصية');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('tab', { name: 'العربية' }).click();
    await page.getByText(/UCS-2/).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '#content')).toEqual([]);
  });

  it('the email editor for admins; staff are sent to their home page', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/template/email?key=auth.reset');
    await expectHeading(page, 'Email templates');
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Your password reset code');

    const staff = await e2e.newPage();
    await signInAt(staff, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(staff, '/admin/pos/all');
    await staff.goto('/admin/template/email');
    // A refused signed-in user goes home (the guard of spec 2.4), never to the editor.
    await expectPath(staff, '/admin/pos/all');
    expect(await staff.getByRole('heading', { name: 'Email templates' }).count()).toBe(0);
  });
});
