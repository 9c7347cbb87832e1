/**
 * Hostile input on every staff and kiosk record write (security.md, "Input"): bodies of the wrong shape, every
 * field with the wrong type or an overlong value, control characters, bad ids and query values answer 4xx naming
 * the field, never 500, and change nothing in the record tables or the audit log; SQL-looking and non-Latin text
 * in free-text fields is stored verbatim.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let kiosk: SignedIn;
let patientId: string;
let invoiceId: string;
let rxId: string;

const UNKNOWN = '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11';
const TABLES = ['patients', 'spectacle_rx', 'contact_lens_rx', 'appointments', 'invoices', 'invoice_lines', 'payments', 'lab_orders', 'lab_order_events', 'recalls', 'communication_log', 'audit_log'];

async function dbState(): Promise<string> {
  const parts = TABLES.map((t) => sql`select ${t}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.raw(t)} x`);
  const rows = await ownerRows<{ t: string; n: number; d: string }>(h, sql.join(parts, sql` union all `));
  return JSON.stringify(rows);
}

function send(who: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, opts: { body?: unknown; raw?: string; contentType?: string } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...bearer(who) };
  let payload: string | undefined;
  if (opts.raw !== undefined) {
    headers['content-type'] = opts.contentType ?? 'application/json';
    payload = opts.raw;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.body);
  }
  return h.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

interface Route {
  method: 'POST' | 'PATCH';
  url: () => string;
  who: () => SignedIn;
  body: () => Record<string, unknown>;
}

const routes: Record<string, Route> = {
  'POST /api/patients': {
    method: 'POST',
    url: () => '/api/patients',
    who: () => admin,
    body: () => ({ locationId: demoIds.downtown, firstName: 'Val', lastName: 'Id', dateOfBirth: '1980-01-01', email: 'val@example.test', notes: 'n' }),
  },
  'PATCH /api/patients/:patientId': { method: 'PATCH', url: () => `/api/patients/${patientId}`, who: () => admin, body: () => ({ notes: 'changed', city: 'Springfield' }) },
  'POST /api/patients/:patientId/spectacle-rx': {
    method: 'POST',
    url: () => `/api/patients/${patientId}/spectacle-rx`,
    who: () => admin,
    body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }),
  },
  'POST /api/patients/:patientId/contact-lens-rx': {
    method: 'POST',
    url: () => `/api/patients/${patientId}/contact-lens-rx`,
    who: () => admin,
    body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }),
  },
  'POST /api/appointments': {
    method: 'POST',
    url: () => '/api/appointments',
    who: () => admin,
    body: () => ({ patientId, providerId: admin ? admin.user.id : UNKNOWN, type: 'eye-exam', startsAt: '2032-01-01T09:00:00Z', durationMinutes: 30 }),
  },
  'POST /api/invoices': {
    method: 'POST',
    url: () => '/api/invoices',
    who: () => admin,
    body: () => ({ patientId, lines: [{ kind: 'service', description: 'Exam', quantity: 1, unitPrice: 100 }] }),
  },
  'POST /api/invoices/:invoiceId/payments': { method: 'POST', url: () => `/api/invoices/${invoiceId}/payments`, who: () => admin, body: () => ({ method: 'card', amount: 1 }) },
  'POST /api/invoices/:invoiceId/void': { method: 'POST', url: () => `/api/invoices/${invoiceId}/void`, who: () => admin, body: () => ({ reason: 'Test' }) },
  'POST /api/lab-orders': {
    method: 'POST',
    url: () => '/api/lab-orders',
    who: () => admin,
    body: () => ({ patientId, rxId, invoiceId, invoiceLineNo: 1, frame: { brand: 'A' }, lens: { type: 'sv' } }),
  },
  'POST /api/recalls': { method: 'POST', url: () => '/api/recalls', who: () => admin, body: () => ({ patientId, type: 'annual-exam', dueOn: '2027-01-01' }) },
  'POST /api/kiosk/patients': {
    method: 'POST',
    url: () => '/api/kiosk/patients',
    who: () => kiosk,
    body: () => ({ firstName: 'Kay', lastName: 'Oss', dateOfBirth: '1999-09-09', email: 'kay@example.test', consentPrivacy: true }),
  },
};

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test');
  kiosk = await signIn(h, 'kiosk.downtown@clearview.test', { ...demo.clearview, isKiosk: true });
  const p = await send(admin, 'POST', '/api/patients', { body: { locationId: demoIds.downtown, firstName: 'Hostile', lastName: 'Input', dateOfBirth: '1970-01-01', email: 'hostile@example.test' } });
  patientId = json<{ id: string }>(p).id;
  const inv = await send(admin, 'POST', '/api/invoices', { body: { patientId, lines: [{ kind: 'product', description: 'Lenses', quantity: 1, unitPrice: 5000 }] } });
  invoiceId = json<{ id: string }>(inv).id;
  const rx = await send(admin, 'POST', `/api/patients/${patientId}/spectacle-rx`, { body: { examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } } });
  rxId = json<{ id: string }>(rx).id;
});
afterAll(() => h.close());

async function refusedWritingNothing(run: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const before = await dbState();
  const res = await run();
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(await dbState()).toBe(before);
  return res;
}

const shapes: { shape: string; raw: string; contentType?: string; status: number }[] = [
  { shape: 'a JSON array', raw: '[]', status: 400 },
  { shape: 'a JSON string', raw: '"x"', status: 400 },
  { shape: 'JSON null', raw: 'null', status: 400 },
  { shape: 'arrays nested 5 000 deep', raw: '['.repeat(5000) + ']'.repeat(5000), status: 400 },
  { shape: 'malformed JSON', raw: '{"a": ', status: 400 },
  { shape: 'a __proto__ key', raw: '{"__proto__": {"admin": true}}', status: 400 },
  { shape: 'a text/plain body', raw: 'a=b', contentType: 'text/plain', status: 400 },
  { shape: 'a form body', raw: 'a=b', contentType: 'application/x-www-form-urlencoded', status: 415 },
];

const shapeCases = Object.keys(routes).flatMap((route) => shapes.map((s) => ({ route, ...s })));

describe('bodies of the wrong shape', () => {
  it.each(shapeCases)('$route with $shape: refused, nothing written', async ({ route, raw, contentType, status }) => {
    const r = routes[route]!;
    const res = await refusedWritingNothing(() => send(r.who(), r.method, r.url(), { raw, contentType }));
    expect(res.statusCode, res.body).toBe(status);
  });
});

/** Every top-level field of the valid body, with a value of the wrong type and an overlong string. */
const fieldCases = Object.entries(routes).flatMap(([route, r]) =>
  Object.entries(r.body()).flatMap(([field, valid]) => [
    { route, field, how: 'wrong type', value: (v: unknown) => (typeof v === 'string' ? 12345 : typeof v === 'number' ? '12345' : 'x') },
    { route, field, how: '100 000 characters', value: () => 'x'.repeat(100_000) },
    // (An object field such as the frame takes an object: unknown keys in it are dropped, not refused.)
    ...(typeof valid === 'object' ? [] : [{ route, field, how: 'a nested object', value: () => ({ $gt: '' }) }]),
  ]),
);

