/**
 * The enterprise story: the enterprise admin creates 'Acme Vision' with store 'Harbor' (its sign-in address
 * /acme/harbor made with it) and its admin, and maps a second address; the invited admin finishes the new-user flow with the emailed temporary password and code, signs in
 * at that address and finds an empty store whose POS offers its two registers; suspending Acme stops its sign-in (its admin, with the right password, is told why),
 * reinstating restores it; the enterprise admin adds a store to Acme on its page, where Acme's admin then signs in.
 * The new screens are checked with axe, on a phone (390 px) in English and Arabic. The reports across companies are
 * in enterprise-reports.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, fitsTheScreen, signInAsEnterprise, signInAt, submitSignIn, useBrowser } from './support/browser';
import { codePattern, useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** A 1x1 PNG: a real picture, which the browser decodes before it is sent. */
const logoPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const adminEmail = 'ada@acme.test';
const adminPassword = 'Harbor-Lights-2026';


let acmeId = '';

describe('the enterprise admin', () => {
  it('creates Acme Vision with store Harbor, its sign-in address /acme/harbor and its admin; maps a second address', async () => {
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

    // The first store's sign-in address is made with the company; a second one is added by hand.
    await page.goto('/admin/PortalMapping');
    await expectHeading(page, 'Portal mapping');
    const made = page.getByRole('link', { name: 'Open the sign-in page /acme/harbor in a new tab' });
    await made.waitFor();
    expect(await made.getAttribute('href')).toBe('/acme/harbor');
    await page.getByRole('button', { name: 'Add a sign-in address' }).click();
    await page.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: 'Acme Vision' });
    await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: 'Harbor' });
    expect(await page.getByRole('textbox', { name: 'Company part', exact: true }).inputValue()).toBe('acme');
    await page.getByRole('textbox', { name: 'Store part', exact: true }).fill('quay');
    await page.getByRole('button', { name: 'Save the address' }).click();
    const open = page.getByRole('link', { name: 'Open the sign-in page /acme/quay in a new tab' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toBe('/acme/quay');
    await page.getByRole('searchbox', { name: 'Search addresses, companies and stores' }).fill('harbor');
    await page.getByText('Sign-in addresses: 2').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    // A reserved word is refused with the field's message, and nothing is added.
    await page.getByRole('button', { name: 'Add a sign-in address' }).click();
    await page.getByRole('combobox', { name: 'Company', exact: true }).selectOption({ label: 'Acme Vision' });
    await page.getByRole('combobox', { name: 'Store', exact: true }).selectOption({ label: 'Harbor' });
    await page.getByRole('textbox', { name: 'Store part', exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Save the address' }).click();
    await page.getByRole('alert').filter({ hasText: 'This word is reserved for the application’s own addresses: choose another' }).first().waitFor();
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
      expect(await fitsTheScreen(page), path).toBe(true);
    }
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    for (const [path, heading] of [
      ['/admin/PortalMapping', 'ربط البوابات'],
      ['/admin/add/companyDetails', 'إضافة شركة'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await fitsTheScreen(page), path).toBe(true);
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
    // The right password is told why; a wrong one learns nothing.
    await signInAt(refused, '/admin', { email: adminEmail, password: adminPassword });
    await refused.getByRole('alert').filter({ hasText: "This company's accounts are suspended for now, so no one can sign in. Please contact the store." }).waitFor();
    const guessing = await e2e.newPage();
    await signInAt(guessing, '/admin', { email: adminEmail, password: 'Not-The-Password-1' });
    await guessing.getByRole('alert').filter({ hasText: 'Invalid Username or Password' }).waitFor();

    await page.getByRole('button', { name: 'Reinstate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reinstate' }).click();
    await page.getByText('Active', { exact: true }).waitFor();

    const back = await e2e.newPage();
    await back.goto('/acme/harbor');
    await submitSignIn(back, { email: adminEmail, password: adminPassword });
    await expectPath(back, '/admin/pos/all');
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
    await form.getByText('This company already has a store with this address').first().waitFor();
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
    expect(await fitsTheScreen(phone)).toBe(true);
    expect(await axeViolations(phone, 'main')).toEqual([]);

    const acme = await e2e.newPage();
    await signInAt(acme, '/acme/lighthouse', { email: adminEmail, password: adminPassword });
    await expectPath(acme, '/admin/pos/all');
  });
});
