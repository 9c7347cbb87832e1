/**
 * Browser tests of the shell: Arabic turns the page right-to-left (sign-in page and shell); the navigation
 * search finds 'Invoice' and says 'No results..' for nonsense; the theme settings panel changes the theme, and
 * the choice survives a reload. The POS page (staff's and admins' home) has no link back to itself.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser, userMenu } from './support/browser';

const e2e = useBrowser();

/** lang and dir of <html>. */
const documentLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Waits until <html> has this lang and dir. */
async function expectDocumentLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await page
    .waitForFunction(
      ([l, d]) => document.documentElement.lang === l && document.documentElement.dir === d,
      [lang, dir] as const,
      patience,
    )
    .catch(() => undefined);
  expect(await documentLanguage(page)).toEqual({ lang, dir });
}

describe('switching to Arabic', () => {
  it('turns the sign-in page right-to-left', async () => {
    const page = await e2e.newPage();
    await page.goto('/clearview/downtown');
    const username = page.getByRole('textbox').first();
    await page.getByLabel('User name (email)', { exact: true }).waitFor();
    await expectDocumentLanguage(page, 'en', 'ltr');

    await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'العربية' }).click();

    await expectDocumentLanguage(page, 'ar', 'rtl');
    // The words are Arabic now and the form runs from the right.
    await page.getByLabel('User name (email)', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    expect(await username.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
  });

  it('turns the shell right-to-left: the navigation moves to the right, and it stays so after a reload', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');
    await userMenu(page, 'Jane Doe').waitFor();
    await expectDocumentLanguage(page, 'en', 'ltr');
    const width = page.viewportSize()!.width;
    const navbar = page.getByRole('navigation').first();
    const before = (await navbar.boundingBox())!;
    expect(before.x + before.width / 2).toBeLessThan(width / 2);

    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();

    await expectDocumentLanguage(page, 'ar', 'rtl');
    await userMenu(page, 'Jane Doe').waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const box = await navbar.boundingBox();
        return box ? box.x + box.width / 2 : 0;
      }, patience)
      .toBeGreaterThan(width / 2);

    await page.reload();
    await expectPath(page, '/admin/dashboard/patients');
    await page.getByRole('navigation').first().waitFor();
    await expectDocumentLanguage(page, 'ar', 'rtl');
  });
});

describe('the brand', () => {
  it('reads in full in the navbar on a desktop, and is the logo alone in the toolbar on a phone (its name kept for screen readers)', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(page, '/admin/dashboard/patients');
    await userMenu(page, 'Jane Doe').waitFor();
    // Not cut short ('Patient ...'): the name's box holds its whole text.
    const name = page.getByText('Patient Portal', { exact: true }).first();
    await name.waitFor(patience);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().width > 40)).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    const toolbar = page.getByRole('banner');
    const shown = toolbar.getByText('Patient Portal', { exact: true });
    await expect.poll(() => shown.evaluate((element) => element.getBoundingClientRect().width), patience).toBeLessThanOrEqual(1);
    // ... and still named for a screen reader.
    expect(await shown.evaluate((element) => element.textContent)).toBe('Patient Portal');
  });
});

