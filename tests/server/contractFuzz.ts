/**
 * Fuzz from the contract (security.md, "Input"): for every operation of /api/openapi.json, property-based requests
 * (fast-check, fixed seed) built from the operation's own schemas with hostile values mixed in (wrong types,
 * missing and extra fields, huge strings, lone surrogates, NUL and control characters, RTL marks, emoji, SQL
 * fragments, __proto__/constructor keys, deep nesting, numbers at the edges, -0 and 1e400 as raw JSON), sent as a
 * guest, the patient Jane, staff and an admin of Clearview. The properties: never a 5xx; every error answer has a
 * catalogue code (errorAnswerProblem, also checked by the harness at close); and a refused (4xx) call that is not a
 * GET writes nothing (the write counts of every table, installWriteCounter, do not move). GET operations are checked
 * in bulk: no write across all of an operation's runs, whatever they answered.
 *
 * Runs: RUNS_READ (50) per GET operation, RUNS_WRITE (80) per other operation, about one request in six passing
 * validation and access checks and answered 2xx. The operations are walked in PARTS test files
 * (contract-fuzz-<n>.test.ts), each on its own database, so the parts share the workers with the other files.
 * A failure reports, per operation, the first failing request as sent (method, url, role, body) and all operations
 * are tried before the test fails.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, demoIds, errorAnswerProblem, ownerRows, signIn, startHarness, type Harness } from './harness';

const SEED = 20261124;
/**
 * CONTRACT_FUZZ_RUNS_PERCENT (1-100, default 25) scales both: with the fixed seed a smaller share runs the first
 * inputs of the full run. `npm test` runs the default share on PGlite; CI's PostgreSQL pass runs them all (100).
 */
const RUNS_PERCENT = runsPercent(process.env.CONTRACT_FUZZ_RUNS_PERCENT);
const RUNS_READ = Math.ceil((50 * RUNS_PERCENT) / 100);
const RUNS_WRITE = Math.ceil((80 * RUNS_PERCENT) / 100);
/** The operations are walked in this many test files (contract-fuzz-<n>.test.ts), which run in parallel workers. */
export const PARTS = 4;

function runsPercent(value: string | undefined): number {
  if (value === undefined || value === '') return 25;
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new Error(`CONTRACT_FUZZ_RUNS_PERCENT must be a whole number from 1 to 100, not '${value}'`);
  return percent;
}

/**
 * Tables whose writes are not counted, each because a refused call writes it by design:
 * - audit_log: refused sign-ins, refused access and other denials are audited, and so are reads of records
 *   (every GET of a patient's records writes its audit row);
 * - request_counters: the rate limiter counts every attempt of the limited calls (sign-in, authcode, password
 *   reset), refused or not;
 * - sign_in_failures: a refused sign-in counts against its device or its (account, address) (docs/security.md).
 * Found by experiment: with nothing excluded, only these tables and the failure columns of users
 * (EXCLUDED_COLUMNS) changed on a refusal.
 */
const EXCLUDED = new Set(['audit_log', 'request_counters', 'sign_in_failures']);
/**
 * Columns whose updates are not counted: a refused sign-in counts a failed attempt on the account, and that update
 * moves the row's view_version on, as every update of a user row does (migration 0035).
 */
const EXCLUDED_COLUMNS: Record<string, string[]> = { users: ['failed_login_count', 'last_failed_login_at', 'view_version'] };

// ---------------------------------------------------------------------------------------------------------------
// JSON schema (as the OpenAPI document has it) to fast-check arbitraries

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Raw JSON the serializer cannot write: replaced in the payload text. */
const NEG_ZERO = '\u0001NEG_ZERO\u0001';
const OVERFLOW = '\u0001OVERFLOW\u0001';

let deep: unknown = 'bottom';
for (let i = 0; i < 400; i++) deep = [deep];
let deepObject: unknown = {};
for (let i = 0; i < 200; i++) deepObject = { a: deepObject };

const hostileStrings = [
  '\ud800',
  'a\udc00b',
  'x\udbffy',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\u007f',
  '\r\n\t',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  '\ufeff',
  '👓🦄👨‍👩‍👧',
  "' or 1=1 --",
  "'); drop table users; --",
  '%_\\',
  '$1',
  '${x}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '',
  ' ',
  'null',
  'NaN',
  '0',
  '-1',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  'x'.repeat(10_000),
];
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1e-300, NEG_ZERO, OVERFLOW) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      {},
      [1, 'a', null],
      deep,
      deepObject,
      JSON.parse('{"__proto__":{"isAdmin":true,"role":["admin"]}}'),
      JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
      { toString: 'x', valueOf: 1, hasOwnProperty: 'y' },
      'y'.repeat(300_000),
    ),
  },
);

/** Real ids of the seeded data by the name of the parameter or field, so some calls reach the handlers. */
const idPools: Record<string, string[]> = {};
const poolFor = (name: string): string[] | undefined => idPools[name.toLowerCase()] ?? (name.toLowerCase().endsWith('id') ? idPools.any : undefined);

