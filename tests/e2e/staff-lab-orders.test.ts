/**
 * Browser stories on a server of the file's own (fresh demo data; its outbox prints what it sends):
 * a clerk moves Jane's order 5001 along through the lab-order lookup (received) and the chart's lab orders tab
 * (ready for pickup); Jane is messaged (the outbox, the patient's communication log over the API and her chart's
 * messages tab); a second clerk who still saw the old status is told the order moved on. The
 * work desk lists the submitted intake form and its review writes a chosen answer into the chart. The lookup in
 * Arabic on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useOutboxServer } from './support/outbox';
import { expectHeading, expectPath, patience, readApi, signInAt, useBrowser } from './support/browser';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const jane = 'c1ea0000-0000-4000-8000-0000000a0001';

async function signInAsAdmin(page: Page) {
  await signInAt(page, '/admin', { email: 'admin@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

describe('lab orders', () => {
  it('order 5001: received through the lookup, ready for pickup in the chart; Jane is messaged; a clerk who saw the old status is told', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);

    await page.goto('/admin/laborderlookup');
    await expectPath(page, '/admin/laborderlookup/all');
    await expectHeading(page, 'Lab orders');
    await page.getByRole('textbox', { name: 'Search orders' }).fill('5001');
    // The search settles, goes to the address and the list shows only that order.
    await page.waitForURL((url) => url.searchParams.get('search') === '5001', patience);
    await expect.poll(() => page.locator('tbody tr').count(), patience).toBe(1);
    await page.getByRole('checkbox', { name: 'Select order 5001' }).waitFor(patience);
    await page.getByRole('checkbox', { name: 'Select order 5001' }).check();
    await page.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Received at the store' });
    await page.getByRole('button', { name: 'Move', exact: true }).dblclick();
    await page.getByText('Orders moved to “Received at the store”: 1.').waitFor(patience);
    await page.getByRole('cell', { name: 'Received at the store' }).waitFor(patience);

    // A second clerk (staff, Downtown) opens the same order while it is still 'received'.
    const staff = await e2e.newPage();
    await signInAt(staff, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(staff, '/admin/pos/all');
    await staff.goto('/admin/laborderlookup/received?search=5001');
    await staff.getByRole('checkbox', { name: 'Select order 5001' }).check(patience);
    // This clerk's screen keeps what it showed: the lookup would otherwise read the list again when the window
    // regains focus, which Chromium gives it at random moments while the other page works.
    await staff.route(/\/api\/lab-orders\?/, (route) => (route.request().method() === 'GET' ? route.abort() : route.continue()));

    // The first clerk moves it on in the chart's lab orders tab.
    const mark = server.mark();
    await page.goto(`/admin/patients/${jane}/5`);
    const card = page.getByRole('article', { name: 'Order 5001' });
    await card.waitFor(patience);
    expect(await card.innerText()).toContain('Received at the store');
    await card.getByRole('button', { name: 'Move to “Ready for pick-up”' }).click();
    await card.getByText('Order 5001 is now “Ready for pick-up”.').waitFor(patience);
    // The order is read again after the move: its history and next steps follow.
    await expect.poll(() => card.getByRole('list', { name: 'History of order 5001' }).innerText(), patience).toMatch(/Ready for pick-up · Alex Admin/);
    await expect
      .poll(() => card.getByRole('group', { name: 'Next steps for order 5001' }).getByRole('button').allInnerTexts(), patience)
      .toEqual(['Move to “Delivered”', 'Remake']);

    // Jane is told by her preferred channel (email), once.
    const sent = await server.nextInMessage('patient@clearview.test', mark, /order 5001 is ready for pickup/i);
    expect(sent).toBeTruthy();
    expect(server.messagesTo('patient@clearview.test', mark)).toHaveLength(1);
    const log = await readApi<{ messages: { template: string; status: string }[] }>(page, `/api/patients/${jane}/messages`);
    expect(log.messages.some((m) => m.template === 'order.ready')).toBe(true);
    // ... and in her chart's messages tab.
    await page.getByRole('tab', { name: 'Messages' }).click();
    await expectPath(page, `/admin/patients/${jane}/8`);
    await page.getByRole('list', { name: 'Messages' }).getByText('Your glasses are ready for pickup').first().waitFor(patience);

    // The second clerk still saw 'received': the move is refused with the current status, shown at the order.
    await staff.getByRole('combobox', { name: 'Move to' }).selectOption({ label: 'Ready for pick-up' });
    await staff.getByRole('button', { name: 'Move', exact: true }).click();
    await staff.getByText('Order 5001 was not moved: someone else moved it meanwhile. It is now “Ready for pick-up”.').waitFor(patience);
    expect(server.messagesTo('patient@clearview.test', mark)).toHaveLength(1);
  });

  it("the chart's new lab order: a refused create focuses the summary; its links focus the fields; the server's refusal too", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/patients/${jane}/5`);
    await page.getByRole('button', { name: 'New lab order' }).click(patience);
    const form = page.getByRole('form', { name: 'New lab order' });
    await form.waitFor(patience);

    // Nothing chosen: each empty required field says so, and so does the focused summary.
    await form.getByRole('button', { name: 'Create order' }).click();
    await expectSummaryFocused(page, 'Prescription: Required', 'Invoice line: Required', 'Lens type: Required');
    expect(await form.getByRole('textbox', { name: 'Lens type' }).getAttribute('aria-invalid')).toBe('true');
    await followSummaryLink(page, form, 'Lens type: Required', form.getByRole('textbox', { name: 'Lens type' }));
    await followSummaryLink(page, form, 'Prescription: Required', form.getByRole('combobox', { name: 'Prescription' }));

    // An option holds text only: the prescriber's name is isolated in it by Unicode's isolate marks (first-strong
    // isolate ... pop), the plain-text <bdi>.
    const rxOption = await form.getByRole('combobox', { name: 'Prescription' }).locator('option').nth(1).textContent();
    expect(rxOption).toMatch(/^Exam of .+ \(\u2068Dr\. [^\u2069]+\u2069\)$/);

    // A measurement out of range and a day not in the displayed format are told in the same words at the field.
    await form.getByRole('combobox', { name: 'Prescription' }).selectOption({ index: 1 });
    await form.getByRole('combobox', { name: 'Invoice line' }).selectOption({ index: 1 });
    await form.getByRole('textbox', { name: 'Lens type' }).fill('Single vision');
    await form.getByRole('textbox', { name: 'A (lens width, mm)' }).fill('99');
    await form.getByRole('textbox', { name: 'Expected on (YYYY-MM-DD)' }).fill('31/03/2026');
    await form.getByRole('button', { name: 'Create order' }).click();
    await expectSummaryFocused(page, 'A (lens width, mm): Enter 30 to 80 mm in 0.5 steps', 'Expected on (YYYY-MM-DD): Enter the date as YYYY-MM-DD, like 2026-03-31');
    await form.getByText('Enter 30 to 80 mm in 0.5 steps', { exact: true }).waitFor(patience);
    await followSummaryLink(page, form, 'Expected on (YYYY-MM-DD): Enter the date as YYYY-MM-DD, like 2026-03-31', form.getByRole('textbox', { name: 'Expected on (YYYY-MM-DD)' }));

    // The server's 400 (a lab name too long): the same summary, focused, linking to the field.
    await form.getByRole('textbox', { name: 'A (lens width, mm)' }).fill('52');
    await form.getByRole('textbox', { name: 'Expected on (YYYY-MM-DD)' }).fill('');
    await form.getByRole('textbox', { name: 'Lab' }).fill('L'.repeat(201));
    await form.getByRole('button', { name: 'Create order' }).click();
    await expectSummaryFocused(page, 'Lab: Lab name must be up to 200 characters');
    await followSummaryLink(page, form, 'Lab: Lab name must be up to 200 characters', form.getByRole('textbox', { name: 'Lab' }));
  });

  it('the lookup in Arabic on a phone, right to left', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/admin/laborderlookup/overdue');
    await expectHeading(page, 'طلبات المختبر');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('link', { name: 'متأخرة' }).waitFor(patience);
    expect(await page.getByRole('link', { name: 'متأخرة' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('work desk', () => {
  it('lists the submitted form; its review copies a chosen answer into the chart and it leaves the desk', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/workdesk');
    await expectPath(page, '/admin/workdesk/all');
    await expectHeading(page, 'Work desk');
    await page.getByRole('heading', { name: 'Forms to review (1)' }).waitFor(patience);
    const review = page.getByRole('link', { name: /^Review the form of / });
    await review.click();
    await page.waitForURL((url) => /^\/admin\/patients\/[0-9a-f-]{36}\/7$/.test(url.pathname) && url.searchParams.has('review'), patience);
    const patientId = new URL(page.url()).pathname.split('/')[3]!;

    const table = page.getByRole('table', { name: 'Review “New Patient Intake”' });
    await table.waitFor(patience);
    await table.getByRole('combobox', { name: 'Copy into: Medications you take' }).selectOption({ label: 'Medical notes (added)' });
    await page.getByRole('button', { name: 'Copy the chosen answers and finish the review' }).click();
    await page.getByText('Review saved: 1 field(s) copied into the chart.').waitFor(patience);

    const profile = await readApi<{ notes: string }>(page, `/api/patients/${patientId}/profile`);
    expect(profile.notes).toContain('Medications you take: Lisinopril 10 mg daily');

    await page.goto('/admin/workdesk/forms');
    await expectHeading(page, 'Work desk');
    await page.getByText('Nothing left to do here.').waitFor(patience);
  });
});
