/**
 * The admin's reports (shared/design/reports.md), each one query per table, money summed in SQL in minor units.
 *
 * Sales, payments, discounts, refunds and voids, open balances and lab turnaround read the aggregates of
 * schema-reports.ts (kept by the triggers of migrations 0028 and 0030 in the writing transaction), so a month over a
 * million invoices is a few thousand rows. The others read the records by the store-led indexes the bench measured (docs/operations.md):
 * each store's range is its own days (the store's time zone), as bounds computed once per store (`bounds`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { periodGroups, type Report, type ReportFigure, type ReportGroup, type ReportName, type ReportRow, type LabelKind } from '../../src/contract/reports';
import type { Tx } from '../db/client';
import { NO_CLERK } from '../db/schema-reports';
import { num, rows } from '../db/values';
import { storeDayReport, unbalancedReport } from './books';
import { bounds, col, n, nOrNull, rangeOf, ratio, section, type ReportInput } from './parts';

export type { ReportInput };

/** The period rows of a range: every day, week (from Monday) or month, with zeros where nothing happened. */
function periods(input: ReportInput, group: 'day' | 'week' | 'month'): SQL {
  return sql`select g::date as key from generate_series(date_trunc(${group}, ${input.from}::date), ${input.to}::date, ${`1 ${group}`}::interval) g`;
}

/** The grouping key of an aggregate row and how it is labelled, with the rows every key must have. */
function grouping(input: ReportInput, group: ReportGroup, table: string): { key: SQL; label: SQL; join: SQL; labelKind: LabelKind } {
  if ((periodGroups as readonly string[]).includes(group)) {
    return { key: sql`date_trunc(${group}, r.day)::date`, label: sql`''`, join: sql``, labelKind: group as LabelKind };
  }
  if (group === 'store') return { key: sql`r.location_id`, label: sql`min(l.name)`, join: sql`join locations l on l.id = r.location_id`, labelKind: 'name' };
  if (group === 'clerk') return { key: sql`r.clerk_id`, label: sql`coalesce(min(u.display_name), '')`, join: sql`left join users u on u.id = r.clerk_id`, labelKind: 'name' };
  void table;
  return { key: sql`r.category`, label: sql`''`, join: sql``, labelKind: 'category' };
}

const dayKey = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Rows of period keys with zero rows filled in, in order; others in the order given. */
function fill(input: ReportInput, group: ReportGroup, got: { key: string; label: string; values: Record<string, number | null> }[], zero: Record<string, number | null>, periodKeys: string[]): ReportRow[] {
  if (!(periodGroups as readonly string[]).includes(group)) return got;
  const byKey = new Map(got.map((r) => [r.key, r]));
  return periodKeys.map((key) => byKey.get(key) ?? { key, label: key, values: { ...zero } });
}

async function periodKeys(tx: Tx, input: ReportInput, group: ReportGroup): Promise<string[]> {
  if (!(periodGroups as readonly string[]).includes(group)) return [];
  const got = await rows<{ key: unknown }>(tx, periods(input, group as 'day' | 'week' | 'month'));
  return got.map((r) => dayKey(r.key));
}


