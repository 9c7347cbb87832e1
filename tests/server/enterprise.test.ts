/**
 * The enterprise admin across companies: a company created in one step (store, admin, invitation) and
 * its new admin finishing the new-user flow; portal mappings; hostile input refused with nothing written; the
 * creation all or nothing; suspension stopping sign-in, sessions, the sign-in address and public links; the new
 * company and the others invisible to each other; every change audited in the platform and in the company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import { errorTexts } from '../../src/contract/errorCodes';
import { enterpriseMessages as M, LOGO_MAX_BYTES } from '../../src/contract/enterprise';
import { defaultRegisterNames } from '../../src/contract/storesAdmin';
import { PLATFORM_TENANT_ID } from '../../server/tenancy/platform';
import {
  auditActions,
  bearer,
  codeIn,
  DEMO_PASSWORD,
  demo,
  demoIds,
  eformLinkIn,
  json,
  lastMessageTo,
  ownerRows,
  signIn,
  startHarness,
  type Harness,
  type SignedIn,
} from './harness';
import { saleBody, shownTotal, type Hit, type Sale } from './pos-fixtures';

let h: Harness;
let enterprise: SignedIn;

const png = (bytes = 64) => {
  const body = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
  return `data:image/png;base64,${body.toString('base64')}`;
};
const svgWithScript = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;

const acme = {
  name: 'Acme Vision',
  slug: 'acme',
  logo: png(),
  store: { name: 'Harbor', slug: 'harbor', address: '1 Quay Road, Portside', phone: '+1 555 0300', timeZone: 'Europe/Istanbul', taxRateBp: 1800 },
  admin: { displayName: 'Ada Acme', email: 'ada@acme.test' },
};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: SignedIn = enterprise) =>
  h.app.inject({ method, url, headers: bearer(who), ...(payload === undefined ? {} : { payload: payload as object }) });

const counts = async () =>
  (
    await ownerRows<{ companies: number; locations: number; users: number; messages: number; mappings: number }>(
      h,
      sql`select (select count(*)::int from companies) as companies, (select count(*)::int from locations) as locations,
        (select count(*)::int from users) as users, (select count(*)::int from communication_log) as messages,
        (select count(*)::int from portal_mappings) as mappings`,
    )
  )[0]!;

/** What a store is made with besides its row: policies, tax rates per class, registers and sign-in addresses. */
const storeMakings = async (locationId: string) =>
  (
    await ownerRows<{ policies: number; rates: string[]; registers: string[]; mappings: number }>(
      h,
      sql`select (select count(*)::int from location_policies where location_id = ${locationId}) as policies,
        coalesce((select array_agg(tax_class || ':' || rate_bp order by tax_class) from tax_rates where location_id = ${locationId}), '{}') as rates,
        coalesce((select array_agg(name order by name) from registers where location_id = ${locationId}), '{}') as registers,
        (select count(*)::int from portal_mappings where location_id = ${locationId}) as mappings`,
    )
  )[0]!;

const fieldsOf = (res: { body: string }) => (JSON.parse(res.body) as { fields?: Record<string, string> }).fields ?? {};

let acmeId: string;
let harborId: string;
let acmeAdmin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  enterprise = await signIn(h, 'enterprise@portal.test', { isEnterpriseAdmin: true });
});
afterAll(() => h.close());

