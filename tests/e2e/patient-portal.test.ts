/**
 * Browser tests against the real server and its demo data: Jane Doe sees exactly her records on each
 * 'My Information' page (her Rx values, invoices, appointment, order status, recall), also in Arabic (right to
 * left); John Roe of Brightsight sees none of Jane's; the kiosk registers a walk-in patient and the admin then
 * finds them (GET /api/patients?search= over HTTP, with the admin's browser session; then on the patient list
 * /admin/patients/all: a search by the new last name, the row, the chart).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser, userMenu } from './support/browser';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';

const e2e = useBrowser();

/** Fixed ids of the demo data (server/db/seed.ts, server/db/seed-records.ts). */
const demo = {
  jane: 'c1ea0000-0000-4000-8000-0000000a0001',
  janeOpenInvoice: 'c1ea0000-0000-4000-8000-0000000b0007',
};

async function signInAsJane(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
  await expectPath(page, '/admin/dashboard/patients');
  await userMenu(page, 'Jane Doe').waitFor();
}

async function signInAsJohn(page: Page) {
  await signInAt(page, '/brightsight/main', { email: 'patient@brightsight.test' });
  await expectPath(page, '/admin/dashboard/patients');
  await userMenu(page, 'John Roe').waitFor();
}

/** Opens an address of the app as a person typing it, and waits for its heading. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expectPath(page, path);
  await expectHeading(page, heading);
}

/** The texts of the cells (not the row header) of a table row. */
const cells = (row: Locator) => row.getByRole('cell').allInnerTexts();

/** The rows of a table's body. */
const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Formats as the page does, in the browser (its ICU), so the expectation follows the language exactly. */
const inBrowser = <T>(page: Page, fn: () => T) => page.evaluate(fn);