async function salesReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const group = input.group ?? 'day';
  const columns = [col('count', 'count'), col('net', 'money'), col('discounts', 'money'), col('tax', 'money'), col('refunds', 'money'), col('average', 'money')];
  const keys = await periodKeys(tx, input, group);
  type Sums = { count: unknown; net: unknown; discounts: unknown; tax: unknown; refunds: unknown; sales_net: unknown };
  let got: (Sums & { key: unknown; label: string })[];
  if (group === 'category') {
    got = await rows(
      tx,
      sql`select r.category as key, '' as label, sum(r.sold_quantity - r.returned_quantity) as count,
            sum(r.sold_net - r.returned_net) as net, sum(r.sold_discount - r.returned_discount) as discounts,
            sum(r.sold_tax - r.returned_tax) as tax, sum(r.returned_net + r.returned_tax) as refunds, sum(r.sold_net) as sales_net
          from report_category_daily r where ${rangeOf(input)} group by r.category order by net desc, r.category`,
    );
  } else {
    const g = grouping(input, group, 'report_sales_daily');
    got = await rows(
      tx,
      sql`select ${g.key} as key, ${g.label} as label, sum(r.sales_count) as count,
            sum(r.sales_net - r.refunds_net - r.voids_net) as net, sum(r.sales_discount - r.refunds_discount - r.voids_discount) as discounts,
            sum(r.sales_tax - r.refunds_tax - r.voids_tax) as tax, sum(r.refunds_total) as refunds, sum(r.sales_net - r.voids_net) as sales_net
          from report_sales_daily r ${g.join} where ${rangeOf(input)} group by 1 order by ${(periodGroups as readonly string[]).includes(group) ? sql`1` : sql`net desc, 2`}`,
    );
  }
  const g = group === 'category' ? { labelKind: 'category' as LabelKind } : grouping(input, group, '');
  const out = got.map((r) => {
    const key = (periodGroups as readonly string[]).includes(group) ? dayKey(r.key) : String(r.key);
    const count = n(r.count);
    const values = { count, net: n(r.net), discounts: n(r.discounts), tax: n(r.tax), refunds: n(r.refunds), average: count > 0 ? Math.round(n(r.net) / count) : null };
    const label = g.labelKind === 'name' ? (key === NO_CLERK ? '' : r.label) : key;
    return { key, label, values };
  });
  const zero = { count: 0, net: 0, discounts: 0, tax: 0, refunds: 0, average: null };
  const table = fill(input, group, out, zero, keys);
  const total = (k: keyof typeof zero) => table.reduce((a, r) => a + (r.values[k] ?? 0), 0);
  // The sale count of the range (a category's count is its quantity).
  const [all] = await rows<{ count: unknown }>(tx, sql`select sum(r.sales_count) as count from report_sales_daily r where ${rangeOf(input)}`);
  const salesCount = n(all?.count);
  const summary: ReportFigure[] = [
    { key: 'count', kind: 'count', value: salesCount },
    { key: 'net', kind: 'money', value: total('net') },
    { key: 'discounts', kind: 'money', value: total('discounts') },
    { key: 'tax', kind: 'money', value: total('tax') },
    { key: 'refunds', kind: 'money', value: total('refunds') },
    { key: 'average', kind: 'money', value: salesCount > 0 ? Math.round(total('net') / salesCount) : null },
  ];
  return { summary, sections: [section('sales', g.labelKind, columns, 'net', table)] };
}

async function paymentsReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const got = await rows<Record<string, unknown>>(
    tx,
    sql`select r.method as key, sum(r.taken_count) as count, sum(r.taken) as taken, sum(r.deposits) as deposits,
          sum(r.balances) as balances, sum(r.paid_back) as paid_back
        from report_payments_daily r where ${rangeOf(input)} group by r.method order by sum(r.taken) desc, r.method`,
  );
  const table = got.map((r) => {
    const taken = n(r.taken);
    const paidBack = n(r.paid_back);
    return { key: String(r.key), label: String(r.key), values: { count: n(r.count), taken, deposits: n(r.deposits), balances: n(r.balances), paidBack, netTaken: taken - paidBack } };
  });
  const sum = (k: string) => table.reduce((a, r) => a + (r.values[k as keyof typeof r.values] ?? 0), 0);
  const columns = [col('count', 'count'), col('taken', 'money'), col('deposits', 'money'), col('balances', 'money'), col('paidBack', 'money'), col('netTaken', 'money')];
  return {
    summary: [
      { key: 'taken', kind: 'money', value: sum('taken') },
      { key: 'deposits', kind: 'money', value: sum('deposits') },
      { key: 'balances', kind: 'money', value: sum('balances') },
      { key: 'paidBack', kind: 'money', value: sum('paidBack') },
    ],
    sections: [section('payments', 'method', columns, 'netTaken', table)],
  };
}

