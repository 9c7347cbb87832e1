/**
 * The work desk: what is left to do in the stores the user may see. Four small queries, each the oldest first, at
 * most workDeskKindMax rows, with the kind's total (count over the whole match). A row leaves the list when its work
 * is done: a submission reviewed, an order handed over (or back from the lab), a recall booked or dismissed or a
 * visit booked after it, a visit checked in.
 */
import { sql, type SQL } from 'drizzle-orm';
import { workDeskFailureDays, workDeskKindMax, type FailedRun, type WorkDesk, type WorkDeskItem, type WorkDeskType } from '../../src/contract/workDesk';
import type { Tx } from '../db/client';
import { iso, rows, storeToday, type Row } from '../db/values';
import { overdueOrder } from '../labOrders/labOrders';
import { namesFrom, nameTranslationsSql } from '../eforms/eforms';
import type { Stores } from '../scope/scope';

function inStores(column: string, stores: Stores): SQL {
  if (stores === 'all') return sql`true`;
  if (stores.length === 0) return sql`false`;
  return sql`${sql.raw(column)} in (${sql.join(stores.map((s) => sql`${s}::uuid`), sql`, `)})`;
}

const person = (r: Row) => ({
  id: r.id as string,
  patientId: r.patient_id as string,
  patientFirstName: r.first_name as string,
  patientLastName: r.last_name as string,
  locationId: r.location_id as string,
  storeName: r.store_name as string,
});

async function forms(tx: Tx, stores: Stores, limit: number) {
  return rows(
    tx,
    sql`select a.id, a.patient_id, p.first_name, p.last_name, a.location_id, l.name as store_name, a.form_snapshot->>'name' as form_name,
          a.form_snapshot->>'language' as form_language, ${nameTranslationsSql(sql`a.form_snapshot->'translations'`)} as form_name_translations,
          s.submitted_at, count(*) over () as total
        from form_submissions s
        join form_assignments a on a.tenant_id = s.tenant_id and a.id = s.assignment_id
        join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
        join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
        where s.reviewed_at is null and a.revoked_at is null and ${inStores('a.location_id', stores)}
        order by s.submitted_at, a.id limit ${limit}`,
  );
}

async function orders(tx: Tx, stores: Stores, now: Date, limit: number) {
  return rows(
    tx,
    sql`select o.id, o.patient_id, p.first_name, p.last_name, o.location_id, l.name as store_name, o.number, o.status,
          o.expected_on::text as expected_on, ${overdueOrder(now)} as overdue,
          count(*) over () as total
        from lab_orders o
        join patients p on p.tenant_id = o.tenant_id and p.id = o.patient_id
        join locations l on l.tenant_id = o.tenant_id and l.id = o.location_id
        where ${inStores('o.location_id', stores)}
          and (o.status = 'ready-for-pickup' or ${overdueOrder(now)})
        order by o.expected_on nulls last, o.number limit ${limit}`,
  );
}

async function recalls(tx: Tx, stores: Stores, now: Date, limit: number) {
  return rows(
    tx,
    sql`select r.id, r.patient_id, p.first_name, p.last_name, r.location_id, l.name as store_name, r.type, r.due_on::text as due_on,
          count(*) over () as total
        from recalls r
        join patients p on p.tenant_id = r.tenant_id and p.id = r.patient_id
        join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
        where ${inStores('r.location_id', stores)} and r.status in ('pending', 'sent') and r.due_on <= ${storeToday(now, sql`l.time_zone`)}
          and not exists (select 1 from appointments a where a.tenant_id = r.tenant_id and a.patient_id = r.patient_id
            and a.starts_at > ${now.toISOString()}::timestamptz and a.status in ('booked', 'confirmed'))
        order by r.due_on, r.id limit ${limit}`,
  );
}

async function visits(tx: Tx, stores: Stores, now: Date, limit: number) {
  return rows(
    tx,
    sql`select a.id, a.patient_id, p.first_name, p.last_name, a.location_id, l.name as store_name, a.starts_at, a.type,
          a.provider_name, l.time_zone, a.status, a.patient_reply, a.patient_reply_channel, count(*) over () as total
        from appointments a
        join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
        join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
        where ${inStores('a.location_id', stores)} and a.status in ('booked', 'confirmed')
          and (a.starts_at at time zone l.time_zone)::date = ${storeToday(now, sql`l.time_zone`)}
          -- the day's range first, so the store-day index bounds the scan
          and a.starts_at > ${now.toISOString()}::timestamptz - interval '1 day' and a.starts_at < ${now.toISOString()}::timestamptz + interval '1 day'
        order by a.starts_at, a.id limit ${limit}`,
  );
}

