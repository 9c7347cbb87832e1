/**
 * The lab-order lookup: the company's orders of the stores the user may see, by type (every order, one status, or
 * overdue), searched by order number or patient name, paged by keyset so a deep page costs what the first costs.
 *
 * Order and index (migration 0010, `npm run bench:laborders`): a status or 'all' lists newest first on
 * (created_at, id), an index range of lab_orders_[location_]status_created_idx / _created_idx; overdue lists the
 * longest overdue first on (expected_on, id), a range of the partial lab_orders_[location_]overdue_idx. The page is
 * cut from lab_orders alone, then joined to its patient, store and invoice (25 rows, not the whole range).
 */
import { sql, type SQL } from 'drizzle-orm';
import { awaitedLabOrderStatuses, labOrderLookupMessages, type LabOrderLookupItem, type LabOrderLookupPage, type LabOrderLookupType } from '../../src/contract/labOrderLookup';
import { queryRows, type Tx } from '../db/client';
import { iso, storeToday } from '../db/values';
import { HttpError } from '../http/errors';
import type { Stores } from '../scope/scope';
import { overdueOrder } from './labOrders';

export interface LookupOptions {
  tenantId: string;
  stores: Stores;
  type: LabOrderLookupType;
  search?: string;
  cursor?: string;
  limit: number;
  /** The request's instant: an order is overdue by its store's today (overdueOrder). */
  now: Date;
  /** For a name search: the matching patients, when there are not too many (see patientIdsFor). */
  patientIds?: string[];
}

/** The patients a name search matches, or undefined when there are more than patientListMax (or none is needed). */
export async function patientIdsFor(tx: Tx, o: LookupOptions): Promise<string[] | undefined> {
  if (!o.search || orderNumberOf(o.search) !== null) return undefined;
  const found = await queryRows<{ id: string }>(tx, sql`select id from patients where tenant_id = ${o.tenantId} and ${nameCondition(o.search)} limit ${patientListMax + 1}`);
  return found.length > patientListMax ? undefined : found.map((r) => r.id);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyPattern = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)?$/;

/** The cursor: the last row's sort key (a timestamp or a date, as PostgreSQL prints it) and id. */
type Key = [string, string];

const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && keyPattern.test(key[0]) && typeof key[1] === 'string' && uuid.test(key[1])) {
      return key as Key;
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'request.fieldsInvalid', { fields: { cursor: labOrderLookupMessages.cursor } });
}