async function adjustmentsReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const group = input.group ?? 'day';
  const g = grouping(input, group, 'report_sales_daily');
  const keys = await periodKeys(tx, input, group);
  const got = await rows<Record<string, unknown>>(
    tx,
    sql`select ${g.key} as key, ${g.label} as label, sum(r.sales_discount - r.refunds_discount - r.voids_discount) as discounts,
          sum(r.refunds_count) as refunds_count, sum(r.refunds_total) as refunds, sum(r.voids_count) as voids_count, sum(r.voids_total) as voids
        from report_sales_daily r ${g.join} where ${rangeOf(input)} group by 1 order by 1`,
  );
  const out = got.map((r) => {
    const key = (periodGroups as readonly string[]).includes(group) ? dayKey(r.key) : String(r.key);
    return {
      key,
      label: g.labelKind === 'name' ? String(r.label) : key,
      values: { discounts: n(r.discounts), refundsCount: n(r.refunds_count), refunds: n(r.refunds), voidsCount: n(r.voids_count), voids: n(r.voids) },
    };
  });
  const zero = { discounts: 0, refundsCount: 0, refunds: 0, voidsCount: 0, voids: 0 };
  const table = fill(input, group, out, zero, keys);
  const sum = (k: keyof typeof zero) => table.reduce((a, r) => a + (r.values[k] ?? 0), 0);
  const columns = [col('discounts', 'money'), col('refundsCount', 'count'), col('refunds', 'money'), col('voidsCount', 'count'), col('voids', 'money')];
  return {
    summary: (Object.keys(zero) as (keyof typeof zero)[]).map((k) => ({ key: k, kind: k.endsWith('Count') ? ('count' as const) : ('money' as const), value: sum(k) })),
    sections: [section('adjustments', g.labelKind, columns, 'discounts', table)],
  };
}

export const ageBuckets = ['0-30', '31-60', '61-90', '90+'] as const;

/**
 * Open sales with a balance as of today, by age (days since issued, in the store's time zone), from the per-store,
 * per-issue-day sums kept by the invoices' trigger (report_open_daily); the range does not apply.
 */