function validFor(s: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => valueFor(x, name, depth)));
  if (s.oneOf?.length) return fc.oneof(...s.oneOf.map((x) => valueFor(x, name, depth)));
  if (s.allOf?.length) return validFor(s.allOf[0]!, name, depth);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      const pool = poolFor(name);
      if (pool?.length && (s.format === 'uuid' || /id$|slug|company|store/i.test(name))) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, fc.uuid());
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date') return fc.constantFrom('2026-01-15', '1985-04-12', '2030-12-31');
      if (s.format === 'date-time') return fc.constantFrom('2026-12-01T10:00:00.000Z', '2027-01-10T15:30:00Z');
      if (s.format === 'email' || /email|username/i.test(name)) return fc.constantFrom('patient@clearview.test', 'fuzz@example.test', 'staff@clearview.test');
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
      const max = Math.min(s.maximum ?? 100_000, Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const min = s.minItems ?? 0;
      return fc.array(valueFor(s.items ?? {}, name, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object':
    default: {
      if (depth > 4 || !s.properties) return fc.constant({});
      const props = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, valueFor(v, k, depth + 1)]));
      const strict = fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      const sloppy = fc
        .tuple(fc.record(props, { requiredKeys: [] }), fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'role', 'tenantId', '\ud800', ''), hostileValue, { maxKeys: 2 }))
        .map(([a, b]) => Object.assign(Object.create(null) as object, a, b));
      return fc.oneof({ weight: 4, arbitrary: strict }, { weight: 1, arbitrary: sloppy });
    }
  }
}

/** A value of the schema most of the time, a hostile one sometimes. */
function valueFor(s: Schema, name: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validFor(s, name, depth) }, { weight: 1, arbitrary: hostileValue });
}

/** Percent-encodes like encodeURIComponent, and a lone surrogate as the invalid UTF-8 of its code unit. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}
const asText = (v: unknown): string => (typeof v === 'string' ? v : v === NEG_ZERO ? '-0' : v === OVERFLOW ? '1e400' : JSON.stringify(v) ?? '');

function payloadText(body: unknown): string {
  return JSON.stringify(body)!.replaceAll(JSON.stringify(NEG_ZERO), '-0').replaceAll(JSON.stringify(OVERFLOW), '1e400');
}

// ---------------------------------------------------------------------------------------------------------------
// The run

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

type Role = 'guest' | 'patient' | 'staff' | 'admin';
const roles: Role[] = ['guest', 'patient', 'staff', 'admin'];
const accounts = { patient: 'patient@clearview.test', staff: 'staff@clearview.test', admin: 'admin@clearview.test' } as const;

let h: Harness;
let operations: { method: string; path: string; op: Operation }[] = [];
const tokens: Partial<Record<Role, string>> = {};

async function signInAll() {
  for (const role of ['patient', 'staff', 'admin'] as const) tokens[role] = (await signIn(h, accounts[role], demo.clearview)).token;
}

/**
 * Writes per table, counted by a row trigger on every table (installWriteCounter) into fuzz_writes. A refused call's
 * transaction rolls back with its count, so the counts move only when a write was committed: the same question a
 * digest of every table's rows answers, at the cost of one small read instead of reading the whole database.
 */
async function writeCounts(): Promise<Record<string, string>> {
  const rows = await ownerRows<{ t: string; n: string }>(h, sql.raw('select t, n::text as n from fuzz_writes'));
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}
function changed(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
}

/**
 * A row trigger on each watched table counts the table's inserts, deletes and updates that change the row (apart
 * from its EXCLUDED_COLUMNS). SECURITY DEFINER: the app's role writes the counts without a grant on fuzz_writes.
 */
async function installWriteCounter(tables: string[]) {
  await ownerRows(h, sql.raw('create table fuzz_writes (t text primary key, n bigint not null)'));
  await ownerRows(
    h,
    sql.raw(`create function fuzz_count_write() returns trigger language plpgsql security definer set search_path = public as $$
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new) - coalesce(tg_argv, '{}')) = (to_jsonb(old) - coalesce(tg_argv, '{}')) then return null; end if;
        insert into fuzz_writes (t, n) values (tg_table_name, 1) on conflict (t) do update set n = fuzz_writes.n + 1;
        return null;
      end $$;`),
  );
  for (const t of tables) {
    const args = (EXCLUDED_COLUMNS[t] ?? []).map((c) => `'${c}'`).join(', ');
    await ownerRows(h, sql.raw(`create trigger fuzz_count_write after insert or update or delete on ${t} for each row execute function fuzz_count_write(${args})`));
  }
}