describe('Jane Doe sees exactly her records', () => {
  it('home, Rx, appointments, invoices and the receipt, order status, recalls, demographics', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);

    // The home: next visit, current Rx, order in progress, balance, forms to fill.
    await expectHeading(page, 'Patients dashboard');
    await page.getByText('Hello, Jane').waitFor();
    const rxTile = page.getByRole('region', { name: 'Current prescription' });
    expect(await rxTile.innerText()).toContain('-2.50 -0.75 × 10° Add +1.25');
    expect(await page.getByRole('region', { name: 'Next visit' }).innerText()).toContain('Contact lens fitting');
    expect(await page.getByRole('region', { name: 'Forms to fill in' }).innerText()).toContain('New Patient Intake');
    // The form opens from the dashboard on her own session: no emailed code is asked for.
    await page.getByRole('region', { name: 'Forms to fill in' }).getByRole('link', { name: 'New Patient Intake' }).click();
    await page.getByRole('heading', { name: 'New Patient Intake' }).waitFor();
    expect(await page.getByLabel('Authentication code').count()).toBe(0);
    await page.goBack();
    await page.getByRole('region', { name: 'Forms to fill in' }).waitFor();
    expect(await page.getByRole('region', { name: 'Balance' }).innerText()).toContain('$163.25');

    // Rx: two spectacle prescriptions (the older one expired, said in words) and one contact-lens prescription.
    await open(page, '/patient/rxinfo', 'Prescriptions (Rx)');
    const spectacle = page.getByRole('table', { name: /^Spectacle prescription of / });
    await spectacle.first().waitFor();
    expect(await spectacle.count()).toBe(2);
    const [od, os] = [bodyRows(spectacle.first()).nth(0), bodyRows(spectacle.first()).nth(1)];
    expect(await od.getByRole('rowheader').innerText()).toBe('OD (right)');
    expect(await cells(od)).toEqual(['-2.50', '-0.75', '10°', '+1.25', '1.00', 'In', '31.5', '30.0']);
    expect(await os.getByRole('rowheader').innerText()).toBe('OS (left)');
    expect(await cells(os)).toEqual(['-2.25', '-0.50', '170°', '+1.25', '—', '—', '31.0', '29.5']);
    expect(await cells(bodyRows(spectacle.nth(1)).nth(0))).toEqual(['-2.00', '-0.50', '180°', '—', '—', '—', '31.5', '—']);
    expect(await page.getByText('Expired', { exact: true }).count()).toBe(1);
    const lens = page.getByRole('table', { name: /^Contact lens prescription of / });
    expect(await lens.count()).toBe(1);
    expect(await cells(bodyRows(lens).nth(0))).toEqual(['-2.25', '8.4', '14.0', '—', '—', '—']);

    // The orders made from the current Rx.
    await page.getByRole('link', { name: 'Orders made from this prescription' }).first().click();
    await expectHeading(page, 'Orders from this prescription');
    expect(new URL(page.url()).pathname).toMatch(/^\/patient\/rxinfo\/orders\/c1ea0000-0000-4000-8000-0000000b0002\//);
    await page.getByRole('heading', { level: 2, name: 'Order 5001' }).waitFor();

    // Appointments: the upcoming visit at the store's time (16:00 in New York), and the past one.
    await open(page, '/patient/appointment', 'Appointments');
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.waitFor();
    expect(await bodyRows(upcoming).count()).toBe(1);
    const visit = await bodyRows(upcoming).first().innerText();
    expect(visit).toContain('Contact lens fitting');
    expect(visit).toContain('Downtown');
    expect(visit).toContain('Confirmed');
    expect(visit).toContain('4:00 PM');
    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).waitFor();
    const past = page.getByRole('table', { name: 'Past visits' });
    expect(await bodyRows(past).count()).toBe(1);
    expect(await bodyRows(past).first().innerText()).toContain('Eye exam');

    // Invoices: the paid one and the open one with its balance.
    await open(page, '/patient/invoice', 'Invoices');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.waitFor();
    expect(await bodyRows(invoices).count()).toBe(2);
    const byNumber = async (number: string) => {
      const row = bodyRows(invoices).filter({ has: page.getByRole('link', { name: `View invoice ${number}` }) });
      return (await cells(row)).slice(1);
    };
    expect(await byNumber('1001')).toEqual(['Downtown', 'Paid', '$667.64', '$0.00']);
    expect(await byNumber('1002')).toEqual(['Downtown', 'Open', '$213.25', '$163.25']);

    // One invoice: the receipt, and printing it shows the receipt only.
    await page.getByRole('link', { name: 'View invoice 1002' }).click();
    await expectHeading(page, 'Invoice 1002');
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/patient/invoice/orders/${demo.janeOpenInvoice}/${demo.jane}/[0-9a-f-]{36}$`));
    const receipt = page.getByRole('article', { name: 'Receipt' });
    const text = await receipt.innerText();
    for (const part of ['Clearview Optical', '120 Market Street, Springfield', 'Acuvue Oasys two-weekly, 6-pack', 'Multipurpose solution 360 ml', 'Cash', '$50.00', '$213.25', '$163.25']) {
      expect(text).toContain(part);
    }
    await page.getByRole('button', { name: 'Print receipt' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Order status: the lab order's steps, the current one marked, with the expected date.
    await open(page, '/patient/orderstatus', 'Order status');
    const steps = page.getByRole('list', { name: 'Progress of order 5001' });
    await steps.waitFor();
    expect(await page.getByRole('list', { name: /^Progress of order / }).count()).toBe(1);
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('In production (Now)');
    expect(await steps.innerText()).toContain('Sent to the lab (Done)');
    expect(await steps.innerText()).toContain('Ready for pick-up (To come)');

    // Recalls: the one pending contact-lens check.
    await open(page, '/patient/recalls', 'Recalls');
    const recalls = page.getByRole('table', { name: 'Recalls' });
    await recalls.waitFor();
    expect(await bodyRows(recalls).count()).toBe(1);
    expect(await bodyRows(recalls).first().innerText()).toContain('Contact lens check');

    // Demographics: identity as text, contact details in the form.
    await open(page, '/patient/demographicinfo', 'Demographic information');
    await page.getByRole('region', { name: 'Personal details' }).getByText('Jane Doe', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('patient@clearview.test');
    expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('+1 555 0142');
    // A phone the server refuses: the summary above the fields takes the focus, and its link goes to the phone.
    await page.getByRole('textbox', { name: 'Phone' }).fill('call me');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const phoneMessage = 'Enter a phone number: digits, spaces, ( ) - . and an optional leading +';
    await expectSummaryFocused(page, 'Your changes were not saved. Please check the fields marked.', `Phone: ${phoneMessage}`);
    await page.getByText(phoneMessage, { exact: true }).waitFor(patience);
    await followSummaryLink(page, page.getByRole('form', { name: 'Contact details' }), `Phone: ${phoneMessage}`, page.getByRole('textbox', { name: 'Phone' }));
  });

  it('the same in Arabic: right to left, Arabic words and dates, Rx values as opticians write them', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, patience);

    await open(page, '/patient/rxinfo', 'الوصفات الطبية (Rx)');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const spectacle = page.getByRole('table', { name: /^وصفة نظارات بتاريخ / });
    await spectacle.first().waitFor();
    expect(await spectacle.count()).toBe(2);
    expect(await cells(bodyRows(spectacle.first()).nth(0))).toEqual(['-2.50', '-0.75', '10°', '+1.25', '1.00', 'للداخل', '31.5', '30.0']);
    expect(await bodyRows(spectacle.first()).nth(0).getByRole('rowheader').innerText()).toBe('OD (اليمنى)');
    expect(await page.getByText('منتهية الصلاحية', { exact: true }).count()).toBe(1);
    // The table runs from the right: its first column (the eye) is at the inline start, on the right.
    const table = (await spectacle.first().boundingBox())!;
    const eye = (await bodyRows(spectacle.first()).nth(0).getByRole('rowheader').boundingBox())!;
    expect(Math.abs(table.x + table.width - (eye.x + eye.width))).toBeLessThan(2);

    await open(page, '/patient/invoice', 'الفواتير');
    const invoices = page.getByRole('table', { name: 'الفواتير' });
    await invoices.waitFor();
    expect(await bodyRows(invoices).count()).toBe(2);
    const money = await inBrowser(page, () =>
      [21325, 16325].map((minor) => new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(minor / 100)),
    );
    const open1002 = await invoices.innerText();
    for (const amount of money) expect(open1002.replace(/\s/g, '')).toContain(amount.replace(/\s/g, ''));
    expect(open1002).toContain('مفتوحة');

    await open(page, '/patient/appointment', 'المواعيد');
    const upcoming = page.getByRole('table', { name: 'المواعيد القادمة' });
    await upcoming.waitFor();
    expect(await bodyRows(upcoming).first().innerText()).toContain('تركيب العدسات اللاصقة');

    await open(page, '/patient/orderstatus', 'حالة الطلب');
    await page.getByRole('list', { name: /^مراحل الطلب / }).waitFor();
    expect(await page.getByText('قيد التصنيع (الآن)').count()).toBe(1);

    await open(page, '/patient/recalls', 'تذكيرات الفحص');
    const recalls = page.getByRole('table', { name: 'تذكيرات الفحص' });
    await recalls.waitFor();
    expect(await bodyRows(recalls).count()).toBe(1);
    expect(await bodyRows(recalls).first().getByRole('rowheader').innerText()).toBe('فحص العدسات اللاصقة');
  });
});

describe('Jane cancels her upcoming visit', () => {
  it('asks first; Yes cancels it on the server, and the visit moves to the past ones as Cancelled', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);
    await open(page, '/patient/appointment', 'Appointments');
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.waitFor();
    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('Cancel your Contact lens fitting at Downtown on');
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await bodyRows(upcoming).count()).toBe(1);

    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).click();
    const cancelled = page.waitForResponse((response) => /\/api\/my\/appointments\/[^/]+\/cancel$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    expect((await cancelled).status()).toBe(200);
    await page.getByText('Your visit was cancelled.').waitFor();
    await page.getByText('You have no upcoming visits.').waitFor();
    const past = page.getByRole('table', { name: 'Past visits' });
    const row = bodyRows(past).filter({ hasText: 'Contact lens fitting' });
    expect(await row.innerText()).toContain('Cancelled');
    // The home agrees.
    await open(page, '/admin/dashboard/patients', 'Patients dashboard');
    await page.getByRole('region', { name: 'Next visit' }).getByText('No visit booked.').waitFor();
  });
});

describe('the enterprise admin', () => {
  it('sees one row per company with its figures', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/admin', { email: 'enterprise@portal.test', enterpriseAdmin: true });
    await expectPath(page, '/admin/dashboard/patients');
    await expectHeading(page, 'Patients dashboard');
    const table = page.getByRole('table', { name: 'Companies' });
    await table.waitFor();
    const names = await table.locator('tbody th').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Clearview Optical', 'Brightsight Eyecare']));
    const clearview = bodyRows(table).filter({ hasText: 'Clearview Optical' });
    // Two stores; Jane and the 44 more Clearview patients of the demo data (and anyone registered since).
    expect((await cells(clearview))[0]).toBe('2');
    expect(Number((await cells(clearview))[1])).toBeGreaterThanOrEqual(45);
  });
});

describe('John Roe (Brightsight) sees none of Jane’s records', () => {
  it('his own Rx, invoice, order and recall; nothing of Jane’s, even at her addresses', async () => {
    const page = await e2e.newPage();
    await signInAsJohn(page);

    await open(page, '/patient/rxinfo', 'Prescriptions (Rx)');
    const spectacle = page.getByRole('table', { name: /^Spectacle prescription of / });
    await spectacle.first().waitFor();
    expect(await spectacle.count()).toBe(1);
    expect((await cells(bodyRows(spectacle).nth(0))).slice(0, 4)).toEqual(['+1.75', '-1.25', '95°', '+2.25']);
    const rxText = await page.locator('main').innerText();
    for (const janes of ['-2.50', 'Acuvue', 'Dr. Maya Patel']) expect(rxText).not.toContain(janes);

    await open(page, '/patient/invoice', 'Invoices');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.waitFor();
    expect(await bodyRows(invoices).count()).toBe(1);
    const invoiceText = await invoices.innerText();
    expect(invoiceText).toContain('Main Street');
    for (const janes of ['$667.64', '$213.25', 'Downtown']) expect(invoiceText).not.toContain(janes);

    await open(page, '/patient/orderstatus', 'Order status');
    await page.getByRole('list', { name: /^Progress of order / }).first().waitFor();
    expect(await page.getByRole('list', { name: 'Progress of order 5001' }).count()).toBe(0);

    await open(page, '/patient/appointment', 'Appointments');
    await page.getByRole('table', { name: 'Upcoming visits' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Contact lens fitting');

    await open(page, '/patient/recalls', 'Recalls');
    await page.getByRole('table', { name: 'Recalls' }).waitFor();
    expect(await page.getByText('Contact lens check').count()).toBe(0);

    // Jane's invoice address, typed in: not found (the server answers John only with his own records).
    await page.goto(`/patient/invoice/orders/${demo.janeOpenInvoice}/${demo.jane}/x`);
    await page.getByText('This record was not found.').waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Acuvue');
    await page.goto(`/patient/rxinfo/orders/c1ea0000-0000-4000-8000-0000000b0002/${demo.jane}/x`);
    await page.getByText('This record was not found.').waitFor();
  });
});

describe('staff open a patient’s invoice by its address', () => {
  it('a Clearview admin reads Jane’s invoice; Brightsight’s admin gets nothing of it', async () => {
    const address = `/patient/invoice/orders/${demo.janeOpenInvoice}/${demo.jane}/x`;
    const clearview = await e2e.newPage();
    await signInAt(clearview, '/admin', { email: 'admin@clearview.test' });
    await expectPath(clearview, '/admin/pos/all');
    await open(clearview, address, 'Invoice 1002');
    const receipt = clearview.getByRole('article', { name: 'Receipt' });
    expect(await receipt.innerText()).toContain('Jane Doe');
    expect(await receipt.innerText()).toContain('$163.25');

    const brightsight = await e2e.newPage();
    await signInAt(brightsight, '/admin', { email: 'admin@brightsight.test' });
    await expectPath(brightsight, '/admin/pos/all');
    await brightsight.goto(address);
    await brightsight.getByText('This record was not found.').waitFor();
    const text = await brightsight.locator('main').innerText();
    for (const janes of ['Jane', 'Acuvue', '$163.25', 'Clearview']) expect(text).not.toContain(janes);
  });
});

describe('the kiosk', () => {
  it('registers a walk-in patient, clears itself, and the admin then finds the new patient', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/kiosk/login', { email: 'kiosk.downtown@clearview.test' });
    await expectPath(page, '/patient/register');
    await expectHeading(page, 'Patient registration');

    const lastName = `Kiosk${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: /^First name/ }).fill('Wanda');
    await page.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
    await page.getByLabel(/^Date of birth/).fill('1992-07-15');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+1 555 0777');
    await page.getByRole('textbox', { name: /^Email/ }).fill(`${lastName.toLowerCase()}@example.com`);
    await page.getByText('Text message (SMS)', { exact: true }).click();
    // Without the privacy consent the server refuses, naming it.
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please accept the privacy notice to register', { exact: true }).waitFor();
    // The refusal's summary has the focus, and names the field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await page.getByRole('link', { name: 'Privacy notice: Please accept the privacy notice to register' }).waitFor();
    await page.getByText(/I agree that the store keeps and uses my details/).click();
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByText('Thank you, Wanda!').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    // Ready for the next person: nothing of Wanda's is left.
    expect(await page.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: /^Last name/ }).inputValue()).toBe('');
    expect(await page.getByText('Wanda').count()).toBe(0);

    // The admin signs in (own browser context) and searches the patient list over HTTP with their session.
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    const { token, tenant } = await admin.evaluate(() => ({
      token: sessionStorage.getItem('access_token'),
      tenant: sessionStorage.getItem('tenantID'),
    }));
    const answer = await admin.request.get(`/api/patients?search=${encodeURIComponent(lastName)}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Tenant-ID': tenant! },
    });
    expect(answer.status()).toBe(200);
    const found = (await answer.json()) as { items: { firstName: string; lastName: string; dateOfBirth: string; phone: string }[] };
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ firstName: 'Wanda', lastName, dateOfBirth: '1992-07-15', phone: '+1 555 0777' });

    // ... and in the browser: the patient list (from the navigation), a search by the new last name, the row, the chart.
    await admin.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Patients', exact: true }).click();
    await expectPath(admin, '/admin/patients/all');
    await expectHeading(admin, 'Patients');
    await admin.getByRole('table', { name: 'Patients of all your stores' }).waitFor(patience);
    await admin.getByRole('textbox', { name: 'Search patients' }).fill(lastName);
    const table = admin.getByRole('table', { name: `Patients of all your stores matching “${lastName}”` });
    await table.waitFor(patience);
    expect(new URL(admin.url()).searchParams.get('search')).toBe(lastName);
    const rows = bodyRows(table);
    expect(await rows.count()).toBe(1);
    const dateOfBirth = await inBrowser(admin, () =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(1992, 6, 15))),
    );
    expect(await cells(rows.first())).toEqual([dateOfBirth, '+1 555 0777', `${lastName.toLowerCase()}@example.com`, 'Downtown']);
    await rows.first().getByRole('link', { name: `${lastName}, Wanda` }).click();
    await admin.waitForURL((url) => /^\/admin\/patients\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(url.pathname), patience);
    await expectHeading(admin, `Wanda ${lastName}`);
    // Back returns to the same list: the search is in the address and in the field.
    await admin.goBack();
    await table.waitFor(patience);
    expect(await admin.getByRole('textbox', { name: 'Search patients' }).inputValue()).toBe(lastName);
  });
});
