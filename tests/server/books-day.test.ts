/**
 * The end of day's reconciliation over HTTP: a day of selling at Uptown (sales in cash with change, by card and
 * split, a refund by line, a void, store credit given back and spent, a payment at the invoice screen, a pay-in and
 * a pay-out, two register sessions), then the store-day summary agrees to the cent with the sessions' Z reports and
 * with sums over the day's individual invoices and payments; the unbalanced-invoices report lists none of the demo
 * data and of that day, and lists an invoice whose books were corrupted behind the ledger's back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { unbalancedInvoices } from '../../server/ledger/ledger';
import { admin, call, h, newPatient, ok } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, ownerRows } from './harness';
import { openRegister, product, saleBody, shownTotal, type Hit, type Sale } from './pos-fixtures';

startClinical();

interface Report {
  from: string;
  to: string;
  summary: { key: string; value: number | null }[];
  sections: { id: string; rows: { key: string; label: string; values: Record<string, number | null> }[] }[];
}
interface Z { id: string; floatTotal: number; cashIn: number; cashOut: number; payIns: number; payOuts: number; expectedCash: number; countedCash: number | null; difference: number | null }

const store = demoIds.uptown;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const report = (name: string, query = `from=${today}&to=${today}`) => ok<Report>(call(admin, 'GET', `/api/reports/${name}?locationId=${store}&${query}`), 200);
const figure = (r: Report, key: string) => r.summary.find((f) => f.key === key)!.value;
const sectionOf = (r: Report, id: string) => r.sections.find((s) => s.id === id)!.rows;
const methodRow = (r: Report, method: string) => sectionOf(r, 'payments').find((row) => row.key === method)?.values ?? { taken: 0, paidBack: 0, netTaken: 0, count: 0 };
/** A cash amount counted as dollars and cents. */
const counted = (cents: number) => [{ denomination: 100, count: Math.floor(cents / 100) }, { denomination: 1, count: cents % 100 }];
const zOf = (session: string) => ok<Z>(call(admin, 'GET', `/api/pos/sessions/${session}`), 200);

let frame: Hit;
let cloth: Hit;
let exam: Hit;

beforeAll(async () => {
  [frame, cloth, exam] = await Promise.all([product(admin, posDemoSkus.frame, store), product(admin, posDemoSkus.cloth, store), product(admin, posDemoSkus.exam, store)]);
});

/** The day's sums straight from the rows: invoices, payments and store credit of the store in its own day. */
async function fromRows() {
  const day = sql`(${today}::date)::timestamp at time zone 'America/New_York'`;
  const within = (column: ReturnType<typeof sql>) => sql`${column} >= ${day} and ${column} < ${day} + interval '1 day'`;
  const [inv] = await ownerRows<{ sales: number; sold: number; credits: number; back: number }>(
    h,
    sql`select count(*) filter (where related_invoice_id is null)::int as sales, coalesce(sum(total) filter (where related_invoice_id is null), 0)::float8 as sold,
          count(*) filter (where related_invoice_id is not null)::int as credits, coalesce(-sum(total) filter (where related_invoice_id is not null), 0)::float8 as back
        from invoices where location_id = ${store} and ${within(sql`issued_at`)}`,
  );
  const methods = await ownerRows<{ method: string; taken: number; back: number }>(
    h,
    sql`select p.method, coalesce(sum(p.amount) filter (where p.amount > 0), 0)::float8 as taken, coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::float8 as back
        from payments p join invoices i on i.id = p.invoice_id where i.location_id = ${store} and ${within(sql`p.paid_at`)} group by 1`,
  );
  const [credit] = await ownerRows<{ issued: number; spent: number }>(
    h,
    sql`select coalesce(sum(e.amount) filter (where e.amount > 0), 0)::float8 as issued, coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::float8 as spent
        from store_credit_entries e join invoices i on i.id = e.invoice_id where i.location_id = ${store} and ${within(sql`e.at`)}`,
  );
  return { ...inv!, methods, credit: credit! };
}