describe('each field with a hostile value', () => {
  it.each(fieldCases)('$route $field as $how: 400 naming the field, nothing written', async ({ route, field, value }) => {
    const r = routes[route]!;
    const body = r.body();
    body[field] = value(body[field]);
    const res = await refusedWritingNothing(() => send(r.who(), r.method, r.url(), { body }));
    expect(res.statusCode, res.body).toBe(400);
    const fields = json<{ fields?: Record<string, string> }>(res).fields ?? {};
    expect(Object.keys(fields).some((k) => k === field || k.startsWith(`${field}.`)), `${res.body}`).toBe(true);
  });

  it.each(['firstName', 'lastName', 'notes', 'city'])('control characters in %s are refused', async (field) => {
    const r = routes['POST /api/patients']!;
    const res = await refusedWritingNothing(() => send(admin, 'POST', r.url(), { body: { ...r.body(), [field]: 'a\u0000b\u0007' } }));
    expect(json<{ fields: Record<string, string> }>(res).fields[field]).toMatch(/\S/);
  });
});

describe('text that is valid however it looks', () => {
  it('SQL-looking, HTML and non-Latin text is stored verbatim and found by search', async () => {
    const odd = { firstName: "Robert'); DROP TABLE patients;--", lastName: 'Ünal-محمد', notes: '<script>alert(1)</script> %_\\', city: '東京' };
    const res = await send(admin, 'POST', '/api/patients', { body: { ...routes['POST /api/patients']!.body(), ...odd } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ownerRows<Record<string, string>>(h, sql`select first_name, last_name, notes, city from patients where id = ${json<{ id: string }>(res).id}`);
    expect(row).toEqual({ first_name: odd.firstName, last_name: odd.lastName, notes: odd.notes, city: odd.city });
    for (const search of ['ünal', "robert');", 'ÜNAL-مح']) {
      const page = await send(admin, 'GET', `/api/patients?search=${encodeURIComponent(search)}`);
      expect(json<{ items: { id: string }[] }>(page).items.map((i) => i.id), search).toContain(json<{ id: string }>(res).id);
    }
  });
});

describe('ids and query values', () => {
  const badIds = ['not-a-uuid', '1 or 1=1', UNKNOWN.slice(0, 35), `${UNKNOWN}x`, '%00'];
  type IdCall = ['POST' | 'PATCH', string, unknown, string];
  const idRoutes: ((id: string) => IdCall)[] = [
    (id: string) => ['PATCH', `/api/patients/${id}`, { notes: 'x' }, 'patientId'],
    (id: string) => ['POST', `/api/patients/${id}/spectacle-rx`, routes['POST /api/patients/:patientId/spectacle-rx']!.body(), 'patientId'],
    (id: string) => ['POST', `/api/invoices/${id}/payments`, { method: 'card', amount: 1 }, 'invoiceId'],
    (id: string) => ['POST', `/api/lab-orders/${id}/status`, { to: 'sent-to-lab' }, 'orderId'],
    (id: string) => ['POST', `/api/appointments/${id}/status`, { to: 'confirmed' }, 'appointmentId'],
    (id: string) => ['POST', `/api/recalls/${id}/status`, { to: 'sent' }, 'recallId'],
  ];
  const cases = idRoutes.flatMap((mk) => badIds.map((id) => ({ id, call: mk(encodeURIComponent(id)) })));

  it.each(cases)('$call.1 with a bad id: 400 naming it, nothing written', async ({ call }) => {
    const [method, url, body, param] = call;
    const res = await refusedWritingNothing(() => send(admin, method, url, { body }));
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields[param]).toBe('Must be an id (UUID)');
  });

  it.each(idRoutes.map((mk) => mk(UNKNOWN)))('%s %s with an unknown id: 404, only the denial audited', async (method, url, body) => {
    const before = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where outcome = 'denied'`);
    const res = await send(admin, method, url, { body });
    expect(res.statusCode, res.body).toBe(404);
    const after = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where outcome = 'denied'`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1e3', 'limit'],
    ['limit=2.5', 'limit'],
    [`search=${'s'.repeat(101)}`, 'search'],
    ['search=%20%20', 'search'],
    ['cursor=%25%25%25', 'cursor'],
    [`cursor=${Buffer.from(JSON.stringify(['a', 'b', 'not-a-uuid'])).toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from(JSON.stringify({ a: 1 })).toString('base64url')}`, 'cursor'],
    ['locationId=downtown', 'locationId'],
  ])('GET /api/patients?%s: 400 naming %s', async (query, field) => {
    const res = await send(admin, 'GET', `/api/patients?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields[field]).toMatch(/\S/);
  });
});