/** Messages to the stores' patients that could not be delivered (failed after the last try, or refused by the provider). */
async function failedMessages(tx: Tx, stores: Stores, now: Date, limit: number) {
  return rows(
    tx,
    sql`select m.id, m.patient_id, p.first_name, p.last_name, m.location_id, l.name as store_name, m.channel, m.template,
          coalesce(m.error, '') as error, m.created_at, count(*) over () as total
        from communication_log m
        join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
        join locations l on l.tenant_id = m.tenant_id and l.id = m.location_id
        where m.status = 'failed' and ${inStores('m.location_id', stores)}
          and m.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${workDeskFailureDays})
        order by m.created_at, m.id limit ${limit}`,
  );
}

/** The company's automation runs that failed, unless a later run of the same kind finished. */
async function failedRuns(tx: Tx, now: Date): Promise<FailedRun[]> {
  const found = await rows(
    tx,
    sql`select j.id, j.kind, j.run_at, j.finished_at, coalesce(j.error, '') as error from jobs j
        where j.status = 'failed' and j.run_at > ${now.toISOString()}::timestamptz - make_interval(days => ${workDeskFailureDays})
          and not exists (select 1 from jobs later where later.tenant_id = j.tenant_id and later.kind = j.kind and later.status = 'done' and later.run_at > j.run_at)
        order by j.run_at, j.id limit ${workDeskKindMax}`,
  );
  return found.map((r) => ({
    id: r.id as string,
    kind: r.kind as FailedRun['kind'],
    runAt: iso(r.run_at),
    finishedAt: r.finished_at ? iso(r.finished_at) : null,
    error: r.error as string,
  }));
}

const total = (found: Row[]) => (found.length ? Number(found[0]!.total) : 0);

export async function readWorkDesk(tx: Tx, stores: Stores, type: WorkDeskType, now: Date): Promise<WorkDesk> {
  // Every tab shows every kind's count: a kind not listed is still counted (one row read, with its total).
  const limit = (t: WorkDeskType) => (type === 'all' || type === t ? workDeskKindMax : 1);
  const listed = (t: WorkDeskType, found: Row[]) => (type === 'all' || type === t ? found : []);
  const counted = {
    forms: await forms(tx, stores, limit('forms')),
    orders: await orders(tx, stores, now, limit('orders')),
    recalls: await recalls(tx, stores, now, limit('recalls')),
    today: await visits(tx, stores, now, limit('today')),
    automations: await failedMessages(tx, stores, now, limit('automations')),
  };
  const runs = await failedRuns(tx, now);
  const [f, o, r, v, m] = [
    listed('forms', counted.forms),
    listed('orders', counted.orders),
    listed('recalls', counted.recalls),
    listed('today', counted.today),
    listed('automations', counted.automations),
  ];
  const items: WorkDeskItem[] = [
    ...f.map((x) => ({ kind: 'form' as const, ...person(x), formName: x.form_name as string, formNames: namesFrom(x.form_language, x.form_name_translations), submittedAt: iso(x.submitted_at) })),
    ...o.map((x) => ({
      kind: 'order' as const,
      ...person(x),
      number: Number(x.number),
      status: x.status as Extract<WorkDeskItem, { kind: 'order' }>['status'],
      expectedOn: (x.expected_on as string | null) ?? null,
      overdue: x.overdue === true,
    })),
    ...r.map((x) => ({ kind: 'recall' as const, ...person(x), recallType: x.type as Extract<WorkDeskItem, { kind: 'recall' }>['recallType'], dueOn: x.due_on as string })),
    ...v.map((x) => ({
      kind: 'visit' as const,
      ...person(x),
      startsAt: iso(x.starts_at),
      appointmentType: x.type as string,
      providerName: x.provider_name as string,
      timeZone: x.time_zone as string,
      confirmation: x.patient_reply === 'confirmed' || x.status === 'confirmed' ? ('confirmed' as const) : ('unconfirmed' as const),
      confirmedVia: x.patient_reply === 'confirmed' ? (x.patient_reply_channel as 'link' | 'sms') : null,
    })),
    ...m.map((x) => ({
      kind: 'message' as const,
      ...person(x),
      channel: x.channel as 'email' | 'sms',
      template: x.template as string,
      error: x.error as string,
      createdAt: iso(x.created_at),
    })),
  ];
  return {
    items,
    failedRuns: type === 'all' || type === 'automations' ? runs : [],
    counts: {
      forms: total(counted.forms),
      orders: total(counted.orders),
      recalls: total(counted.recalls),
      today: total(counted.today),
      automations: total(counted.automations) + runs.length,
    },
  };
}
