/**
 * The staff invoice lookup: the invoices of the stores the user may see (or one store), newest first, filtered by
 * status, number, patient, issue day and amount, paged by keyset on (issued_at, id) so a deep page costs what the
 * first costs; and the totals of the same filtered set.
 *
 * Index use (PostgreSQL 15, 1,000,000 invoices in one company: `npm run bench:invoices`): the page is one ordered,
 * limited scan of invoices alone (stores and patients are joined to the 25 rows after the limit). Every store:
 * invoices_tenant_issued_idx; one store: invoices_location_issued_idx; a number: the unique per-store number;
 * one patient or a few named: invoices_patient_idx (a name is first resolved to patient ids when they are few); a
 * status: invoices_status_issued_idx; a narrow amount range: invoices_total_idx (migration 0012). All the
 * conditions are on uuid, integer, bigint and timestamptz columns, whose comparisons are leakproof, so under forced
 * RLS they stay index conditions; the name is matched on the patients' stored lower-case keys (migration 0006).
 */
import { sql, type SQL } from 'drizzle-orm';
import { lookupMessages, type InvoiceFilter, type InvoiceLookupItem, type InvoiceLookupPage, type InvoiceTotals } from '../../src/contract/invoiceLookup';
import { queryRows, type Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { Stores } from '../scope/scope';
import { balanceOf } from './sales';

export interface FilterOptions extends InvoiceFilter {
  tenantId: string;
  /** Stores to list: every store of the tenant, or the listed ones. */
  stores: Stores;
  /** The patients `patient` names, when few (namedPatients); else they are matched in the query. */
  patientIds?: string[] | null;
}

export interface LookupOptions extends FilterOptions {
  cursor?: string;
  limit: number;
}

type Key = [issuedAt: string, id: string];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string): Key {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && INSTANT.test(key[0]) && !Number.isNaN(Date.parse(key[0])) && typeof key[1] === 'string' && UUID.test(key[1])) {
      return key as Key;
    }
  } catch {
    // fall through
  }
  throw new HttpError(400, 'request.fieldsInvalid', { fields: { cursor: lookupMessages.cursor } });
}

const TOP = '\u{10FFFF}';

/** The stored lower-case key starts with `prefix`: an index range (text `like` is not leakproof under RLS). */
const startsWith = (column: SQL, prefix: string) => sql`(${column} >= lower(${prefix}) and ${column} < lower(${prefix}) || ${TOP})`;

/** At most this many patients named are listed by id (their invoices by invoices_patient_idx, then sorted). */
const FEW_PATIENTS = 2000;

/** The patients a name names: "last" or "last, first" (starts of the stored keys). */
function patientsNamed(tenantId: string, text: string): SQL {
  const [last = '', first = ''] = text.split(',').map((s) => s.trim());
  const byName = [startsWith(sql.raw('p.last_name_key'), last)];
  if (first) byName.push(startsWith(sql.raw('p.first_name_key'), first));
  return sql`select p.id from patients p where p.tenant_id = ${tenantId} and ${sql.join(byName, sql` and `)}`;
}

/**
 * The ids of the patients a name filter names, when they are few; null when they are many. Few: their invoices are
 * read by patient and sorted (a narrow name would otherwise walk the newest invoices a long way to find 25). Many:
 * the newest invoices are walked and each one's patient checked, which soon finds a page.
 */