const TOP = '\u{10FFFF}';
function startsWith(column: string, prefix: string): SQL {
  const c = sql.raw(column);
  const like = `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`(${c} >= lower(${prefix}) and ${c} < lower(${prefix}) || ${TOP} and ${c} like lower(${like}))`;
}

/** An order number (digits, an optional '#'), else null: the search is a patient's name. */
const orderNumberOf = (search: string): number | null => {
  const digits = search.trim().replace(/^#/, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
};

/** Patients by name prefix (last or first name, "first last" or "last first"). */
function nameCondition(search: string): SQL {
  const words = search.trim().split(/[\s,]+/).filter(Boolean);
  if (words.length === 1) return sql`(${startsWith('last_name_key', words[0]!)} or ${startsWith('first_name_key', words[0]!)})`;
  const rest = words.slice(1).join(' ');
  return sql`((${startsWith('first_name_key', words[0]!)} and ${startsWith('last_name_key', rest)})
    or (${startsWith('last_name_key', words[0]!)} and ${startsWith('first_name_key', rest)}))`;
}

/**
 * Most patients a name search hands to the order query as a list. The planner cannot estimate a name prefix well
 * (it guessed 3 patients for 'smith' and walked 1,200 patients' orders); given the list, it knows the size: a few
 * patients' orders are read through lab_orders_patient_idx, many patients' by walking the newest-first index.
 */
const patientListMax = 5000;

/** The lookup query (also timed by bench/lab-order-lookup.ts). */
export function labOrderLookupQuery(o: LookupOptions): SQL {
  const overdue = o.type === 'overdue';
  const where: SQL[] = [sql`tenant_id = ${o.tenantId}`];
  if (o.stores !== 'all') {
    if (o.stores.length === 1) where.push(sql`location_id = ${o.stores[0]}`);
    else if (o.stores.length > 1) where.push(sql`location_id in (${sql.join(o.stores.map((s) => sql`${s}::uuid`), sql`, `)})`);
    else where.push(sql`false`);
  }
  if (overdue) {
    // The partial index's own predicate, written the same way, so the planner can use it.
    where.push(sql.raw(`expected_on is not null and status in (${awaitedLabOrderStatuses.map((s) => `'${s}'`).join(', ')})`));
    // Its store's today, bounded by the latest today of any zone (UTC+14) so that the index range stays short.
    where.push(sql`expected_on < ${new Date(o.now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)}::date`);
    where.push(sql`expected_on < (select ${storeToday(o.now, sql`l.time_zone`)} from locations l where l.tenant_id = lab_orders.tenant_id and l.id = lab_orders.location_id)`);
  } else if (o.type !== 'all') {
    where.push(sql`status = ${o.type}`);
  }
  if (o.search) {
    const number = orderNumberOf(o.search);
    if (number !== null) where.push(sql`number = ${number}`);
    else if (o.patientIds) where.push(sql`patient_id = any(${`{${o.patientIds.join(',')}}`}::uuid[])`);
    else where.push(sql`patient_id in (select id from patients where tenant_id = ${o.tenantId} and ${nameCondition(o.search)})`);
  }
  if (o.cursor) {
    const [key, id] = decodeCursor(o.cursor);
    where.push(overdue ? sql`(expected_on, id) > (${key}::date, ${id}::uuid)` : sql`(created_at, id) < (${key}::timestamptz, ${id}::uuid)`);
  }
  const order = overdue ? sql.raw('expected_on, id') : sql.raw('created_at desc, id desc');
  const outerOrder = overdue ? sql.raw('o.expected_on, o.id') : sql.raw('o.created_at desc, o.id desc');
  return sql`
    select o.id, o.number, o.location_id, l.name as store_name, o.patient_id, p.first_name, p.last_name, o.status, o.lab_name,
      o.expected_on::text as expected_on, ${overdueOrder(o.now)} as overdue, o.created_at, o.updated_at, i.number as invoice_number, i.status as invoice_status,
      ${overdue ? sql.raw('o.expected_on::text') : sql.raw('o.created_at::text')} as sort_key,
      case when o.status = 'on-hold' then (select e.from_status from lab_order_events e
        where e.tenant_id = o.tenant_id and e.lab_order_id = o.id and e.to_status = 'on-hold' order by e.id desc limit 1) end as held_from
    from (select * from lab_orders where ${sql.join(where, sql` and `)} order by ${order} limit ${o.limit + 1}) o
    join patients p on p.tenant_id = o.tenant_id and p.id = o.patient_id
    join locations l on l.tenant_id = o.tenant_id and l.id = o.location_id
    left join invoices i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
    order by ${outerOrder}`;
}

interface Row {
  id: string;
  number: number;
  location_id: string;
  store_name: string;
  patient_id: string;
  first_name: string;
  last_name: string;
  status: LabOrderLookupItem['status'];
  lab_name: string;
  expected_on: string | null;
  overdue: boolean | null;
  created_at: Date | string;
  updated_at: Date | string;
  invoice_number: number | null;
  invoice_status: LabOrderLookupItem['invoiceStatus'];
  sort_key: string;
  held_from: LabOrderLookupItem['heldFrom'];
}


export async function lookupLabOrders(tx: Tx, o: LookupOptions): Promise<LabOrderLookupPage> {
  const rows = await queryRows<Row>(tx, labOrderLookupQuery({ ...o, patientIds: o.patientIds ?? (await patientIdsFor(tx, o)) }));
  const more = rows.length > o.limit;
  const page = more ? rows.slice(0, o.limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      number: Number(r.number),
      locationId: r.location_id,
      storeName: r.store_name,
      patientId: r.patient_id,
      patientFirstName: r.first_name,
      patientLastName: r.last_name,
      status: r.status,
      heldFrom: r.held_from ?? null,
      labName: r.lab_name,
      expectedOn: r.expected_on,
      overdue: r.overdue === true,
      invoiceNumber: r.invoice_number === null ? null : Number(r.invoice_number),
      invoiceStatus: r.invoice_status ?? null,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    })),
    nextCursor: more && last ? encodeCursor([last.sort_key, last.id]) : null,
  };
}
