/**
 * Issue 4, the patient side of an eForm link in Chromium against the real server: the admin (over HTTP) makes a
 * published form with the four section types of the spec and a required one and sends it to Jane Doe; in a fresh
 * browser the link asks for a code, a wrong code gets the spec's message, the right one opens the form, Submit
 * waits for the required section, the submission is received, the link then says it was already received; a
 * revoked link says 'Expired!', also in Arabic (right to left).
 *
 * The link and the codes are read where Jane would read them: the messages the server sends. This file starts its
 * own server (development mode with LOG_LEVEL=info, so the outbox prints each message it sends, as it does for a
 * local user) because the shared e2e server logs warnings only and keeps its output to itself.
 */
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, patience } from './support/browser';
import { startServer } from './support/server';
import type { RunningServer } from './support/server';

/** server/db/seed.ts demoIds: Clearview, its Downtown store and Jane Doe (whose email is patient@clearview.test). */
const clearview = 'c1ea0000-0000-4000-8000-000000000001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const janeDoe = 'c1ea0000-0000-4000-8000-0000000a0001';
const janeEmail = 'patient@clearview.test';

let server: RunningServer;
let browser: Browser;
let adminToken = '';
let clients = 0;
/** Each caller its own client address (TRUST_PROXY), so the auth rate limit of one address is never shared. */
const clientAddress = () => `10.77.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Forwarded-For': clientAddress() };
  if (adminToken) headers.Authorization = `Bearer ${adminToken}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The bodies of the messages the outbox printed to `recipient` after `from` (an offset in the server output). */
function messagesTo(recipient: string, from = 0): string[] {
  return server
    .output()
    .slice(from)
    .split('\n')
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { to?: string; msg?: string };
        return entry.to === recipient && entry.msg?.startsWith('outbox (development): ') ? [entry.msg] : [];
      } catch {
        return [];
      }
    });
}

/** Waits for the next message to `recipient` after `from` and reads `pattern` out of it. */
async function nextInMessage(recipient: string, from: number, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = messagesTo(recipient, from)
        .map((body) => body.match(pattern)?.[0])
        .find(Boolean);
      return found;
    }, patience)
    .toBeTruthy();
  return found!;
}

const linkPattern = /\/eforms\?tenantid=[0-9a-f-]{36}&uri=[A-Za-z0-9_-]+/;

let formId = '';

/** Sends the form to Jane; answers her link (the path and query) and the assignment id. */
async function sendToJane(): Promise<{ link: string; assignmentId: string }> {
  const mark = server.output().length;
  const { assignments } = await api<{ assignments: { id: string }[] }>(`/eforms/forms/${formId}/assign`, {
    method: 'POST',
    body: { patientIds: [janeDoe], channels: ['email'] },
  });
  return { link: await nextInMessage(janeEmail, mark, linkPattern), assignmentId: assignments[0]!.id };
}

