/**
 * An eForm as one story in Chromium against the real server. The admin makes a board and builds a form through the
 * builder with the four section types of the spec (radio, checklist, text, date), two of them required, saves it
 * ('Card Saved'), publishes it and assigns it to Jane Doe by email; the assignment is listed as sent. Jane opens the
 * link of that email in a browser of her own: it asks for a code (in Arabic, right to left, after the language
 * switch), a too short and a wrong code get the spec's messages, the right one opens the form, Submit waits for the
 * required sections, the submission is received and the link then says it was already received. The admin sees it
 * submitted and reads the answers; a second link the admin revokes says 'Expired!', also in Arabic; Jane's chart
 * lists both.
 *
 * The link and the codes are read where Jane reads them: the messages the server sends. So this file runs a server
 * of its own whose outbox output it can read (support/outbox.ts), not the shared one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { codePattern, eformLinkPattern, useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** server/db/seed.ts demoIds: Jane Doe (whose email is patient@clearview.test). */
const janeDoe = 'c1ea0000-0000-4000-8000-0000000a0001';
const janeEmail = 'patient@clearview.test';

const formName = 'Eye history (e2e)';
const description = 'A few questions before your visit.';

/** Waits for the screen's level-1 heading; on a timeout says what the page shows instead. */
async function heading(page: Page, name: string) {
  try {
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor(patience);
  } catch {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 500));
    expect.fail(`Expected the heading '${name}' at ${page.url()}; the page shows: ${JSON.stringify(shown)}`);
  }
}

