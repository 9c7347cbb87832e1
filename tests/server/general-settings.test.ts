/**
 * General settings and the stores screen through HTTP as an admin would use them: the company's groups and a
 * store's overrides, and that they take effect (receipt footer and tax number on receipts, appointment lengths at
 * booking, the portal rights of patients, the selected-row colour in every user's systempref); adding a store with
 * its sign-in address and registers; admins only, the other company out of reach, hostile input refused. A store's
 * logo: a PNG, JPEG or WebP by its first bytes, at most 256 KB, on the store's receipts over the company's logo.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRecallPlans } from '../../src/contract/recallPlans';
import type { GeneralSettings } from '../../src/contract/generalSettings';
import type { StoresOverview } from '../../src/contract/storesAdmin';
import type { InvoiceDetail, InvoiceList } from '../../src/contract/records';
import { auditActions, bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
});
afterAll(() => h.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: bearer(who) });

const uptownDetails = {
  group: 'store',
  name: 'Uptown',
  address: '400 Hill Road, Springfield',
  phone: '+1 555 0200',
  timeZone: 'America/New_York',
  taxNumber: 'US-12-3456789',
  hours: {
    mon: { opens: '08:30', closes: '17:30' },
    tue: { opens: '08:30', closes: '17:30' },
    wed: { opens: '08:30', closes: '17:30' },
    thu: { opens: '08:30', closes: '20:00' },
    fri: { opens: '08:30', closes: '17:30' },
    sat: null,
    sun: null,
  },
};

async function settings(): Promise<GeneralSettings> {
  const res = await call(admin, 'GET', '/api/settings/general');
  expect(res.statusCode).toBe(200);
  return json<GeneralSettings>(res);
}

describe('reading', () => {
  it('gives the company groups with their defaults and every store of the company only', async () => {
    const s = await settings();
    expect(s.company.recalls).toEqual(defaultRecallPlans);
    expect(s.company.systemPrefs.selectedRowBackColor).toBe('#E3F2FD');
    expect(s.stores.map((st) => st.id).sort()).toEqual([demoIds.downtown, demoIds.uptown].sort());
    const downtown = s.stores.find((st) => st.id === demoIds.downtown)!;
    expect(downtown).toMatchObject({ patientsMayCancel: expect.any(Boolean), staffDiscountLimitBp: expect.any(Number), receiptFooter: null });
  });

  it('is for admins only: staff, patients and kiosks are refused, and another admin sees their own company', async () => {
    for (const [email, extra] of [
      ['staff@clearview.test', demo.clearview],
      ['patient@clearview.test', demo.clearview],
      ['kiosk.downtown@clearview.test', { ...demo.clearview, isKiosk: true }],
    ] as const) {
      const who = await signIn(h, email, extra);
      expect((await call(who, 'GET', '/api/settings/general')).statusCode).toBe(403);
      expect((await call(who, 'PUT', '/api/settings/general/company', { group: 'sales', receiptFooter: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/api/settings/general/stores/${demoIds.downtown}`, { ...uptownDetails })).statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/stores/overview')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/stores', { name: 'X', slug: 'x-store', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 })).statusCode).toBe(403);
    }
    const other = await signIn(h, 'admin@brightsight.test', demo.brightsight);
    const theirs = json<GeneralSettings>(await call(other, 'GET', '/api/settings/general'));
    expect(theirs.stores.map((st) => st.id)).toEqual([demoIds.main]);
    // Clearview's store is not there for them: 404, and nothing is written.
    const res = await call(other, 'PUT', `/api/settings/general/stores/${demoIds.uptown}`, uptownDetails);
    expect(res.statusCode).toBe(404);
    const overview = json<StoresOverview>(await call(other, 'GET', '/api/stores/overview'));
    expect(overview.stores.map((st) => st.id)).toEqual([demoIds.main]);
    expect(JSON.stringify(overview)).not.toContain('clearview');
  });
});

describe('saving', () => {
  it("saves Uptown's details and hours, audited, and the receipt shows the tax number and the footer", async () => {
    const saved = await call(admin, 'PUT', `/api/settings/general/stores/${demoIds.uptown}`, uptownDetails);
    expect(saved.statusCode).toBe(200);
    const uptown = json<GeneralSettings>(saved).stores.find((st) => st.id === demoIds.uptown)!;
    expect(uptown).toMatchObject({ address: uptownDetails.address, taxNumber: 'US-12-3456789', hours: uptownDetails.hours });

    const company = await call(admin, 'PUT', '/api/settings/general/company', { group: 'sales', receiptFooter: 'Thank you for choosing Clearview.' });
    expect(company.statusCode).toBe(200);
    const store = await call(admin, 'PUT', `/api/settings/general/stores/${demoIds.uptown}`, {
      group: 'sales',
      taxRates: { standard: 825, reduced: 400, zero: 0 },
      staffDiscountLimitBp: 1500,
      receiptFooter: 'Uptown: returns within 30 days.\nThank you!',
    });
    expect(store.statusCode).toBe(200);

    // Jane's invoices: the receipt of one at Downtown carries the company's footer, Uptown's its own.
    const jane = await signIn(h, 'patient@clearview.test');
    const list = json<InvoiceList>(await call(jane, 'GET', '/api/my/invoices'));
    const first = list.invoices[0]!;
    const receipt = json<InvoiceDetail>(await call(jane, 'GET', `/api/my/invoices/${first.id}`));
    expect(receipt.store.receiptFooter).toBe(first.locationId === demoIds.uptown ? 'Uptown: returns within 30 days.\nThank you!' : 'Thank you for choosing Clearview.');

    const [policy] = await ownerRows<{ limit: number }>(h, sql`select staff_discount_limit_bp as "limit" from location_policies where location_id = ${demoIds.uptown}`);
    expect(policy!.limit).toBe(1500);
    const actions = await auditActions(h, demoIds.clearview);
    expect(actions.filter((a) => a.action === 'settings.store.update' && a.outcome === 'success').length).toBeGreaterThanOrEqual(2);
    expect(actions.some((a) => a.action === 'settings.company.update' && a.details.group === 'sales')).toBe(true);
  });

  it('saves recall plans in the shape of recallPlans.ts, and refuses steps out of order', async () => {
    const recalls = { ...defaultRecallPlans, 'follow-up': { intervalMonths: 6, steps: [{ afterDays: 0, channel: 'sms' }, { afterDays: 7, channel: 'email' }] } };
    const ok = await call(admin, 'PUT', '/api/settings/general/company', { group: 'recalls', recalls });
    expect(ok.statusCode).toBe(200);
    const [row] = await ownerRows<{ recalls: unknown }>(h, sql`select settings->'recalls' as recalls from companies where tenant_id = ${demoIds.clearview}`);
    expect(row!.recalls).toEqual(recalls);
    const bad = await call(admin, 'PUT', '/api/settings/general/company', {
      group: 'recalls',
      recalls: { ...recalls, 'annual-exam': { intervalMonths: 12, steps: [{ afterDays: 14, channel: 'email' }, { afterDays: 3, channel: 'sms' }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Each reminder step must come after the one before it');
  });

  it("hands the company's selected-row colour to every user's systempref", async () => {
    const res = await call(admin, 'PUT', '/api/settings/general/company', { group: 'system', systemPrefs: { selectedRowBackColor: '#ffe0b2' } });
    expect(res.statusCode).toBe(200);
    const staff = await signIn(h, 'staff@clearview.test');
    expect(staff.user).toMatchObject({ systempref: [{ fD_SettingKey: 'General|Selected row', fD_SettingValue: 'backcolor=#FFE0B2' }] });
  });

  it("uses the store's appointment lengths at booking and refuses a type it does not offer", async () => {
    const types = {
      'eye-exam': { offered: true, minutes: 40 },
      'contact-lens-fitting': { offered: true, minutes: 45 },
      pickup: { offered: true, minutes: 15 },
      repair: { offered: false, minutes: 15 },
    };
    expect((await call(admin, 'PUT', `/api/settings/general/stores/${demoIds.downtown}`, { group: 'appointments', appointmentTypes: types, patientsMayCancel: false, cancelNoticeHours: 48 })).statusCode).toBe(200);
    const [patient] = await ownerRows<{ id: string }>(h, sql`select id from patients where location_id = ${demoIds.downtown} order by last_name limit 1`);
    const booked = await call(admin, 'POST', '/api/appointments', { patientId: patient!.id, locationId: demoIds.downtown, providerId: admin.user.id, type: 'eye-exam', startsAt: '2031-06-02T13:00:00.000Z' });
    expect(booked.statusCode).toBe(201);
    expect(json(booked)).toMatchObject({ durationMinutes: 40 });
    const refused = await call(admin, 'POST', '/api/appointments', { patientId: patient!.id, locationId: demoIds.downtown, providerId: admin.user.id, type: 'repair', startsAt: '2031-06-02T15:00:00.000Z' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ fields: { type: 'This store does not offer this appointment type' } });
    const [policy] = await ownerRows<{ may: boolean; hours: number }>(h, sql`select patients_may_cancel as may, cancel_notice_hours as hours from location_policies where location_id = ${demoIds.downtown}`);
    expect(policy).toEqual({ may: false, hours: 48 });
  });

  it("follows the patient portal rights: Jane's store switched off invoices and contact changes", async () => {
    const jane = await signIn(h, 'patient@clearview.test');
    const [home] = await ownerRows<{ location: string }>(h, sql`select location_id as location from patients where email = 'patient@clearview.test'`);
    expect((await call(admin, 'PUT', `/api/settings/general/stores/${home!.location}`, { group: 'portal', portal: { editContactDetails: false, seeInvoices: false } })).statusCode).toBe(200);
    const invoices = await call(jane, 'GET', '/api/my/invoices');
    expect(invoices.statusCode).toBe(403);
    expect(json(invoices)).toMatchObject({ code: 'portal.notAllowed' });
    const edit = await h.app.inject({ method: 'PATCH', url: '/api/my/profile', payload: { phone: '+1 555 0199' }, headers: bearer(jane) });
    expect(edit.statusCode).toBe(403);
    // Back to the company's rights (null): allowed again.
    expect((await call(admin, 'PUT', `/api/settings/general/stores/${home!.location}`, { group: 'portal', portal: null })).statusCode).toBe(200);
    expect((await call(jane, 'GET', '/api/my/invoices')).statusCode).toBe(200);
  });
});

describe("a store's logo", () => {
  /** A 1×1 PNG: its first bytes are PNG's signature. */
  const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const storeUrl = `/api/settings/general/stores/${demoIds.uptown}`;
  const logoOf = (s: GeneralSettings, id: string) => s.stores.find((st) => st.id === id)!.logo;
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

  /** One invoice of each store with its patient, as the clerk's chart reads it. */
  async function receiptAt(locationId: string) {
    const [row] = await ownerRows<{ id: string; patientId: string }>(
      h,
      sql`select id, patient_id as "patientId" from invoices where location_id = ${locationId} and patient_id is not null order by number limit 1`,
    );
    expect(row, `an invoice at ${locationId}`).toBeDefined();
    const res = await call(admin, 'GET', `/api/patients/${row!.patientId}/invoices/${row!.id}`);
    expect(res.statusCode).toBe(200);
    return { ...row!, receipt: json<InvoiceDetail>(res) };
  }

  it("saves Uptown's logo; its receipts show it over the company's logo, Downtown's keep the company's; removing it brings the company's back", async () => {
    const [company] = await ownerRows<{ logo: string | null }>(h, sql`select logo from companies where tenant_id = ${demoIds.clearview}`);
    const saved = await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo: png });
    expect(saved.statusCode).toBe(200);
    expect(logoOf(json<GeneralSettings>(saved), demoIds.uptown)).toBe(png);
    expect(logoOf(json<GeneralSettings>(saved), demoIds.downtown)).toBeNull();

    expect((await receiptAt(demoIds.uptown)).receipt.store.logo).toBe(png);
    expect((await receiptAt(demoIds.downtown)).receipt.store.logo).toBe(company!.logo);

    // A save without the logo leaves it as it is.
    expect((await call(admin, 'PUT', storeUrl, uptownDetails)).statusCode).toBe(200);
    expect(logoOf(await settings(), demoIds.uptown)).toBe(png);

    const removed = await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo: null });
    expect(removed.statusCode).toBe(200);
    expect(logoOf(json<GeneralSettings>(removed), demoIds.uptown)).toBeNull();
    expect((await receiptAt(demoIds.uptown)).receipt.store.logo).toBe(company!.logo);

    const actions = await auditActions(h, demoIds.clearview);
    expect(actions.some((a) => a.action === 'settings.store.update' && (a.details.changed as string[] | undefined)?.includes('logo'))).toBe(true);
  });

  const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const refused: [string, string, string][] = [
    ['an SVG labelled as a PNG', dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 'The logo must be a PNG, JPEG or WebP image'],
    ['PNG bytes labelled as a JPEG', png.replace('image/png', 'image/jpeg'), 'The logo must be a PNG, JPEG or WebP image'],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')), 'The logo must be a PNG, JPEG or WebP image'],
    ['text that is no data URL', 'https://example.com/logo.png', 'The logo must be a PNG, JPEG or WebP image'],
    ['a PNG over 256 KB', dataUrl('image/png', Buffer.concat([pngHead, Buffer.alloc(256 * 1024)])), 'The logo must be at most 256 KB'],
  ];
  for (const [what, logo, message] of refused) {
    it(`refuses ${what} with a 400 at the logo field and writes nothing`, async () => {
      const before = await settings();
      const res = await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo });
      expect(res.statusCode).toBe(400);
      expect(json<{ fields?: Record<string, string> }>(res).fields?.logo).toBe(message);
      expect(await settings()).toEqual(before);
    });
  }

  it('refuses a body far over the limit as too large (not a 500), and reads no large body for anyone but an admin', async () => {
    const huge = dataUrl('image/png', Buffer.concat([pngHead, Buffer.alloc(2 * 1024 * 1024)]));
    const res = await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo: huge });
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('The request is too large.');
    const staff = await signIn(h, 'staff@clearview.test', demo.clearview);
    expect((await call(staff, 'PUT', storeUrl, { ...uptownDetails, logo: png })).statusCode).toBe(403);
    expect(logoOf(await settings(), demoIds.uptown)).toBeNull();
  });

  it("is out of another company's reach: not in their settings, not writable, and the receipt carrying it is not readable", async () => {
    expect((await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo: png })).statusCode).toBe(200);
    const uptownReceipt = await receiptAt(demoIds.uptown);
    const other = await signIn(h, 'admin@brightsight.test', demo.brightsight);
    const theirs = await call(other, 'GET', '/api/settings/general');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(png.slice(22, 80));
    expect((await call(other, 'PUT', storeUrl, { ...uptownDetails, logo: null })).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/patients/${uptownReceipt.patientId}/invoices/${uptownReceipt.id}`)).statusCode).toBe(404);
    expect(logoOf(await settings(), demoIds.uptown)).toBe(png);
    // Left as the other tests found it.
    expect((await call(admin, 'PUT', storeUrl, { ...uptownDetails, logo: null })).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  const bad: [string, string, object, string][] = [
    ['company', '/api/settings/general/company', { group: 'sales', receiptFooter: 'x'.repeat(301) }, 'Receipt footer must be up to 300 characters'],
    ['company', '/api/settings/general/company', { group: 'system', systemPrefs: { selectedRowBackColor: 'red; background:url(x)' } }, 'Choose a colour like #E3F2FD'],
    ['company', '/api/settings/general/company', { group: 'nope' }, ''],
    ['company', '/api/settings/general/company', { group: 'appointments', appointmentTypes: { 'eye-exam': { offered: false, minutes: 30 }, 'contact-lens-fitting': { offered: false, minutes: 30 }, pickup: { offered: false, minutes: 30 }, repair: { offered: false, minutes: 30 } } }, 'Keep at least one appointment type'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, hours: { ...uptownDetails.hours, mon: { opens: '18:00', closes: '09:00' } } }, 'The closing time must be after the opening time'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, hours: { ...uptownDetails.hours, tue: { opens: '25:00', closes: '26:00' } } }, 'Enter a time like 09:00'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, timeZone: 'Mars/Olympus' }, 'Choose a time zone, like Europe/Istanbul'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, taxNumber: '<script>' }, 'Tax number must be up to 30 letters'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, name: '' }, 'Store name is required'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, logo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'The logo must be a PNG, JPEG or WebP image'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { group: 'sales', taxRates: { standard: 10001, reduced: 0, zero: 0 }, staffDiscountLimitBp: 0, receiptFooter: null }, 'Rate must be between 0 and 100 %'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { group: 'sales', taxRates: { standard: 0, reduced: 0, zero: 0 }, staffDiscountLimitBp: -1, receiptFooter: null }, 'Discount limit must be between 0 and 100 %'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { group: 'appointments', appointmentTypes: null, patientsMayCancel: true, cancelNoticeHours: 1e9 }, 'Notice must be 0 to 720 hours'],
    ['store', `/api/settings/general/stores/${demoIds.uptown}`, { group: 'recalls', recalls: defaultRecallPlans }, ''],
    ['store', '/api/settings/general/stores/not-a-uuid', uptownDetails, 'Choose a store of this company'],
  ];
  for (const [what, url, payload, message] of bad) {
    it(`refuses ${what} ${JSON.stringify(payload).slice(0, 80)} with a 400 and writes nothing`, async () => {
      const before = await settings();
      const res = await call(admin, 'PUT', url, payload);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.body).toContain(message);
      expect(await settings()).toEqual(before);
    });
  }
});

describe('stores', () => {
  it('lists the stores with sign-in addresses, registers and kiosk devices', async () => {
    const res = await call(admin, 'GET', '/api/stores/overview');
    expect(res.statusCode).toBe(200);
    const overview = json<StoresOverview>(res);
    expect(overview.companySlug).toBe('clearview');
    const downtown = overview.stores.find((st) => st.id === demoIds.downtown)!;
    expect(downtown.signInPaths).toEqual(['/clearview/downtown']);
    expect(downtown.registers.map((r) => r.name).sort()).toEqual(['Dispensing', 'Front desk']);
    expect(downtown.kiosks.map((k) => k.email)).toEqual(['kiosk.downtown@clearview.test']);
    expect(overview.stores.find((st) => st.id === demoIds.uptown)!.kiosks).toEqual([]);
  });

  it('adds a store with its sign-in address and two registers, and the address opens sign-in', async () => {
    const res = await call(admin, 'POST', '/api/stores', { name: 'Riverside', slug: 'riverside', address: '9 River Walk', phone: '+1 555 0300', timeZone: 'America/Chicago', taxRateBp: 700 });
    expect(res.statusCode).toBe(201);
    const made = json<StoresOverview & { created: string }>(res);
    const store = made.stores.find((st) => st.id === made.created)!;
    expect(store).toMatchObject({ name: 'Riverside', signInPaths: ['/clearview/riverside'], taxRateBp: 700 });
    expect(store.registers.map((r) => r.name).sort()).toEqual(['Dispensing', 'Front desk']);
    const portal = await h.app.inject({ method: 'GET', url: '/api/portal/clearview/riverside' });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('Riverside');
    expect((await auditActions(h, demoIds.clearview)).some((a) => a.action === 'stores.create' && a.outcome === 'success')).toBe(true);
  });

  it('refuses a slug in use, a reserved word or a bad slug, and writes nothing', async () => {
    const base = { name: 'Dup', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 };
    const count = async () => (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from locations where tenant_id = ${demoIds.clearview}`))[0]!.n;
    const before = await count();
    for (const [slug, message] of [
      ['uptown', 'This company already has a store with this address'],
      ['admin', 'This word is reserved'],
      ['Bad Slug', 'Use 1 to 63 lower-case letters'],
      ['x'.repeat(64), 'Use 1 to 63 lower-case letters'],
    ] as const) {
      const res = await call(admin, 'POST', '/api/stores', { ...base, slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await call(admin, 'POST', '/api/stores', { ...base, slug: 'ok-slug', taxRateBp: 'a lot' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/stores', { ...base, slug: 'ok-slug', timeZone: 'Nowhere/Void' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
