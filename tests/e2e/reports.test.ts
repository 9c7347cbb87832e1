/**
 * The Reports group (Chromium, the shared server: reading changes nothing). Clearview's admin opens the
 * sales report from the navigation, groups it by month over two years: the chart's value labels use 'k', the
 * table beneath has a row per month, the CSV downloaded is that table; print keeps the chart and table only; axe
 * finds nothing. On a phone in Arabic the report runs right to left with Latin digits (as its amounts) before the 'k' and no
 * sideways scrolling. A clerk cannot open reports.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

const twoYears = () => {
  const to = new Date();
  const from = new Date(to.getTime() - 720 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
};

const chartLabels = (page: Page) => page.locator('[data-chart-label]').allInnerTexts();

describe('the reports', () => {
  it("the admin's sales by month: 'k' labels, the table, its CSV, print, axe", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).click();
    await expectPath(page, '/admin/reports/sales');
    await expectHeading(page, 'Sales');
    // This month by day by default.
    await page.getByRole('figure', { name: /^Net sales by Day/ }).waitFor();

    const { from, to } = twoYears();
    const filters = page.getByRole('search', { name: 'Report filters' });
    await filters.getByLabel('From', { exact: true }).fill(from);
    await filters.getByLabel('To', { exact: true }).fill(to);
    await filters.getByLabel('Group by', { exact: true }).selectOption('month');
    await filters.getByRole('button', { name: 'Show report' }).click();
    await expectPath(page, '/admin/reports/sales');
    expect(new URL(page.url()).searchParams.get('group')).toBe('month');

    const chart = page.getByRole('figure', { name: /^Net sales by Month/ });
    await chart.waitFor();
    // The chart is one image for screen readers, described; its labels use 'k' for thousands.
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Bar chart of Net sales by Month, \d+ bars?; the table below lists the same figures\.$/);
    const labels = await chartLabels(page);
    expect(labels.some((l) => /^-?\d+(\.\d)?k$/.test(l)), labels.join(' ')).toBe(true);
    expect(labels.every((l) => l === '' || /^-?\d+(\.\d)?[kM]?$/.test(l)), labels.join(' ')).toBe(true);

    const table = page.getByRole('table', { name: 'Sales: the figures of the chart' });
    const rows = table.locator('tbody tr');
    const months = await rows.count();
    expect(months).toBeGreaterThanOrEqual(24);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Month', 'Count', 'Net sales', 'Discounts', 'Tax', 'Refunds', 'Average sale']);

    // The CSV is the table: a line per row, the same months and counts.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`sales-${from}-to-${to}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Label,Count,Net sales (USD),Discounts (USD),Tax (USD),Refunds (USD),Average sale (USD)');
    const body = csv.slice(1, 1 + months);
    for (let i = 0; i < months; i += 1) {
      const cells = await rows.nth(i).locator('td').allInnerTexts();
      const line = body[i]!.split(',');
      expect(Number(line[1])).toBe(Number(cells[0]!.replace(/,/g, '')));
      expect(`$${Number(line[2]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`.replace('$-', '-$')).toBe(cells[1]);
    }

    // Print: the chart and the table, without the filters and buttons.
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await filters.isVisible()).toBe(false);
    expect(await chart.isVisible()).toBe(true);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    expect(await axeViolations(page, 'main')).toEqual([]);

    // The other reports open from the report's own tabs.
    await page.getByRole('link', { name: 'Payments', exact: true }).first().click();
    await expectHeading(page, 'Payments');
    await page.getByRole('table', { name: 'Payments by method: the figures of the chart' }).waitFor();
    await page.goto('/admin/reports/balances');
    await expectHeading(page, 'Open balances');
    const ages = page.getByRole('table', { name: 'Open balances by age: the figures of the chart' });
    await ages.waitFor();
    expect(await ages.locator('tbody tr th').allInnerTexts()).toEqual([
      '0–30 days',
      '31–60 days',
      '61–90 days',
      'Over 90 days',
    ]);
    await page.goto('/admin/reports/laborders');
    await page.getByRole('table', { name: 'Remakes by reason: the figures of the chart' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('on a phone in Arabic: right to left, the digits of its amounts with k, no sideways scrolling, axe clean', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    // The reader's language, as the language menu keeps it; the next page load is in Arabic.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    const { from, to } = twoYears();
    await page.goto(`/admin/reports/sales?from=${from}&to=${to}&group=store`);
    await expectHeading(page, 'المبيعات');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('figure', { name: 'صافي المبيعات حسب المتجر' }).waitFor();
    const labels = await chartLabels(page);
    // Latin digits, as Arabic amounts are written (numberLocale).
    expect(labels.some((l) => /^[0-9]+(\.[0-9])?k$/.test(l)), labels.join(' ')).toBe(true);
    // The bars grow from the right: the first bar's end is left of its start.
    const bar = page.locator('figure svg rect').first();
    const track = page.locator('figure svg').first();
    const [barBox, trackBox] = [(await bar.boundingBox())!, (await track.boundingBox())!];
    expect(Math.round(barBox.x + barBox.width)).toBeGreaterThanOrEqual(Math.round(trackBox.x + trackBox.width) - 1);
    await page.getByRole('table', { name: 'المبيعات: أرقام المخطط' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('a clerk cannot open reports', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(page, '/admin/pos/all');
    await page.goto('/admin/reports/sales');
    await expectPath(page, '/admin/pos/all');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Sales', exact: true }).count()).toBe(0);
  });
});
