/**
 * The staff patient list: one store (or the stores the user may see), ordered by last name, first name, id, paged
 * by keyset so every page costs the same however deep it is.
 *
 * Index use (PostgreSQL 15, 100,000 patients in one store: `npm run bench:patients`): under forced RLS PostgreSQL
 * makes a condition an index condition only when it is leakproof, and lower() is not. The list therefore sorts and
 * searches on stored lower-case columns (last_name_key, first_name_key, email_key, migration 0006) with plain
 * btree indexes: the keyset condition and each prefix range are index conditions, so a deep page or a rare prefix
 * costs what the first page costs. Each search alternative is its own ordered, limited branch of a union (one
 * index range each), merged and cut to the page. Phone search matches the digits' start or end
 * (phone_digits and phone_digits_reversed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { patientMessages, type PatientListItem, type PatientListPage, type PatientListType } from '../../src/contract/patientsAdmin';
import { queryRows, type Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { Stores } from '../scope/scope';

export interface ListOptions {
  tenantId: string;
  /** Stores to list: every store of the tenant, or the listed ones. */
  stores: Stores;
  search?: string;
  /** The list's kind (/admin/patients/{type}); 'all' when not given. */
  type?: PatientListType;
  /** The request's instant: 'today', 'recall' and 'new' are counted from it. */
  now?: Date;
  cursor?: string;
  limit: number;
}

/**
 * Each kind beyond 'all' as one more condition on the patient row: an open balance (an open invoice with less paid
 * than its total), a recall due (pending or sent, due today or earlier in the store's zone), seen today (a visit
 * today in the store's zone that was not cancelled or missed), new this month (created since the first of the
 * month, UTC).
 */
function typeCondition(type: PatientListType, now: Date): SQL | null {
  const at = now.toISOString();
  switch (type) {
    case 'all':
      return null;
    case 'balance':
      return sql`exists (select 1 from invoices i where i.tenant_id = patients.tenant_id and i.patient_id = patients.id
        and i.status = 'open' and i.total > i.paid_total)`;
    case 'recall':
      return sql`exists (select 1 from recalls r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
        where r.tenant_id = patients.tenant_id and r.patient_id = patients.id and r.status in ('pending', 'sent')
        and r.due_on <= (${at}::timestamptz at time zone l.time_zone)::date)`;
    case 'today':
      return sql`exists (select 1 from appointments a join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
        where a.tenant_id = patients.tenant_id and a.patient_id = patients.id and a.status not in ('cancelled', 'no-show')
        and (a.starts_at at time zone l.time_zone)::date = (${at}::timestamptz at time zone l.time_zone)::date)`;
    case 'new':
      return sql`patients.created_at >= date_trunc('month', ${at}::timestamptz at time zone 'UTC') at time zone 'UTC'`;
  }
}

interface Row {
  id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  phone: string;
  email: string;
  lk: string;
  fk: string;
}

type Key = [string, string, string];

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === 3 &&
      key.every((k) => typeof k === 'string' && k.length <= 200 && !k.includes('\0')) &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key[2] as string)
    ) {
      return key as Key;
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'request.fieldsInvalid', { fields: { cursor: patientMessages.cursor } });
}

const TOP = '\u{10FFFF}';

/** The lower-case key `column` starts with `prefix` (lower-cased by the database): an index range plus an exact check. */
function startsWith(column: SQL, prefix: string): SQL {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${column} >= lower(${prefix}) and ${column} < lower(${prefix}) || ${TOP} and ${column} like lower(${like}))`;
}

const lastName = sql.raw('last_name_key');
const firstName = sql.raw('first_name_key');
const email = sql.raw('email_key');

/** The search as a list of conditions, each one index-backed branch of a union. */
function searchBranches(search: string): SQL[] {
  const term = search.trim();
  const digits = term.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    // The number's start or its end (what people type: the whole number, or its last digits).
    return [startsWith(sql.raw('phone_digits'), digits), startsWith(sql.raw('phone_digits_reversed'), [...digits].reverse().join(''))];
  }
  if (term.includes(',')) {
    // "Last, First"
    const [last = '', first = ''] = term.split(',').map((s) => s.trim());
    return [first ? sql`${startsWith(lastName, last)} and ${startsWith(firstName, first)}` : startsWith(lastName, last)];
  }
  const words = term.split(/\s+/);
  if (words.length === 1) {
    return [startsWith(lastName, term), startsWith(firstName, term), startsWith(email, term)];
  }
  const [a, ...rest] = words as [string, ...string[]];
  const b = rest.join(' ');
  // "First Last" or "Last First"; a multi-word last name ("van der Berg") also matches on its own.
  return [
    sql`${startsWith(firstName, a)} and ${startsWith(lastName, b)}`,
    sql`${startsWith(lastName, a)} and ${startsWith(firstName, b)}`,
    startsWith(lastName, term),
  ];
}

/** The list query (also timed by bench/patient-list.ts). */
export function patientListQuery(o: ListOptions): SQL {
  // A patient merged into another is not listed (server/patients/merge.ts).
  const scope: SQL[] = [sql`tenant_id = ${o.tenantId}`, sql`merged_into is null`];
  if (o.stores !== 'all') {
    if (o.stores.length === 1) scope.push(sql`location_id = ${o.stores[0]}`);
    else if (o.stores.length > 1) scope.push(sql`location_id in (${sql.join(o.stores.map((s) => sql`${s}::uuid`), sql`, `)})`);
    else scope.push(sql`false`);
  }
  const kind = typeCondition(o.type ?? 'all', o.now ?? new Date());
  if (kind) scope.push(kind);
  if (o.cursor) {
    const [lk, fk, id] = decodeCursor(o.cursor);
    scope.push(sql`(last_name_key, first_name_key, id) > (${lk}, ${fk}, ${id}::uuid)`);
  }
  const n = o.limit + 1;
  const columns = sql`id, location_id, first_name, last_name, date_of_birth::text as date_of_birth, phone, email,
    last_name_key as lk, first_name_key as fk`;
  const order = sql`order by lk, fk, id`;
  const where = (extra?: SQL) => sql.join(extra ? [...scope, extra] : scope, sql` and `);
  if (!o.search) return sql`select ${columns} from patients where ${where()} ${order} limit ${n}`;
  const branches = searchBranches(o.search).map((b) => sql`(select ${columns} from patients where ${where(b)} ${order} limit ${n})`);
  if (branches.length === 1) return branches[0]!;
  return sql`select * from (${sql.join(branches, sql` union `)}) as found ${order} limit ${n}`;
}

export async function listPatients(tx: Tx, o: ListOptions): Promise<PatientListPage> {
  const rows = await queryRows<Row>(tx, patientListQuery(o));
  const more = rows.length > o.limit;
  const page = more ? rows.slice(0, o.limit) : rows;
  const last = page[page.length - 1];
  const items: PatientListItem[] = page.map((r) => ({
    id: r.id,
    locationId: r.location_id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    phone: r.phone,
    email: r.email,
  }));
  return { items, nextCursor: more && last ? encodeCursor([last.lk, last.fk, last.id]) : null };
}