describe('creating a company in one step', () => {
  it('makes the company, its store and its admin, invites the admin and audits in both tenants', async () => {
    const res = await api('POST', '/api/enterprise/companies', acme);
    expect(res.statusCode, res.body).toBe(201);
    const created = json<{ tenantId: string; locationId: string; adminUserId: string }>(res);
    acmeId = created.tenantId;
    harborId = created.locationId;

    const one = json<{ name: string; slug: string; logo: string; suspendedAt: null; stores: { name: string; timeZone: string; taxRateBp: number }[] }>(
      await api('GET', `/api/enterprise/companies/${acmeId}`),
    );
    expect(one).toMatchObject({ name: 'Acme Vision', slug: 'acme', logo: acme.logo, suspendedAt: null });
    expect(one.stores).toEqual([expect.objectContaining({ name: 'Harbor', timeZone: 'Europe/Istanbul', taxRateBp: 1800 })]);
    // The first store is complete as an admin's own new store (its policies, its tax rate, two registers, its
    // sign-in address /{company}/{store}), and the invitation names that address.
    expect(await storeMakings(harborId)).toEqual({ policies: 1, rates: ['standard:1800'], registers: [...defaultRegisterNames].sort(), mappings: 1 });
    const portal = json<{ tenantID: string; locationid: string }>(await h.app.inject({ method: 'GET', url: '/api/portal/acme/harbor' }));
    expect(portal).toMatchObject({ tenantID: acmeId, locationid: harborId });

    const invite = await lastMessageTo(h, 'ada@acme.test');
    expect(invite).toContain('/acme/harbor');
    const [logged] = await ownerRows<{ tenant_id: string; template: string }>(h, sql`select tenant_id, template from communication_log where recipient = 'ada@acme.test'`);
    expect(logged).toEqual({ tenant_id: acmeId, template: 'enterprise.company-invite' });

    expect((await auditActions(h, PLATFORM_TENANT_ID)).map((a) => `${a.action}:${a.outcome}`)).toContain('enterprise.company.create:success');
    expect((await auditActions(h, acmeId)).map((a) => a.action)).toEqual(['company.create']);
  });

  it('maps a second address for Harbor, and the invited admin finishes the new-user flow at /acme/harbor and sees an empty store', async () => {
    const again = await api('POST', '/api/enterprise/portal-mappings', { tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'harbor' });
    expect(again.statusCode, again.body).toBe(400);
    const mapped = await api('POST', '/api/enterprise/portal-mappings', { tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'quay' });
    expect(mapped.statusCode, mapped.body).toBe(201);
    expect(json(mapped)).toMatchObject({ companyName: 'Acme Vision', storeName: 'Harbor', companySlug: 'acme', storeSlug: 'quay', suspended: false });
    const portal = json<{ tenantID: string; locationid: string }>(await h.app.inject({ method: 'GET', url: '/api/portal/acme/quay' }));
    expect(portal).toMatchObject({ tenantID: acmeId, locationid: harborId });

    const temporary = /temporary password (\S+) /.exec(await lastMessageTo(h, 'ada@acme.test'))![1]!;
    const address = { tenentID: acmeId, locationid: harborId };
    const newUser = await signIn(h, 'ada@acme.test', address, temporary);
    expect(newUser.user.role).toEqual(['newuser']);
    expect((await api('POST', '/api/patient/sendotp', {}, newUser)).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'ada@acme.test'));
    const done = await api('POST', '/api/patient/cpassword', { vcode: code, password: 'Acme-Admin-Pass-2026' }, newUser);
    expect(done.statusCode, done.body).toBe(200);

    acmeAdmin = await signIn(h, 'ada@acme.test', address, 'Acme-Admin-Pass-2026');
    expect(acmeAdmin.user.role).toEqual(['admin']);
    const patients = await api('GET', '/api/patients', undefined, acmeAdmin);
    expect(patients.statusCode, patients.body).toBe(200);
    expect(json<{ items: unknown[] }>(patients).items).toEqual([]);
    const stores = json<{ stores: { id: string }[] }>(await api('GET', '/api/stores', undefined, acmeAdmin)).stores;
    expect(stores.map((s) => s.id)).toEqual([harborId]);
  });

  it("the new admin's first store works: its two registers, a session opened, a sale at the store's tax rate", async () => {
    const listed = await api('GET', `/api/pos/registers?locationId=${harborId}`, undefined, acmeAdmin);
    expect(listed.statusCode, listed.body).toBe(200);
    const registers = json<{ registers: { id: string; name: string; locationId: string; openSession: unknown }[] }>(listed).registers;
    expect(registers.map((r) => ({ name: r.name, locationId: r.locationId, openSession: r.openSession })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...defaultRegisterNames].sort().map((name) => ({ name, locationId: harborId, openSession: null })),
    );
    const opened = await api('POST', `/api/pos/registers/${registers[0]!.id}/sessions`, { float: [{ denomination: 1_000, count: 5 }] }, acmeAdmin);
    expect(opened.statusCode, opened.body).toBe(201);
    const session = json<{ id: string }>(opened).id;

    // The API has no catalogue editing yet: the company's first product, sold at Harbor, is written as the catalogue would.
    await ownerRows(
      h,
      sql`with p as (insert into products (tenant_id, kind, sku, name, price) values (${acmeId}, 'service', 'EXAM', 'Eye examination', 10000) returning id)
        insert into product_stock (tenant_id, location_id, product_id) select ${acmeId}, ${harborId}, id from p`,
    );
    const found = json<{ items: Hit[] }>(await api('GET', `/api/pos/products?locationId=${harborId}&q=exam`, undefined, acmeAdmin)).items;
    expect(found.map((p) => ({ sku: p.sku, taxRateBp: p.taxRateBp }))).toEqual([{ sku: 'EXAM', taxRateBp: 1800 }]);
    const lines = [{ product: found[0]! }];
    const sold = await api('POST', '/api/pos/sales', saleBody(session, lines), acmeAdmin);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(json<Sale>(sold).invoice).toMatchObject({ status: 'paid', total: shownTotal(lines), balance: 0 });
    expect(shownTotal(lines)).toBe(11_800);
    const closed = await api('POST', `/api/pos/sessions/${session}/close`, { counted: [{ denomination: 1_000, count: 5 }] }, acmeAdmin);
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('keeps the new company and the others apart, both ways', async () => {
    const clearview = await signIn(h, 'admin@clearview.test', demo.clearview);
    for (const [who, url] of [
      [acmeAdmin, `/api/stores/${demoIds.downtown}`],
      [clearview, `/api/stores/${harborId}`],
      [clearview, '/api/stores/by-slug/harbor'],
    ] as const) {
      const res = await api('GET', url, undefined, who);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    }
    const acmePatients = await api('GET', '/api/patients?search=doe', undefined, acmeAdmin);
    expect(acmePatients.body.toLowerCase()).not.toContain('jane');
    const clearviewStores = await api('GET', '/api/stores', undefined, clearview);
    expect(clearviewStores.body.toLowerCase()).not.toContain('harbor');
    // The other company's tenant named in the header is refused.
    const forged = await h.app.inject({ method: 'GET', url: '/api/stores', headers: { ...bearer(acmeAdmin), 'x-tenant-id': demoIds.clearview } });
    expect(forged.statusCode).toBe(403);
    // Nor can a company account reach the enterprise routes.
    expect((await api('GET', '/api/enterprise/companies', undefined, acmeAdmin)).statusCode).toBe(403);
  });
});

describe('refused input writes nothing', () => {
  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['an upper-case slug', { slug: 'Acme2' }, { slug: M.slug }],
    ['a slug with a slash', { slug: 'a/b' }, { slug: M.slug }],
    ['a reserved slug', { slug: 'admin' }, { slug: M.slugReserved }],
    ['another reserved slug', { slug: 'eforms' }, { slug: M.slugReserved }],
    ['a reserved store slug', { store: { ...acme.store, slug: 'login' } }, { 'store.slug': M.slugReserved }],
    ['a company slug in use', { slug: 'clearview' }, { slug: M.companySlugTaken }],
    ['a company slug another company maps', { slug: 'brightsight' }, { slug: M.companySlugTaken }],
    ['an unknown time zone', { store: { ...acme.store, timeZone: 'Mars/Olympus' } }, { 'store.timeZone': M.timeZone }],
    ['a tax rate over 100 %', { store: { ...acme.store, taxRateBp: 10001 } }, { 'store.taxRateBp': M.taxRate }],
    ['a logo of another type', { logo: `data:image/gif;base64,${Buffer.from('GIF89a-------------').toString('base64')}` }, { logo: M.logoType }],
    ['an SVG logo with a script', { logo: svgWithScript }, { logo: M.logoType }],
    ['an SVG named PNG', { logo: svgWithScript.replace('image/svg+xml', 'image/png') }, { logo: M.logoType }],
    ['a logo just over the limit', { logo: png(LOGO_MAX_BYTES + 1) }, { logo: M.logoSize }],
    ['a 10 MB logo', { logo: png(10 * 1024 * 1024) }, { logo: M.logoSize }],
  ];

  it.each(refusals)('%s: 400 with the field message', async (_name, change, fields) => {
    const before = await counts();
    const res = await api('POST', '/api/enterprise/companies', { ...acme, slug: 'fresh', admin: { ...acme.admin, email: 'x@fresh.test' }, ...change });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(json(res)).toMatchObject({ code: 'request.fieldsInvalid' });
    const answered = fieldsOf(res);
    for (const [field, message] of Object.entries(fields)) expect(answered[field], JSON.stringify(answered)).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('a large body is read only for an enterprise admin: others are answered before it is parsed', async () => {
    const payload = JSON.stringify({ ...acme, slug: 'big', logo: png(10 * 1024 * 1024) });
    const clearview = await signIn(h, 'admin@clearview.test', demo.clearview);
    for (const [headers, status, code] of [
      [{}, 401, 'auth.notSignedIn'],
      [bearer(clearview), 403, 'auth.forbidden'],
    ] as const) {
      const res = await h.app.inject({ method: 'POST', url: '/api/enterprise/companies', headers: { ...headers, 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(status);
      expect(json(res)).toMatchObject({ code });
    }
    const before = await counts();
    const huge = await api('POST', '/api/enterprise/companies', { ...acme, slug: 'huge', logo: png(13 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toMatchObject({ code: 'request.bodyTooLarge' });
    expect(await counts()).toEqual(before);
  });

  it('a logo within the limit is stored as sent, and an edit can replace and remove it', async () => {
    const webp = `data:image/webp;base64,${Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]).toString('base64')}`;
    const res = await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Vision', slug: 'acme', logo: webp });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ logo: webp });
    const kept = await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Vision Ltd', slug: 'acme' });
    expect(json(kept)).toMatchObject({ name: 'Acme Vision Ltd', logo: webp });
    const removed = await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Vision', slug: 'acme', logo: null });
    expect(json(removed)).toMatchObject({ logo: null });
    const taken = await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Vision', slug: 'clearview', logo: svgWithScript });
    expect(taken.statusCode).toBe(400);
    expect((await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Vision', slug: 'clearview' })).statusCode).toBe(400);
    expect(json(await api('GET', `/api/enterprise/companies/${acmeId}`))).toMatchObject({ slug: 'acme', name: 'Acme Vision' });
    const unknown = await api('PUT', '/api/enterprise/companies/7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11', { name: 'X', slug: 'xyz' });
    expect(unknown.statusCode).toBe(404);
  });

  it('an edit refuses a logo of another type, an SVG with a script and a 10 MB logo at the field, and keeps the logo', async () => {
    const kept = json<{ logo: string | null; name: string }>(await api('GET', `/api/enterprise/companies/${acmeId}`));
    const auditedBefore = (await auditActions(h, acmeId)).length;
    for (const [logo, message] of [
      [`data:image/gif;base64,${Buffer.from('GIF89a-------------').toString('base64')}`, M.logoType],
      [svgWithScript, M.logoType],
      [png(10 * 1024 * 1024), M.logoSize],
    ] as const) {
      const res = await api('PUT', `/api/enterprise/companies/${acmeId}`, { name: 'Acme Renamed', slug: 'acme', logo });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(json(res)).toMatchObject({ code: 'request.fieldsInvalid', fields: { logo: message } });
    }
    expect(json(await api('GET', `/api/enterprise/companies/${acmeId}`))).toMatchObject({ name: kept.name, logo: kept.logo });
    expect((await auditActions(h, acmeId)).length).toBe(auditedBefore);
  });

  it('portal mappings: reserved, duplicate and foreign-store addresses are refused; search, edit and remove work', async () => {
    const before = await counts();
    const refused: [Record<string, unknown>, Record<string, string>][] = [
      [{ tenantId: acmeId, locationId: harborId, companySlug: 'pr', storeSlug: 'x' }, { companySlug: M.slugReserved }],
      [{ tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'Harbor' }, { storeSlug: M.slug }],
      [{ tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'harbor' }, { storeSlug: M.addressTaken }],
      [{ tenantId: acmeId, locationId: harborId, companySlug: 'clearview', storeSlug: 'docks' }, { companySlug: M.companySlugTaken }],
      [{ tenantId: acmeId, locationId: demoIds.downtown, companySlug: 'acme', storeSlug: 'docks' }, { locationId: M.store }],
      [{ tenantId: PLATFORM_TENANT_ID, locationId: harborId, companySlug: 'acme', storeSlug: 'docks' }, { locationId: M.store }],
    ];
    for (const [payload, fields] of refused) {
      const res = await api('POST', '/api/enterprise/portal-mappings', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toMatchObject(fields);
    }
    expect(await counts()).toEqual(before);

    const docks = json<{ id: string }>(await api('POST', '/api/enterprise/portal-mappings', { tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'docks' }));
    const found = json<{ mappings: { companySlug: string; storeSlug: string }[] }>(await api('GET', '/api/enterprise/portal-mappings?search=ACME/d'));
    expect(found.mappings.map((m) => `${m.companySlug}/${m.storeSlug}`)).toEqual(['acme/docks']);
    const all = json<{ mappings: unknown[] }>(await api('GET', '/api/enterprise/portal-mappings')).mappings;
    expect(all.length).toBe(before.mappings + 1);

    const edited = await api('PUT', `/api/enterprise/portal-mappings/${docks.id}`, { tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'pier' });
    expect(json(edited)).toMatchObject({ storeSlug: 'pier' });
    expect((await h.app.inject({ method: 'GET', url: '/api/portal/acme/pier' })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/portal/acme/docks' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/enterprise/portal-mappings/${docks.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/enterprise/portal-mappings/${docks.id}`)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/portal/acme/pier' })).statusCode).toBe(404);
    expect((await auditActions(h, acmeId)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['portalMapping.create', 'portalMapping.update', 'portalMapping.remove']),
    );
    const platform = (await auditActions(h, PLATFORM_TENANT_ID)).map((a) => `${a.action}:${a.outcome}`);
    expect(platform).toEqual(expect.arrayContaining(['enterprise.portalMapping.create:failure', 'enterprise.portalMapping.remove:success']));
  });

  it('a failure late in the creation leaves nothing behind (one transaction)', async () => {
    // The invitation is the last row written: make the database refuse it.
    await ownerRows(h, sql.raw(`create function test_refuse_invite() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`));
    await ownerRows(
      h,
      sql.raw(`create trigger test_refuse_invite before insert on communication_log for each row
        when (new.template = 'enterprise.company-invite') execute function test_refuse_invite()`),
    );
    const before = await counts();
    try {
      const res = await api('POST', '/api/enterprise/companies', { ...acme, slug: 'halfway', admin: { ...acme.admin, email: 'half@way.test' } });
      expect(res.statusCode).toBe(500);
    } finally {
      await ownerRows(h, sql.raw('drop trigger test_refuse_invite on communication_log'));
      await ownerRows(h, sql.raw('drop function test_refuse_invite()'));
    }
    expect(await counts()).toEqual(before);
    expect(await ownerRows(h, sql`select 1 from companies where slug = 'halfway'`)).toEqual([]);
  });
});

describe('suspension', () => {
  it('stops sign-in, ends sessions and closes the sign-in address; reinstating restores them; nothing is deleted', async () => {
    const address = { tenentID: acmeId, locationid: harborId };
    const before = await counts();
    const res = await api('PUT', `/api/enterprise/companies/${acmeId}/suspension`, { suspended: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ suspendedAt: string | null }>(res).suspendedAt).not.toBeNull();

    expect((await api('GET', '/api/stores', undefined, acmeAdmin)).statusCode).toBe(401);
    // The right password learns why (the company is suspended); a wrong one learns nothing.
    const refused = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'ada@acme.test', password: 'Acme-Admin-Pass-2026', ...address } });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'auth.companySuspended', error: errorTexts['auth.companySuspended'] });
    const adminAddress = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'ada@acme.test', password: 'Acme-Admin-Pass-2026' } });
    expect(json(adminAddress)).toMatchObject({ code: 'auth.companySuspended' });
    const codeStep = await h.app.inject({ method: 'POST', url: '/api/patient/authcode', payload: { username: 'ada@acme.test', password: 'Acme-Admin-Pass-2026', ...address } });
    expect({ status: codeStep.statusCode, body: json(codeStep) }).toMatchObject({ status: 403, body: { isauth: false, code: 'auth.companySuspended' } });
    const wrong = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'ada@acme.test', password: 'Not-The-Password-1', ...address } });
    expect({ status: wrong.statusCode, body: json(wrong) }).toMatchObject({ status: 401, body: { error: messages.invalidLogin } });
    expect((await h.app.inject({ method: 'GET', url: '/api/portal/acme/harbor' })).statusCode).toBe(404);
    const listed = json<{ mappings: { companySlug: string; suspended: boolean }[] }>(await api('GET', '/api/enterprise/portal-mappings?search=acme'));
    expect(listed.mappings).toEqual([expect.objectContaining({ companySlug: 'acme', suspended: true }), expect.objectContaining({ companySlug: 'acme', suspended: true })]);
    expect(await counts()).toEqual(before);

    const back = await api('PUT', `/api/enterprise/companies/${acmeId}/suspension`, { suspended: false });
    expect(json(back)).toMatchObject({ suspendedAt: null });
    acmeAdmin = await signIn(h, 'ada@acme.test', address, 'Acme-Admin-Pass-2026');
    expect((await api('GET', '/api/patients', undefined, acmeAdmin)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/portal/acme/harbor' })).statusCode).toBe(200);
    expect((await auditActions(h, acmeId)).map((a) => a.action)).toEqual(expect.arrayContaining(['company.suspend', 'company.reinstate']));
  });

  it("a suspended company's eForm links answer as expired, and open again when it is reinstated", async () => {
    const admin = await signIn(h, 'admin@clearview.test', demo.clearview);
    const forms = json<{ forms: { id: string; name: string }[] }>(await api('GET', '/api/eforms/forms', undefined, admin)).forms;
    const consent = forms.find((f) => f.name === 'Contact Lens Consent')!;
    const [patient] = await ownerRows<{ id: string }>(
      h,
      sql`insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, email)
          values (${demoIds.clearview}, ${demoIds.downtown}, 'Sue', 'Spended', '1980-01-01', 'sue@example.test') returning id`,
    );
    const sent = await api('POST', `/api/eforms/forms/${consent.id}/assign`, { patientIds: [patient!.id], channels: ['email'] }, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const link = eformLinkIn(await lastMessageTo(h, 'sue@example.test'));
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link.tenantid}` })).tenant;
    const card = () => h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link.uri}`, headers: { 'x-tenant-id': tenant } });

    expect(json(await card())).toMatchObject({ isLinkExpired: 0 });
    expect((await api('PUT', `/api/enterprise/companies/${demoIds.clearview}/suspension`, { suspended: true })).statusCode).toBe(200);
    expect(json(await card())).toMatchObject({ isLinkExpired: 1 });
    await expect(signIn(h, 'patient@clearview.test')).rejects.toThrow(/403/);
    expect((await api('PUT', `/api/enterprise/companies/${demoIds.clearview}/suspension`, { suspended: false })).statusCode).toBe(200);
    expect(json(await card())).toMatchObject({ isLinkExpired: 0 });
    await signIn(h, 'patient@clearview.test', demo.clearview, DEMO_PASSWORD);
  });
});

