/**
 * The end of day's reconciliation (shared/design/ledger.md): the store-day summary and the invoices whose books do
 * not balance.
 *
 * The store-day summary reads the same daily aggregates as the sales and payments reports (a store's day is its own,
 * in its time zone), and beside them the register sessions opened that day as their X and Z reports count them
 * (expectedCashOf, the ledger's one formula; a closed session's figures as it was closed), store credit given and
 * spent, and the day's sales to review. Its figures agree to the cent with the invoices, payments, refunds and cash
 * movements of the day, and with the sessions' Z reports.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Report, ReportFigure } from '../../src/contract/reports';
import type { Tx } from '../db/client';
import { num, rows } from '../db/values';
import { balanceRules, expectedCashOf, unbalancedInvoices, type BalanceRule } from '../ledger/ledger';
import { bounds, col, n, rangeOf, section, storeList, type ReportInput } from './parts';

type Built = Pick<Report, 'summary' | 'sections'>;

/**
 * The invoices (sales and credit records) the range's stores issued in their own days. The bounds are read first
 * and given as values: under row-level security a bound computed in the query (a time zone conversion) cannot
 * reach the index, and every invoice of the store would be checked.
 */
async function issuedIn(tx: Tx, input: ReportInput): Promise<SQL> {
  const got = await rows<{ id: string; from_at: unknown; to_at: unknown }>(tx, sql`with ${bounds(input)} select id, from_at, to_at from bounds`);
  const at = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  const each = got.map((b) => sql`select i.* from invoices i where i.location_id = ${b.id} and i.issued_at >= ${at(b.from_at)}::timestamptz and i.issued_at < ${at(b.to_at)}::timestamptz`);
  return each.length ? sql.join(each, sql` union all `) : sql`select i.* from invoices i where false`;
}

/**
 * The balance checks are a few index look-ups per invoice, but the planner cannot see how few invoices a day's
 * bounds hold and would compile them with JIT, which costs more than the query (most of a second): off for these.
 */
const noJit = (tx: Tx) => tx.execute(sql`set local jit = off`);

const ruleColumn: Record<BalanceRule, string> = { paid: 'rulePaid', givenBack: 'ruleGivenBack', lineBack: 'ruleLineBack', stock: 'ruleStock' };

/** At most this many unbalanced invoices are listed (the count is of all): there should be none. */
const MOST_LISTED = 500;

export async function unbalancedReport(tx: Tx, input: ReportInput): Promise<Built> {
  await noJit(tx);
  const issued = await issuedIn(tx, input);
  // One pass: every unbalanced invoice of the range (there should be none), the first MOST_LISTED of them listed.
  const found = await rows<{ id: string; number: unknown; total: unknown; paid_total: unknown; rules: string[] }>(
    tx,
    sql`select * from (${unbalancedInvoices(issued)}) u order by u.issued_at, u.number`,
  );
  const [all] = await rows<{ checked: unknown }>(tx, sql`select count(*) as checked from (${issued}) i`);
  const listed = found.slice(0, MOST_LISTED);
  const table = listed.map((r) => ({
    key: r.id,
    label: String(num(r.number)),
    values: {
      amount: n(r.total),
      paid: n(r.paid_total),
      ...Object.fromEntries(balanceRules.map((rule) => [ruleColumn[rule], r.rules.includes(rule) ? 1 : 0])),
    },
  }));
  const columns = [col('amount', 'money'), col('paid', 'money'), ...balanceRules.map((rule) => col(ruleColumn[rule], 'count'))];
  return {
    summary: [
      { key: 'checked', kind: 'count', value: n(all?.checked) },
      { key: 'unbalanced', kind: 'count', value: found.length },
    ],
    sections: [section('unbalanced', 'invoice', columns, 'amount', table)],
  };
}

interface SessionRow {
  id: string;
  name: string;
  status: string;
  float_total: unknown;
  expected_cash: unknown;
  counted_total: unknown;
  difference: unknown;
  cash_in: unknown;
  cash_out: unknown;
  pay_ins: unknown;
  pay_outs: unknown;
}

/** The register sessions opened in the range's days, each with its drawer's figures as its X or Z report has them. */
async function sessionsOf(tx: Tx, input: ReportInput) {
  const got = await rows<SessionRow>(
    tx,
    sql`with ${bounds(input)}
        select s.id, rg.name, s.status, s.float_total, s.expected_cash, s.counted_total, s.difference,
          (select coalesce(sum(p.amount) filter (where p.amount > 0), 0) from payments p where p.tenant_id = s.tenant_id and p.register_session_id = s.id and p.method = 'cash') as cash_in,
          (select coalesce(-sum(p.amount) filter (where p.amount < 0), 0) from payments p where p.tenant_id = s.tenant_id and p.register_session_id = s.id and p.method = 'cash') as cash_out,
          (select coalesce(sum(m.amount) filter (where m.kind = 'pay-in'), 0) from cash_movements m where m.tenant_id = s.tenant_id and m.session_id = s.id) as pay_ins,
          (select coalesce(sum(m.amount) filter (where m.kind = 'pay-out'), 0) from cash_movements m where m.tenant_id = s.tenant_id and m.session_id = s.id) as pay_outs
        from bounds b join register_sessions s on s.location_id = b.id and s.opened_at >= b.from_at and s.opened_at < b.to_at
        join registers rg on rg.tenant_id = s.tenant_id and rg.id = s.register_id
        order by s.opened_at, rg.name`,
  );
  return got.map((s) => {
    const figures = { floatTotal: n(s.float_total), cashIn: n(s.cash_in), cashOut: n(s.cash_out), payIns: n(s.pay_ins), payOuts: n(s.pay_outs) };
    const closed = s.status === 'closed';
    const expectedCash = closed && s.expected_cash !== null ? n(s.expected_cash) : expectedCashOf(figures);
    return {
      key: s.id,
      label: s.name,
      values: {
        float: figures.floatTotal,
        cashIn: figures.cashIn,
        cashOut: figures.cashOut,
        payIns: figures.payIns,
        payOuts: figures.payOuts,
        expectedCash,
        counted: closed ? n(s.counted_total) : null,
        difference: closed ? n(s.difference) : null,
      },
    };
  });
}

