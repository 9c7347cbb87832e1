/**
 * The enterprise admin's reports across companies, read through the one SECURITY DEFINER door app_enterprise_report
 * (migrations 0028 and 0033), which answers only in the platform tenant, returns sums, counts and medians (never a
 * record) and writes each company's own audit row. Sales, payments by method and sales by category sum each
 * company's aggregates (schema-reports.ts); lab orders, recalls, appointments and eForms are the company admin's own
 * figures (reports.ts) computed per company: a row per company, then per company and status, reason or type.
 */
import { sql } from 'drizzle-orm';
import type { EnterpriseReportName, LabelKind, Report, ReportColumn, ReportRow, ReportSection } from '../../src/contract/reports';
import { defaultCurrency } from '../../src/contract/generalSettings';
import type { Tx } from '../db/client';
import { rows } from '../db/values';
import { appointmentTypes, labStatuses, recallTypes, remakeKinds } from './reports';

/** A row of the door: a company, a key ('' for the company's own row; 'status:…', 'remake:…', 'type:…' or a method or category) and its figures. */
interface DoorRow {
  tenant_id: string;
  company_name: string;
  key: string;
  figures: Record<string, number | string | null>;
}

const col = (key: string, kind: ReportColumn['kind']): ReportColumn => ({ key, kind });
const f = (r: DoorRow | undefined, k: string) => Number(r?.figures[k] ?? 0);
const orNull = (r: DoorRow | undefined, k: string) => (r?.figures[k] === null || r?.figures[k] === undefined ? null : Number(r.figures[k]));
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

function section(id: string, labelKind: LabelKind, columns: ReportColumn[], chartColumn: string, table: ReportRow[]): ReportSection {
  return { id, labelKind, columns, chartColumn, rows: table };
}

/** The companies' own rows (key ''), in the door's order. */
const companyRows = (got: DoorRow[]) => got.filter((r) => r.key === '');

/** A row per company: keyed by the company, labelled with its name. */
const perCompany = (got: DoorRow[], values: (r: DoorRow) => ReportRow['values']): ReportRow[] =>
  companyRows(got).map((r) => ({ key: r.tenant_id, label: r.company_name, values: values(r) }));

/**
 * A row per company and each of a fixed list of keys (every status, reason or type, zeros where none), keyed
 * "{company id}:{key}" and labelled "{company} · {key}" (the browser translates the key).
 */
function perCompanyAnd(got: DoorRow[], prefix: string, keys: readonly string[], values: (r: DoorRow | undefined) => ReportRow['values']): ReportRow[] {
  const found = new Map(got.map((r) => [`${r.tenant_id}:${r.key}`, r]));
  return companyRows(got).flatMap((company) =>
    keys.map((key) => ({ key: `${company.tenant_id}:${key}`, label: `${company.company_name} · ${key}`, values: values(found.get(`${company.tenant_id}:${prefix}:${key}`)) })),
  );
}

/** A row per company and whatever key it has figures for (a payment method, a product category). */
const perCompanyKey = (got: DoorRow[], values: (r: DoorRow) => ReportRow['values']): ReportRow[] =>
  got.map((r) => ({ key: `${r.tenant_id}:${r.key}`, label: `${r.company_name} · ${r.key}`, values: values(r) }));

const recallValues = (r: DoorRow | undefined) => ({ sent: f(r, 'sent'), booked: f(r, 'booked'), rate: ratio(f(r, 'booked'), f(r, 'sent')) });
const appointmentValues = (r: DoorRow | undefined) => ({
  booked: f(r, 'booked'),
  completed: f(r, 'completed'),
  cancelled: f(r, 'cancelled'),
  noShow: f(r, 'noShow'),
  noShowRate: ratio(f(r, 'noShow'), f(r, 'booked') - f(r, 'cancelled')),
});

