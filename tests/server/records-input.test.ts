/**
 * Hostile input on the patient-record routes (security.md, "Input"): bad ids in every path parameter and bodies of
 * the wrong shape on PATCH /api/my/profile answer 4xx (a 400 naming the field for schema errors), never 500, and
 * change no patient record.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDemoIds as ids } from '../../server/db/seed-records';
import { bearer, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let jane: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  [jane, admin] = await Promise.all([signIn(h, 'patient@clearview.test'), signIn(h, 'admin@clearview.test')]);
});
afterAll(() => h.close());

/** A digest of every record table: any insert, update or delete changes it. */
async function recordsState(): Promise<string> {
  const tables = ['patients', 'spectacle_rx', 'contact_lens_rx', 'appointments', 'invoices', 'payments', 'lab_orders', 'recalls'];
  const parts = tables.map((t) => sql`select ${t}::text as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.raw(t)} x`);
  const rows = await ownerRows<{ t: string; d: string }>(h, sql.join(parts, sql` union all `));
  return JSON.stringify(rows);
}

const SQLI = "' or 1=1 --";
const badIds: { name: string; value: string; statuses?: number[] }[] = [
  { name: 'not a UUID', value: 'latest' },
  { name: 'SQL', value: encodeURIComponent(SQLI) },
  { name: 'a UUID with SQL after it', value: encodeURIComponent(`${ids.janeRx}' or '1'='1`) },
  { name: 'encoded dot segments', value: '..%2F..%2Fprofile' },
  { name: 'a UUID one character too long', value: `${ids.janeRx}0` },
  { name: 'an emoji', value: encodeURIComponent('👓') },
  { name: 'a NUL character', value: 'abc%00def' },
  { name: '10 000 characters', value: 'k'.repeat(10_000), statuses: [400, 414] },
  { name: 'broken percent-encoding', value: '%E0%A4%A', statuses: [400] },
];

const paramRoutes: { method: 'GET' | 'POST'; url: (v: string) => string; field: string; as: 'jane' | 'admin' }[] = [
  { method: 'GET', url: (v) => `/api/my/prescriptions/${v}/orders`, field: 'rxId', as: 'jane' },
  { method: 'GET', url: (v) => `/api/my/invoices/${v}`, field: 'invoiceId', as: 'jane' },
  { method: 'POST', url: (v) => `/api/my/appointments/${v}/cancel`, field: 'appointmentId', as: 'jane' },
  ...['profile', 'prescriptions', 'appointments', 'invoices', 'recalls', 'orders'].map((s) => ({
    method: 'GET' as const,
    url: (v: string) => `/api/patients/${v}/${s}`,
    field: 'patientId',
    as: 'admin' as const,
  })),
  { method: 'GET', url: (v) => `/api/patients/${demoIds.janeDoe}/prescriptions/${v}/orders`, field: 'rxId', as: 'admin' },
  { method: 'GET', url: (v) => `/api/patients/${demoIds.janeDoe}/invoices/${v}`, field: 'invoiceId', as: 'admin' },
];

const cases = paramRoutes.flatMap((r) => badIds.map((b) => ({ ...b, method: r.method, url: r.url(b.value), field: r.field, as: r.as, label: r.url(':id') })));

describe('bad ids in the path', () => {
  it.each(cases)('$method $label with $name: refused, nothing written', async (c) => {
    const before = await recordsState();
    const res = await h.app.inject({ method: c.method, url: c.url, headers: bearer(c.as === 'jane' ? jane : admin) });
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    const body = json<{ error: string; fields?: Record<string, string> }>(res);
    if (c.statuses) expect(c.statuses).toContain(res.statusCode);
    else {
      expect(res.statusCode, res.body).toBe(400);
      expect(body.fields?.[c.field], res.body).toMatch(/\S/);
    }
    expect(res.body).not.toMatch(/failed query|stack|node_modules|syntax error|relation "/i);
    expect(await recordsState()).toBe(before);
  });
});

const shapes: { shape: string; raw: string; contentType?: string; status: number; field?: string }[] = [
  { shape: 'a JSON array', raw: '[]', status: 400, field: 'body' },
  { shape: 'a JSON string', raw: '"+1 555 0100"', status: 400, field: 'body' },
  { shape: 'JSON null', raw: 'null', status: 400, field: 'body' },
  { shape: 'an empty object', raw: '{}', status: 400, field: 'body' },
  { shape: 'only unknown keys', raw: '{"role":"admin","userId":"x"}', status: 400, field: 'body' },
  { shape: 'a number as phone', raw: '{"phone":5550100}', status: 400, field: 'phone' },
  { shape: 'an object as city', raw: '{"city":{"$ne":null}}', status: 400, field: 'city' },
  { shape: 'a city of 10 000 characters', raw: JSON.stringify({ city: 'k'.repeat(10_000) }), status: 400, field: 'city' },
  { shape: 'SQL as postal code', raw: JSON.stringify({ postalCode: SQLI }), status: 400, field: 'postalCode' },
  { shape: 'a new date of birth', raw: '{"dateOfBirth":"2001-01-01"}', status: 400, field: 'dateOfBirth' },
  { shape: 'a new sex', raw: '{"sex":"male","city":"Springfield"}', status: 400, field: 'sex' },
  { shape: 'malformed JSON', raw: '{"city":', status: 400 },
  { shape: 'a __proto__ key', raw: '{"__proto__":{"city":"x"}}', status: 400 },
  { shape: 'a form-encoded body', raw: 'city=x', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { shape: 'a body over the 256 KiB limit', raw: JSON.stringify({ city: 'a'.repeat(300_000) }), status: 413 },
];

describe('PATCH /api/my/profile with bodies of the wrong shape', () => {
  it.each(shapes)('$shape: $status, nothing written', async (c) => {
    const before = await recordsState();
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/my/profile',
      headers: { ...bearer(jane), 'content-type': c.contentType ?? 'application/json' },
      payload: c.raw,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status);
    if (c.field) expect(json<{ fields?: Record<string, string> }>(res).fields?.[c.field], res.body).toMatch(/\S/);
    expect(await recordsState()).toBe(before);
  });

  it('unicode in contact fields is kept as written', async () => {
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/my/profile',
      headers: { ...bearer(jane), 'content-type': 'application/json' },
      payload: JSON.stringify({ addressLine: 'Çiçek Sokak 5, شقة 3', city: 'İstanbul' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ addressLine: 'Çiçek Sokak 5, شقة 3', city: 'İstanbul' });
  });
});
