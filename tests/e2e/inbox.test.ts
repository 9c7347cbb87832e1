/**
 * The inbox in the browser: Jane writes to her store from the Inbox, Sam (Downtown staff) takes the conversation and
 * replies, Jane sees the unread badge and reads the reply. Sam writes to Jane first, from her chart, and she reads it in
 * her portal inbox; a patient of another company is refused at the patient field. The ready-for-pickup message carries a tracking link that
 * opens the order's timeline as a guest, first name only. The inbox and the tracking page on a phone (390 px, no
 * sideways scrolling), in Arabic right to left, axe-clean. Its own server: the messages are read from its output.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, signInAt, useBrowser, userMenu } from './support/browser';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const janeOrder = 'c1ea0000-0000-4000-8000-0000000b0008';
/** server/db/seed.ts demoIds: Jane Doe (Clearview, Downtown) and John Roe (the other company). */
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';
const johnRoe = 'b1e00000-0000-4000-8000-0000000a0001';
const trackingPattern = /\/pr\/[A-Za-z0-9_-]{22}/;

async function signInAsJane(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
  await expectPath(page, '/admin/dashboard/patients');
}

async function signInAsSam(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

/** A POST of the API on the page's own session, as the staff screen would send it. */
async function postApi(page: Page, path: string, body: unknown) {
  const { token, tenant } = await page.evaluate(() => ({ token: sessionStorage.getItem('access_token'), tenant: sessionStorage.getItem('tenantID') }));
  const answer = await page.request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Tenant-ID': tenant! }, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the inbox', () => {
  it('Jane writes to the store, staff take it and reply, Jane reads the reply', async () => {
    const jane = await e2e.newPage();
    await signInAsJane(jane);
    // The seeded reply she has not read yet: the badge's count, and the menu's Inbox item says it.
    await userMenu(jane, 'Jane Doe').click();
    await jane.getByRole('menuitem', { name: /^Inbox\W*1 unread message$/ }).click();
    await expectPath(jane, '/apps/mail');
    await expectHeading(jane, 'Inbox');
    await jane.getByRole('button', { name: 'New message' }).click();
    const text = 'Hello, could I pick up my glasses on Saturday morning?';
    await jane.getByRole('textbox', { name: 'Your message' }).fill(text);
    await jane.getByRole('button', { name: 'Send' }).click();
    await jane.getByRole('heading', { name: 'Messages with Downtown', level: 2 }).waitFor(patience);
    await jane.getByText(text).first().waitFor(patience);
    expect(await axeViolations(jane, '#content')).toEqual([]);

    const sam = await e2e.newPage();
    await signInAsSam(sam);
    await sam.goto('/apps/mail');
    await expectHeading(sam, 'Inbox');
    await sam.getByRole('button', { name: /^Jane Doe.*Saturday morning/ }).click();
    await sam.getByRole('heading', { name: 'Jane Doe · Downtown', level: 2 }).waitFor(patience);
    await sam.getByRole('button', { name: 'Assign to me' }).click();
    await sam.getByText('Open · with Sam Staff').first().waitFor(patience);
    const reply = 'Yes, we are open 9 to 1 on Saturdays. See you then!';
    await sam.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await sam.getByRole('button', { name: 'Send' }).click();
    await sam.getByRole('list', { name: 'Messages' }).getByText(reply).waitFor(patience);
    expect(await axeViolations(sam, '#content')).toEqual([]);

    // Jane is told by email that a message is waiting, never what it says.
    await expect.poll(() => server.messagesTo('patient@clearview.test').some((m) => m.includes('/apps/mail')), patience).toBe(true);
    expect(server.messagesTo('patient@clearview.test').some((m) => m.includes('Saturdays'))).toBe(false);

    await jane.reload();
    await expectHeading(jane, 'Inbox');
    // Her conversation shows the reply unread (the seeded one with Downtown is another).
    await jane.getByRole('button', { name: /^Downtown\W*1 unread message.*Saturdays/ }).click();
    await jane.getByRole('list', { name: 'Messages' }).getByText(reply).waitFor(patience);
    // Read: its badge goes.
    await expect.poll(() => jane.getByRole('button', { name: /unread message.*Saturdays/ }).count(), patience).toBe(0);
  }, 180_000);

  it('staff write to Jane from her chart, she reads it in her portal inbox; a patient not of their stores is refused at the field', async () => {
    const sam = await e2e.newPage();
    await signInAsSam(sam);
    // 'New message' in the inbox: the patient is chosen first (said at the field), found by the patient search.
    await sam.goto('/apps/mail');
    await expectHeading(sam, 'Inbox');
    await sam.getByRole('button', { name: 'New message' }).click();
    await sam.getByRole('textbox', { name: 'Your message' }).fill('Hello');
    await sam.getByRole('button', { name: 'Send' }).click();
    await sam.getByText('Choose the patient first.', { exact: true }).waitFor(patience);
    // The refusal focuses the summary; its link goes to the patient search.
    await expectSummaryFocused(sam, 'To: Choose the patient first.');
    await followSummaryLink(sam, sam, 'To: Choose the patient first.', sam.getByRole('searchbox', { name: 'Find the patient (name, email or phone)' }));
    await sam.getByRole('searchbox', { name: 'Find the patient (name, email or phone)' }).fill('Doe');
    await sam.getByRole('list', { name: 'Patients found' }).getByRole('button', { name: /^Jane Doe/ }).first().click();
    await sam.getByRole('group', { name: 'To' }).getByText('Jane Doe').waitFor(patience);
    expect(await sam.getByText('Choose the patient first.').count()).toBe(0);
    expect(await axeViolations(sam, '#content')).toEqual([]);

    // Another company's patient, named in the address: refused at the patient field, nothing sent.
    await sam.goto(`/apps/mail?patient=${johnRoe}`);
    await sam.getByText('This patient is not one of your stores’ patients.').waitFor(patience);

    // From Jane's chart, the messages tab: the inbox opens with her chosen.
    await sam.goto(`/admin/patients/${jane}/8`);
    await sam.getByRole('link', { name: 'Write to patient' }).click();
    await expectPath(sam, '/apps/mail');
    await sam.getByRole('group', { name: 'To' }).getByText('Jane Doe').waitFor(patience);
    const text = 'Your new frames are ready to try on, whenever suits you.';
    await sam.getByRole('textbox', { name: 'Your message' }).fill(text);
    await sam.getByRole('button', { name: 'Send' }).click();
    // The new conversation opens; the address no longer names the patient.
    await sam.getByRole('heading', { name: 'Jane Doe · Downtown', level: 2 }).waitFor(patience);
    await sam.getByRole('list', { name: 'Messages' }).getByText(text).waitFor(patience);
    expect(new URL(sam.url()).search).toBe('');

    const janePage = await e2e.newPage();
    await signInAsJane(janePage);
    await janePage.goto('/apps/mail');
    await expectHeading(janePage, 'Inbox');
    await janePage.getByRole('button', { name: /^Downtown\W*1 unread message.*ready to try on/ }).click();
    await janePage.getByRole('heading', { name: 'Messages with Downtown', level: 2 }).waitFor(patience);
    await janePage.getByRole('list', { name: 'Messages' }).getByText(text).waitFor(patience);
  }, 180_000);

  it('on a phone in Arabic: right to left, no sideways scrolling, axe-clean', async () => {
    const jane = await e2e.newPage({ phone: true });
    await signInAsJane(jane);
    await jane.evaluate(() => localStorage.setItem('language', 'ar'));
    await jane.goto('/apps/mail');
    await expectHeading(jane, 'صندوق الرسائل');
    expect(await jane.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await jane.getByRole('button', { name: /^Downtown/ }).first().click();
    await jane.getByRole('heading', { name: 'الرسائل مع Downtown', level: 2 }).waitFor(patience);
    expect(await noSidewaysScroll(jane)).toBeLessThanOrEqual(390);
    expect(await axeViolations(jane, '#content')).toEqual([]);
  });
});

describe('the order tracking link', () => {
  it('the link of the ready message opens the timeline as a guest, first name only; on a phone and in Arabic too', async () => {
    const sam = await e2e.newPage();
    await signInAsSam(sam);
    const from = server.mark();
    await postApi(sam, `/api/lab-orders/${janeOrder}/status`, { to: 'received' });
    await postApi(sam, `/api/lab-orders/${janeOrder}/status`, { to: 'ready-for-pickup' });
    const path = await server.nextInMessage('patient@clearview.test', from, trackingPattern);

    const guest = await e2e.newPage({ phone: true });
    await guest.goto(path);
    await expectHeading(guest, 'Hello Jane');
    await guest.getByText('Ready for pick-up').first().waitFor(patience);
    await guest.getByRole('heading', { name: 'Progress', level: 2 }).waitFor(patience);
    for (const step of ['Draft', 'Sent to the lab', 'In production', 'Received at the store']) await guest.getByText(step, { exact: true }).waitFor(patience);
    await guest.getByRole('heading', { name: 'Downtown', level: 2 }).waitFor(patience);
    // Nothing else of her: no last name, no staff names.
    const body = await guest.locator('body').innerText();
    for (const hidden of ['Doe', 'Sam Staff', 'Essilor']) expect(body).not.toContain(hidden);
    expect(await noSidewaysScroll(guest)).toBeLessThanOrEqual(390);
    expect(await axeViolations(guest)).toEqual([]);

    await guest.getByRole('button', { name: 'العربية' }).click();
    await expectHeading(guest, 'مرحبًا Jane');
    expect(await guest.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await noSidewaysScroll(guest)).toBeLessThanOrEqual(390);
    expect(await axeViolations(guest)).toEqual([]);

    // An unknown key: the page says so.
    const other = await e2e.newPage();
    await other.goto('/pr/AAAAAAAAAAAAAAAAAAAAAA');
    await expectHeading(other, 'Link not found');
  });
});
