/**
 * Hostile text (security.md, "Input"): a lone UTF-16 surrogate ("x\ud800y" in JSON) is text PostgreSQL refuses in
 * jsonb. Every string of the contract must be well-formed, so each endpoint answers 400 naming the field and writes
 * nothing; a sign-in refused with such a name still leaves its audit row; and a database refusal of such text that
 * slips past the contract is the client's 400, never a 500.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../src/contract/zod';
import { checkCredentials } from '../../server/auth/sign-in';
import { verifyPassword } from '../../server/auth/passwords';
import { isUnstorableTextError } from '../../server/http/errors';
import { addPatient, bearer, demo, demoIds, eformLinkIn, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

const LONE = 'x\ud800y';

let h: Harness;
let admin: SignedIn;
let patientId: string;
let rxId: string;
let invoiceId: string;
let boardId: string;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

const count = (table: string) => ownerRows<{ n: number }>(h, sql`select count(*)::int as n from ${sql.raw(table)}`).then((r) => r[0]!.n);

function refusedNaming(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(json<{ code: string; fields: Record<string, string> }>(res)).toMatchObject({ code: 'request.fieldsInvalid', fields: { [field]: expect.any(String) } });
}

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Hostile', lastName: 'Text', email: 'hostile.text@example.test' });
  const inv = await post('/api/invoices', { patientId, lines: [{ kind: 'product', description: 'Lenses', quantity: 1, unitPrice: 5000 }] }, bearer(admin));
  invoiceId = json<{ id: string }>(inv).id;
  const rx = await post(`/api/patients/${patientId}/spectacle-rx`, { examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }, bearer(admin));
  rxId = json<{ id: string }>(rx).id;
  const boards = await h.app.inject({ method: 'GET', url: `/api/patient/formstores?locationId=${demoIds.downtown}`, headers: bearer(admin) });
  boardId = json<{ boards: { id: string }[] }>(boards).boards[0]!.id;
});
afterAll(() => h.close());

describe('the contract: every string is well-formed Unicode', () => {
  it('refuses lone surrogates in any string schema, keeps pairs', () => {
    expect(z.string().safeParse(LONE).success).toBe(false);
    expect(z.string().safeParse('x\udc00').success).toBe(false);
    expect(z.string().max(10).trim().safeParse('\udbff').success).toBe(false);
    expect(z.string().safeParse('eye 👓 care').success).toBe(true);
  });
});

describe('each endpoint that stored the text answers 400 naming the field and writes nothing', () => {
  it('POST /api/patient/login (username)', async () => {
    const before = await count('audit_log');
    refusedNaming(await post('/api/patient/login', { username: `patient${LONE}@clearview.test`, password: 'whatever', ...demo.clearview }), 'username');
    expect(await count('audit_log')).toBe(before);
  });

  it('POST /api/patient/authcode (username)', async () => {
    refusedNaming(await post('/api/patient/authcode', { username: `patient${LONE}@clearview.test`, password: 'whatever', ...demo.clearview }), 'username');
  });

  it('a lone surrogate as an unknown key is refused with the key echoed well-formed, not a 500', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/inbox', headers: { 'content-type': 'application/json', ...bearer(admin) }, payload: '{"text":"hello","\\ud800":1}' });
    expect(res.statusCode, res.body).toBe(400);
    const body = json<{ fields: Record<string, string> }>(res);
    expect(JSON.stringify(body)).not.toMatch(/\\ud800/);
    expect(Object.keys(body.fields).length).toBeGreaterThan(0);
  });

  it('POST /api/lab-orders (frame brand, frame model)', async () => {
    const before = await count('lab_orders');
    const body = { patientId, rxId, invoiceId, invoiceLineNo: 1, lens: { type: 'sv' } };
    refusedNaming(await post('/api/lab-orders', { ...body, frame: { brand: LONE } }, bearer(admin)), 'frame.brand');
    refusedNaming(await post('/api/lab-orders', { ...body, frame: { brand: 'A', model: LONE } }, bearer(admin)), 'frame.model');
    expect(await count('lab_orders')).toBe(before);
  });

  it('POST /api/patient/updateform (a section title)', async () => {
    const before = await count('forms');
    const res = await post(
      '/api/patient/updateform',
      { boardId, name: 'Hostile', sections: [{ id: 'q', optionId: 4, title: LONE, isRequired: false, textlists: [{ id: 't', name: 'Q' }] }] },
      bearer(admin),
    );
    refusedNaming(res, 'sections.0.title');
    expect(await count('forms')).toBe(before);
  });

  it('the public POST /api/patient/submitform (a text answer)', async () => {
    const created = await post(
      '/api/patient/updateform',
      { boardId, name: 'Open question', requiresCode: false, status: 'published', sections: [{ id: 'q', optionId: 4, title: 'Question', isRequired: true, textlists: [{ id: 't', name: 'Anything else?' }] }] },
      bearer(admin),
    );
    expect(created.statusCode, created.body).toBe(200);
    const formId = json<{ card: { id: string } }>(created).card.id;
    const assigned = await post(`/api/eforms/forms/${formId}/assign`, { patientIds: [patientId], channels: ['email'] }, bearer(admin));
    expect(assigned.statusCode, assigned.body).toBe(200);
    const link = eformLinkIn(await lastMessageTo(h, 'hostile.text@example.test'));
    const enc = await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link.tenantid}` });
    const tenant = json<{ tenant: string }>(enc).tenant;
    const card = await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link.uri}`, headers: { 'x-tenant-id': tenant } });
    expect(card.statusCode, card.body).toBe(200);
    const sections = json<{ sectionlists: { textlists: { description: string }[] }[] }>(card).sectionlists.map((s) => ({
      ...s,
      textlists: s.textlists.map((t) => ({ ...t, description: LONE })),
    }));
    const before = await count('form_submissions');
    const res = await post('/api/patient/submitform', { uri: link.uri, sectionlists: sections }, { 'x-tenant-id': tenant });
    refusedNaming(res, 'sectionlists.0.textlists.0.description');
    expect(await count('form_submissions')).toBe(before);
  });
});

describe('text that slips past the contract', () => {
  it('a sign-in refused with a lone surrogate in the name is audited (the text made well-formed)', async () => {
    const check = await checkCredentials(
      h.db,
      { username: `nobody${LONE}@clearview.test`, password: 'whatever', tenentID: demoIds.clearview },
      { headerTenant: undefined, ip: '203.0.113.9', now: new Date(), action: 'login', codeKey: Buffer.from('test-code-key'), checkPassword: verifyPassword },
    );
    expect(check.kind).toBe('refused');
    const rows = await ownerRows<{ details: { username: string } }>(h, sql`select details from audit_log where ip = '203.0.113.9' and action = 'login' and outcome = 'failure'`);
    expect(rows.map((r) => r.details.username)).toEqual(['nobodyx\ufffdy@clearview.test']);
  });

  it("PostgreSQL's refusals of such text are recognised as the client's (mapped to 400 request.unstorableCharacters)", async () => {
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await ownerRows(h, query);
      } catch (err) {
        return err;
      }
      throw new Error('the database stored it');
    };
    expect(isUnstorableTextError(await refusal(sql`select ${JSON.stringify({ a: LONE })}::jsonb`))).toBe(true);
    expect(isUnstorableTextError(await refusal(sql`select ${JSON.stringify({ a: 'x\u0000y' })}::jsonb`))).toBe(true);
    expect(isUnstorableTextError(await refusal(sql`select 'not a uuid'::uuid`))).toBe(false);
  });
});