async function newPage(language?: 'ar'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  context.setDefaultTimeout(patience.timeout);
  if (language) await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** Waits for the screen's heading; on a timeout says what the page shows instead. */
async function heading(page: Page, name: string) {
  try {
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor(patience);
  } catch {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 500));
    expect.fail(`Expected the heading '${name}' at ${page.url()}; the page shows: ${JSON.stringify(shown)}`);
  }
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' } });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

  const login = await api<{ access_token: string }>('/patient/login', {
    method: 'POST',
    body: { username: 'admin@clearview.test', password: DEMO_PASSWORD, tenentID: clearview, locationid: downtown },
  });
  adminToken = login.access_token;
  const { boards } = await api<{ boards: { id: string }[] }>(`/patient/formstores?locationId=${downtown}`);
  const saved = await api<{ card: { id: string; status: string } }>('/patient/updateform', {
    method: 'POST',
    body: {
      boardId: boards[0]!.id,
      name: 'Eye check (e2e)',
      description: 'A few questions before your visit.',
      requiresCode: true,
      sections: [
        {
          id: 'glasses',
          optionId: 1,
          title: 'Glasses',
          radiolists: [{ name: 'Do you wear glasses?', radioItems: [{ id: 'yes', name: 'Yes' }, { id: 'no', name: 'No' }] }],
        },
        {
          id: 'symptoms',
          optionId: 2,
          title: 'Symptoms',
          isRequired: true,
          checklists: [{ name: 'What do you notice?', checkItems: [{ id: 'blurry', name: 'Blurry vision' }, { id: 'headaches', name: 'Headaches' }] }],
        },
        { id: 'notes', optionId: 4, title: 'Notes', textlists: [{ id: 'notesText', name: 'Anything else?' }] },
        { id: 'lastTest', optionId: 5, title: 'Last eye test', datelists: [{ id: 'lastTestDate', name: 'Date of your last eye test' }] },
      ],
    },
  });
  formId = saved.card.id;
  const published = await api<{ status: string }>(`/eforms/forms/${formId}/publish`, { method: 'POST' });
  expect(published.status).toBe('published');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the public eForm link', () => {
  it('asks for a code, refuses a wrong one, opens the form, submits once and then says it was received', async () => {
    const { link } = await sendToJane();
    const page = await newPage();
    await page.goto(link);
    await heading(page, 'Confirm it is you');

    const mark = server.output().length;
    await page.getByRole('button', { name: 'Click to Get OTP', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Authentication code has been sent your registered Email/Phone number. Please enter it below.', { exact: true })
      .waitFor(patience);
    const code = await nextInMessage(janeEmail, mark, /\b\d{6}\b/);
    const field = dialog.getByLabel('Authentication code', { exact: true });

    // Too short: the spec's message, and Submit stays disabled.
    await field.fill('123');
    await field.blur();
    await dialog.getByText('OTP code is Incorrect', { exact: true }).waitFor(patience);
    expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);

    // A wrong code: the spec's message, and the field is empty again.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await field.fill(wrong);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Invalid Authentication code. Please check or Resend the code' }).waitFor(patience);
    await expect.poll(() => field.inputValue(), patience).toBe('');

    await field.fill(` ${code} `);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await heading(page, 'Eye check (e2e)');

    // The code is never in an answer the page received; the form token is in memory only.
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toMatch(
      /formToken|eyJ/,
    );

    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('New reading glasses, please.');
    await page.getByText('Yes', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Date of your last eye test' }).fill('03/14/2024');
    // The required checklist is still empty: Submit waits for it.
    expect(await submit.isDisabled()).toBe(true);
    await page.getByText('Blurry vision', { exact: true }).click();
    await expect.poll(() => submit.isDisabled(), patience).toBe(false);
    await submit.click();
    await heading(page, 'Thank You!');
    await page.getByText('Your submission has been received.', { exact: true }).waitFor(patience);

    // The same link again: the already-received screen, without asking for a code.
    await page.reload();
    await heading(page, 'Thank You!');
    await page.getByText('Your submission has been already received. Thank you for being with us.', { exact: true }).waitFor(patience);
  });

  it('a revoked link shows Expired!, and in Arabic the page is right to left', async () => {
    const { link, assignmentId } = await sendToJane();
    await api(`/eforms/assignments/${assignmentId}/revoke`, { method: 'POST' });

    const page = await newPage();
    await page.goto(link);
    await heading(page, 'Expired!');
    await page.getByText('Requested form has exceeded the time for submission. Please contact store admin.', { exact: true }).waitFor(patience);

    const arabic = await newPage('ar');
    await arabic.goto(link);
    await heading(arabic, 'انتهت الصلاحية!');
    expect(await arabic.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
  });

  it('in Arabic, the code screen of a fresh link is right to left too', async () => {
    const { link } = await sendToJane();
    const page = await newPage('ar');
    await page.goto(link);
    await heading(page, 'أكّد هويتك');
    await page.getByRole('button', { name: 'انقر للحصول على رمز التحقق', exact: true }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