async function balancesReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const got = await rows<{ bucket: string; count: unknown; balance: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select case when b.today - r.day <= 30 then '0-30' when b.today - r.day <= 60 then '31-60' when b.today - r.day <= 90 then '61-90' else '90+' end as bucket,
          sum(r.open_count) as count, sum(r.open_balance) as balance
        from bounds b join report_open_daily r on r.location_id = b.id and r.open_count <> 0
        group by 1`,
  );
  const table = ageBuckets.map((bucket) => {
    const r = got.find((x) => x.bucket === bucket);
    return { key: bucket, label: bucket, values: { count: n(r?.count), balance: n(r?.balance) } };
  });
  return {
    summary: [
      { key: 'count', kind: 'count', value: table.reduce((a, r) => a + r.values.count, 0) },
      { key: 'balance', kind: 'money', value: table.reduce((a, r) => a + r.values.balance, 0) },
    ],
    sections: [section('balances', 'age', [col('count', 'count'), col('balance', 'money')], 'balance', table)],
  };
}

export const labStatuses = ['draft', 'sent-to-lab', 'in-production', 'received', 'ready-for-pickup', 'delivered', 'on-hold', 'remake', 'cancelled'] as const;
export const remakeKinds = ['lab-error', 'prescriber-change', 'non-adapt', 'breakage', 'other'] as const;
const awaited = sql`('draft', 'sent-to-lab', 'in-production', 'on-hold')`;

/** Lab orders made in the range by status and remakes by reason; turnaround of those made ready in it; overdue now. */
async function labOrdersReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const made = await rows<{ status: string; remake: string | null; count: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select o.status, o.remake_reason_kind as remake, count(*) as count
        from bounds b join lab_orders o on o.location_id = b.id and o.created_at >= b.from_at and o.created_at < b.to_at
        group by 1, 2`,
  );
  // Turnaround: the orders made ready in the range (report_lab_turnaround, kept by the events' trigger).
  const [turn] = await rows<{ median: unknown; p90: unknown; count: unknown }>(
    tx,
    sql`with ${bounds(input)},
        took as (
          select extract(epoch from (t.ready_at - t.sent_at)) / 86400.0 as days
          from bounds b join report_lab_turnaround t on t.location_id = b.id and t.ready_at >= b.from_at and t.ready_at < b.to_at
          where t.sent_at is not null and t.sent_at <= t.ready_at)
        select percentile_cont(0.5) within group (order by days) as median, percentile_cont(0.9) within group (order by days) as p90, count(*) as count from took`,
  );
  const [late] = await rows<{ count: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select count(*) as count from bounds b
        join lab_orders o on o.location_id = b.id and o.expected_on is not null and o.status in ${awaited} and o.expected_on < b.today`,
  );
  const byStatus = labStatuses.map((status) => ({ key: status, label: status, values: { count: made.filter((m) => m.status === status).reduce((a, m) => a + n(m.count), 0) } }));
  const remakes = remakeKinds.map((kind) => ({ key: kind, label: kind, values: { count: made.filter((m) => m.remake === kind).reduce((a, m) => a + n(m.count), 0) } }));
  const round1 = (v: unknown) => (v === null || v === undefined ? null : Math.round(num(v) * 10) / 10);
  return {
    summary: [
      { key: 'orders', kind: 'count', value: byStatus.reduce((a, r) => a + r.values.count, 0) },
      { key: 'turnaroundMedian', kind: 'days', value: round1(turn?.median) },
      { key: 'turnaroundP90', kind: 'days', value: round1(turn?.p90) },
      { key: 'turnaroundCount', kind: 'count', value: n(turn?.count) },
      { key: 'overdue', kind: 'count', value: n(late?.count) },
    ],
    sections: [section('status', 'status', [col('count', 'count')], 'count', byStatus), section('remakes', 'reason', [col('count', 'count')], 'count', remakes)],
  };
}

export const recallTypes = ['annual-exam', 'contact-lens-check', 'follow-up'] as const;

/** Recalls sent in the range (their last sending) by type, and how many of those patients booked within 30 days. */
async function recallsReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const got = await rows<{ type: string; sent: unknown; booked: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select r.type, count(*) as sent,
          count(*) filter (where exists (
            select 1 from appointments a where a.patient_id = r.patient_id
              and a.created_at >= r.last_sent_at and a.created_at < r.last_sent_at + interval '30 days')) as booked
        from bounds b join recalls r on r.location_id = b.id and r.last_sent_at >= b.from_at and r.last_sent_at < b.to_at
        group by r.type`,
  );
  const table = recallTypes.map((type) => {
    const r = got.find((x) => x.type === type);
    const sent = n(r?.sent);
    const booked = n(r?.booked);
    return { key: type, label: type, values: { sent, booked, rate: ratio(booked, sent) } };
  });
  const sent = table.reduce((a, r) => a + r.values.sent, 0);
  const booked = table.reduce((a, r) => a + r.values.booked, 0);
  return {
    summary: [
      { key: 'sent', kind: 'count', value: sent },
      { key: 'booked', kind: 'count', value: booked },
      { key: 'rate', kind: 'ratio', value: ratio(booked, sent) },
    ],
    sections: [section('recalls', 'type', [col('sent', 'count'), col('booked', 'count'), col('rate', 'ratio')], 'sent', table)],
  };
}

export const appointmentTypes = ['eye-exam', 'contact-lens-fitting', 'pickup', 'repair'] as const;