describe('the store-day summary', () => {
  it('agrees to the cent with the Z reports of the day’s sessions and with the day’s invoices and payments', async () => {
    const before = await report('storeday');
    const front = await openRegister(admin, posDemoIds.uptownFrontDesk, [{ denomination: 2_000, count: 10 }]);
    const patient = await newPatient(admin);
    const sell = (body: unknown) => ok<Sale>(call(admin, 'POST', '/api/pos/sales', body));

    // Cash with change; a card; a patient's exam split cash and card.
    const t1 = shownTotal([{ product: frame }, { product: cloth, quantity: 2 }]);
    const sale1 = await sell(saleBody(front, [{ product: frame }, { product: cloth, quantity: 2 }], { payments: [{ method: 'cash', amount: t1, tendered: t1 + 1_000 }] }));
    const sale2 = await sell(saleBody(front, [{ product: cloth }], { payments: [{ method: 'card', amount: shownTotal([{ product: cloth }]), reference: '4242' }] }));
    const t3 = shownTotal([{ product: exam }, { product: cloth }]);
    const sale3 = await sell(saleBody(front, [{ product: exam }, { product: cloth }], { patientId: patient.id, payments: [{ method: 'cash', amount: 2_000, tendered: 2_000 }, { method: 'card', amount: t3 - 2_000, reference: '1111' }] }));
    // One cloth of sale 1 back in cash; sale 2 voided (back to the card); sale 3's cloth back as store credit, spent on a new cloth.
    await ok(call(admin, 'POST', `/api/pos/invoices/${sale1.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: front, reason: 'Spare', lines: [{ lineNo: 2, quantity: 1 }], refundTo: 'original' }));
    await ok(call(admin, 'POST', `/api/invoices/${sale2.invoice.id}/void`, { reason: 'Entered twice', registerSessionId: front }), 200);
    await ok(call(admin, 'POST', `/api/pos/invoices/${sale3.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: front, reason: 'Scratched', lines: [{ lineNo: 2, quantity: 1 }], refundTo: 'store-credit' }));
    const credit = shownTotal([{ product: cloth }]);
    await sell(saleBody(front, [{ product: cloth }], { patientId: patient.id, payments: [{ method: 'store-credit', amount: credit }] }));
    // An invoice made at the invoice screen, paid there in cash into the front desk's drawer.
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: patient.id, locationId: store, lines: [{ kind: 'service', sku: exam.sku, description: exam.name, quantity: 1, unitPrice: exam.price }] }));
    await ok(call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: inv.total, registerSessionId: front }, { 'idempotency-key': randomUUID() }));
    await ok(call(admin, 'POST', `/api/pos/sessions/${front}/movements`, { kind: 'pay-in', amount: 5_000, reason: 'Change from the bank' }));
    await ok(call(admin, 'POST', `/api/pos/sessions/${front}/movements`, { kind: 'pay-out', amount: 2_000, reason: 'Milk' }));
    // A second drawer: one cash sale.
    const dispensing = await openRegister(admin, posDemoIds.uptownDispensing, [{ denomination: 1_000, count: 5 }]);
    await sell(saleBody(dispensing, [{ product: cloth }]));

    const open = await report('storeday');
    expect(figure(open, 'counted')).toBeNull();
    // Both drawers counted at closing: the front desk $1.00 over, the dispensing one exact.
    const frontZ = await zOf(front);
    await ok(call(admin, 'POST', `/api/pos/sessions/${front}/close`, { counted: counted(frontZ.expectedCash + 100) }), 200);
    const dispensingZ = await zOf(dispensing);
    await ok(call(admin, 'POST', `/api/pos/sessions/${dispensing}/close`, { counted: counted(dispensingZ.expectedCash) }), 200);
    const zs = [await zOf(front), await zOf(dispensing)];
    const day = await report('storeday');

    // The sessions' rows are their Z reports; the summary's cash is theirs summed.
    const sessions = sectionOf(day, 'daySessions').filter((row) => zs.some((z) => z.id === row.key));
    expect(sessions).toHaveLength(2);
    for (const z of zs) {
      expect(sessions.find((row) => row.key === z.id)!.values).toEqual({
        float: z.floatTotal, cashIn: z.cashIn, cashOut: z.cashOut, payIns: z.payIns, payOuts: z.payOuts, expectedCash: z.expectedCash, counted: z.countedCash, difference: z.difference,
      });
    }
    const allSessions = sectionOf(day, 'daySessions');
    const sum = (k: string) => allSessions.reduce((a, row) => a + (row.values[k] ?? 0), 0);
    expect(figure(day, 'expectedCash')).toBe(sum('expectedCash'));
    expect(figure(day, 'counted')).toBe(sum('counted'));
    expect(figure(day, 'difference')).toBe(sum('difference'));
    expect(zs.map((z) => z.difference)).toEqual([100, 0]);
    const money = Object.fromEntries(sectionOf(day, 'dayMoney').map((row) => [row.key, row.values.amount]));
    for (const k of ['float', 'cashIn', 'cashOut', 'payIns', 'payOuts', 'expectedCash']) expect(money[k], k).toBe(sum(k));
    // This day's cash taken less paid back is what went through its drawers.
    const cashNow = methodRow(day, 'cash').netTaken! - methodRow(before, 'cash').netTaken!;
    expect(cashNow).toBe(zs.reduce((a, z) => a + z.cashIn - z.cashOut, 0));

    // Every figure is the sum of the day's own rows.
    const rowsOf = await fromRows();
    const lines = Object.fromEntries(sectionOf(day, 'dayInvoices').map((row) => [row.key, row.values]));
    expect(lines.sales).toEqual({ count: rowsOf.sales, amount: rowsOf.sold });
    expect(lines.refunds!.count! + lines.voids!.count!).toBe(rowsOf.credits);
    expect(lines.refunds!.amount! + lines.voids!.amount!).toBe(rowsOf.back);
    expect(figure(day, 'count')).toBe(rowsOf.sales);
    for (const m of rowsOf.methods) expect(methodRow(day, m.method), m.method).toMatchObject({ taken: m.taken, paidBack: m.back, netTaken: m.taken - m.back });
    expect(figure(day, 'taken')).toBe(rowsOf.methods.reduce((a, m) => a + m.taken, 0));
    expect(figure(day, 'paidBack')).toBe(rowsOf.methods.reduce((a, m) => a + m.back, 0));
    expect(money.storeCreditIssued).toBe(rowsOf.credit.issued);
    expect(money.storeCreditSpent).toBe(rowsOf.credit.spent);
    expect(rowsOf.credit).toEqual({ issued: credit, spent: credit });
    expect(figure(day, 'unbalanced')).toBe(0);
    // Without a range it is today's.
    const byDefault = await ok<Report>(call(admin, 'GET', `/api/reports/storeday?locationId=${store}`), 200);
    expect([byDefault.from, byDefault.to]).toEqual([today, today]);
    expect(byDefault.summary).toEqual(day.summary);
  });

  it('lists the day’s sales to review', async () => {
    const front = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const total = shownTotal([{ product: cloth }]);
    const sale = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(front, [{ product: cloth }], { soldOffline: true, payments: [{ method: 'cash', amount: total + 500, tendered: total + 500 }] })));
    const day = await report('storeday');
    expect(sectionOf(day, 'dayReview').find((row) => row.key === sale.invoice.id)).toEqual({ key: sale.invoice.id, label: String(sale.invoice.number), values: { amount: total, paid: total, reviewed: 0 } });
    expect(figure(day, 'toReview')).toBeGreaterThanOrEqual(1);
  });
});

