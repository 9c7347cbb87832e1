/**
 * The enterprise story: the enterprise admin creates 'Acme Vision' with store 'Harbor' and its admin, maps
 * /acme/harbor; the invited admin finishes the new-user flow with the emailed temporary password and code, signs in
 * at that address and finds an empty store whose POS offers its two registers; suspending Acme stops its sign-in,
 * reinstating restores it. The enterprise admin reads the reports across companies (a row per company, 'k' labels, the CSV is the table, print;
 * lab orders by company, status and remake reason)
 * and adds a store to Acme on its page, where Acme's admin then signs in. The new screens are checked with axe, on a
 * phone (390 px) in English and Arabic.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, readApi, signInAt, submitSignIn, useBrowser } from './support/browser';
import { codePattern, useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** A 1x1 PNG: a real picture, which the browser decodes before it is sent. */
const logoPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const adminEmail = 'ada@acme.test';
const adminPassword = 'Harbor-Lights-2026';

/** The page fits a 390 px phone: nothing scrolls sideways. */
async function fitsPhone(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function signInAsEnterprise(page: Page) {
  await signInAt(page, '/admin', { email: 'enterprise@portal.test', enterpriseAdmin: true });
  await expectPath(page, '/admin/dashboard/patients');
}

let acmeId = '';

describe('the enterprise admin', () => {
  it('creates Acme Vision with store Harbor and its admin, and maps /acme/harbor', async () => {
    const page = await e2e.newPage();
    await signInAsEnterprise(page);
    await page.getByRole('link', { name: 'Add a company' }).click();
    await expectPath(page, '/admin/add/companyDetails');
    await expectHeading(page, 'Add a company');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Vision');
    await page.getByRole('textbox', { name: 'Company address (slug)', exact: true }).fill('acme');
    await page.locator('input[type=file]').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: logoPng });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('textbox', { name: 'Store name', exact: true }).fill('Harbor');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Quay Road, Portside');
    await page.getByRole('textbox', { name: 'Time zone', exact: true }).fill('Europe/Istanbul');
    await page.getByRole('textbox', { name: 'Tax rate (%)', exact: true }).fill('18');
    await page.getByRole('textbox', { name: "Admin's name", exact: true }).fill('Ada Acme');
    await page.getByRole('textbox', { name: "Admin's email", exact: true }).fill(adminEmail);
    const invited = server.mark();
    await page.getByRole('button', { name: 'Create the company' }).click();

    await page.waitForURL(/\/admin\/update\/editCompany\/[0-9a-f-]{36}$/);
    acmeId = new URL(page.url()).pathname.split('/').pop()!;
    await expectHeading(page, 'Acme Vision');
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(await server.nextInMessage(adminEmail, invited, /temporary password \S+/)).toMatch(/^temporary password \S{12,}$/);

    await page.goto('/admin/PortalMapping');
    await expectHeading(page, 'Portal mapping');
    await page.getByRole('button', { name: 'Add a sign-in address' }).click();
    await page.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: 'Acme Vision' });
    await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: 'Harbor' });
    expect(await page.getByRole('textbox', { name: 'Company part', exact: true }).inputValue()).toBe('acme');
    expect(await page.getByRole('textbox', { name: 'Store part', exact: true }).inputValue()).toBe('harbor');
    await page.getByRole('button', { name: 'Save the address' }).click();
    const open = page.getByRole('link', { name: 'Open the sign-in page /acme/harbor in a new tab' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toBe('/acme/harbor');
    await page.getByRole('searchbox', { name: 'Search addresses, companies and stores' }).fill('harbor');
    await page.getByText('Sign-in addresses: 1').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // A reserved word is refused with the field's message, and nothing is added.
    await page.getByRole('button', { name: 'Add a sign-in address' }).click();
    await page.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: 'Acme Vision' });
    await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: 'Harbor' });
    await page.getByRole('textbox', { name: 'Store part', exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await page.getByRole('alert').filter({ hasText: "This word is reserved for the application's own addresses." }).first().waitFor();
  });

  it('the screens fit a phone and read right to left in Arabic', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsEnterprise(page);
    for (const [path, heading] of [
      ['/admin/PortalMapping', 'Portal mapping'],
      ['/admin/add/companyDetails', 'Add a company'],
      [`/admin/update/editCompany/${acmeId}`, 'Acme Vision'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      expect(await fitsPhone(page), path).toBe(true);
    }
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    for (const [path, heading] of [
      ['/admin/PortalMapping', 'ربط البوابات'],
      ['/admin/add/companyDetails', 'إضافة شركة'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await fitsPhone(page), path).toBe(true);
      expect(await axeViolations(page, 'main')).toEqual([]);
    }
  });
});

