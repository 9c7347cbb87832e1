/**
 * The enterprise admin reads the reports across companies: a row per company, 'k' labels, the CSV is the table,
 * print; lab orders by company, status and remake reason; on a phone in Arabic. Each table is compared with the
 * server's answer, so the companies other files add on the same server do not matter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, fitsTheScreen, readApi, signInAsEnterprise, useBrowser } from './support/browser';

const e2e = useBrowser();

const twoYears = () => {
  const to = new Date();
  const from = new Date(to.getTime() - 720 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
};

describe("the enterprise admin's reports across companies", () => {
  it("sales: a row per company, 'k' labels, the CSV is the table, print, axe; payments by method and categories", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await page.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await signInAsEnterprise(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Reports across companies', exact: true }).click();
    await expectPath(page, '/admin/enterprise/reports/sales');
    await expectHeading(page, 'Sales across companies');

    const { from, to } = twoYears();
    const filters = page.getByRole('search', { name: 'Report filters' });
    // A range only: the stores are the companies' own, so there is no store or grouping to choose.
    expect(await filters.getByLabel('Store', { exact: true }).count()).toBe(0);
    await filters.getByLabel('From', { exact: true }).fill(from);
    await filters.getByLabel('To', { exact: true }).fill(to);
    await filters.getByRole('button', { name: 'Show report' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === from);

    const chart = page.getByRole('figure', { name: 'Net sales by Company' });
    await chart.waitFor();
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Bar chart of Net sales by Company, \d+ bars?; the table below lists the same figures\.$/);
    const labels = await page.locator('[data-chart-label]').allInnerTexts();
    expect(labels.some((l) => /^-?\d+(\.\d)?k$/.test(l)), labels.join(' ')).toBe(true);

    // The table is the server's answer: a row per company, never a store.
    const api = await readApi<{ sections: { rows: { label: string; values: { count: number } }[] }[] }>(page, `/api/enterprise/reports/sales?from=${from}&to=${to}`);
    const table = page.getByRole('table', { name: 'Sales: the figures of the chart' });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Company', 'Count', 'Net sales', 'Discounts', 'Tax', 'Refunds', 'Voids', 'Average sale']);
    const names = await table.locator('tbody th').allInnerTexts();
    expect(names).toEqual(api.sections[0]!.rows.map((r) => r.label));
    expect(names).toContain('Clearview Optical');
    expect(names.some((n) => /Downtown|Uptown|Main Street/.test(n))).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`sales-${from}-to-${to}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Label,Count,Net sales (USD),Discounts (USD),Tax (USD),Refunds (USD),Voids (USD),Average sale (USD)');
    const rows = table.locator('tbody tr');
    for (let i = 0; i < names.length; i += 1) {
      const line = csv[1 + i]!.split(',');
      const cells = await rows.nth(i).locator('td').allInnerTexts();
      expect(line[0]).toBe(names[i]);
      expect(Number(line[1])).toBe(Number(cells[0]!.replace(/,/g, '')));
      expect(`$${Number(line[2]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`.replace('$-', '-$')).toBe(cells[1]);
    }

    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await filters.isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Payments by method: each company's methods, in the reader's words.
    await page.getByRole('main').getByRole('link', { name: 'Payments', exact: true }).click();
    await expectHeading(page, 'Payments across companies');
    const payments = page.getByRole('table', { name: 'Payments by method: the figures of the chart' });
    await payments.waitFor();
    const methods = await payments.locator('tbody th').allInnerTexts();
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) expect(m).toMatch(/^.+ · (Cash|Card|Cheque|Insurance|Store credit)$/);
    await page.getByRole('main').getByRole('link', { name: 'Product categories', exact: true }).click();
    await expectHeading(page, 'Product categories across companies');
    const categories = page.getByRole('table', { name: 'Sales by product category: the figures of the chart' });
    await categories.waitFor();
    const kinds = await categories.locator('tbody th').allInnerTexts();
    expect(kinds.length).toBeGreaterThan(0);
    for (const k of kinds) expect(k).toMatch(/^.+ · (Frames|Spectacle lenses|Contact lenses|Accessories|Services|Other)$/);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('lab orders: a row per company with its orders and turnaround, then each company by status and by remake reason', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await signInAsEnterprise(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Lab orders across companies', exact: true }).click();
    await expectPath(page, '/admin/enterprise/reports/laborders');
    await expectHeading(page, 'Lab orders across companies');
    const { from, to } = twoYears();
    const filters = page.getByRole('search', { name: 'Report filters' });
    await filters.getByLabel('From', { exact: true }).fill(from);
    await filters.getByLabel('To', { exact: true }).fill(to);
    await filters.getByRole('button', { name: 'Show report' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === from);

    await page.getByRole('figure', { name: 'Orders by Company' }).waitFor();
    const table = page.getByRole('table', { name: 'By company: the figures of the chart' });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Company',
      'Orders',
      'Turnaround, median',
      'Turnaround, 90th percentile',
      'Orders made ready',
      'Overdue now',
    ]);
    // Clearview's orders as the page shows them are its row of the server's answer, and its own admin's figure.
    const api = await readApi<{ sections: { id: string; rows: { label: string; values: Record<string, number | null> }[] }[] }>(
      page,
      `/api/enterprise/reports/laborders?from=${from}&to=${to}`,
    );
    const clearview = api.sections[0]!.rows.find((r) => r.label === 'Clearview Optical')!;
    expect(clearview.values.orders).toBeGreaterThan(0);
    const cells = await table.getByRole('row', { name: /^Clearview Optical/ }).locator('td').allInnerTexts();
    expect(Number(cells[0]!.replace(/,/g, ''))).toBe(clearview.values.orders);
    expect(cells[1]).toBe(clearview.values.turnaroundMedian === null ? '—' : `${clearview.values.turnaroundMedian} days`);

    const byStatus = page.getByRole('table', { name: 'Lab orders by status: the figures of the chart' });
    expect(await byStatus.getByRole('columnheader').first().innerText()).toBe('Company and status');
    const statuses = await byStatus.locator('tbody th').allInnerTexts();
    expect(statuses).toContain('Clearview Optical · Ready for pickup');
    for (const s of statuses) expect(s).toMatch(/^(Brightsight Eyecare|Clearview Optical|Acme Vision) · /);
    await page.getByRole('table', { name: 'Remakes by reason: the figures of the chart' }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The other three are tabs of the same page.
    await page.getByRole('main').getByRole('link', { name: 'Appointments', exact: true }).click();
    await expectHeading(page, 'Appointments across companies');
    await page.getByRole('table', { name: 'Appointments by type: the figures of the chart' }).waitFor();
  });

  it('on a phone in Arabic: right to left, the digits of its amounts with k, no sideways scrolling, axe clean', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsEnterprise(page);
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    const { from, to } = twoYears();
    await page.goto(`/admin/enterprise/reports/sales?from=${from}&to=${to}`);
    await expectHeading(page, 'المبيعات عبر الشركات');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('figure', { name: 'صافي المبيعات حسب الشركة' }).waitFor();
    const labels = await page.locator('[data-chart-label]').allInnerTexts();
    // Latin digits, as Arabic amounts are written (numberLocale).
    expect(labels.some((l) => /^[0-9]+(\.[0-9])?k$/.test(l)), labels.join(' ')).toBe(true);
    expect(await fitsTheScreen(page)).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
    // Recalls across companies: each company by type, in Arabic, on the phone too.
    await page.goto(`/admin/enterprise/reports/recalls?from=${from}&to=${to}`);
    await expectHeading(page, 'التذكيرات عبر الشركات');
    await page.getByRole('table', { name: 'التذكيرات حسب النوع: أرقام المخطط' }).waitFor();
    expect(await fitsTheScreen(page)).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});
