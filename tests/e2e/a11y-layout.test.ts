/**
 * What a screen-reader, keyboard or phone user met in the walk of issue 33, each as that person meets it:
 * the page after signing in (React Aria's announcer of the pressed button), the 'View answers' buttons of a form's
 * assignments, a prescription's table box in Arabic at every width, and the chart's fields side by side at desktop
 * and phone size (the Details tab, the lab orders' move bar).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, patience, readApi, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

/** server/db/seed.ts demoIds. */
const demo = {
  jane: 'c1ea0000-0000-4000-8000-0000000a0001',
  janeRx: 'c1ea0000-0000-4000-8000-0000000b0002',
  downtown: 'c1ea0000-0000-4000-8000-00000000d001',
};

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

async function signInAsClerk(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
  await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
}

/** Two frames: a resize's ResizeObserver callbacks have run and React has drawn what they set. */
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The controls in `root` (fields, selects, buttons, their labels) whose boxes overlap another's by more than a pixel
 * each way, one line per pair, with where they are.
 */
function overlaps(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const scope = document.querySelector(selector) ?? document.body;
    const controls = [...scope.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea, button, label')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    const name = (element: Element) => {
      const box = element.getBoundingClientRect();
      const what = element.getAttribute('name') ?? element.textContent?.trim().slice(0, 30) ?? '';
      return `${element.tagName.toLowerCase()} '${what}' at ${Math.round(box.left)},${Math.round(box.top)} (${Math.round(box.width)}x${Math.round(box.height)})`;
    };
    const found: string[] = [];
    controls.forEach((a, index) => {
      for (const b of controls.slice(index + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (across > 1 && down > 1) found.push(`${name(a)} overlaps ${name(b)}`);
      }
    });
    return found;
  }, root);
}

describe('issue 33: what axe and a look at the chart found', () => {
  it('signing in: the next page is axe-clean the moment it shows, the live announcer of the pressed button included', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(desktop);
    // The button is pressed (and so focused) while the sign-in is pending: React Aria announced it with a node
    // labelled by the button's id, which named nothing once the next page replaced the form (role-img-alt).
    await signInAsClerk(page);
    await page.locator('h1').first().waitFor(patience);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("a submitted form's 'View answers' button is named by what it shows (label-content-name-mismatch)", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(desktop);
    await signInAsClerk(page);
    const list = await readApi<{ forms: { id: string; name: string; locationId: string }[] }>(page, '/api/eforms/forms');
    const intake = list.forms.find((form) => form.name === 'New Patient Intake' && form.locationId === demo.downtown);
    expect(intake, "Downtown's New Patient Intake").toBeTruthy();
    await page.goto(`/admin/eforms/forms/edit/${demo.downtown}/${intake!.id}`);
    await expectHeading(page, 'Edit eForm: New Patient Intake');
    // The demo's submitter of the intake (server/db/seed-eforms.ts).
    const view = page.getByRole('button').filter({ hasText: /^View answers$/ });
    await view.first().waitFor(patience);
    // Where the person reads it (axe weighs the text on screen: below the fold it checks nothing).
    await view.first().scrollIntoViewIfNeeded();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it("Jane's prescription in Arabic: from the first frame after the window narrows, its table box that scrolls is a named tab stop", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(desktop);
    await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
    await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto(`/patient/rxinfo/orders/${demo.janeRx}/${demo.jane}/${demo.downtown}`);
    await page.locator('#first-paint').waitFor({ state: 'detached', ...patience });
    await page.locator('main table').first().waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');

    for (const size of [phone, desktop, phone]) {
      // Watches the table boxes from the page: its observer, made after the page's own, is called in the same frame,
      // after them and before that frame is painted. What it sees is what the first painted frame shows.
      const seen = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const boxes = [...document.querySelectorAll('main div')].filter((box) => getComputedStyle(box).overflowX === 'auto' && box.querySelector('table'));
            let first = true;
            const observer = new ResizeObserver(() => {
              // The first call reports the boxes as they are; the next is the resize.
              if (first) return void (first = false);
              observer.disconnect();
              resolve(
                boxes
                  .filter((box) => box.scrollWidth > box.clientWidth + 1)
                  .filter((box) => box.getAttribute('tabindex') !== '0' || box.getAttribute('role') !== 'region' || !box.getAttribute('aria-label'))
                  .map((box) => `a box ${box.scrollWidth - box.clientWidth} px wider than it shows, tabindex ${box.getAttribute('tabindex')}, role ${box.getAttribute('role')}`),
              );
            });
            for (const box of boxes) observer.observe(box);
          }),
      );
      await frames(page);
      await page.setViewportSize(size);
      expect(await seen, `${size.width} px, first frame`).toEqual([]);
      await frames(page);
      expect(await axeViolations(page, 'main'), `${size.width} px`).toEqual([]);
    }
  });

  it("Jane Doe's chart and the lab orders' move bar: no field, select or button lies over another at 1440 and 390 px", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(desktop);
    await signInAsClerk(page);
    const found: string[] = [];
    for (const size of [desktop, phone]) {
      await page.setViewportSize(size);
      // Details (every field of the patient) and Lab orders.
      for (const tab of [1, 5]) {
        await page.goto(`/admin/patients/${demo.jane}/${tab}`);
        await expectHeading(page, 'Jane Doe');
        await page.getByRole('tabpanel').locator('input, button').first().waitFor(patience);
        if (tab === 1) await page.getByRole('textbox', { name: 'Email' }).waitFor(patience);
        for (const overlap of await overlaps(page, 'main')) found.push(`${size.width} px, chart tab ${tab}: ${overlap}`);
      }
      // The lab-order lookup with an order chosen: 'Move to', the note and 'Move' in one bar.
      await page.goto('/admin/laborderlookup/all');
      await expectHeading(page, 'Lab orders');
      await page.locator('main tbody input[type=checkbox]').first().check();
      const bar = page.getByRole('group', { name: 'Move the selected orders' });
      await bar.getByRole('button', { name: 'Move', exact: true }).waitFor(patience);
      for (const overlap of await overlaps(page, 'main')) found.push(`${size.width} px, lab-order lookup: ${overlap}`);
    }
    expect(found).toEqual([]);
  });
});