describe("adding a store to a company (the company's edit page)", () => {
  const lighthouse = { name: 'Lighthouse', slug: 'lighthouse', address: '9 Cape Lane', phone: '', timeZone: 'Europe/Istanbul', taxRateBp: 825 };
  const addStore = (payload: unknown, who: SignedIn = enterprise, companyId = acmeId) => api('POST', `/api/enterprise/companies/${companyId}/stores`, payload, who);

  it('makes the store with its sign-in address and registers, in one audited call', async () => {
    const before = await counts();
    const res = await addStore(lighthouse);
    expect(res.statusCode, res.body).toBe(201);
    const company = json<{ tenantId: string; stores: { id: string; name: string; slug: string; taxRateBp: number }[] }>(res);
    expect(company.tenantId).toBe(acmeId);
    const made = company.stores.find((s) => s.slug === 'lighthouse')!;
    expect(made).toMatchObject({ name: 'Lighthouse', taxRateBp: 825 });
    expect(await counts()).toEqual({ ...before, locations: before.locations + 1, mappings: before.mappings + 1 });

    const portal = json<{ tenantID: string; locationid: string }>(await h.app.inject({ method: 'GET', url: '/api/portal/acme/lighthouse' }));
    expect(portal).toMatchObject({ tenantID: acmeId, locationid: made.id });
    // The company's own admin sees a working store: its address and two registers.
    const overview = json<{ stores: { id: string; signInPaths: string[]; registers: unknown[] }[] }>(await api('GET', '/api/stores/overview', undefined, acmeAdmin));
    expect(overview.stores.find((s) => s.id === made.id)).toMatchObject({ signInPaths: ['/acme/lighthouse'], registers: [expect.anything(), expect.anything()] });
    // The same set as the company's first store, through the same function (its address aside).
    expect(await storeMakings(made.id)).toEqual({ ...(await storeMakings(harborId)), rates: ['standard:825'], mappings: 1 });

    expect((await auditActions(h, acmeId)).map((a) => a.action)).toContain('store.create');
    expect((await auditActions(h, PLATFORM_TENANT_ID)).map((a) => `${a.action}:${a.outcome}`)).toContain('enterprise.store.create:success');
  });

  it('refuses bad and taken slugs and bad fields with the field message, and writes nothing', async () => {
    const pier = json<{ id: string }>(await api('POST', '/api/enterprise/portal-mappings', { tenantId: acmeId, locationId: harborId, companySlug: 'acme', storeSlug: 'pier' }));
    const before = await counts();
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ slug: 'Cape' }, { slug: M.slug }],
      [{ slug: 'cape/point' }, { slug: M.slug }],
      [{ slug: 'kiosk' }, { slug: M.slugReserved }],
      [{ slug: 'api' }, { slug: M.slugReserved }],
      [{ name: '  ' }, { name: M.storeName }],
      [{ timeZone: 'Mars/Olympus' }, { timeZone: M.timeZone }],
      [{ taxRateBp: 10001 }, { taxRateBp: M.taxRate }],
      [{ taxRateBp: 8.5 }, { taxRateBp: M.taxRate }],
      [{ slug: 'harbor' }, { slug: M.storeSlugTaken }],
      [{ slug: 'lighthouse' }, { slug: M.storeSlugTaken }],
      // Another sign-in address of the company already holds this store part.
      [{ slug: 'pier' }, { slug: M.addressTaken }],
    ];
    for (const [change, fields] of refusals) {
      const res = await addStore({ ...lighthouse, ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toMatchObject(fields);
    }
    expect(await counts()).toEqual(before);
    expect((await auditActions(h, PLATFORM_TENANT_ID)).map((a) => `${a.action}:${a.outcome}`)).toContain('enterprise.store.create:failure');
    expect((await api('DELETE', `/api/enterprise/portal-mappings/${pier.id}`)).statusCode).toBe(200);
  });

  it('the store-completing SQL function is internal: the runtime role cannot call it, even in the platform tenant', async () => {
    const before = await storeMakings(harborId);
    for (const tenant of [PLATFORM_TENANT_ID, acmeId]) {
      const refused = await h.db
        .tenantTransaction(tenant, (tx) => tx.execute(sql`select app_enterprise_complete_store(${acmeId}::uuid, ${harborId}::uuid, 0, '{"Extra"}'::text[])`))
        .then(
          () => null,
          (e: { cause?: { code?: string; message?: string } }) => e.cause,
        );
      expect(refused, tenant).toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
    }
    expect(await storeMakings(harborId)).toEqual(before);
  });

  it('answers 404 for no company or the platform, and a company admin or a guest cannot call it', async () => {
    const before = await counts();
    expect((await addStore({ ...lighthouse, slug: 'nowhere' }, enterprise, '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11')).statusCode).toBe(404);
    expect((await addStore({ ...lighthouse, slug: 'nowhere' }, enterprise, PLATFORM_TENANT_ID)).statusCode).toBe(404);
    const clearview = await signIn(h, 'admin@clearview.test', demo.clearview);
    for (const who of [acmeAdmin, clearview]) {
      const res = await addStore({ ...lighthouse, slug: 'sneaky' }, who);
      expect(res.statusCode, res.body).toBe(403);
    }
    const guest = await h.app.inject({ method: 'POST', url: `/api/enterprise/companies/${acmeId}/stores`, payload: { ...lighthouse, slug: 'sneaky' } });
    expect(guest.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
