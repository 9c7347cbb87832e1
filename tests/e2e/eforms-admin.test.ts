/**
 * Issue 4, the admin side of eForms in Chromium against the real server: the admin makes a board, builds a form with
 * the four section types of the spec (radio, checklist, text, date) and a required one through the builder, saves it
 * ('Card Saved'), publishes it, assigns it to Jane Doe by email and sees the assignment listed as sent, on the form
 * and in Jane's patient chart. (The patient side of the link is another file's.)
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

/** server/db/seed.ts demoIds: Jane Doe and the Downtown store of Clearview. */
const janeDoe = 'c1ea0000-0000-4000-8000-0000000a0001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

describe('the admin eForm builder', () => {
  it('builds, saves, publishes and assigns a form to Jane Doe, whose assignment is listed as sent', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/admin', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');

    await page.goto('/admin/eforms');
    await expectPath(page, '/admin/eforms/all');
    await expectHeading(page, 'All eForms');
    await page.getByRole('link', { name: 'eForm boards of Downtown', exact: true }).click();
    await expectHeading(page, 'eForm boards of Downtown');

    const boardName = `Check-up ${Date.now().toString(36)}`;
    await page.getByLabel('New board name').fill(boardName);
    await page.getByRole('button', { name: 'Create board', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: boardName }).waitFor(patience);
    await page.getByRole('link', { name: 'New form', exact: true }).click();
    await expectHeading(page, 'New eForm');
    await expect.poll(() => page.getByRole('combobox', { name: 'Board' }).inputValue(), patience).not.toBe('');

    await page.getByRole('textbox', { name: 'Form name' }).fill('Eye history (e2e)');
    for (const kind of ['Add radio', 'Add checklist', 'Add text', 'Add date']) {
      await page.getByRole('button', { name: kind, exact: true }).click();
    }
    await page.getByRole('button', { name: 'Edit the radio title of section 1' }).click();
    await page.getByRole('textbox', { name: 'Radio title (section 1)' }).fill('');
    expect(await page.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Radio title (section 1)' }).fill('Do you wear glasses?');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('textbox', { name: 'Section 3, question 1' }).fill('What brings you in?');
    await page.getByText('Section 3 is required', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Section 3 is required' }).isChecked()).toBe(true);
    // The live preview draws the form as the patient will see it.
    const preview = page.getByRole('complementary', { name: 'Preview (as the patient sees it)' });
    await preview.getByRole('radiogroup', { name: /Do you wear glasses\?/ }).waitFor(patience);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Card Saved' }).waitFor(patience);
    await page.waitForURL((url) => url.pathname.startsWith('/admin/eforms/forms/edit/'), patience);
    await expectHeading(page, 'Edit eForm: Eye history (e2e)');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published', { exact: true }).first().waitFor(patience);

    await page.getByRole('button', { name: 'Assign', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Assign Eye history (e2e)' });
    await dialog.getByRole('searchbox', { name: 'Search patients' }).fill('Doe');
    await dialog.getByText('Jane Doe', { exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: /Jane Doe/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'detached', ...patience });

    const row = page.getByRole('row', { name: 'Assignment of Jane Doe' });
    await row.waitFor(patience);
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Sent');

    // The patient chart's eForms section lists it too.
    await page.goto(`/admin/patients/${janeDoe}/${downtown}`);
    await expectHeading(page, 'Jane Doe');
    const eforms = page.getByRole('region', { name: 'eForms' });
    const chartRow = eforms.getByRole('row', { name: 'Assignment of Eye history (e2e)' });
    await chartRow.waitFor(patience);
    expect(await chartRow.getByRole('cell').nth(1).innerText()).toBe('Sent');
  });
});
