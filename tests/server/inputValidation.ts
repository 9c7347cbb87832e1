/**
 * The input-validation tests' shared part (input-validation*.test.ts): each file boots its own harness with
 * startInputValidation(); the request helper, the refusal checks, the database digest that proves a refusal wrote
 * nothing, and the valid bodies the cases change.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  bearer,
  demo,
  DEMO_PASSWORD,
  demoIds,
  type Harness,
  json,
  ownerRows,
  type SignedIn,
  signIn,
  startHarness,
} from './harness';

export const FIELD_ERROR = 'Please correct the highlighted fields.';
export const K10 = 'k'.repeat(10_000);
export const K200 = 'm'.repeat(200_000);
export const SQLI = "' or 1=1 --";
export const NEW_PASSWORD = 'Correct-Horse-Battery-9';
export const UNKNOWN_UUID = '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11';
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export let h: Harness;
export let patient: SignedIn;
export let newUser: SignedIn;

/** Boots the file's own harness (its own database) with the demo patient and the new user signed in. */
export function startInputValidation() {
  beforeAll(async () => {
    h = await startHarness();
    patient = await signIn(h, 'patient@clearview.test');
    newUser = await signIn(h, 'newuser@clearview.test');
  });
  afterAll(() => h.close());
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

export type As = 'patient' | 'newuser';

export interface Req {
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

export function send(r: Req): Promise<LightMyRequestResponse> {
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

export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}

/** A refusal: 4xx (never 5xx), JSON `{ error }`, nothing internal (SQL, stack) in it. */
export function expectRefusal(res: LightMyRequestResponse, status?: number | number[]): ErrorBody {
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
export function expectFieldError(res: LightMyRequestResponse, field: string): void {
  const body = expectRefusal(res, 400);
  expect(body.error).toBe(FIELD_ERROR);
  expect(body.fields?.[field], `fields ${JSON.stringify(body.fields)}`).toMatch(/\S/);
}

/** A refusal from the handler that still names the field (400 with `fields[field]`). */
export function expectNamedField(res: LightMyRequestResponse, field: string): void {
  const body = expectRefusal(res, 400);
  expect(body.fields?.[field], `fields ${JSON.stringify(body.fields)}`).toMatch(/\S/);
}

export const TABLES = [
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
export type Table = (typeof TABLES)[number];

/** Row count and a digest of every row of each table: any insert, update or delete changes it. */
export async function dbState(): Promise<Record<Table, string>> {
  const parts = TABLES.map(
    (t) =>
      sql`select ${t}::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.raw(t)} x`,
  );
  const rows = await ownerRows<{ t: Table; n: number; d: string }>(h, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n} rows, ${r.d}`])) as Record<Table, string>;
}

export function pick(state: Record<Table, string>, tables: readonly Table[]): Partial<Record<Table, string>> {
  return Object.fromEntries(tables.map((t) => [t, state[t]]));
}

/**
 * Sends and checks that no table changed. A request that reaches an auth handler is counted by the per-address
 * rate limit (request_counters) before it is judged: `counted` leaves that table out.
 */
export async function sendWritingNothing(r: Req, counted = false): Promise<LightMyRequestResponse> {
  const tables = TABLES.filter((t) => !(counted && t === 'request_counters'));
  const before = pick(await dbState(), tables);
  const res = await send(r);
  expect(pick(await dbState(), tables), `a refused ${r.url} changed the database`).toEqual(before);
  return res;
}

export function without(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

export async function countRows(table: Table, where = sql`true`): Promise<number> {
  const [row] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
  return row!.n;
}

/** Signs in and answers the status (no throw): used to prove a password did or did not change. */
export async function signInStatus(username: string, password: string, extra: Record<string, unknown> = demo.clearview) {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password, ...extra } });
  return res.statusCode;
}

// ---------------------------------------------------------------------------------------------------------------
// Request bodies that are valid

export const loginBody = { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview };
export const forgotBody = { username: 'staff@clearview.test', tenant: demoIds.clearview };
export const otpBody = { ...forgotBody, vcode: '123456' };
export const resetBody = { resetToken: `${demoIds.clearview}.${UNKNOWN_UUID}.123456`, password: NEW_PASSWORD };
export const cpasswordBody = { vcode: '123456', password: NEW_PASSWORD };
export const themeSettings = {
  layout: {
    style: 'horizontal',
    config: { mode: 'boxed', scroll: 'body', navbar: { display: true, position: 'left', folded: true } },
  },
  customScrollbars: false,
  animations: false,
  direction: 'rtl',
  theme: { main: 'dark3', navbar: 'dark3', toolbar: 'light2', footer: 'light2' },
};
export const themeBody = { data: { settings: themeSettings, shortcuts: ['calendar', 'contacts'] } };

export type Json = Record<string, unknown>;
/** A copy of the valid theme body changed by `edit` (which gets data, settings and layout to change). */
export function themeWith(edit: (data: Json, settings: Json) => void): Json {
  const body = structuredClone(themeBody) as unknown as { data: Json & { settings: Json } };
  edit(body.data, body.data.settings);
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Bodies that are not a JSON object of the right kind, on every route with a body schema
