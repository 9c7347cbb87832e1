/**
 * What a person on a phone (390x844) or a desktop (1440x900) can reach without scrolling sideways, measured with
 * boundingBox() in English and Arabic (right to left): a table row's actions, the eForms list's filters, the
 * register's 'Change register' beside the floating user menu, the brand's 'Patient' badge in the navigation header.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { signInAsJane } from './support/portal';

const e2e = useBrowser();

const languages = ['en', 'ar'] as const;

/** The control lies inside the window's width (a person sees and reaches it without scrolling sideways). */
async function expectWithinWidth(page: Page, control: Locator, what: string) {
  const box = await control.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.x, `${what} starts at x = ${box!.x}`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends at x = ${box!.x + box!.width} of ${width}`).toBeLessThanOrEqual(width);
}

/** The language as a person picks it: stored by the app, then the page loads again. */
async function chooseLanguage(page: Page, language: string) {
  await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  // The server's first drawing of a patient page (a desktop's, for this browser) gives way to the app's.
  await page.locator('#first-paint').waitFor({ state: 'detached' });
}

describe('on a phone, every row action and filter is within the screen', () => {
  it("the patient's 'Cancel' of an upcoming visit (en, ar)", async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsJane(page);
    await page.goto('/patient/appointment');
    await expectPath(page, '/patient/appointment');
    for (const language of languages) {
      await chooseLanguage(page, language);
      const cancel = page.getByRole('table', { name: language === 'en' ? 'Upcoming visits' : 'المواعيد القادمة' }).getByRole('button');
      await cancel.first().waitFor();
      expect(await cancel.count()).toBe(1);
      await expectWithinWidth(page, cancel, `${language}: the visit's cancel button`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });

  it("the eForms list's filters and each form's actions (en, ar)", async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/admin', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    await page.goto('/admin/eforms/all');
    for (const language of languages) {
      await chooseLanguage(page, language);
      await expectHeading(page, language === 'en' ? 'All eForms' : 'كل النماذج الإلكترونية');
      const table = page.getByRole('table');
      await table.locator('tbody tr').first().waitFor();
      await expectWithinWidth(page, page.getByRole('combobox').first(), `${language}: the store filter`);
      await expectWithinWidth(page, page.getByRole('combobox').nth(1), `${language}: the status filter`);
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main button, main a[href], main input, main select, main textarea')]
          .filter((control) => {
            const box = control.getBoundingClientRect();
            return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
          })
          .map((control) => control.getAttribute('aria-label') ?? control.innerText.trim()),
      );
      expect(outside, `${language}: controls outside the screen`).toEqual([]);
    }
  });
});

