/**
 * Who else sees the portal's records: the enterprise admin a row per company; John Roe of Brightsight none of Jane's;
 * a Clearview admin opens Jane's invoice by its address, Brightsight's gets nothing; the kiosk registers a walk-in
 * patient and the admin then finds them (GET /api/patients?search= over HTTP, with the admin's browser session; then
 * on the patient list /admin/patients/all: a search by the new last name, the row, the chart).
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { bodyRows, cells, demo, inBrowser, open, signInAsJohn } from './support/portal';

const e2e = useBrowser();

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