/** On the builder of the saved form: assigns it to Jane by email; answers the link of the email she gets. */
async function assignToJane(admin: Page): Promise<string> {
  const mark = server.mark();
  await admin.getByRole('button', { name: 'Assign', exact: true }).first().click();
  const dialog = admin.getByRole('dialog', { name: `Assign ${formName}` });
  await dialog.getByRole('searchbox', { name: 'Search patients' }).fill('Doe');
  await dialog.getByText('Jane Doe', { exact: true }).click();
  expect(await dialog.getByRole('checkbox', { name: /Jane Doe/ }).isChecked()).toBe(true);
  // Each chosen name keeps its own direction inside the sentence (Unicode's isolate marks around it).
  expect(await dialog.getByText(/^Chosen \(1\):/).textContent()).toBe('Chosen (1): \u2068Jane Doe\u2069');
  expect(await dialog.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await dialog.waitFor({ state: 'detached', ...patience });
  return server.nextInMessage(janeEmail, mark, eformLinkPattern);
}

/** The statuses of Jane's assignments in the builder's list, in its order. */
async function statusesOfJane(admin: Page): Promise<string[]> {
  const rows = admin.getByRole('row', { name: 'Assignment of Jane Doe' });
  return Promise.all((await rows.all()).map((row) => row.getByRole('cell').nth(1).innerText()));
}

describe('an eForm from the builder to Jane and back', () => {
  it('the admin builds, publishes and sends a form; Jane opens her emailed link, proves her code, submits it once; a revoked link is expired', async () => {
    // The admin builds the form.
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');

    await admin.goto('/admin/eforms');
    await expectPath(admin, '/admin/eforms/all');
    await expectHeading(admin, 'All eForms');
    await admin.getByRole('link', { name: 'eForm boards of Downtown', exact: true }).click();
    await expectHeading(admin, 'eForm boards of Downtown');

    const boardName = `Check-up ${Date.now().toString(36)}`;
    await admin.getByLabel('New board name').fill(boardName);
    await admin.getByRole('button', { name: 'Create board', exact: true }).click();
    await admin.getByRole('heading', { level: 2, name: boardName }).waitFor(patience);
    await admin.getByRole('link', { name: 'New form', exact: true }).click();
    await expectHeading(admin, 'New eForm');
    await expect.poll(() => admin.getByRole('combobox', { name: 'Board' }).inputValue(), patience).not.toBe('');

    await admin.getByRole('textbox', { name: 'Form name' }).fill(formName);
    await admin.getByRole('textbox', { name: 'Description' }).fill(description);
    expect(await admin.getByRole('checkbox', { name: 'Patients confirm a one-time code before filling it in' }).isChecked()).toBe(true);
    for (const kind of ['Add radio', 'Add checklist', 'Add text', 'Add date']) {
      await admin.getByRole('button', { name: kind, exact: true }).click();
    }
    await admin.getByRole('button', { name: 'Edit title: Radio title (section 1)' }).click();
    await admin.getByRole('textbox', { name: 'Radio title (section 1)' }).fill('');
    expect(await admin.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);
    await admin.getByRole('textbox', { name: 'Radio title (section 1)' }).fill('Do you wear glasses?');
    await admin.getByRole('button', { name: 'Confirm', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Section 3, question 1' }).fill('What brings you in?');
    // Two required sections: the checklist and the text.
    for (const required of ['Section 2 is required', 'Section 3 is required']) {
      await admin.getByText(required, { exact: true }).click();
      expect(await admin.getByRole('checkbox', { name: required }).isChecked()).toBe(true);
    }
    // The live preview draws the form as the patient will see it.
    const preview = admin.getByRole('complementary', { name: 'Preview (as the patient sees it)' });
    await preview.getByRole('radiogroup', { name: /Do you wear glasses\?/ }).waitFor(patience);

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Card Saved' }).waitFor(patience);
    await admin.waitForURL((url) => url.pathname.startsWith('/admin/eforms/forms/edit/'), patience);
    await expectHeading(admin, `Edit eForm: ${formName}`);

    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.getByText('Published', { exact: true }).first().waitFor(patience);

    // ... and sends it to Jane: listed as sent, and the email carries her link.
    const link = await assignToJane(admin);
    await admin.getByRole('row', { name: 'Assignment of Jane Doe' }).waitFor(patience);
    expect(await statusesOfJane(admin)).toEqual(['Sent']);

    // Jane opens the link on her phone, a browser of her own: the form asks for a code first.
    const jane = await e2e.newPage({ phone: true });
    const calls: string[] = [];
    jane.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
    });
    await jane.goto(link);
    await heading(jane, 'Confirm it is you');
    // The server put the encrypted tenant into the page (server/eforms/page.ts): no getencryptedtenant; its getcard,
    // made early by eforms.html's prefetch script, is the page's: made once.
    expect(calls).toEqual(['/api/patient/getcard']);
    const taken = await jane.evaluate(() => {
      const early = window.eformPrefetch;
      return early ? { tenant: early.tenant === undefined, card: early.card === undefined } : null;
    });
    expect(taken).toEqual({ tenant: true, card: true });

    // In Arabic the code screen is right to left; back in English for the rest.
    await jane.getByRole('button', { name: 'العربية', exact: true }).click();
    await heading(jane, 'أكّد هويتك');
    await jane.getByRole('button', { name: 'انقر للحصول على رمز التحقق', exact: true }).waitFor(patience);
    expect(await jane.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    await jane.getByRole('button', { name: 'English', exact: true }).click();
    await heading(jane, 'Confirm it is you');
    expect(await jane.evaluate(() => document.documentElement.dir)).toBe('ltr');

    const codeMark = server.mark();
    await jane.getByRole('button', { name: 'Click to Get OTP', exact: true }).click();
    const codeDialog = jane.getByRole('dialog');
    await codeDialog
      .getByText('Authentication code has been sent your registered Email/Phone number. Please enter it below.', { exact: true })
      .waitFor(patience);
    const code = await server.nextInMessage(janeEmail, codeMark, codePattern);
    const field = codeDialog.getByLabel('Authentication code', { exact: true });

    // Too short: the spec's message, and Submit stays disabled.
    await field.fill('123');
    await field.blur();
    await codeDialog.getByText('OTP code is Incorrect', { exact: true }).waitFor(patience);
    expect(await codeDialog.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);

    // A wrong code: the spec's message, and the field is empty again.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await field.fill(wrong);
    await codeDialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await codeDialog.getByRole('alert').filter({ hasText: 'Invalid Authentication code. Please check or Resend the code' }).waitFor(patience);
    await expect.poll(() => field.inputValue(), patience).toBe('');

    // The right one (spaces around it as pasted from an email) opens the form the admin built.
    await field.fill(` ${code} `);
    await codeDialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await heading(jane, formName);
    await jane.getByText(description, { exact: true }).waitFor(patience);
    // The form token is in memory only.
    expect(await jane.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toMatch(
      /formToken|eyJ/,
    );

    const submit = jane.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await jane.getByRole('radiogroup', { name: 'Do you wear glasses?' }).getByText('Option 1', { exact: true }).click();
    await jane.getByRole('textbox', { name: 'Question 1' }).fill('03/14/2024');
    // Both required sections are still empty: Submit waits for them, one after the other.
    expect(await submit.isDisabled()).toBe(true);
    await jane.getByRole('group', { name: 'Untitled list' }).getByText('Option 1', { exact: true }).click();
    expect(await jane.getByRole('group', { name: 'Untitled list' }).getByRole('checkbox', { name: 'Option 1' }).isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await jane.getByRole('textbox', { name: 'What brings you in?' }).fill('New reading glasses, please.');
    await expect.poll(() => submit.isDisabled(), patience).toBe(false);
    await submit.click();
    await heading(jane, 'Thank You!');
    await jane.getByText('Your submission has been received.', { exact: true }).waitFor(patience);

    // The same link again: the already-received screen, without asking for a code.
    await jane.reload();
    await heading(jane, 'Thank You!');
    await jane.getByText('Your submission has been already received. Thank you for being with us.', { exact: true }).waitFor(patience);

    // The admin sees it submitted and reads Jane's answers.
    await admin.reload();
    await expectHeading(admin, `Edit eForm: ${formName}`);
    await expect.poll(() => statusesOfJane(admin), patience).toEqual(['Submitted']);
    await admin.getByRole('button', { name: 'View answers: Jane Doe', exact: true }).click();
    const answers = admin.getByRole('dialog', { name: `${formName}: answers of Jane Doe` });
    await answers.waitFor(patience);
    await expect.poll(() => answers.getByRole('textbox', { name: 'What brings you in?' }).inputValue(), patience).toBe(
      'New reading glasses, please.',
    );
    expect(await answers.getByRole('textbox', { name: 'Question 1' }).inputValue()).toBe('03/14/2024');
    await answers.getByRole('button', { name: 'Close', exact: true }).click();
    await answers.waitFor({ state: 'detached', ...patience });

    // A second link, which the admin revokes: it has expired, in English and in Arabic (right to left).
    const revoked = await assignToJane(admin);
    expect(revoked).not.toBe(link);
    await expect.poll(() => statusesOfJane(admin), patience).toContain('Sent');
    await admin.getByRole('button', { name: 'Revoke the link of Jane Doe', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Link revoked' }).waitFor(patience);
    await expect.poll(async () => (await statusesOfJane(admin)).sort(), patience).toEqual(['Revoked', 'Submitted']);

    const expired = await e2e.newPage({ phone: true });
    await expired.goto(revoked);
    await heading(expired, 'Expired!');
    await expired
      .getByText('Requested form has exceeded the time for submission. Please contact store admin.', { exact: true })
      .waitFor(patience);
    const arabic = await e2e.newPage({ phone: true, language: 'ar' });
    await arabic.goto(revoked);
    await heading(arabic, 'انتهت الصلاحية!');
    expect(await arabic.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);

    // Jane's chart (its forms tab) lists both assignments of the form.
    await admin.goto(`/admin/patients/${janeDoe}/7`);
    await expectHeading(admin, 'Jane Doe');
    const eforms = admin.getByRole('region', { name: 'eForms' });
    const chartRows = eforms.getByRole('row', { name: `Assignment of ${formName}` });
    await chartRows.first().waitFor(patience);
    const chartStatuses = await Promise.all((await chartRows.all()).map((row) => row.getByRole('cell').nth(1).innerText()));
    expect(chartStatuses.sort()).toEqual(['Revoked', 'Submitted']);
  }, 180_000);
});
