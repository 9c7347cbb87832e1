/**
 * Keyboard stories: a clerk reaches the patient list and a chart, and a patient fills in the demographics
 * form, with Tab, Enter, arrows and Escape only (and typing into fields); after each in-app navigation the focus is
 * on the new page's heading. The kiosk: a refused submit focuses the error summary, the toolbar offers only the
 * language and 'Start over', and the user menu only Logout, which asks the spec's question.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser, userMenu } from './support/browser';

const e2e = useBrowser();

const jane = 'c1ea0000-0000-4000-8000-0000000a0001';

/** What has the focus: its tag, role, accessible text (aria-label or text) and, for a field, its label. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', role: '', type: '', text: '' };
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const by = element.getAttribute('aria-labelledby');
    const byText = by
      ? by
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : null;
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? '',
      type: element.getAttribute('type') ?? '',
      text: (element.getAttribute('aria-label') ?? byText ?? labelled ?? element.textContent ?? '').trim(),
    };
  });
}

type Focus = Awaited<ReturnType<typeof focused>>;

/** Presses Tab (Shift+Tab with `backwards`) until `wanted` has the focus; fails after `max` presses. */
async function tabTo(page: Page, wanted: (focus: Focus) => boolean, what: string, { backwards = false, max = 80 } = {}) {
  const seen: string[] = [];
  for (let press = 0; press < max; press++) {
    const focus = await focused(page);
    if (wanted(focus)) return press;
    seen.push(`${focus.tag}${focus.role ? `[${focus.role}]` : ''} ${focus.text.slice(0, 30)}`);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  return expect.fail(`${what} was not reached with ${max} presses of Tab; the focus went through:\n${seen.join('\n')}`);
}

/** After an in-app navigation the focus is on the page's level-1 heading. */
async function expectFocusOnHeading(page: Page, name: string) {
  await expect
    .poll(async () => {
      const focus = await focused(page);
      return focus.tag === 'h1' ? focus.text : `${focus.tag} ${focus.text.slice(0, 40)}`;
    }, patience)
    .toBe(name);
}

describe('by keyboard', () => {
  it('a clerk goes from the POS to the patient list, finds Jane Doe and opens her chart, then its Rx tab', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    await page.getByRole('navigation').first().waitFor(patience);

    // The navigation comes before the page: back from wherever the POS put the focus.
    await tabTo(page, (focus) => focus.tag === 'a' && focus.text === 'Patients', "the navigation's Patients", { backwards: true });
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/patients/all');
    await expectFocusOnHeading(page, 'Patients');

    await tabTo(page, (focus) => focus.tag === 'input' && focus.text === 'Search patients', 'the search field');
    // The list answers the search after a pause: wait for that answer, so the row focused is the one that stays
    // (Jane is also on the unfiltered first page, whose row the search's answer replaces).
    const searched = page.waitForResponse((res) => res.url().includes('/api/') && res.url().includes('Doe'), patience);
    await page.keyboard.type('Doe');
    await searched;
    await page.getByRole('link', { name: 'Doe, Jane' }).waitFor(patience);
    await tabTo(page, (focus) => focus.tag === 'a' && focus.text === 'Doe, Jane', "Jane Doe's row");
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith(`/admin/patients/${jane}/`), patience);
    await expectHeading(page, 'Jane Doe');
    await expectFocusOnHeading(page, 'Jane Doe');
    // The navigation shows where she is: the Patients section, still a link back to the list.
    const patients = page.getByRole('navigation').first().getByRole('link', { name: 'Patients', exact: true });
    expect(await patients.getAttribute('aria-current')).toBe('true');

    await tabTo(page, (focus) => focus.role === 'tab' && focus.text === 'Details', 'the Details tab');
    await page.keyboard.press(await page.evaluate(() => (document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')));
    await expectPath(page, `/admin/patients/${jane}/2`);
    // The chosen tab keeps the focus (the page did not take it away to its heading).
    expect(await focused(page)).toMatchObject({ role: 'tab', text: 'Rx' });
  });

  it('a patient opens the demographics form from the navigation, changes the city and saves it', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');
    await expectHeading(page, 'Patients dashboard');

    await tabTo(page, (focus) => focus.tag === 'a' && focus.text === 'Demographic Info', "the navigation's Demographic Info");
    await page.keyboard.press('Enter');
    await expectPath(page, '/patient/demographicinfo');
    await expectFocusOnHeading(page, 'Demographic information');

    const city = page.getByRole('textbox', { name: 'City' });
    const before = await city.inputValue();
    const save = async (value: string) => {
      await tabTo(page, (focus) => focus.tag === 'input' && focus.text === 'City', 'the City field');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
      // The preferred channel: a radio group, changed with the arrows and back.
      await tabTo(page, (focus) => focus.type === 'radio', 'the first channel');
      await page.keyboard.press('ArrowDown');
      expect(await page.getByRole('radio', { name: 'Text message (SMS)' }).isChecked()).toBe(true);
      await page.keyboard.press('ArrowUp');
      expect(await page.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
      await tabTo(page, (focus) => focus.tag === 'button' && focus.text === 'Save changes', 'Save changes');
      await page.keyboard.press('Enter');
      await page.getByText('Your contact details were saved.', { exact: true }).waitFor(patience);
    };
    await save('Shelbyville');
    await page.reload();
    await expectHeading(page, 'Demographic information');
    expect(await city.inputValue()).toBe('Shelbyville');
    // Put it back (other stories read Jane's record).
    await page.keyboard.press('Tab');
    await save(before);
    expect(await city.inputValue()).toBe(before);

    // Escape closes a menu it opened and leaves the focus on its button.
    await tabTo(page, (focus) => focus.tag === 'button' && focus.text === 'User menu: Jane Doe', 'the user menu', { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor(patience);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached', ...patience });
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'User menu: Jane Doe' });
  });
});

describe('the kiosk', () => {
  it('offers the language and Start over; its user menu only Logout, which asks first; a refused submit focuses the summary', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/kiosk/login', { email: 'kiosk.downtown@clearview.test' });
    await expectPath(page, '/patient/register');
    await expectHeading(page, 'Patient registration');

    const toolbar = page.getByRole('banner');
    const controls = await toolbar.locator('button, a[href], input').evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''),
    );
    expect(controls).toEqual(['Start over', 'Language', 'User menu: Downtown Kiosk']);

    await userMenu(page, 'Downtown Kiosk').click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Logout']);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('Are you sure want to exit the product?', { exact: true }).waitFor(patience);
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached', ...patience });
    expect(new URL(page.url()).pathname).toBe('/patient/register');

    // A refused submit (nothing filled in): the focus moves to the error summary.
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), patience).toBe('alert');

    // 'Start over' empties what was typed.
    await page.getByRole('textbox', { name: /^First name/ }).fill('Walter');
    await toolbar.getByRole('button', { name: 'Start over' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^First name/ }).inputValue(), patience).toBe('');
  });
});
