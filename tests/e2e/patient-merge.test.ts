/**
 * Possible duplicates in Chromium against the real server and its demo data: Maria Gonzalez is at Downtown twice
 * (staff made her record years ago, the kiosk a second one lately, server/db/seed-records.ts). An admin reading in
 * Arabic on a desktop sees the pair side by side; the Downtown clerk on a phone merges it: the confirmation says what
 * moves, the list keeps one Maria, and her chart shows the visit booked on the other record. The merged record's
 * old address (a bookmark) then opens the kept chart, says so, and leaves one recents entry for her.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

/** server/db/seed-records.ts recordDemoIds and server/db/seed.ts demoIds. */
const mariaOlder = 'c1ea0000-0000-4000-8000-0000000a0101';
const mariaNewer = 'c1ea0000-0000-4000-8000-0000000a0102';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

/** The control lies inside the viewport's width (no sideways scrolling to reach it). */
async function expectWithinWidth(page: Page, control: ReturnType<Page['getByRole']>) {
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

describe('possible duplicate patients', () => {
  it('an admin reading Arabic sees the pair side by side with its records and the Merge action', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
    await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    // The reader's language, as the language menu keeps it; the next page load is in Arabic.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto('/admin/patients/all');
    const section = page.getByRole('region', { name: 'تكرارات محتملة' });
    await section.waitFor(patience);
    // Names as Arabic writes them (an Arabic comma), each side its own heading.
    const pair = section.getByRole('listitem', { name: 'Gonzalez، Maria وgonzalez، maria' });
    await pair.waitFor(patience);
    expect(await pair.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Gonzalez، Maria', 'gonzalez، maria']);
    expect(await pair.innerText()).toContain('الوصفات');
    const merge = pair.getByRole('button', { name: /^دمج/ });
    await expectWithinWidth(page, merge);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page, undefined, { wcag22: true })).toEqual([]);
  });

  it('the Downtown clerk on a phone merges the seeded pair: the dialog says what moves, one Maria stays, her chart has both records', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    await page.goto('/admin/patients/all');
    await expectHeading(page, 'Patients');

    const section = page.getByRole('region', { name: 'Possible duplicates' });
    const pair = section.getByRole('listitem', { name: 'Gonzalez, Maria and gonzalez, maria' });
    await pair.waitFor(patience);
    const text = await pair.innerText();
    for (const shown of ['Older record', 'Newer record', 'maria.gonzalez@example.com', 'Prescriptions: 1', 'Visits: 1', 'Recalls: 1']) expect(text).toContain(shown);

    const merge = pair.getByRole('button', { name: 'Merge gonzalez, maria into Gonzalez, Maria' });
    await merge.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, merge);
    await merge.click();
    const dialog = page.getByRole('alertdialog', { name: 'Merge these two patient records?' });
    await dialog.waitFor(patience);
    expect(await axeViolations(page, undefined, { wcag22: true })).toEqual([]);
    const said = await dialog.innerText();
    expect(said).toContain('Every record of gonzalez, maria');
    expect(said).toContain('moves to Gonzalez, Maria’s chart');
    expect(said).toContain('no longer appears in the patient list');
    await dialog.getByRole('button', { name: 'Merge records' }).click();

    const done = section.getByRole('status');
    await done.getByText('gonzalez, maria was merged into Gonzalez, Maria.').waitFor(patience);
    await pair.waitFor({ state: 'detached', ...patience });

    // The list has one Maria left.
    await page.getByRole('textbox', { name: 'Search patients' }).fill('gonzalez');
    await page.waitForURL((url) => url.searchParams.get('search') === 'gonzalez', patience);
    const table = page.getByRole('table', { name: /^Patients of/ });
    await table.getByRole('link', { name: 'Gonzalez, Maria' }).waitFor(patience);
    expect(await table.getByRole('link', { name: /gonzalez/i }).count()).toBe(1);

    // Her chart: the visit booked on the other record is among her upcoming visits, beside her own past one.
    await section.getByRole('link', { name: 'Open the chart of Gonzalez, Maria' }).click();
    await expectPath(page, `/admin/patients/${mariaOlder}/${downtown}`);
    await expectHeading(page, 'Maria Gonzalez');
    await page.getByRole('tablist', { name: 'Chart sections' }).getByRole('tab', { name: 'Appointments' }).click();
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.waitFor(patience);
    expect(await upcoming.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Past visits' }).getByRole('row').count()).toBe(2);
  });

  it('after the merge, the merged record’s old chart address opens the kept chart on the same tab and says why', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
    await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    await page.goto(`/admin/patients/${mariaNewer}/2`);
    await expectPath(page, `/admin/patients/${mariaOlder}/2`);
    await expectHeading(page, 'Maria Gonzalez');
    await page.getByRole('status').getByText('The chart you opened was merged into this one; its records are here.').waitFor(patience);
    expect(await page.getByRole('tab', { name: 'Rx', selected: true }).count()).toBe(1);

    // The recents panel (beside the POS the sign-in opened) has her one chart, at the kept address.
    await page.getByRole('button', { name: /^Recents/ }).first().click();
    const panel = page.getByRole('dialog', { name: 'Recents', exact: true });
    await panel.waitFor(patience);
    const links = panel.getByRole('link');
    await expect.poll(() => links.count(), patience).toBeGreaterThan(0);
    const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.includes(mariaNewer))).toEqual([]);
    expect(hrefs.filter((href) => href.includes(mariaOlder))).toEqual([`/admin/patients/${mariaOlder}/2`]);
    expect(await panel.getByRole('link', { name: /Maria Gonzalez/ }).count()).toBe(1);
  });
});