describe("the POS page, staff's and admins' home", () => {
  /**
   * The links of the page whose address is the page itself, offered as a way somewhere: an in-page anchor (the skip
   * link) and the page's own tab marked as the current one (the register's Sale tab, which says where the person is)
   * aside.
   */
  const linksToThisPage = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((link) => !link.getAttribute('href')!.startsWith('#') && !(link.closest('main') && link.getAttribute('aria-current') === 'page'))
        .filter((link) => new URL(link.href).pathname === window.location.pathname)
        .map((link) => link.textContent),
    );

  it.each([
    ['staff', '/clearview/downtown', 'staff@clearview.test'],
    ['an admin', '/admin', 'admin@clearview.test'],
  ])('%s: no home link, brand or menu entry leads back to it; the navigation leads out, on a desktop and a phone', async (_, address, email) => {
    const page = await e2e.newPage();
    await signInAt(page, address, { email });
    await expectPath(page, '/admin/pos/all');
    const navigation = page.getByRole('navigation', { name: 'Navigation' });
    await navigation.waitFor(patience);
    // Its own entry says where the person is, and is no link to here; the brand is no link at all.
    const here = navigation.locator('[aria-current="page"]');
    expect(await here.innerText()).toBe('Point of Sale');
    expect(await here.getAttribute('href')).toBeNull();
    expect(await page.getByRole('link', { name: /^Patient Portal/ }).count()).toBe(0);
    expect(await linksToThisPage(page)).toEqual([]);
    await page.getByRole('button', { name: /^User menu: / }).click();
    await page.getByRole('menu').waitFor();
    expect(await linksToThisPage(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open the navigation', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    expect(await linksToThisPage(page)).toEqual([]);
    await drawer.getByRole('link', { name: 'Patients', exact: true }).click();
    await expectPath(page, '/admin/patients/all');
    await expectHeading(page, 'Patients');
  });
});

describe('the navigation search', () => {
  it("finds 'Invoice' for the admin and opens it; says 'No results..' for nonsense", async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/admin', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    // The POS hides the toolbar: go to a page that has it, through the navigation.
    await page.getByRole('navigation').getByRole('link', { name: 'Patients', exact: true }).click();
    await expectPath(page, '/admin/patients/all');

    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'Search the navigation' });
    await search.waitFor();
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);

    await search.fill('invo');
    const suggestions = page.getByRole('menu', { name: 'Suggestions' });
    await suggestions.getByRole('menuitem', { name: 'Invoice', exact: true }).waitFor();
    // The report 'Unbalanced invoices' matches too.
    expect(await suggestions.getByRole('menuitem').allInnerTexts()).toEqual(['Invoice', 'Unbalanced invoices']);
    // The first suggestion is highlighted, so Enter opens it.
    await search.press('Enter');
    await expectPath(page, '/admin/invoicelookup/all');
    await expectHeading(page, 'Invoice lookup');

    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await search.fill('qwxz zzyq');
    await page.getByText('No results..', { exact: true }).waitFor();
    // Nothing to open: the message is all the suggestion list holds.
    expect(await suggestions.getByRole('menuitem').allInnerTexts()).toEqual(['No results..']);
    expect(await suggestions.getByRole('menuitem', { name: 'Invoice' }).count()).toBe(0);
  });
});

describe('the theme settings panel', () => {
  const account = { email: 'patient@brightsight.test' };

  /**
   * What <html> shows of the main theme: its class (the theme's CSS is loaded when first chosen), data-mode (light
   * or dark) and the page background it paints (the theme's default background).
   */
  async function htmlTheme(page: Page) {
    return page.evaluate(() => {
      const html = document.documentElement;
      return { className: html.className, mode: html.dataset.mode, background: getComputedStyle(html).backgroundColor };
    });
  }
  /** Dark 7's default background, #212529 (shell.md's palette table). */
  const dark7Background = 'rgb(33, 37, 41)';

  it('changes the main theme, says so, and the choice survives a reload and a new sign-in', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/brightsight/main', account);
    await expectPath(page, '/admin/dashboard/patients');
    await userMenu(page, 'John Roe').waitFor();
    await expect.poll(async () => (await htmlTheme(page)).mode, patience).toBe('light');
    const light = await htmlTheme(page);
    expect(light.background).not.toBe(dark7Background);

    // The panels open from the user menu (no tabs floating over the page).
    await userMenu(page, 'John Roe').click();
    await page.getByRole('menuitem', { name: 'Theme Settings', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Theme Settings' });
    await panel.waitFor();
    await panel.getByRole('button', { name: /Main theme/ }).click();
    await page.getByRole('option', { name: 'Dark 7', exact: true }).click();
    // The page takes the theme at once (its CSS is fetched when first chosen).
    await expect.poll(async () => (await htmlTheme(page)).background, patience).toBe(dark7Background);
    const dark = await htmlTheme(page);
    expect(dark.mode).toBe('dark');
    expect(dark.className).not.toBe(light.className);

    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/patient/savethemesettings');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Selected settings changed successfully. Please check', { exact: true }).waitFor();

    await page.reload();
    await userMenu(page, 'John Roe').waitFor();
    await expect.poll(async () => htmlTheme(page), patience).toEqual(dark);

    // Saved on the server, not only in this tab: a new sign-in elsewhere gets it too.
    const elsewhere = await e2e.newPage();
    await signInAt(elsewhere, '/brightsight/main', account);
    await userMenu(elsewhere, 'John Roe').waitFor();
    await expect.poll(async () => htmlTheme(elsewhere), patience).toEqual(dark);
  });
});