export async function storeDayReport(tx: Tx, input: ReportInput): Promise<Built> {
  await noJit(tx);
  const [sales] = await rows<Record<string, unknown>>(
    tx,
    sql`select sum(r.sales_count) as sales_count, sum(r.sales_total) as sales_total, sum(r.refunds_count) as refunds_count,
          sum(r.refunds_total) as refunds_total, sum(r.voids_count) as voids_count, sum(r.voids_total) as voids_total
        from report_sales_daily r where ${rangeOf(input)}`,
  );
  const methods = await rows<Record<string, unknown>>(
    tx,
    sql`select r.method as key, sum(r.taken_count) as count, sum(r.taken) as taken, sum(r.paid_back) as paid_back
        from report_payments_daily r where ${rangeOf(input)} group by r.method order by sum(r.taken) desc, r.method`,
  );
  const [credit] = await rows<{ issued: unknown; spent: unknown }>(
    tx,
    sql`with ${bounds(input)}
        select coalesce(sum(e.amount) filter (where e.amount > 0), 0) as issued, coalesce(-sum(e.amount) filter (where e.amount < 0), 0) as spent
        from store_credit_entries e join invoices i on i.tenant_id = e.tenant_id and i.id = e.invoice_id
        join bounds b on b.id = i.location_id and e.at >= b.from_at and e.at < b.to_at`,
  );
  const review = await rows<{ id: string; number: unknown; total: unknown; paid_total: unknown; reviewed: boolean }>(
    tx,
    sql`with ${bounds(input)}
        select i.id, i.number, i.total, i.paid_total, r.reviewed_at is not null as reviewed
        from sales_to_review r join invoices i on i.tenant_id = r.tenant_id and i.id = r.invoice_id
        join bounds b on b.tenant_id = i.tenant_id and b.id = i.location_id and i.issued_at >= b.from_at and i.issued_at < b.to_at
        where r.location_id = any(${storeList(input.stores)}) order by i.issued_at, i.number`,
  );
  const [unbalanced] = await rows<{ count: unknown }>(tx, sql`select count(*) as count from (${unbalancedInvoices(await issuedIn(tx, input))}) u`);
  const sessions = await sessionsOf(tx, input);

  const line = (key: string, count: number | null, amount: number) => ({ key, label: key, values: { count, amount } });
  const invoicesTable = [
    line('sales', n(sales?.sales_count), n(sales?.sales_total)),
    line('refunds', n(sales?.refunds_count), n(sales?.refunds_total)),
    line('voids', n(sales?.voids_count), n(sales?.voids_total)),
  ];
  const methodsTable = methods.map((r) => {
    const taken = n(r.taken);
    const paidBack = n(r.paid_back);
    return { key: String(r.key), label: String(r.key), values: { count: n(r.count), taken, paidBack, netTaken: taken - paidBack } };
  });
  const total = (k: keyof (typeof sessions)[number]['values']) => sessions.reduce((a, s) => a + (s.values[k] ?? 0), 0);
  const open = sessions.some((s) => s.values.counted === null);
  const moneyTable = [
    line('storeCreditIssued', null, n(credit?.issued)),
    line('storeCreditSpent', null, n(credit?.spent)),
    ...(['float', 'cashIn', 'cashOut', 'payIns', 'payOuts', 'expectedCash'] as const).map((k) => line(k, null, total(k))),
  ];
  const reviewTable = review.map((r) => ({ key: r.id, label: String(num(r.number)), values: { amount: n(r.total), paid: n(r.paid_total), reviewed: r.reviewed ? 1 : 0 } }));
  const summary: ReportFigure[] = [
    { key: 'count', kind: 'count', value: n(sales?.sales_count) },
    { key: 'taken', kind: 'money', value: methodsTable.reduce((a, r) => a + r.values.taken, 0) },
    { key: 'paidBack', kind: 'money', value: methodsTable.reduce((a, r) => a + r.values.paidBack, 0) },
    { key: 'expectedCash', kind: 'money', value: total('expectedCash') },
    // Counted only when every session of the day is closed: an open drawer has not been counted yet.
    { key: 'counted', kind: 'money', value: open || !sessions.length ? null : total('counted') },
    { key: 'difference', kind: 'money', value: open || !sessions.length ? null : total('difference') },
    { key: 'toReview', kind: 'count', value: review.filter((r) => !r.reviewed).length },
    { key: 'unbalanced', kind: 'count', value: n(unbalanced?.count) },
  ];
  return {
    summary,
    sections: [
      section('dayInvoices', 'line', [col('count', 'count'), col('amount', 'money')], 'amount', invoicesTable),
      section('payments', 'method', [col('count', 'count'), col('taken', 'money'), col('paidBack', 'money'), col('netTaken', 'money')], 'netTaken', methodsTable),
      section('dayMoney', 'line', [col('amount', 'money')], 'amount', moneyTable),
      section(
        'daySessions',
        'name',
        ['float', 'cashIn', 'cashOut', 'payIns', 'payOuts', 'expectedCash', 'counted', 'difference'].map((k) => col(k, 'money')),
        'expectedCash',
        sessions,
      ),
      section('dayReview', 'invoice', [col('amount', 'money'), col('paid', 'money'), col('reviewed', 'count')], 'amount', reviewTable),
    ],
  };
}
