/**
 * The enterprise admin's reports: each company's aggregates (schema-reports.ts) over a range, read through the one
 * SECURITY DEFINER door app_enterprise_report (migration 0028), which answers only in the platform tenant, returns
 * sums (never a record) and writes each company's own audit row. One row per company (sales) or per company and
 * key (payments by method, sales by category).
 */
import { sql } from 'drizzle-orm';
import type { EnterpriseReportName, Report, ReportColumn, ReportRow } from '../../src/contract/reports';
import type { Tx } from '../db/client';
import { rows } from '../db/values';

const col = (key: string, kind: ReportColumn['kind']): ReportColumn => ({ key, kind });

export async function enterpriseReport(tx: Tx, actor: { userId: string; ip: string }, report: EnterpriseReportName, from: string, to: string, today: string): Promise<Report> {
  const got = await rows<{ tenant_id: string; company_name: string; key: string; figures: Record<string, number | string> }>(
    tx,
    sql`select * from app_enterprise_report(${actor.userId}::uuid, ${actor.ip}, ${report}, ${from}::date, ${to}::date)`,
  );
  const f = (r: (typeof got)[number], k: string) => Number(r.figures[k] ?? 0);
  let columns: ReportColumn[];
  let table: ReportRow[];
  let chartColumn: string;
  if (report === 'sales') {
    columns = [col('count', 'count'), col('net', 'money'), col('discounts', 'money'), col('tax', 'money'), col('refunds', 'money'), col('voids', 'money'), col('average', 'money')];
    chartColumn = 'net';
    table = got.map((r) => {
      const count = f(r, 'salesCount');
      const net = f(r, 'salesNet') - f(r, 'refundsNet') - f(r, 'voidsNet');
      return {
        key: r.tenant_id,
        label: r.company_name,
        values: {
          count,
          net,
          discounts: f(r, 'salesDiscount') - f(r, 'refundsDiscount') - f(r, 'voidsDiscount'),
          tax: f(r, 'salesTax') - f(r, 'refundsTax') - f(r, 'voidsTax'),
          refunds: f(r, 'refundsTotal'),
          voids: f(r, 'voidsTotal'),
          average: count > 0 ? Math.round(net / count) : null,
        },
      };
    });
  } else if (report === 'payments') {
    columns = [col('count', 'count'), col('taken', 'money'), col('deposits', 'money'), col('balances', 'money'), col('paidBack', 'money'), col('netTaken', 'money')];
    chartColumn = 'netTaken';
    table = got.map((r) => ({
      key: `${r.tenant_id}:${r.key}`,
      label: `${r.company_name} · ${r.key}`,
      values: { count: f(r, 'takenCount'), taken: f(r, 'taken'), deposits: f(r, 'deposits'), balances: f(r, 'balances'), paidBack: f(r, 'paidBack'), netTaken: f(r, 'taken') - f(r, 'paidBack') },
    }));
  } else {
    columns = [col('quantity', 'count'), col('net', 'money'), col('discounts', 'money'), col('tax', 'money'), col('refunds', 'money')];
    chartColumn = 'net';
    table = got.map((r) => ({
      key: `${r.tenant_id}:${r.key}`,
      label: `${r.company_name} · ${r.key}`,
      values: {
        quantity: f(r, 'soldQuantity') - f(r, 'returnedQuantity'),
        net: f(r, 'soldNet') - f(r, 'returnedNet'),
        discounts: f(r, 'soldDiscount') - f(r, 'returnedDiscount'),
        tax: f(r, 'soldTax') - f(r, 'returnedTax'),
        refunds: f(r, 'returnedNet') + f(r, 'returnedTax'),
      },
    }));
  }
  return {
    report,
    from,
    to,
    group: null,
    locationId: null,
    asOf: today,
    currency: 'USD',
    summary: [],
    sections: [{ id: report, labelKind: 'name', columns, chartColumn, rows: table }],
  };
}