export async function namedPatients(tx: Tx, tenantId: string, patient: string | undefined): Promise<string[] | null> {
  if (!patient) return null;
  const found = await queryRows<{ id: string }>(tx, sql`${patientsNamed(tenantId, patient)} limit ${FEW_PATIENTS + 1}`);
  return found.length > FEW_PATIENTS ? null : found.map((r) => r.id);
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDayStart = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

/** The conditions on invoices of the filter (without the page's cursor). */
function filterConditions(o: FilterOptions): SQL[] {
  const where: SQL[] = [sql`tenant_id = ${o.tenantId}`];
  const stores = o.locationId ? [o.locationId] : o.stores;
  if (stores !== 'all') {
    if (stores.length === 1) where.push(sql`location_id = ${stores[0]}`);
    else if (stores.length > 1) where.push(sql`location_id in (${sql.join(stores.map((s) => sql`${s}::uuid`), sql`, `)})`);
    else where.push(sql`false`);
  }
  if (o.type !== 'all') where.push(sql`status = ${o.type}`);
  if (o.number !== undefined) where.push(sql`number = ${o.number}`);
  if (o.patientId) where.push(sql`patient_id = ${o.patientId}`);
  if (o.patient) {
    if (!o.patientIds) where.push(sql`patient_id in (${patientsNamed(o.tenantId, o.patient)})`);
    else if (o.patientIds.length) where.push(sql`patient_id in (${sql.join(o.patientIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
    else where.push(sql`false`);
  }
  if (o.from) where.push(sql`issued_at >= ${dayStart(o.from)}::timestamptz`);
  if (o.to) where.push(sql`issued_at < ${nextDayStart(o.to)}::timestamptz`);
  if (o.minAmount !== undefined) where.push(sql`total >= ${o.minAmount}`);
  if (o.maxAmount !== undefined) where.push(sql`total <= ${o.maxAmount}`);
  return where;
}

/** The page query (also timed by bench/invoice-lookup.ts). */
export function invoiceLookupQuery(o: LookupOptions): SQL {
  const where = filterConditions(o);
  if (o.cursor) {
    const [at, id] = decodeCursor(o.cursor);
    where.push(sql`(issued_at, id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  return sql`select i.id, i.number, i.location_id, l.name as store_name, i.patient_id, p.first_name, p.last_name, i.status,
      to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as issued_at, i.currency,
      i.total::float8 as total, i.paid_total::float8 as paid_total, i.related_invoice_id
    from (select * from invoices where ${sql.join(where, sql` and `)} order by issued_at desc, id desc limit ${o.limit + 1}) i
    join locations l on l.tenant_id = i.tenant_id and l.id = i.location_id
    left join patients p on p.tenant_id = i.tenant_id and p.id = i.patient_id
    order by i.issued_at desc, i.id desc`;
}

/** The totals query (also timed by bench/invoice-lookup.ts). */
export function invoiceTotalsQuery(o: FilterOptions): SQL {
  return sql`select currency, count(*)::int as n, sum(total)::float8 as total, sum(paid_total)::float8 as paid,
      sum(case when status = 'open' then total - paid_total else 0 end)::float8 as balance
    from invoices where ${sql.join(filterConditions(o), sql` and `)} group by currency order by currency`;
}

interface Row {
  id: string;
  number: number;
  location_id: string;
  store_name: string;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
  status: InvoiceLookupItem['status'];
  issued_at: string;
  currency: string;
  total: number;
  paid_total: number;
  related_invoice_id: string | null;
}

export async function lookupInvoices(tx: Tx, o: LookupOptions): Promise<InvoiceLookupPage> {
  const found = await queryRows<Row>(tx, invoiceLookupQuery({ ...o, patientIds: await namedPatients(tx, o.tenantId, o.patient) }));
  const more = found.length > o.limit;
  const page = more ? found.slice(0, o.limit) : found;
  const last = page[page.length - 1];
  const items = page.map(
    (r): InvoiceLookupItem => ({
      id: r.id,
      number: Number(r.number),
      locationId: r.location_id,
      storeName: r.store_name,
      patientId: r.patient_id,
      patientName: r.patient_id === null ? '' : `${r.first_name} ${r.last_name}`,
      status: r.status,
      issuedAt: new Date(r.issued_at).toISOString(),
      currency: r.currency,
      total: Number(r.total),
      paidTotal: Number(r.paid_total),
      balance: balanceOf(r.status, Number(r.total), Number(r.paid_total)),
      relatedInvoiceId: r.related_invoice_id,
    }),
  );
  return { items, nextCursor: more && last ? encodeCursor([last.issued_at, last.id]) : null };
}

export async function invoiceTotals(tx: Tx, o: FilterOptions): Promise<InvoiceTotals> {
  const found = await queryRows<{ currency: string; n: number; total: number; paid: number; balance: number }>(
    tx,
    invoiceTotalsQuery({ ...o, patientIds: await namedPatients(tx, o.tenantId, o.patient) }),
  );
  return {
    count: found.reduce((sum, r) => sum + Number(r.n), 0),
    amounts: found.map((r) => ({ currency: r.currency, total: Number(r.total), paid: Number(r.paid), balance: Number(r.balance) })),
  };
}