const builders: Record<EnterpriseReportName, (got: DoorRow[]) => ReportSection[]> = {
  sales: (got) => [
    section(
      'sales',
      'name',
      [col('count', 'count'), col('net', 'money'), col('discounts', 'money'), col('tax', 'money'), col('refunds', 'money'), col('voids', 'money'), col('average', 'money')],
      'net',
      perCompany(got, (r) => {
        const count = f(r, 'salesCount');
        const net = f(r, 'salesNet') - f(r, 'refundsNet') - f(r, 'voidsNet');
        return {
          count,
          net,
          discounts: f(r, 'salesDiscount') - f(r, 'refundsDiscount') - f(r, 'voidsDiscount'),
          tax: f(r, 'salesTax') - f(r, 'refundsTax') - f(r, 'voidsTax'),
          refunds: f(r, 'refundsTotal'),
          voids: f(r, 'voidsTotal'),
          average: count > 0 ? Math.round(net / count) : null,
        };
      }),
    ),
  ],
  payments: (got) => [
    section(
      'payments',
      'method',
      [col('count', 'count'), col('taken', 'money'), col('deposits', 'money'), col('balances', 'money'), col('paidBack', 'money'), col('netTaken', 'money')],
      'netTaken',
      perCompanyKey(got, (r) => ({
        count: f(r, 'takenCount'),
        taken: f(r, 'taken'),
        deposits: f(r, 'deposits'),
        balances: f(r, 'balances'),
        paidBack: f(r, 'paidBack'),
        netTaken: f(r, 'taken') - f(r, 'paidBack'),
      })),
    ),
  ],
  categories: (got) => [
    section(
      'categories',
      'category',
      [col('quantity', 'count'), col('net', 'money'), col('discounts', 'money'), col('tax', 'money'), col('refunds', 'money')],
      'net',
      perCompanyKey(got, (r) => ({
        quantity: f(r, 'soldQuantity') - f(r, 'returnedQuantity'),
        net: f(r, 'soldNet') - f(r, 'returnedNet'),
        discounts: f(r, 'soldDiscount') - f(r, 'returnedDiscount'),
        tax: f(r, 'soldTax') - f(r, 'returnedTax'),
        refunds: f(r, 'returnedNet') + f(r, 'returnedTax'),
      })),
    ),
  ],
  laborders: (got) => [
    section(
      'companies',
      'name',
      [col('orders', 'count'), col('turnaroundMedian', 'days'), col('turnaroundP90', 'days'), col('turnaroundCount', 'count'), col('overdue', 'count')],
      'orders',
      perCompany(got, (r) => ({
        orders: f(r, 'orders'),
        turnaroundMedian: round1(orNull(r, 'turnaroundMedian')),
        turnaroundP90: round1(orNull(r, 'turnaroundP90')),
        turnaroundCount: f(r, 'turnaroundCount'),
        overdue: f(r, 'overdue'),
      })),
    ),
    section('status', 'status', [col('count', 'count')], 'count', perCompanyAnd(got, 'status', labStatuses, (r) => ({ count: f(r, 'count') }))),
    section('remakes', 'reason', [col('count', 'count')], 'count', perCompanyAnd(got, 'remake', remakeKinds, (r) => ({ count: f(r, 'count') }))),
  ],
  recalls: (got) => {
    const columns = [col('sent', 'count'), col('booked', 'count'), col('rate', 'ratio')];
    return [
      section('companies', 'name', columns, 'sent', perCompany(got, recallValues)),
      section('recalls', 'type', columns, 'sent', perCompanyAnd(got, 'type', recallTypes, recallValues)),
    ];
  },
  appointments: (got) => {
    const columns = [col('booked', 'count'), col('completed', 'count'), col('cancelled', 'count'), col('noShow', 'count'), col('noShowRate', 'ratio')];
    return [
      section('companies', 'name', columns, 'booked', perCompany(got, appointmentValues)),
      section('appointments', 'type', columns, 'booked', perCompanyAnd(got, 'type', appointmentTypes, appointmentValues)),
    ];
  },
  eforms: (got) => [
    section(
      'companies',
      'name',
      [col('sent', 'count'), col('opened', 'count'), col('submitted', 'count'), col('medianToSubmit', 'hours')],
      'sent',
      perCompany(got, (r) => ({ sent: f(r, 'sent'), opened: f(r, 'opened'), submitted: f(r, 'submitted'), medianToSubmit: round1(orNull(r, 'medianToSubmit')) })),
    ),
  ],
};

export async function enterpriseReport(
  tx: Tx,
  actor: { userId: string; ip: string },
  report: EnterpriseReportName,
  range: { from: string; to: string; today: string; now: Date },
): Promise<Report> {
  const got = await rows<DoorRow>(
    tx,
    sql`select * from app_enterprise_report(${actor.userId}::uuid, ${actor.ip}, ${report}, ${range.from}::date, ${range.to}::date, ${range.now.toISOString()}::timestamptz)`,
  );
  return {
    report,
    from: range.from,
    to: range.to,
    group: null,
    locationId: null,
    asOf: range.today,
    // The door sums each company's aggregates without their stores' currencies: the figures are shown in the default.
    currency: defaultCurrency,
    currencies: [defaultCurrency],
    summary: [],
    sections: builders[report](got),
  };
}
