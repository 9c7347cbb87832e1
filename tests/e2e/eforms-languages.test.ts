/**
 * An eForm in the reader's language (issue 33), in Chromium against the real server. The admin builds a form with
 * two questions, picks Arabic under 'Translations', translates the form's name and the first question beside their
 * English (the second is left untranslated and counted as such), sees the preview in Arabic, saves, publishes and
 * sends it to Jane. Jane opens the emailed link on her phone and reads it in Arabic: the Arabic question, and the
 * untranslated one in English isolated (a <bdi> in English, left to right) inside the right-to-left page; what she
 * types keeps its own direction. The link is read from the email the server sends (support/outbox.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const janeEmail = 'patient@clearview.test';
const formName = `Visit questions ${Date.now().toString(36)}`;
/** The link with the language its message was written in (Jane's is English). */
const linkPattern = /\/eforms\?tenantid=[0-9a-f-]{36}&uri=[A-Za-z0-9_-]+&lang=(en|tr|ar)/;

describe('an eForm in the reader’s language', () => {
  it('the admin adds an Arabic translation beside the English; Jane reads the form in Arabic, the untranslated question isolated', async () => {
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    await admin.goto('/admin/eforms');
    await admin.getByRole('link', { name: 'eForm boards of Downtown', exact: true }).click();
    await expectHeading(admin, 'eForm boards of Downtown');
    await admin.getByRole('link', { name: 'New form', exact: true }).first().click();
    await expectHeading(admin, 'New eForm');
    await expect.poll(() => admin.getByRole('combobox', { name: 'Board' }).inputValue(), patience).not.toBe('');

    await admin.getByRole('textbox', { name: 'Form name' }).fill(formName);
    expect(await admin.getByRole('combobox', { name: 'Main language' }).inputValue()).toBe('en');
    await admin.getByText('Patients confirm a one-time code before filling it in', { exact: true }).click();
    expect(await admin.getByRole('checkbox', { name: 'Patients confirm a one-time code before filling it in' }).isChecked()).toBe(false);
    await admin.getByRole('button', { name: 'Add text', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Section 1, question 1' }).fill('What brings you in?');
    await admin.getByRole('button', { name: 'Add a question to section 1', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Section 1, question 2' }).fill('Any allergies (e.g. penicillin)?');

    // Translations: Arabic, side by side with the English; every text starts untranslated.
    await admin.getByRole('combobox', { name: 'Translate into' }).selectOption('ar');
    const texts = admin.getByRole('list', { name: 'Texts in العربية' });
    await texts.waitFor(patience);
    await admin.getByText('4 of 4 texts are untranslated: they show in the main language.', { exact: true }).waitFor(patience);
    await texts.getByRole('textbox', { name: 'Form name (العربية)' }).fill('أسئلة الزيارة');
    await texts.getByRole('textbox', { name: 'Section 1, question 1 (العربية)' }).fill('ما سبب زيارتك؟');
    await admin.getByText('2 of 4 texts are untranslated: they show in the main language.', { exact: true }).waitFor(patience);
    // The untranslated question is marked so beside its English.
    const second = texts.getByRole('listitem').filter({ hasText: 'Any allergies (e.g. penicillin)?' });
    await second.getByText('Untranslated', { exact: true }).waitFor(patience);

    // The preview reads the form in the language being translated.
    const preview = admin.getByRole('complementary', { name: 'Preview (as the patient sees it)' });
    await preview.getByRole('textbox', { name: 'ما سبب زيارتك؟' }).waitFor(patience);

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: 'Card Saved' }).waitFor(patience);
    await admin.waitForURL((url) => url.pathname.startsWith('/admin/eforms/forms/edit/'), patience);
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.getByText('Published', { exact: true }).first().waitFor(patience);

    const mark = server.mark();
    await admin.getByRole('button', { name: 'Assign', exact: true }).first().click();
    const dialog = admin.getByRole('dialog', { name: `Assign ${formName}` });
    await dialog.getByRole('searchbox', { name: 'Search patients' }).fill('Doe');
    await dialog.getByText('Jane Doe', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'detached', ...patience });
    const link = await server.nextInMessage(janeEmail, mark, linkPattern);
    // Jane's messages are in English, and so is the page her link opens.
    expect(linkPattern.exec(link)?.[1]).toBe('en');

    // Jane, on her phone, opens the link and reads it in Arabic.
    const jane = await e2e.newPage({ phone: true });
    await jane.goto(link);
    await jane.getByRole('heading', { level: 1, name: formName }).waitFor(patience);
    await jane.getByRole('button', { name: 'العربية', exact: true }).click();
    await jane.getByRole('heading', { level: 1, name: 'أسئلة الزيارة' }).waitFor(patience);
    expect(await jane.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    // The reader's choice is kept in the address: a reload stays in Arabic.
    expect(new URL(jane.url()).searchParams.get('lang')).toBe('ar');

    await jane.getByRole('textbox', { name: 'ما سبب زيارتك؟' }).waitFor(patience);
    // The untranslated question: its English isolated, in its own language and direction, punctuation at its end.
    const allergies = jane.getByRole('textbox', { name: 'Any allergies (e.g. penicillin)?' });
    await allergies.waitFor(patience);
    const isolation = await jane.evaluate(() => {
      const bdi = [...document.querySelectorAll('label bdi')].find((element) => element.textContent === 'Any allergies (e.g. penicillin)?');
      return bdi ? { lang: bdi.getAttribute('lang'), dir: bdi.getAttribute('dir'), direction: getComputedStyle(bdi).direction } : null;
    });
    expect(isolation).toEqual({ lang: 'en', dir: 'ltr', direction: 'ltr' });
    // The translated question is in the page's own language: not isolated.
    expect(await jane.evaluate(() => [...document.querySelectorAll('label bdi')].some((element) => element.textContent === 'ما سبب زيارتك؟'))).toBe(false);
    // What she types keeps its own direction.
    await allergies.fill('Penicillin');
    expect(await allergies.getAttribute('dir')).toBe('auto');

    await jane.reload();
    await jane.getByRole('heading', { level: 1, name: 'أسئلة الزيارة' }).waitFor(patience);
  });
});