/** Appointments in the range (by their start) by type; the no-show rate is no-shows of those not cancelled. */
async function appointmentsReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const got = await rows<{ type: string; booked: unknown; completed: unknown; cancelled: unknown; no_show: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select a.type, count(*) as booked, count(*) filter (where a.status = 'completed') as completed,
          count(*) filter (where a.status = 'cancelled') as cancelled, count(*) filter (where a.status = 'no-show') as no_show
        from bounds b join appointments a on a.location_id = b.id and a.starts_at >= b.from_at and a.starts_at < b.to_at
        group by a.type`,
  );
  const table = appointmentTypes.map((type) => {
    const r = got.find((x) => x.type === type);
    const booked = n(r?.booked);
    const cancelled = n(r?.cancelled);
    const noShow = n(r?.no_show);
    return { key: type, label: type, values: { booked, completed: n(r?.completed), cancelled, noShow, noShowRate: ratio(noShow, booked - cancelled) } };
  });
  const sum = (k: 'booked' | 'completed' | 'cancelled' | 'noShow') => table.reduce((a, r) => a + r.values[k], 0);
  const columns = [col('booked', 'count'), col('completed', 'count'), col('cancelled', 'count'), col('noShow', 'count'), col('noShowRate', 'ratio')];
  return {
    summary: [
      { key: 'booked', kind: 'count', value: sum('booked') },
      { key: 'completed', kind: 'count', value: sum('completed') },
      { key: 'cancelled', kind: 'count', value: sum('cancelled') },
      { key: 'noShow', kind: 'count', value: sum('noShow') },
      { key: 'noShowRate', kind: 'ratio', value: ratio(sum('noShow'), sum('booked') - sum('cancelled')) },
    ],
    sections: [section('appointments', 'type', columns, 'booked', table)],
  };
}

/** eForms sent in the range by form: opened, submitted, and the median time from sending to submitting. */
async function eformsReport(tx: Tx, input: ReportInput): Promise<Pick<Report, 'summary' | 'sections'>> {
  const got = await rows<{ key: string; label: string; sent: unknown; opened: unknown; submitted: unknown; median: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select a.form_id::text as key, min(a.form_snapshot->>'name') as label, count(*) as sent,
          count(*) filter (where a.opened_at is not null) as opened, count(*) filter (where a.submitted_at is not null) as submitted,
          percentile_cont(0.5) within group (order by extract(epoch from (a.submitted_at - a.sent_at)) / 3600.0) as median
        from bounds b join form_assignments a on a.location_id = b.id and a.sent_at >= b.from_at and a.sent_at < b.to_at
        group by a.form_id order by count(*) desc, 2`,
  );
  const [all] = await rows<{ median: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select percentile_cont(0.5) within group (order by extract(epoch from (a.submitted_at - a.sent_at)) / 3600.0) as median
        from bounds b join form_assignments a on a.location_id = b.id and a.sent_at >= b.from_at and a.sent_at < b.to_at`,
  );
  const round1 = (v: unknown) => (v === null || v === undefined ? null : Math.round(num(v) * 10) / 10);
  const table = got.map((r) => ({
    key: r.key,
    label: r.label,
    values: { sent: n(r.sent), opened: n(r.opened), submitted: n(r.submitted), medianToSubmit: round1(nOrNull(r.median)) },
  }));
  const sum = (k: 'sent' | 'opened' | 'submitted') => table.reduce((a, r) => a + r.values[k], 0);
  return {
    summary: [
      { key: 'sent', kind: 'count', value: sum('sent') },
      { key: 'opened', kind: 'count', value: sum('opened') },
      { key: 'submitted', kind: 'count', value: sum('submitted') },
      { key: 'medianToSubmit', kind: 'hours', value: round1(all?.median) },
    ],
    sections: [section('eforms', 'name', [col('sent', 'count'), col('opened', 'count'), col('submitted', 'count'), col('medianToSubmit', 'hours')], 'sent', table)],
  };
}

const builders: Record<ReportName, (tx: Tx, input: ReportInput) => Promise<Pick<Report, 'summary' | 'sections'>>> = {
  sales: salesReport,
  payments: paymentsReport,
  adjustments: adjustmentsReport,
  balances: balancesReport,
  laborders: labOrdersReport,
  recalls: recallsReport,
  appointments: appointmentsReport,
  eforms: eformsReport,
  storeday: storeDayReport,
  unbalanced: unbalancedReport,
};

export async function buildReport(tx: Tx, input: ReportInput): Promise<Report> {
  const built = input.stores.length ? await builders[input.report](tx, input) : await builders[input.report](tx, { ...input, stores: ['00000000-0000-0000-0000-000000000000'] });
  return {
    report: input.report,
    from: input.from,
    to: input.to,
    group: input.group,
    locationId: input.locationId,
    asOf: input.today,
    currency: input.currency,
    currencies: input.currencies,
    ...built,
  };
}
