/**
 * Input validation of every API route (security.md, "Input"): valid input succeeds; wrong types, missing fields,
 * huge strings, malformed or non-JSON bodies, unicode, SQL-looking text, dot segments, overlong slugs and bad ids
 * answer 4xx (a 400 naming the offending field for schema errors), never 500, and change nothing in the database.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import {
  bearer,
  codeIn,
  DEMO_PASSWORD,
  demo,
  demoIds,
  json,
  lastMessageTo,
  ownerRows,
  refreshCookieOf,
  signIn,
  startHarness,
  type Harness,
  type SignedIn,
} from './harness';

const FIELD_ERROR = 'Please correct the highlighted fields.';
const K10 = 'k'.repeat(10_000);
const K200 = 'm'.repeat(200_000);
const SQLI = "' or 1=1 --";
const NEW_PASSWORD = 'Correct-Horse-Battery-9';
const UNKNOWN_UUID = '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11';
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

let h: Harness;
let patient: SignedIn;
let newUser: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  patient = await signIn(h, 'patient@clearview.test');
  newUser = await signIn(h, 'newuser@clearview.test');
});
afterAll(() => h.close());

// ---------------------------------------------------------------------------------------------------------------
// Helpers

type As = 'patient' | 'newuser';

interface Req {
  method?: 'GET' | 'POST';
  url: string;
  /** Whose access token goes in the Authorization header. */
  as?: As;
  /** A value sent as JSON (null and arrays included). */
  body?: unknown;
  /** Sent verbatim with `contentType` (default application/json). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

function send(r: Req): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.as === 'patient') Object.assign(headers, bearer(patient));
  if (r.as === 'newuser') Object.assign(headers, bearer(newUser));
  const opts: InjectOptions = { method: r.method ?? 'POST', url: r.url, headers };
  if (r.raw !== undefined) {
    headers['content-type'] = r.contentType ?? 'application/json';
    opts.payload = r.raw;
  } else if (r.body !== undefined) {
    headers['content-type'] = 'application/json';
    opts.payload = JSON.stringify(r.body);
  }
  return h.app.inject(opts);
}

interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** A refusal: 4xx (never 5xx), JSON `{ error }`, nothing internal (SQL, stack) in it. */
function expectRefusal(res: LightMyRequestResponse, status?: number | number[]): ErrorBody {
  const context = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, context).toBeLessThan(500);
  if (status !== undefined) expect([status].flat(), context).toContain(res.statusCode);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = json<ErrorBody>(res);
  expect(body.error, context).toEqual(expect.any(String));
  expect(res.body, context).not.toMatch(/failed query|stack|node_modules|syntax error|relation "|\bat \w+ \(/i);
  return body;
}

/** A schema error: 400 with the generic text and a non-empty message for `field`. */
function expectFieldError(res: LightMyRequestResponse, field: string): void {
  const body = expectRefusal(res, 400);
  expect(body.error).toBe(FIELD_ERROR);
  expect(body.fields?.[field], `fields ${JSON.stringify(body.fields)}`).toMatch(/\S/);
}

/** A refusal from the handler that still names the field (400 with `fields[field]`). */
function expectNamedField(res: LightMyRequestResponse, field: string): void {
  const body = expectRefusal(res, 400);
  expect(body.fields?.[field], `fields ${JSON.stringify(body.fields)}`).toMatch(/\S/);
}

const TABLES = [
  'companies',
  'locations',
  'portal_mappings',
  'users',
  'user_locations',
  'refresh_families',
  'refresh_tokens',
  'one_time_codes',
  'communication_log',
  'audit_log',
  'request_counters',
] as const;
type Table = (typeof TABLES)[number];

