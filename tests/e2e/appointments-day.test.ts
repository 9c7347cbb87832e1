/**
 * Day's appointments against the real server (Chromium, the shared demo server: it only reads). The Downtown clerk
 * opens it from the navigation beside the Work Desk and goes to the next Tuesday, when both Downtown providers work
 * (server/db/seed-booking.ts: Sam Staff 09:00-17:00 on weekdays, Alex Admin 10:00-16:00 on Tuesday, Thursday and
 * Saturday): each shows the hours and the free slots in New York time; the next day Alex Admin is off. On a phone,
 * in English and in Arabic, the page fits the screen and axe finds nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, fitsTheScreen, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

/** The first Tuesday after today in New York (YYYY-MM-DD). */
function nextTuesday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  let at = Date.parse(`${today}T00:00:00Z`);
  do at += 86_400_000;
  while (new Date(at).getUTCDay() !== 2);
  return new Date(at).toISOString().slice(0, 10);
}

/** Opens an address in the app as its links do. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe("Day's appointments", () => {
  it("the clerk sees each provider's hours and free slots of a day, moves a day on, on a phone too", async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await page.getByRole('navigation').first().getByRole('link', { name: "Day's appointments", exact: true }).click(patience);
    await expectHeading(page, "Day's appointments");

    const tuesday = nextTuesday();
    await open(page, `/admin/appointments/${downtown}?date=${tuesday}`);
    const sam = page.getByRole('region', { name: 'Sam Staff' });
    await sam.getByText(/^Works 9:00\sAM–5:00\sPM$/).waitFor(patience);
    const samFree = sam.getByRole('list', { name: /^Sam Staff \d+ free slots$/ });
    // Eye exams from the opening: 9:00 first (the day is ahead, past the notice).
    expect(await samFree.getByRole('listitem').first().textContent()).toMatch(/^9:00\sAM$/);
    const alex = page.getByRole('region', { name: 'Alex Admin' });
    await alex.getByText(/^Works 10:00\sAM–4:00\sPM$/).waitFor(patience);
    expect(await alex.getByRole('list', { name: /free slots$/ }).getByRole('listitem').first().textContent()).toMatch(/^10:00\sAM$/);
    expect(await page.getByText("Times are the store's local time (America/New_York).").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Next day' }).click();
    await alex.getByText('Not working this day').waitFor(patience);
    await sam.getByText(/^Works 9:00\sAM–5:00\sPM$/).waitFor(patience);

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/admin/appointments/${downtown}?date=${tuesday}`);
    await alex.getByText(/^Works 10:00\sAM–4:00\sPM$/).waitFor(patience);
    expect(await fitsTheScreen(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads in Arabic, right to left, on a phone', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    // The reader's language, chosen before the page loads.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('#first-paint').waitFor({ state: 'detached', ...patience });
    await open(page, `/admin/appointments/${downtown}?date=${nextTuesday()}`);
    await expectHeading(page, 'مواعيد اليوم');
    await page.getByRole('region', { name: 'Sam Staff' }).getByRole('list', { name: /متاح/ }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsTheScreen(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