describe('the unbalanced invoices', () => {
  it('are none in the demo data and the day’s sales; an invoice corrupted behind the ledger is listed with its rule', async () => {
    // Every demo invoice balances by the ledger's rule; the report reads at most a month at a time.
    expect(await ownerRows(h, unbalancedInvoices(sql`select * from invoices`))).toEqual([]);
    for (const locationId of [demoIds.downtown, demoIds.uptown]) {
      const clean = await ok<Report>(call(admin, 'GET', `/api/reports/unbalanced?locationId=${locationId}`), 200);
      expect(figure(clean, 'unbalanced')).toBe(0);
      expect(figure(clean, 'checked')).toBeGreaterThan(0);
      expect(sectionOf(clean, 'unbalanced')).toEqual([]);
    }
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 10);
    for (const name of ['unbalanced', 'storeday']) {
      const tooLong = await call(admin, 'GET', `/api/reports/${name}?from=${from}&to=${today}`);
      expect(tooLong.statusCode, tooLong.body).toBe(400);
      expect(JSON.parse(tooLong.body)).toMatchObject({ fields: { to: 'This report covers at most 31 days' } });
    }
    const front = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const sale = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(front, [{ product: cloth }])));
    const stocked = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(front, [{ product: cloth, quantity: 2 }])));
    expect(figure(await report('unbalanced'), 'unbalanced')).toBe(0);
    // Written with the owner's connection, as no route can: a paid total that is not its payments, a stock movement short.
    await h.db.owner.execute(sql`update invoices set paid_total = paid_total - 1 where id = ${sale.invoice.id}`);
    await h.db.owner.execute(sql`update stock_movements set quantity = quantity + 1 where invoice_id = ${stocked.invoice.id}`);
    const broken = await report('unbalanced');
    expect(figure(broken, 'unbalanced')).toBe(2);
    const listed = Object.fromEntries(sectionOf(broken, 'unbalanced').map((row) => [row.key, row]));
    expect(listed[sale.invoice.id]).toMatchObject({ label: String(sale.invoice.number), values: { amount: sale.invoice.total, paid: sale.invoice.total - 1, rulePaid: 1, ruleGivenBack: 0, ruleLineBack: 0, ruleStock: 0 } });
    expect(listed[stocked.invoice.id]!.values).toMatchObject({ rulePaid: 0, ruleStock: 1 });
    expect(figure(await report('storeday'), 'unbalanced')).toBe(2);
  });
});