/** Row count and a digest of every row of each table: any insert, update or delete changes it. */
async function dbState(): Promise<Record<Table, string>> {
  const parts = TABLES.map(
    (t) =>
      sql`select ${t}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.raw(t)} x`,
  );
  const rows = await ownerRows<{ t: Table; n: number; d: string }>(h, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n} rows, ${r.d}`])) as Record<Table, string>;
}

function pick(state: Record<Table, string>, tables: readonly Table[]): Partial<Record<Table, string>> {
  return Object.fromEntries(tables.map((t) => [t, state[t]]));
}

/**
 * Sends and checks that no table changed. A request that reaches an auth handler is counted by the per-address
 * rate limit (request_counters) before it is judged: `counted` leaves that table out.
 */
async function sendWritingNothing(r: Req, counted = false): Promise<LightMyRequestResponse> {
  const tables = TABLES.filter((t) => !(counted && t === 'request_counters'));
  const before = pick(await dbState(), tables);
  const res = await send(r);
  expect(pick(await dbState(), tables), `a refused ${r.url} changed the database`).toEqual(before);
  return res;
}

function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

async function countRows(table: Table, where = sql`true`): Promise<number> {
  const [row] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
  return row!.n;
}

/** Signs in and answers the status (no throw): used to prove a password did or did not change. */
async function signInStatus(username: string, password: string, extra: Record<string, unknown> = demo.clearview) {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password, ...extra } });
  return res.statusCode;
}

// ---------------------------------------------------------------------------------------------------------------
// Request bodies that are valid

const loginBody = { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview };
const forgotBody = { username: 'staff@clearview.test', tenant: demoIds.clearview };
const otpBody = { ...forgotBody, vcode: '123456' };
const resetBody = { resetToken: `${demoIds.clearview}.${UNKNOWN_UUID}.123456`, password: NEW_PASSWORD };
const cpasswordBody = { vcode: '123456', password: NEW_PASSWORD };
const themeSettings = {
  layout: {
    style: 'horizontal',
    config: { mode: 'boxed', scroll: 'body', navbar: { display: true, position: 'left', folded: true } },
  },
  customScrollbars: false,
  animations: false,
  direction: 'rtl',
  theme: { main: 'dark3', navbar: 'dark3', toolbar: 'light2', footer: 'light2' },
};
const themeBody = { data: { settings: themeSettings, shortcuts: ['calendar', 'contacts'] } };

type Json = Record<string, unknown>;
/** A copy of the valid theme body changed by `edit` (which gets data, settings and layout to change). */
function themeWith(edit: (data: Json, settings: Json) => void): Json {
  const body = structuredClone(themeBody) as unknown as { data: Json & { settings: Json } };
  edit(body.data, body.data.settings);
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Bodies that are not a JSON object of the right kind, on every route with a body schema

const bodyRoutes: { url: string; as?: As; optionalBody?: boolean }[] = [
  { url: '/api/patient/login' },
  { url: '/api/patient/authcode' },
  { url: '/api/patient/sendotp', as: 'newuser', optionalBody: true },
  { url: '/api/patient/cpassword', as: 'newuser' },
  { url: '/api/patient/forgotpassword' },
  { url: '/api/patient/otpsubmit' },
  { url: '/api/patient/passwordReset' },
  { url: '/api/patient/refreshtoken', optionalBody: true },
  { url: '/api/patient/savethemesettings', as: 'patient' },
  // The public eForm calls (issue 4): refused on shape before any look-up.
  { url: '/api/patient/euauthcode' },
  { url: '/api/patient/euverify' },
  { url: '/api/patient/submitform' },
];

interface Shape {
  shape: string;
  raw: string;
  contentType?: string;
  /** Schema error expected on this field... */
  field?: string;
  /** ...or this status (parser-level refusals carry no fields). */
  status?: number;
  /** The body is optional on some routes: a JSON null there is not a shape error. */
  notWhenOptional?: boolean;
}

const shapes: Shape[] = [
  { shape: 'a JSON array', raw: '[]', field: 'body' },
  { shape: 'an array of objects', raw: JSON.stringify([loginBody]), field: 'body' },
  { shape: 'a JSON string', raw: '"patient@clearview.test"', field: 'body' },
  { shape: 'a JSON number', raw: '42', field: 'body' },
  { shape: 'JSON true', raw: 'true', field: 'body' },
  { shape: 'JSON null', raw: 'null', field: 'body', notWhenOptional: true },
  { shape: 'arrays nested 5 000 deep', raw: '['.repeat(5000) + ']'.repeat(5000), field: 'body' },
  { shape: 'a text/plain body', raw: 'username=patient@clearview.test', contentType: 'text/plain', field: 'body' },
  { shape: 'malformed JSON', raw: '{"username": "patient@clearview.test",', status: 400 },
  { shape: 'an empty body typed as JSON', raw: '', status: 400 },
  { shape: 'a __proto__ key', raw: '{"__proto__": {"isEnterpriseAdmin": true}}', status: 400 },
  { shape: 'a constructor.prototype key', raw: '{"constructor": {"prototype": {"isEnterpriseAdmin": true}}}', status: 400 },
  { shape: 'a form-encoded body', raw: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { shape: 'an XML body', raw: '<login><username>a</username></login>', contentType: 'application/xml', status: 415 },
  {
    shape: 'a multipart body',
    raw: '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    status: 415,
  },
  { shape: 'a body over the 256 KiB limit', raw: JSON.stringify({ ...loginBody, username: 'a'.repeat(300_000) }), status: 413 },
];

const shapeCases = bodyRoutes.flatMap((r) =>
  shapes.filter((s) => !(r.optionalBody && s.notWhenOptional)).map((s) => ({ ...r, ...s })),
);

describe('bodies of the wrong shape or type', () => {
  it.each(shapeCases)('POST $url with $shape is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ url: c.url, as: c.as, raw: c.raw, contentType: c.contentType });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.status);
  });

  it.each([
    { shape: 'malformed JSON', raw: '{"bye":', status: 400 },
    { shape: 'an XML body', raw: '<bye/>', contentType: 'application/xml', status: 415 },
    { shape: 'a body over the 256 KiB limit', raw: JSON.stringify({ x: K200, y: K200 }), status: 413 },
  ])('POST /api/patient/logout with $shape is refused and the session stays open', async (c) => {
    const admin = await signIn(h, 'admin@clearview.test');
    const before = await dbState();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/patient/logout',
      headers: { ...bearer(admin), 'content-type': c.contentType ?? 'application/json' },
      payload: c.raw,
    });
    expectRefusal(res, c.status);
    expect(await dbState()).toEqual(before);
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(admin) })).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. Fields of the wrong type, missing, too long: a 400 naming the field, nothing written

interface FieldCase {
  url: string;
  as?: As;
  name: string;
  body: unknown;
  field: string;
}

function credentialCases(url: string, base: Json): FieldCase[] {
  const c = (name: string, body: Json, field: string): FieldCase => ({ url, name, body, field });
  return [
    c('username as a number', { ...base, username: 42 }, 'username'),
    c('username as an array', { ...base, username: ['patient@clearview.test'] }, 'username'),
    c('username as an object', { ...base, username: { $ne: '' } }, 'username'),
    c('username null', { ...base, username: null }, 'username'),
    c('username missing', without(base, 'username'), 'username'),
    c('username empty', { ...base, username: '' }, 'username'),
    c('username only spaces', { ...base, username: '    ' }, 'username'),
    c('username of 10 000 characters', { ...base, username: `${K10}@clearview.test` }, 'username'),
    c('username of 200 000 characters', { ...base, username: K200 }, 'username'),
    c('username of 255 characters', { ...base, username: `${'u'.repeat(240)}@clearview.test` }, 'username'),
    c('password as a number', { ...base, password: 20262026 }, 'password'),
    c('password as an array', { ...base, password: [DEMO_PASSWORD] }, 'password'),
    c('password as an object', { ...base, password: {} }, 'password'),
    c('password null', { ...base, password: null }, 'password'),
    c('password missing', without(base, 'password'), 'password'),
    c('password empty', { ...base, password: '' }, 'password'),
    c('password of 10 000 characters', { ...base, password: K10 }, 'password'),
    c('password of 200 000 characters', { ...base, password: K200 }, 'password'),
    c('tenentID not a UUID', { ...base, tenentID: 'clearview' }, 'tenentID'),
    c('tenentID SQL', { ...base, tenentID: SQLI }, 'tenentID'),
    c('tenentID a UUID with SQL after it', { ...base, tenentID: `${demoIds.clearview}' or '1'='1` }, 'tenentID'),
    c('tenentID with dot segments', { ...base, tenentID: '../../../etc/passwd' }, 'tenentID'),
    c('tenentID as a number', { ...base, tenentID: 1 }, 'tenentID'),
    c('tenentID as an object', { ...base, tenentID: { id: demoIds.clearview } }, 'tenentID'),
    c('locationid not a UUID', { ...base, locationid: 'downtown' }, 'locationid'),
    c('locationid SQL', { ...base, locationid: SQLI }, 'locationid'),
    c('locationid as an array', { ...base, locationid: [demoIds.downtown] }, 'locationid'),
    c('isKiosk as a string', { ...base, isKiosk: 'true' }, 'isKiosk'),
    c('isPatient as a number', { ...base, isPatient: 1 }, 'isPatient'),
    c('isEnterpriseAdmin as an array', { ...base, isEnterpriseAdmin: [true] }, 'isEnterpriseAdmin'),
  ];
}

const fieldCases: FieldCase[] = [
  ...credentialCases('/api/patient/login', loginBody),
  { url: '/api/patient/login', name: 'vcode of 7 digits', body: { ...loginBody, isauth: true, vcode: '1234567' }, field: 'vcode' },
  { url: '/api/patient/login', name: 'vcode as a number', body: { ...loginBody, isauth: true, vcode: 123456 }, field: 'vcode' },
  { url: '/api/patient/login', name: 'vcode of 10 000 characters', body: { ...loginBody, vcode: K10 }, field: 'vcode' },
  { url: '/api/patient/login', name: 'isauth as a string', body: { ...loginBody, isauth: 'yes' }, field: 'isauth' },
  ...credentialCases('/api/patient/authcode', loginBody),

  ...(
    [
      ['username as a number', { ...forgotBody, username: 7 }, 'username'],
      ['username null', { ...forgotBody, username: null }, 'username'],
      ['username missing', without(forgotBody, 'username'), 'username'],
      ['username of 10 000 characters', { ...forgotBody, username: K10 }, 'username'],
      ['username of 200 000 characters', { ...forgotBody, username: K200 }, 'username'],
      ['username as an array', { ...forgotBody, username: ['staff@clearview.test'] }, 'username'],
      ['tenant missing', without(forgotBody, 'tenant'), 'tenant'],
      ['tenant not a UUID', { ...forgotBody, tenant: 'clearview' }, 'tenant'],
      ['tenant SQL', { ...forgotBody, tenant: SQLI }, 'tenant'],
      ['tenant with dot segments', { ...forgotBody, tenant: '../../etc/passwd' }, 'tenant'],
      ['tenant as a number', { ...forgotBody, tenant: 42 }, 'tenant'],
      ['tenant null', { ...forgotBody, tenant: null }, 'tenant'],
      ['tenant an emoji', { ...forgotBody, tenant: '🏥' }, 'tenant'],
      ['tenant of 10 000 characters', { ...forgotBody, tenant: K10 }, 'tenant'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/forgotpassword', name, body, field })),

  ...(
    [
      ['vcode of 5 digits', { ...otpBody, vcode: '12345' }, 'vcode'],
      ['vcode of 7 digits', { ...otpBody, vcode: '1234567' }, 'vcode'],
      ['vcode letters', { ...otpBody, vcode: 'abcdef' }, 'vcode'],
      ['vcode as a number', { ...otpBody, vcode: 123456 }, 'vcode'],
      ['vcode null', { ...otpBody, vcode: null }, 'vcode'],
      ['vcode missing', without(otpBody, 'vcode'), 'vcode'],
      ['vcode empty', { ...otpBody, vcode: '' }, 'vcode'],
      ['vcode with a space inside', { ...otpBody, vcode: '123 456' }, 'vcode'],
      ['vcode in Arabic-Indic digits', { ...otpBody, vcode: '١٢٣٤٥٦' }, 'vcode'],
      ['vcode with an emoji', { ...otpBody, vcode: '12345😀' }, 'vcode'],
      ['vcode SQL', { ...otpBody, vcode: SQLI }, 'vcode'],
      ['vcode of 10 000 characters', { ...otpBody, vcode: K10 }, 'vcode'],
      ['username missing', without(otpBody, 'username'), 'username'],
      ['tenant not a UUID', { ...otpBody, tenant: 'x' }, 'tenant'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/otpsubmit', name, body, field })),

  ...(
    [
      ['resetToken missing', without(resetBody, 'resetToken'), 'resetToken'],
      ['resetToken empty', { ...resetBody, resetToken: '' }, 'resetToken'],
      ['resetToken as a number', { ...resetBody, resetToken: 42 }, 'resetToken'],
      ['resetToken null', { ...resetBody, resetToken: null }, 'resetToken'],
      ['resetToken as an array', { ...resetBody, resetToken: [resetBody.resetToken] }, 'resetToken'],
      ['resetToken of 201 characters', { ...resetBody, resetToken: 'r'.repeat(201) }, 'resetToken'],
      ['resetToken of 10 000 characters', { ...resetBody, resetToken: K10 }, 'resetToken'],
      ['resetToken of 200 000 characters', { ...resetBody, resetToken: K200 }, 'resetToken'],
      ['password missing', without(resetBody, 'password'), 'password'],
      ['password of 11 characters', { ...resetBody, password: 'Short-pass1' }, 'password'],
      ['password of 129 characters', { ...resetBody, password: 'p'.repeat(129) }, 'password'],
      ['password of 200 000 characters', { ...resetBody, password: K200 }, 'password'],
      ['password as a number', { ...resetBody, password: 123456789012 }, 'password'],
      ['password null', { ...resetBody, password: null }, 'password'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/passwordReset', name, body, field })),

  ...(
    [
      ['vcode of 5 digits', { ...cpasswordBody, vcode: '12345' }, 'vcode'],
      ['vcode letters', { ...cpasswordBody, vcode: 'abcdef' }, 'vcode'],
      ['vcode as a number', { ...cpasswordBody, vcode: 123456 }, 'vcode'],
      ['vcode missing', without(cpasswordBody, 'vcode'), 'vcode'],
      ['vcode of 10 000 characters', { ...cpasswordBody, vcode: K10 }, 'vcode'],
      ['password missing', without(cpasswordBody, 'password'), 'password'],
      ['password of 11 characters', { ...cpasswordBody, password: 'Short-pass1' }, 'password'],
      ['password of 129 characters', { ...cpasswordBody, password: 'p'.repeat(129) }, 'password'],
      ['password of 200 000 characters', { ...cpasswordBody, password: K200 }, 'password'],
      ['password as an object', { ...cpasswordBody, password: { value: NEW_PASSWORD } }, 'password'],
      ['password null', { ...cpasswordBody, password: null }, 'password'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/cpassword', as: 'newuser' as const, name, body, field })),

  ...(
    [
      ['accessToken as a number', { accessToken: 42 }, 'accessToken'],
      ['accessToken as an object', { accessToken: { alg: 'none' } }, 'accessToken'],
      ['accessToken as an array', { accessToken: ['a.b.c'] }, 'accessToken'],
      ['accessToken true', { accessToken: true }, 'accessToken'],
      ['accessToken of 4 097 characters', { accessToken: 't'.repeat(4097) }, 'accessToken'],
      ['accessToken of 10 000 characters', { accessToken: K10 }, 'accessToken'],
      ['accessToken of 200 000 characters', { accessToken: K200 }, 'accessToken'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/refreshtoken', name, body, field })),

  ...(
    [
      ['data missing', {}, 'data'],
      ['data as a string', { data: 'light17' }, 'data'],
      ['data null', { data: null }, 'data'],
      ['settings missing', themeWith((d) => delete d.settings), 'data.settings'],
      ['settings as an array', themeWith((d) => (d.settings = [themeSettings])), 'data.settings'],
      ['layout style not one of the list', themeWith((_d, s) => (s.layout = { style: 'diagonal', config: {} })), 'data.settings.layout.style'],
      ['layout style SQL', themeWith((_d, s) => (s.layout = { style: SQLI, config: {} })), 'data.settings.layout.style'],
      ['layout as a number', themeWith((_d, s) => (s.layout = 1)), 'data.settings.layout'],
      [
        'navbar display as a string',
        themeWith((_d, s) => (s.layout = { style: 'vertical', config: { navbar: { display: 'true' } } })),
        'data.settings.layout.config.navbar.display',
      ],
      ['an unknown theme', themeWith((_d, s) => (s.theme = { ...themeSettings.theme, main: 'light99' })), 'data.settings.theme.main'],
      ['a theme name of 200 000 characters', themeWith((_d, s) => (s.theme = { ...themeSettings.theme, navbar: K200 })), 'data.settings.theme.navbar'],
      ['direction not ltr or rtl', themeWith((_d, s) => (s.direction = 'up')), 'data.settings.direction'],
      ['customScrollbars as a string', themeWith((_d, s) => (s.customScrollbars = 'yes')), 'data.settings.customScrollbars'],
      ['animations null', themeWith((_d, s) => (s.animations = null)), 'data.settings.animations'],
      ['shortcuts missing', themeWith((d) => delete d.shortcuts), 'data.shortcuts'],
      ['shortcuts as a string', themeWith((d) => (d.shortcuts = 'calendar')), 'data.shortcuts'],
      ['51 shortcuts', themeWith((d) => (d.shortcuts = Array.from({ length: 51 }, (_, i) => `s${i}`))), 'data.shortcuts'],
      ['an empty shortcut', themeWith((d) => (d.shortcuts = [''])), 'data.shortcuts.0'],
      ['a shortcut of 65 characters', themeWith((d) => (d.shortcuts = ['s'.repeat(65)])), 'data.shortcuts.0'],
      ['a shortcut of 200 000 characters', themeWith((d) => (d.shortcuts = [K200])), 'data.shortcuts.0'],
      ['a shortcut that is a number', themeWith((d) => (d.shortcuts = ['calendar', 7])), 'data.shortcuts.1'],
      ['a shortcut that is null', themeWith((d) => (d.shortcuts = [null])), 'data.shortcuts.0'],
      ['a shortcut that is an object', themeWith((d) => (d.shortcuts = [{ id: 'calendar' }])), 'data.shortcuts.0'],
    ] as const
  ).map(([name, body, field]) => ({ url: '/api/patient/savethemesettings', as: 'patient' as const, name, body, field })),
];

describe('fields of the wrong type, missing or too long', () => {
  it.each(fieldCases)('POST $url with $name: 400 naming $field, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: c.url, as: c.as, body: c.body });
    expectFieldError(res, c.field);
  });

  it('every account still signs in with its own password afterwards', async () => {
    for (const username of ['patient@clearview.test', 'staff@clearview.test', 'admin@clearview.test']) {
      expect(await signInStatus(username, DEMO_PASSWORD), username).toBe(200);
    }
    // The new user's temporary password still opens only the new-user flow.
    const again = await signIn(h, 'newuser@clearview.test');
    expect(again.user.role).toEqual(['newuser']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. Sign-in: valid variants succeed, hostile strings that pass the schema are refused like any wrong sign-in

describe('POST /api/patient/login and /api/patient/authcode', () => {
  it('signs in with a valid body', async () => {
    const res = await send({ url: '/api/patient/login', body: loginBody });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ access_token: string; tenantID: string; user: { role: string[]; data: { email: string } } }>(res);
    expect(body.tenantID).toBe(demoIds.clearview);
    expect(body.user.role).toEqual(['patient']);
    expect(body.user.data.email).toBe('patient@clearview.test');
    expect(refreshCookieOf(res)).toMatch(/^pp_refresh=/);
  });

  it.each([
    { name: 'the user name in capitals', body: { ...loginBody, username: 'PATIENT@ClearView.TEST' } },
    { name: 'spaces around the user name', body: { ...loginBody, username: '  patient@clearview.test  ' } },
    { name: 'explicit nulls for the optional fields', body: { ...loginBody, vcode: null, isauth: null, isKiosk: null, isPatient: null } },
    { name: 'a tenant header that is not a UUID', body: without(loginBody, 'tenentID'), headers: { 'x-tenant-id': SQLI } },
  ])('signs in with $name', async (c) => {
    const res = await send({ url: '/api/patient/login', body: c.body, headers: c.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { data: { email: string } } }>(res).user.data.email).toBe('patient@clearview.test');
  });

  it('ignores fields the contract does not know (no role or tenant can be smuggled in)', async () => {
    const res = await send({
      url: '/api/patient/login',
      body: { ...loginBody, role: ['admin'], roles: ['admin'], tenantId: demoIds.brightsight, isAdmin: true, user: { role: ['admin'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ tenantID: string; user: { role: string[] } }>(res);
    expect(body.user.role).toEqual(['patient']);
    expect(body.tenantID).toBe(demoIds.clearview);
  });

  it('answers the auth-code step for a valid body', async () => {
    const res = await send({ url: '/api/patient/authcode', body: loginBody });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ role: ['patient'], isauth: true, codeRequired: false, error: null });
  });

  const noSession: Table[] = ['refresh_families', 'refresh_tokens', 'communication_log', 'one_time_codes'];
  const hostileSignIns: { name: string; body: Json; statuses: number[] }[] = [
    { name: 'a user name that is SQL', body: { ...loginBody, username: SQLI, password: SQLI }, statuses: [401] },
    { name: 'SQL after a real user name', body: { ...loginBody, username: "patient@clearview.test' --" }, statuses: [401] },
    { name: 'a quoted OR after a real user name', body: { ...loginBody, username: 'patient@clearview.test" or "1"="1' }, statuses: [401] },
    { name: 'a DROP TABLE user name', body: { ...loginBody, username: "x'; drop table users; --" }, statuses: [401] },
    { name: 'a UNION SELECT user name', body: { ...loginBody, username: "x' union select password_hash from users --" }, statuses: [401] },
    { name: 'an emoji user name', body: { ...loginBody, username: '👁️‍🗨️@clearview.test', password: '🔑🔑🔑🔑' }, statuses: [401] },
    { name: 'a zero-width space inside a real user name', body: { ...loginBody, username: 'pat\u200bient@clearview.test' }, statuses: [401] },
    { name: 'a Cyrillic look-alike of a real user name', body: { ...loginBody, username: 'p\u0430tient@clearview.test' }, statuses: [401] },
    { name: 'a right-to-left override', body: { ...loginBody, username: '\u202etset.weivraelc@tneitap' }, statuses: [401] },
    { name: 'a control character in the user name', body: { ...loginBody, username: 'pat\u0007ient@clearview.test' }, statuses: [400, 401] },
    { name: 'a NUL character in the user name', body: { ...loginBody, username: 'pat\u0000ient@clearview.test' }, statuses: [400, 401] },
    { name: 'a NUL character in the user name, no tenant given', body: { username: 'a\u0000b', password: 'x' }, statuses: [400, 401] },
    { name: 'a NUL character in the password', body: { ...loginBody, username: 'nobody@clearview.test', password: 'a\u0000b' }, statuses: [401] },
    { name: 'the other company as tenant', body: { ...loginBody, tenentID: demoIds.brightsight, locationid: null }, statuses: [401] },
    { name: "the other company's store", body: { ...loginBody, locationid: demoIds.main }, statuses: [401] },
    { name: 'a tenant that does not exist', body: { ...loginBody, tenentID: UNKNOWN_UUID, locationid: null }, statuses: [401] },
  ];

  it.each(hostileSignIns)('login with $name is refused without a session and never 500', async (c) => {
    const before = pick(await dbState(), noSession);
    const res = await send({ url: '/api/patient/login', body: c.body });
    const body = expectRefusal(res, c.statuses);
    if (res.statusCode === 401) expect(body.error).toBe(messages.invalidLogin);
    if (res.statusCode === 400) expect(body.fields?.username ?? body.fields?.password).toMatch(/\S/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(pick(await dbState(), noSession)).toEqual(before);
  });

  it.each(hostileSignIns)('authcode with $name is refused and never 500', async (c) => {
    const before = pick(await dbState(), noSession);
    const res = await send({ url: '/api/patient/authcode', body: c.body });
    expect(c.statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 401) expect(json(res)).toMatchObject({ isauth: false, error: messages.invalidLogin });
    else expectFieldError(res, 'username');
    expect(pick(await dbState(), noSession)).toEqual(before);
  });

  it('leaves the accounts and their tables intact after the hostile sign-ins', async () => {
    expect(await signInStatus('patient@clearview.test', DEMO_PASSWORD)).toBe(200);
    expect(await countRows('users')).toBe(9);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. New-user flow (token of newuser@clearview.test): sendotp and cpassword

describe('POST /api/patient/sendotp and /api/patient/cpassword', () => {
  it('sendotp with an empty object emails a code and answers the masked address', async () => {
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser', body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ user: { email: 'n******@clearview.test' }, error: null });
    expect(codeIn(await lastMessageTo(h, 'newuser@clearview.test'))).toMatch(/^\d{6}$/);
  });

  it('sendotp without any body (the spec calls it a free body) emails a code too', async () => {
    const sent = await countRows('communication_log', sql`recipient = 'newuser@clearview.test'`);
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows('communication_log', sql`recipient = 'newuser@clearview.test'`)).toBe(sent + 1);
  });

  it('sendotp ignores unknown fields of its free body', async () => {
    const res = await send({ url: '/api/patient/sendotp', as: 'newuser', body: { email: 'attacker@evil.test', userId: demoIds.brightsight } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows('communication_log', sql`recipient = 'attacker@evil.test'`)).toBe(0);
  });

  it('me with the new-user token answers the new-user view', async () => {
    const res = await send({ method: 'GET', url: '/api/patient/me', as: 'newuser' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string[]; isRegistered: number } }>(res).user).toMatchObject({
      id: newUser.user.id,
      role: ['newuser'],
      isRegistered: 0,
    });
  });

  it.each([
    { name: 'a common password', password: 'password1234' },
    { name: 'the user name as password', password: 'newuser@clearview.test' },
    { name: 'a password of one repeated character', password: 'aaaaaaaaaaaaaaaa' },
  ])('cpassword with $name: 400 naming password, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: '123456', password: c.password } }, true);
    expectNamedField(res, 'password');
  });

  it('cpassword with a wrong code: 400 naming vcode, the password unchanged', async () => {
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await send({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: wrong, password: NEW_PASSWORD } });
    expectNamedField(res, 'vcode');
    expect(json<ErrorBody>(res).error).toBe(messages.invalidCode);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn(h, 'newuser@clearview.test')).user.role).toEqual(['newuser']);
  });

  it('cpassword with the emailed code sets the password and opens the session', async () => {
    expect((await send({ url: '/api/patient/sendotp', as: 'newuser', body: {} })).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));
    const res = await send({ url: '/api/patient/cpassword', as: 'newuser', body: { vcode: ` ${code} `, password: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { role: string[] } }>(res).user.role).toEqual(['patient']);
    expect(await signInStatus('newuser@clearview.test', DEMO_PASSWORD)).toBe(401);
    expect((await signIn(h, 'newuser@clearview.test', demo.clearview, NEW_PASSWORD)).user.role).toEqual(['patient']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Forgot password: forgotpassword, otpsubmit, passwordReset (account staff@clearview.test)

describe('forgot-password flow', () => {
  const messagesTo = (recipient: string) => countRows('communication_log', sql`recipient = ${recipient}`);

  it('forgotpassword emails a code to an existing account', async () => {
    const before = await messagesTo('staff@clearview.test');
    const res = await send({ url: '/api/patient/forgotpassword', body: forgotBody });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ sent: true });
    expect(await messagesTo('staff@clearview.test')).toBe(before + 1);
  });

  it.each([
    { name: 'a SQL user name', body: { username: SQLI, tenant: demoIds.clearview }, statuses: [200] },
    { name: 'a SQL user name naming a real account', body: { username: "staff@clearview.test' or 1=1 --", tenant: demoIds.clearview }, statuses: [200] },
    { name: 'an emoji user name', body: { username: '🙈@clearview.test', tenant: demoIds.clearview }, statuses: [200] },
    { name: 'a NUL in the user name', body: { username: 'staff\u0000@clearview.test', tenant: demoIds.clearview }, statuses: [200, 400] },
    { name: 'a tenant that does not exist', body: { username: 'staff@clearview.test', tenant: UNKNOWN_UUID }, statuses: [200] },
    { name: 'the nil UUID as tenant', body: { username: 'staff@clearview.test', tenant: NIL_UUID }, statuses: [200, 400] },
    { name: "the other company's user in this tenant", body: { username: 'patient@brightsight.test', tenant: demoIds.clearview }, statuses: [200] },
    { name: "this company's user in the other tenant", body: { username: 'staff@clearview.test', tenant: demoIds.brightsight }, statuses: [200] },
  ])('forgotpassword with $name answers the same and sends nothing', async (c) => {
    const before = pick(await dbState(), ['communication_log', 'one_time_codes', 'users']);
    const res = await send({ url: '/api/patient/forgotpassword', body: c.body });
    expect(c.statuses, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 200) expect(json(res)).toEqual({ sent: true });
    else expectFieldError(res, 'username');
    expect(pick(await dbState(), ['communication_log', 'one_time_codes', 'users'])).toEqual(before);
  });

  it.each([
    { name: 'a SQL user name', body: { ...otpBody, username: SQLI } },
    { name: 'a NUL in the user name', body: { ...otpBody, username: 'staff\u0000@clearview.test' } },
    { name: 'a tenant that does not exist', body: { ...otpBody, tenant: UNKNOWN_UUID } },
    { name: 'an emoji user name', body: { ...otpBody, username: '🙈@clearview.test' } },
  ])('otpsubmit with $name is a 400, never 500, and grants nothing', async (c) => {
    const res = await send({ url: '/api/patient/otpsubmit', body: c.body });
    const body = expectRefusal(res, 400);
    expect(Object.keys(body.fields ?? {}).length, res.body).toBeGreaterThan(0);
    expect(res.body).not.toContain('resetToken":"');
  });

  it('otpsubmit with a wrong code: 400 naming vcode', async () => {
    const code = codeIn(await lastMessageTo(h, 'staff@clearview.test'));
    const res = await send({ url: '/api/patient/otpsubmit', body: { ...forgotBody, vcode: code === '999999' ? '999998' : '999999' } });
    expectNamedField(res, 'vcode');
    expect(json<ErrorBody>(res).error).toBe(messages.invalidCode);
  });

  let resetToken = '';
  it('otpsubmit with the emailed code answers a reset token', async () => {
    const code = codeIn(await lastMessageTo(h, 'staff@clearview.test'));
    const res = await send({ url: '/api/patient/otpsubmit', body: { ...forgotBody, username: ' STAFF@clearview.test ', vcode: code } });
    expect(res.statusCode, res.body).toBe(200);
    resetToken = json<{ resetToken: string }>(res).resetToken;
    expect(resetToken.startsWith(`${demoIds.clearview}.`)).toBe(true);
  });

  it.each([
    { name: 'SQL', token: SQLI },
    { name: 'dot segments', token: '../../../etc/passwd' },
    { name: 'the nil UUIDs', token: `${NIL_UUID}.${NIL_UUID}.123456` },
    { name: 'an unknown user', token: `${demoIds.clearview}.${UNKNOWN_UUID}.123456` },
    { name: 'four parts', token: `${demoIds.clearview}.${UNKNOWN_UUID}.1.2` },
    { name: 'emoji', token: '😀.😀.😀' },
    { name: 'NUL characters', token: `${demoIds.clearview}.\u0000.\u0000` },
    { name: 'SQL as the grant', token: `${demoIds.clearview}.${UNKNOWN_UUID}.${SQLI}` },
  ])('passwordReset with a reset token of $name: 400 naming resetToken, nothing written', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/passwordReset', body: { resetToken: c.token, password: NEW_PASSWORD } }, true);
    expectNamedField(res, 'resetToken');
  });

  it('passwordReset with a forged grant for the real account is refused and changes nothing', async () => {
    const [tenant, userId] = resetToken.split('.');
    const before = pick(await dbState(), ['users', 'refresh_families']);
    const res = await send({ url: '/api/patient/passwordReset', body: { resetToken: `${tenant}.${userId}.${'A'.repeat(43)}`, password: NEW_PASSWORD } });
    expectNamedField(res, 'resetToken');
    expect(pick(await dbState(), ['users', 'refresh_families'])).toEqual(before);
  });

  it.each([
    { name: 'a common password', password: 'password1234' },
    { name: 'the user name', password: 'staff@clearview.test' },
    { name: 'too short', password: 'Short-pass1' },
    { name: '200 000 characters', password: K200 },
  ])('passwordReset with the real token and a password that is $name: 400 naming password, grant kept', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/passwordReset', body: { resetToken, password: c.password } }, true);
    expectNamedField(res, 'password');
  });

  it('after every refused reset the old password still works', async () => {
    expect(await signInStatus('staff@clearview.test', DEMO_PASSWORD)).toBe(200);
  });

  it('passwordReset with the real token sets the password', async () => {
    const res = await send({ url: '/api/patient/passwordReset', body: { resetToken, password: NEW_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ changed: true });
    expect(await signInStatus('staff@clearview.test', DEMO_PASSWORD)).toBe(401);
    expect(await signInStatus('staff@clearview.test', NEW_PASSWORD)).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. Refresh token: cookie plus optional body

describe('POST /api/patient/refreshtoken', () => {
  let cookie = '';
  const refresh = (body?: unknown, c = cookie) =>
    h.app.inject({
      method: 'POST',
      url: '/api/patient/refreshtoken',
      headers: { cookie: c, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    cookie = (await signIn(h, 'admin@clearview.test')).cookie;
  });

  it('rotates the cookie and answers an access token for a valid body', async () => {
    const res = await refresh({});
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ accessToken: expect.any(String), refreshToken: null });
    const next = refreshCookieOf(res);
    expect(next).toMatch(/^pp_refresh=/);
    expect(next).not.toBe(cookie);
    cookie = next!;
  });

  it.each([
    { name: 'accessToken as a number', body: { accessToken: 42 } },
    { name: 'accessToken of 10 000 characters', body: { accessToken: K10 } },
    { name: 'a JSON array', body: [cookie] },
  ])('with $name the request is refused and the cookie is not used up', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/refreshtoken', body: c.body, headers: { cookie } });
    expectRefusal(res, 400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    { name: 'garbage', body: { accessToken: 'not.a.jwt' } },
    { name: 'a payload that is not JSON', body: { accessToken: `x.${Buffer.from('{{{').toString('base64url')}.y` } },
    { name: 'a loc claim that is SQL', body: { accessToken: `x.${Buffer.from(JSON.stringify({ loc: SQLI })).toString('base64url')}.y` } },
    { name: 'a refreshToken field of any type', body: { refreshToken: { $gt: '' }, accessToken: null } },
  ])('an accessToken body field with $name is ignored and the refresh works', async (c) => {
    const res = await refresh(c.body);
    expect(res.statusCode, res.body).toBe(200);
    cookie = refreshCookieOf(res)!;
  });

  it('with the cookie and no body at all, the refresh works (the body is optional)', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode, res.body).toBe(200);
    if (res.statusCode === 200) cookie = refreshCookieOf(res)!;
  });

  it.each([
    { name: 'no cookie', value: '' },
    { name: 'SQL', value: `pp_refresh=${encodeURIComponent(SQLI)}` },
    { name: 'a tenant id and SQL', value: `pp_refresh=${demoIds.clearview}.${encodeURIComponent(SQLI)}` },
    { name: 'a tenant that does not exist', value: `pp_refresh=${UNKNOWN_UUID}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    { name: 'the other company', value: `pp_refresh=${demoIds.brightsight}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` },
    { name: 'three parts', value: `pp_refresh=${demoIds.clearview}.a.b` },
    { name: 'dot segments', value: 'pp_refresh=..%2F..%2Fetc%2Fpasswd' },
    { name: '10 000 characters', value: `pp_refresh=${K10}` },
    { name: 'emoji', value: `pp_refresh=${encodeURIComponent('🍪.🍪')}` },
    { name: 'a NUL character', value: `pp_refresh=${demoIds.clearview}.%00` },
  ])('a refresh cookie of $name: 401 and the cookie is cleared', async (c) => {
    const res = await sendWritingNothing({ url: '/api/patient/refreshtoken', body: {}, headers: c.value ? { cookie: c.value } : {} });
    expect(expectRefusal(res, 401).error).toBe(messages.tokenRefreshFailed);
    expect(String(res.headers['set-cookie'])).toMatch(/pp_refresh=;/);
  });

  it('the cookie kept through the refused requests still refreshes', async () => {
    expect((await refresh({})).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 7. Theme settings, me, logout

describe('POST /api/patient/savethemesettings, GET /api/patient/me, POST /api/patient/logout', () => {
  it('saves valid settings and shortcuts and me shows them', async () => {
    const body = themeWith((d) => (d.shortcuts = ['calendar', '📅 agenda', "' or 1=1 --", '<script>x</script>']));
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ message: string }>(res).message).toBe(messages.settingsSaved);
    const me = await send({ method: 'GET', url: '/api/patient/me', as: 'patient' });
    expect(me.statusCode).toBe(200);
    const user = json<{ user: { data: { shortcuts: string[]; settings: Json } } }>(me).user;
    expect(user.data.shortcuts).toEqual(['calendar', '📅 agenda', "' or 1=1 --", '<script>x</script>']);
    expect(user.data.settings).toMatchObject({ direction: 'rtl', theme: { main: 'dark3' }, layout: { style: 'horizontal' } });
  });

  it('does not store fields the contract does not know (no self-granted menu access)', async () => {
    const body = themeWith((d, s) => {
      s.navigation = [{ menuId: 201, access: true }];
      s.evil = K200.slice(0, 100_000);
      d.role = ['admin'];
    });
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ownerRows<{ settings: Json; roles: string[]; menu_access: Json }>(
      h,
      sql`select settings, roles, menu_access from users where email = 'patient@clearview.test'`,
    );
    expect(row!.settings).not.toHaveProperty('evil');
    expect(row!.settings).not.toHaveProperty('navigation');
    expect(row!.roles).toEqual(['patient']);
    expect(row!.menu_access).toEqual({});
  });

  it('a NUL character in a shortcut is refused or stored, never a 500', async () => {
    const res = await send({ url: '/api/patient/savethemesettings', as: 'patient', body: themeWith((d) => (d.shortcuts = ['a\u0000b'])) });
    expect([200, 400], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 400) expectFieldError(res, 'data.shortcuts.0');
  });

  it.each([
    { name: 'a query naming another user', url: `/api/patient/me?id=${UNKNOWN_UUID}&tenant=${demoIds.brightsight}` },
    { name: 'a query of 10 000 characters', url: `/api/patient/me?q=${K10}` },
    { name: 'a query with __proto__', url: '/api/patient/me?__proto__[role]=admin&constructor[prototype][x]=1' },
    { name: 'a query that is SQL', url: `/api/patient/me?${encodeURIComponent(SQLI)}=${encodeURIComponent(SQLI)}` },
  ])('me with $name answers the signed-in user', async (c) => {
    const res = await send({ method: 'GET', url: c.url, as: 'patient' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ user: { id: string; role: string[] } }>(res).user).toMatchObject({ id: patient.user.id, role: ['patient'] });
  });

  it.each([
    { name: 'SQL', value: `Bearer ${SQLI}` },
    { name: '10 000 characters', value: `Bearer ${K10}` },
    { name: '200 000 characters', value: `Bearer ${K200}` },
    { name: 'three empty parts', value: 'Bearer ..' },
    { name: 'an emoji', value: 'Bearer 🎟️' },
    { name: 'no token after the scheme', value: 'Bearer ' },
    { name: 'the Basic scheme', value: `Basic ${Buffer.from('patient@clearview.test:Demo-Pass-2026!').toString('base64')}` },
  ])('an Authorization header of $name: 401', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: '/api/patient/me', headers: { authorization: c.value } });
    expect(expectRefusal(res, 401).error).toBe(messages.notSignedIn);
  });

  it.each([
    { name: 'SQL', value: SQLI },
    { name: 'the other company', value: demoIds.brightsight },
    { name: '10 000 characters', value: K10 },
  ])('a tenant header of $name: 403, the mismatch audited', async (c) => {
    const audits = await countRows('audit_log', sql`action = 'tenant.header_mismatch'`);
    const res = await send({ method: 'GET', url: '/api/patient/me', as: 'patient', headers: { 'x-tenant-id': c.value } });
    expect(expectRefusal(res, 403).error).toBe(messages.tenantMismatch);
    expect(await countRows('audit_log', sql`action = 'tenant.header_mismatch'`)).toBe(audits + 1);
  });

  it('logout with a valid token ends the session', async () => {
    const admin = await signIn(h, 'admin@clearview.test');
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer(admin) })).statusCode).toBe(401);
  });

  it('logout without a token: 401', async () => {
    const res = await sendWritingNothing({ url: '/api/patient/logout', body: {} });
    expectRefusal(res, 401);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 8. Path parameters: portal mapping, stores

interface ParamCase {
  name: string;
  url: string;
  /** A schema error on this parameter... */
  field?: string;
  /** ...or one of these statuses. */
  statuses?: number[];
}

const slug64 = 's'.repeat(64);
const portalCases: ParamCase[] = [
  { name: 'encoded dot segments as company', url: '/api/portal/..%2F..%2Fetc/passwd', field: 'company' },
  { name: 'encoded dot segments as store', url: '/api/portal/clearview/..%2F..%2Fadmin', field: 'store' },
  { name: 'a single encoded dot', url: '/api/portal/clearview/%2E', field: 'store' },
  { name: 'a company slug of 64 characters', url: `/api/portal/${slug64}/downtown`, field: 'company' },
  { name: 'a store slug of 64 characters', url: `/api/portal/clearview/${slug64}`, field: 'store' },
  { name: 'a store slug of 10 000 characters', url: `/api/portal/clearview/${K10}`, statuses: [400, 414] },
  { name: 'a store slug of 200 000 characters', url: `/api/portal/clearview/${K200}`, statuses: [400, 414] },
  { name: 'a store slug that is SQL', url: `/api/portal/clearview/${encodeURIComponent(SQLI)}`, field: 'store' },
  { name: 'a company slug that is SQL', url: `/api/portal/${encodeURIComponent("clearview' or '1'='1")}/downtown`, field: 'company' },
  { name: 'an emoji store slug', url: `/api/portal/clearview/${encodeURIComponent('🏬')}`, field: 'store' },
  { name: 'a NUL character', url: '/api/portal/clearview/down%00town', field: 'store' },
  { name: 'a slug starting with a dash', url: '/api/portal/clearview/-downtown', field: 'store' },
  { name: 'a slug with a space', url: '/api/portal/clearview/down%20town', field: 'store' },
  { name: 'broken percent-encoding', url: '/api/portal/clearview/%E0%A4%A', statuses: [400] },
  { name: 'an unknown company and store', url: '/api/portal/nowhere/nothing', statuses: [404] },
  { name: "the other company's store under this company", url: '/api/portal/clearview/main', statuses: [404] },
];

const storeIdCases: ParamCase[] = [
  { name: 'not a UUID', url: '/api/stores/downtown', field: 'locationId' },
  { name: 'SQL', url: `/api/stores/${encodeURIComponent(SQLI)}`, field: 'locationId' },
  { name: 'a UUID with SQL after it', url: `/api/stores/${encodeURIComponent(`${demoIds.downtown}' or '1'='1`)}`, field: 'locationId' },
  { name: 'encoded dot segments', url: '/api/stores/..%2F..%2Fhealth', field: 'locationId' },
  { name: 'a UUID without dashes', url: `/api/stores/${demoIds.downtown.replaceAll('-', '')}`, field: 'locationId' },
  { name: 'a UUID one character too long', url: `/api/stores/${demoIds.downtown}0`, field: 'locationId' },
  { name: 'an emoji', url: `/api/stores/${encodeURIComponent('🏬')}`, field: 'locationId' },
  { name: '10 000 characters', url: `/api/stores/${K10}`, statuses: [400, 414] },
  { name: '200 000 characters', url: `/api/stores/${K200}`, statuses: [400, 414] },
  { name: 'broken percent-encoding', url: '/api/stores/%E0%A4%A', statuses: [400] },
];

const slugCases: ParamCase[] = [
  { name: 'SQL', url: `/api/stores/by-slug/${encodeURIComponent(SQLI)}`, field: 'slug' },
  { name: '64 characters', url: `/api/stores/by-slug/${slug64}`, field: 'slug' },
  { name: '10 000 characters', url: `/api/stores/by-slug/${K10}`, statuses: [400, 414] },
  { name: '200 000 characters', url: `/api/stores/by-slug/${K200}`, statuses: [400, 414] },
  { name: 'encoded dot segments', url: '/api/stores/by-slug/..%2F..%2Fstores', field: 'slug' },
  { name: 'an emoji', url: `/api/stores/by-slug/${encodeURIComponent('🏬')}`, field: 'slug' },
  { name: 'a NUL character', url: '/api/stores/by-slug/down%00town', field: 'slug' },
];

describe('path parameters', () => {
  it('GET /api/portal/:company/:store answers the mapping for a valid address (any letter case)', async () => {
    for (const url of ['/api/portal/clearview/downtown', '/api/portal/ClearView/DOWNTOWN']) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ tenantID: demoIds.clearview, locationid: demoIds.downtown, companySlug: 'clearview', storeSlug: 'downtown' });
    }
  });

  it.each(portalCases)('GET /api/portal with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it('GET /api/stores lists the stores of the signed-in company only, whatever the query says', async () => {
    for (const url of ['/api/stores', `/api/stores?tenant=${demoIds.brightsight}&tenantId=${demoIds.brightsight}&where=${encodeURIComponent(SQLI)}`]) {
      const res = await send({ method: 'GET', url, as: 'patient' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ stores: { id: string }[] }>(res).stores.map((s) => s.id).sort()).toEqual([demoIds.downtown, demoIds.uptown].sort());
    }
  });

  it('GET /api/stores/:locationId answers a store of the company, by id in any letter case', async () => {
    for (const id of [demoIds.downtown, demoIds.downtown.toUpperCase()]) {
      const res = await send({ method: 'GET', url: `/api/stores/${id}`, as: 'patient' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ id: demoIds.downtown, slug: 'downtown' });
    }
  });

  it.each(storeIdCases)('GET /api/stores/:locationId with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url, as: 'patient' });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it.each([
    { name: "the other company's store", id: demoIds.main },
    { name: 'an unknown id', id: UNKNOWN_UUID },
  ])('GET /api/stores/:locationId with $name: 404, audited as a denied read', async (c) => {
    const denied = () => countRows('audit_log', sql`action = 'store.read' and outcome = 'denied' and target_id = ${c.id}`);
    const before = await denied();
    const res = await send({ method: 'GET', url: `/api/stores/${c.id}`, as: 'patient' });
    expect(expectRefusal(res, 404).error).toBe(messages.notFound);
    expect(await denied()).toBe(before + 1);
  });

  it('GET /api/stores/:locationId with the nil UUID: 400 or 404, never 500', async () => {
    expectRefusal(await send({ method: 'GET', url: `/api/stores/${NIL_UUID}`, as: 'patient' }), [400, 404]);
  });

  it('GET /api/stores/by-slug/:slug answers a store of the company', async () => {
    const res = await send({ method: 'GET', url: '/api/stores/by-slug/uptown', as: 'patient' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: demoIds.uptown, slug: 'uptown' });
  });

  it.each(slugCases)('GET /api/stores/by-slug/:slug with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url, as: 'patient' });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it("GET /api/stores/by-slug/:slug with the other company's slug: 404", async () => {
    expect(expectRefusal(await send({ method: 'GET', url: '/api/stores/by-slug/main', as: 'patient' }), 404).error).toBe(messages.notFound);
  });

  it.each([
    { name: 'into the store routes', url: '/api/portal/clearview/../../stores' },
    { name: 'out of the API', url: '/api/stores/../../../../etc/passwd' },
    { name: 'encoded out of the API', url: '/api/stores/%2E%2E/%2E%2E/%2E%2E/etc/passwd' },
  ])('raw dot segments $name never reach a file or a 500', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expect(res.body).not.toMatch(/root:.*:0:0:/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 9. Health, and answers the framework itself produces

describe('GET /api/health and framework-level refusals', () => {
  it.each([
    { name: 'no query', url: '/api/health' },
    { name: 'a query of 10 000 characters', url: `/api/health?x=${K10}` },
    { name: 'a query that is SQL', url: `/api/health?${encodeURIComponent(SQLI)}` },
  ])('health with $name: 200', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok', database: 'up' });
  });

  it.each([
    { method: 'POST' as const, url: '/api/health' },
    { method: 'DELETE' as const, url: '/api/stores' },
    { method: 'PUT' as const, url: '/api/patient/me' },
    { method: 'GET' as const, url: '/api/patient/login' },
  ])('$method $url (no such route): 404 JSON', async (c) => {
    const res = await h.app.inject({ method: c.method, url: c.url });
    expect(expectRefusal(res, 404).error).toBe(messages.notFound);
  });

  it.each([
    { name: 'broken percent-encoding', url: '/api/stores/%E0%A4%A' },
    { name: 'a path parameter of 200 000 characters', url: `/api/stores/by-slug/${K200}` },
  ])('a URL with $name gets the API headers and a short JSON error', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expectRefusal(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The whole request line must not be echoed back.
    expect(res.body.length).toBeLessThan(1000);
  });
});