describe("Acme's invited admin", () => {
  it('finishes the new-user flow from the email, signs in at /acme/harbor and finds an empty store', async () => {
    const temporary = (await server.nextInMessage(adminEmail, 0, /temporary password \S+/)).replace('temporary password ', '');
    const page = await e2e.newPage();
    await signInAt(page, '/acme/harbor', { email: adminEmail, password: temporary });
    await expectHeading(page, 'Set your password');
    const sent = server.mark();
    await page.getByRole('button', { name: 'Click to Get OTP' }).click();
    const code = await server.nextInMessage(adminEmail, sent, codePattern);
    await page.getByLabel('Authentication code', { exact: true }).fill(code);
    await page.getByLabel('New password', { exact: true }).fill(adminPassword);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expectPath(page, '/admin/pos/all');

    const again = await e2e.newPage();
    await signInAt(again, '/acme/harbor', { email: adminEmail, password: adminPassword });
    await expectPath(again, '/admin/pos/all');
    // An empty but working store: the picker offers Harbor's two registers, made with the company, and one opens.
    const offered = again.getByRole('button', { name: /^Use / });
    await offered.first().waitFor();
    expect((await offered.allInnerTexts()).sort()).toEqual(['Use Dispensing', 'Use Front desk']);
    expect(await axeViolations(again, 'main')).toEqual([]);
    await again.getByRole('button', { name: 'Use Front desk', exact: true }).click();
    await expectHeading(again, 'Point of sale · Front desk');
    await again.getByRole('link', { name: 'Open the register' }).waitFor();
    await again.goto('/admin/patients/all');
    await expectHeading(again, 'Patients');
    await again.getByText('No patients yet.').waitFor();
  });
});

describe('suspending Acme', () => {
  it('stops its sign-in; reinstating restores it', async () => {
    const page = await e2e.newPage();
    await signInAsEnterprise(page);
    await page.goto(`/admin/update/editCompany/${acmeId}`);
    await expectHeading(page, 'Acme Vision');
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await page.getByText(/^Suspended since/).waitFor();

    const refused = await e2e.newPage();
    await refused.goto('/acme/harbor');
    await refused.getByText('This sign-in address is not known.').waitFor();
    await signInAt(refused, '/admin', { email: adminEmail, password: adminPassword });
    await refused.getByText('Invalid Username or Password', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Reinstate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reinstate' }).click();
    await page.getByText('Active', { exact: true }).waitFor();

    const back = await e2e.newPage();
    await back.goto('/acme/harbor');
    await submitSignIn(back, { email: adminEmail, password: adminPassword });
    await expectPath(back, '/admin/pos/all');
  });
});

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
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Bar chart of Net sales by Company, \d+ bars; the table below lists the same figures\.$/);
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

  it('on a phone in Arabic: right to left, Arabic digits with k, no sideways scrolling, axe clean', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsEnterprise(page);
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    const { from, to } = twoYears();
    await page.goto(`/admin/enterprise/reports/sales?from=${from}&to=${to}`);
    await expectHeading(page, 'المبيعات عبر الشركات');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('figure', { name: 'صافي المبيعات حسب الشركة' }).waitFor();
    const labels = await page.locator('[data-chart-label]').allInnerTexts();
    expect(labels.some((l) => /^[٠-٩]+(٫[٠-٩])?k$/.test(l)), labels.join(' ')).toBe(true);
    expect(await fitsPhone(page)).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
    // Recalls across companies: each company by type, in Arabic, on the phone too.
    await page.goto(`/admin/enterprise/reports/recalls?from=${from}&to=${to}`);
    await expectHeading(page, 'التذكيرات عبر الشركات');
    await page.getByRole('table', { name: 'التذكيرات حسب النوع: أرقام المخطط' }).waitFor();
    expect(await fitsPhone(page)).toBe(true);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
});

describe("adding a store to Acme on its page", () => {
  it("refuses a taken address at its field, adds 'Lighthouse' with /acme/lighthouse, where Acme's admin signs in", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    await signInAsEnterprise(page);
    await page.goto(`/admin/update/editCompany/${acmeId}`);
    await expectHeading(page, 'Acme Vision');
    const form = page.getByRole('form', { name: 'Add a store' });
    await form.getByRole('textbox', { name: 'Store name', exact: true }).fill('Harbor');
    expect(await form.getByRole('textbox', { name: 'Store address (slug)', exact: true }).inputValue()).toBe('harbor');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Cape Lane');
    await form.getByRole('textbox', { name: 'Time zone', exact: true }).fill('Europe/Istanbul');
    await form.getByRole('textbox', { name: 'Tax rate (%)', exact: true }).fill('8.25');
    await form.getByRole('button', { name: 'Add store' }).click();
    await form.getByText('This company already has a store with this address.').first().waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    await form.getByRole('textbox', { name: 'Store name', exact: true }).fill('Lighthouse');
    await form.getByRole('textbox', { name: 'Store address (slug)', exact: true }).fill('lighthouse');
    await form.getByRole('button', { name: 'Add store' }).click();
    const row = page.getByRole('row', { name: /Lighthouse/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('/acme/lighthouse');
    expect(await row.innerText()).toContain('8.25%');
    expect(await form.getByRole('textbox', { name: 'Store name', exact: true }).inputValue()).toBe('');
    expect(await axeViolations(page, 'main')).toEqual([]);

    const phone = await e2e.newPage({ phone: true });
    await signInAsEnterprise(phone);
    await phone.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await phone.goto(`/admin/update/editCompany/${acmeId}`);
    await expectHeading(phone, 'Acme Vision');
    await phone.getByRole('form', { name: 'إضافة متجر' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsPhone(phone)).toBe(true);
    expect(await axeViolations(phone, 'main')).toEqual([]);

    const acme = await e2e.newPage();
    await signInAt(acme, '/acme/lighthouse', { email: adminEmail, password: adminPassword });
    await expectPath(acme, '/admin/pos/all');
  });
});
