/**
 * What a person on a phone (390x844) or a desktop (1440x900) can reach without scrolling sideways, measured with
 * boundingBox() in English and Arabic (right to left): a table row's actions, the eForms list's filters, the
 * register's 'Change register' beside the floating user menu, the brand's 'Patient' badge in the navigation header.
 * Fresh demo data (Jane's one upcoming visit).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { signInAsJane } from './support/portal';

// A server of the file's own: on the worker's shared one, an earlier file may have cancelled Jane's visit
// (patient-portal) or booked her another (staff-chart).
const server = useOutboxServer();
const e2e = useBrowser({ server });

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

/** The element's box lies inside each ancestor that clips what overflows it: a person reads it in full. */
function clippedBy(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const clipping: string[] = [];
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible' && style.clipPath === 'none') continue;
      const outer = parent.getBoundingClientRect();
      if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5 || box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5) {
        clipping.push(`${parent.tagName.toLowerCase()}.${String(parent.className).split(' ')[0]} (${Math.round(outer.left)}–${Math.round(outer.right)}) cuts ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return clipping;
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('nothing covers or cuts the shell’s own words', () => {
  it("the user-menu pill leaves the register's 'Change register' clear at 1440 px (en, ar)", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/admin', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    const use = page.getByRole('button', { name: /^Use / }).first();
    await use.click();
    for (const language of languages) {
      await chooseLanguage(page, language);
      const change = page.getByRole('button', { name: language === 'en' ? 'Change register' : 'تغيير الصندوق', exact: true });
      await change.waitFor();
      // The pill: the navigation's button, recent records and the user menu.
      const pill = page.getByRole('group', { name: language === 'en' ? 'Navigation and account' : 'التنقل والحساب' });
      const [changeBox, pillBox] = [await change.boundingBox(), await pill.boundingBox()];
      expect(changeBox && pillBox, `${language}: both are drawn`).toBeTruthy();
      expect(overlaps(changeBox!, pillBox!), `${language}: the pill ${JSON.stringify(pillBox)} covers 'Change register' ${JSON.stringify(changeBox)}`).toBe(false);
    }
  });

  it("the brand's 'Patient' badge reads in full in the navigation header, on a phone and a desktop (en, ar)", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsJane(page);
    for (const language of languages) {
      await chooseLanguage(page, language);
      const badge = page.getByRole('navigation').getByText(language === 'en' ? 'Patient' : 'مريض', { exact: true });
      expect(await clippedBy(badge), `${language} desktop`).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const language of languages) {
      await chooseLanguage(page, language);
      await page.getByRole('button', { name: language === 'en' ? 'Open the navigation' : 'فتح قائمة التنقل' }).click();
      const drawer = page.getByRole('dialog', { name: language === 'en' ? 'Navigation' : 'التنقل' });
      const badge = drawer.getByText(language === 'en' ? 'Patient' : 'مريض', { exact: true });
      await badge.waitFor();
      // The drawer slides in: measure where it stops.
      await page.waitForTimeout(400);
      expect(await clippedBy(badge), `${language} phone`).toEqual([]);
      await expectWithinWidth(page, badge, `${language} phone: the badge`);
    }
  });
});