/** Registers part `part` (0 to PARTS - 1) of the fuzz in the calling test file, on a database of its own. */
export function fuzzPart(part: number) {
  beforeAll(async () => {
    h = await startHarness({ authRequestsPerMinute: 1_000_000 });
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
    const all = await ownerRows<{ table_name: string }>(h, sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    await installWriteCounter(all.map((r) => r.table_name).filter((t) => !EXCLUDED.has(t)));
    const ids = async (table: string) => (await ownerRows<{ id: string }>(h, sql.raw(`select id::text as id from ${table} limit 20`))).map((r) => r.id);
    const jane = await ownerRows<{ id: string }>(h, sql`select id::text as id from patients where email = 'patient@clearview.test'`);
    idPools.patientid = [...jane.map((r) => r.id), ...(await ids('patients'))];
    idPools.rxid = [...(await ids('spectacle_rx')), ...(await ids('contact_lens_rx'))];
    idPools.appointmentid = await ids('appointments');
    idPools.invoiceid = await ids('invoices');
    idPools.orderid = await ids('lab_orders');
    idPools.recallid = await ids('recalls');
    idPools.boardid = await ids('form_boards');
    idPools.formid = await ids('forms');
    idPools.assignmentid = await ids('form_assignments');
    idPools.locationid = [demoIds.downtown, demoIds.main, ...(await ids('locations'))];
    idPools.tenantid = idPools.tenentid = [demoIds.clearview, demoIds.brightsight];
    const slugs = await ownerRows<{ c: string; s: string }>(h, sql`select company_slug as c, store_slug as s from portal_mappings`);
    idPools.company = slugs.map((r) => r.c);
    idPools.store = idPools.slug = slugs.map((r) => r.s);
    idPools.any = Object.values(idPools).flat();
    for (const [k, v] of Object.entries(idPools)) if (!v.length) delete idPools[k];
    await signInAll();
  }, 120_000);
  afterAll(() => h?.close());

  describe('contract fuzz: no input makes a 5xx or writes on a refusal', () => {
    it('reads the operations from the OpenAPI document', () => {
      expect(operations.length).toBeGreaterThan(60);
    });

    // The operations are known only once the app has answered the document (in beforeAll), so each part walks a
    // share of them (every PARTS-th) and collects every operation's first failure; the parts keep each test's time
    // bounded as the API grows.
    it(`every operation, part ${part + 1} of ${PARTS}`, { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      let acceptedWrites = 0;
      for (const { method, path, op } of operations.filter((_, i) => i % PARTS === part)) {
        const params = op.parameters ?? [];
        const pathArb = fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, valueFor(p.schema, p.name)])));
        const queryParams = params.filter((p) => p.in === 'query');
        const queryArb = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema, p.name)])), {
          requiredKeys: [],
        });
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const bodyArb = bodySchema ? valueFor(bodySchema, 'body') : fc.constant(undefined);
        const isRead = method === 'GET';
        let before = isRead ? await writeCounts() : null;
        let firstError: string | undefined;
        try {
          await fc.assert(
            fc.asyncProperty(fc.constantFrom(...roles), pathArb, queryArb, bodyArb, async (role, pathValues, query, body) => {
              const url =
                path.replace(/\{(\w+)\}/g, (_, name: string) => encode(asText(pathValues[name]))) +
                (Object.keys(query).length ? '?' + Object.entries(query).map(([k, v]) => `${encode(k)}=${encode(asText(v))}`).join('&') : '');
              const headers: Record<string, string> = role === 'guest' ? {} : bearer({ token: tokens[role]! });
              if (!isRead && !before) before = await writeCounts();
              const res = await h.app.inject({
                method: method as 'POST',
                url,
                headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
                payload: body === undefined ? undefined : payloadText(body),
              });
              const what = `${method} ${url} as ${role} with ${body === undefined ? 'no body' : payloadText(body).slice(0, 500)}`;
              const fail = (message: string) => {
                firstError ??= message;
                throw new Error(message);
              };
              if (res.statusCode >= 500) fail(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
              const problem = errorAnswerProblem(method, url, res);
              if (problem) fail(problem);
              if (isRead) return;
              if (res.statusCode >= 400) {
                const after = await writeCounts();
                const diff = changed(before!, after);
                before = after;
                if (diff.length) fail(`${what}: ${res.statusCode} ${res.body.slice(0, 200)} but wrote ${diff.join(', ')}`);
              } else {
                before = null;
                acceptedWrites++;
              }
            }),
            { seed: SEED, numRuns: isRead ? RUNS_READ : RUNS_WRITE, endOnFailure: true },
          );
          if (isRead) {
            const diff = changed(before!, await writeCounts());
            if (diff.length) failures.push(`${method} ${path}: reads wrote ${diff.join(', ')}`);
          }
        } catch (e) {
          // The first failing input as sent (fast-check's own message repeats the inputs, 300 kB strings included).
          failures.push(firstError ?? `${method} ${path}: ${(e as Error).message.slice(0, 1500)}`);
        }
        // A call of the operation may have ended a session (sign-out, password change): sign in again.
        if (path.startsWith('/api/patient/') && !isRead) await signInAll();
      }
      expect(failures).toEqual([]);
      // The counter itself works: the calls that were accepted wrote, and it saw them.
      if (acceptedWrites > 0) expect(Object.keys(await writeCounts()).length).toBeGreaterThan(0);
    });
  });
}
