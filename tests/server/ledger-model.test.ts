/**
 * A property-based model of the books (shared/design/ledger.md): random sequences of sales (online and offline,
 * with and without patients, deposits, split payments, store credit, hostile offline payments and times), replays,
 * payments at the invoice screen, refunds by line, voids, pay-ins and pay-outs and parked sales resumed, by staff and
 * admin, over HTTP against the real database. After every step every balance of the books must hold (each
 * invoice's own by the ledger's definition, server/ledger/balance.ts, the unbalanced-invoices report's):
 *
 * - each invoice's paid total is the sum of its payments, between 0 and its total (a credit record: between its
 *   total and 0), and no invoice has had back more money, or more of a line, than it was paid or sold;
 * - each patient's store credit is the sum of its entries, never below zero, and moves exactly as the store-credit
 *   payments and refunds of the patient's invoices;
 * - stock at the store is where it started less what was sold plus what came back, each movement its invoice's lines;
 * - each session's expected cash is its float plus the cash it took less the cash it paid back, plus pay-ins less
 *   pay-outs, and cash tendered is at least what it settled;
 * - the reports' daily sums, and today's store-day summary, are the sums of their invoices and payments;
 * - a refused request writes nothing, and nothing answers 5xx.
 *
 * A fixed seed and LEDGER_MODEL_RUNS runs (default 8; more on demand, e.g. LEDGER_MODEL_RUNS=200).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { Discount } from '../../src/contract/pos';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { unbalancedInvoices } from '../../server/ledger/ledger';
import { admin, call, h, newPatient, ok, staff } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows, type SignedIn } from './harness';
import { openRegister, product, saleBody, shownTotal, type Hit, type LineIn, type Sale } from './pos-fixtures';

startClinical();

const runs = Number(process.env.LEDGER_MODEL_RUNS) || 8;

let session: string;
let catalogue: Hit[];
let patients: string[];

beforeAll(async () => {
  session = await openRegister(staff, posDemoIds.downtownFrontDesk, [{ denomination: 2_000, count: 10 }]);
  catalogue = await Promise.all([posDemoSkus.cloth, posDemoSkus.exam, posDemoSkus.frame, posDemoSkus.contactLens, posDemoSkus.frameOutOfStock].map((sku) => product(staff, sku)));
  patients = [(await newPatient(staff)).id, (await newPatient(staff)).id];
});

interface Model {
  sales: { id: string; body: ReturnType<typeof saleBody>; lines: number }[];
}

type Step = (model: Model) => Promise<void>;

const who = fc.constantFrom<'staff' | 'admin'>('staff', 'admin');
const signedIn = (w: 'staff' | 'admin'): SignedIn => (w === 'admin' ? admin : staff);

/** How many rows the books hold: a refused request must leave these as they were. */
async function bookRows(): Promise<string> {
  const [row] = await ownerRows<Record<string, number>>(
    h,
    sql`select (select count(*) from invoices)::int as invoices, (select count(*) from payments)::int as payments,
      (select count(*) from store_credit_entries)::int as credit, (select count(*) from stock_movements)::int as stock,
      (select count(*) from cash_movements)::int as cash, (select count(*) from sales_to_review)::int as review`,
  );
  return JSON.stringify(row);
}

/** Sends a request; a 5xx fails, a refusal must write nothing. */
async function attempt(send: () => ReturnType<typeof call>): Promise<{ statusCode: number; body: string }> {
  const before = await bookRows();
  const res = await send();
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400) expect(await bookRows(), `a refusal wrote: ${res.body}`).toBe(before);
  return res;
}

const balancesHold = async () => {
  const broken = await ownerRows(
    h,
    sql`
    -- store credit: never below zero, and moved exactly as the store-credit payments of the patient's invoices
    select 'credit', e.patient_id::text from store_credit_entries e group by e.patient_id having sum(e.amount) < 0
    union all
    select 'credit moves', e.patient_id::text from (select patient_id, sum(amount) as moved from store_credit_entries where invoice_id is not null group by patient_id) e
      full join (select i.patient_id, -sum(p.amount) as moved from payments p join invoices i on i.id = p.invoice_id where p.method = 'store-credit' group by i.patient_id) p
        on p.patient_id = e.patient_id
      where coalesce(e.moved, 0) <> coalesce(p.moved, 0)
    union all
    select 'on hand', s.product_id::text from product_stock s
      left join (select location_id, product_id, sum(quantity) as moved from stock_movements group by 1, 2) m
        on m.location_id = s.location_id and m.product_id = s.product_id
      left join ledger_model_start st on st.location_id = s.location_id and st.product_id = s.product_id
      where st.on_hand is not null and s.on_hand <> st.on_hand + coalesce(m.moved, 0) - coalesce(st.moved, 0)
    union all
    -- cash tendered is at least what it settled
    select 'tendered', id::text from payments where tendered is not null and (method <> 'cash' or tendered < amount)
    union all
    -- the reports' daily sums are their invoices' and payments'
    select 'report sales', r.location_id::text from (select location_id, sum(sales_total) as sales, sum(refunds_total + voids_total) as back from report_sales_daily group by 1) r
      full join (select location_id, coalesce(sum(total) filter (where related_invoice_id is null), 0) as sales,
          coalesce(-sum(total) filter (where related_invoice_id is not null), 0) as back from invoices group by 1) i on i.location_id = r.location_id
      where coalesce(r.sales, 0) <> coalesce(i.sales, 0) or coalesce(r.back, 0) <> coalesce(i.back, 0)
    union all
    select 'report payments', r.location_id::text from (select location_id, sum(taken) as taken, sum(paid_back) as back from report_payments_daily group by 1) r
      full join (select i.location_id, coalesce(sum(p.amount) filter (where p.amount > 0), 0) as taken, coalesce(-sum(p.amount) filter (where p.amount < 0), 0) as back
          from payments p join invoices i on i.id = p.invoice_id group by 1) p on p.location_id = r.location_id
      where coalesce(r.taken, 0) <> coalesce(p.taken, 0) or coalesce(r.back, 0) <> coalesce(p.back, 0)
    union all
    select 'report open', o.location_id::text from (select location_id, sum(open_balance) as open from report_open_daily group by 1) o
      full join (select location_id, sum(total - paid_total) as open from invoices where status = 'open' and related_invoice_id is null group by 1) i on i.location_id = o.location_id
      where coalesce(o.open, 0) <> coalesce(i.open, 0)`,
  );
  expect(broken).toEqual([]);
  // Each invoice's own books, by the ledger's one definition (the unbalanced-invoices report's).
  expect(await ownerRows(h, unbalancedInvoices(sql`select * from invoices where tenant_id = ${demoIds.clearview}`))).toEqual([]);
  await storeDayIsItsInvoices();
  const report = await ok<{ expectedCash: number; floatTotal: number; cashIn: number; cashOut: number; payIns: number; payOuts: number }>(call(staff, 'GET', `/api/pos/sessions/${session}`), 200);
  const [drawer] = await ownerRows<{ cash: number; ins: number; outs: number }>(
    h,
    sql`select (select coalesce(sum(amount), 0) from payments where register_session_id = ${session} and method = 'cash')::float8 as cash,
      (select coalesce(sum(amount) filter (where kind = 'pay-in'), 0) from cash_movements where session_id = ${session})::float8 as ins,
      (select coalesce(sum(amount) filter (where kind = 'pay-out'), 0) from cash_movements where session_id = ${session})::float8 as outs`,
  );
  expect(report.expectedCash).toBe(report.floatTotal + drawer!.cash + drawer!.ins - drawer!.outs);
  expect(report.cashIn - report.cashOut).toBe(drawer!.cash);
};

/** Today's store-day summary at Downtown is the sum of the day's invoices and payments there. */
async function storeDayIsItsInvoices() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = await ok<{ summary: { key: string; value: number | null }[]; sections: { id: string; rows: { key: string; values: Record<string, number | null> }[] }[] }>(
    call(admin, 'GET', `/api/reports/storeday?locationId=${demoIds.downtown}&from=${today}&to=${today}`),
    200,
  );
  const rowsOf = (id: string) => day.sections.find((s) => s.id === id)!.rows;
  const lines = Object.fromEntries(rowsOf('dayInvoices').map((r) => [r.key, r.values]));
  const start = sql`(${today}::date)::timestamp at time zone 'America/New_York'`;
  const [inv] = await ownerRows<{ sales: number; sold: number; credits: number; back: number }>(
    h,
    sql`select count(*) filter (where related_invoice_id is null)::int as sales, coalesce(sum(total) filter (where related_invoice_id is null), 0)::float8 as sold,
          count(*) filter (where related_invoice_id is not null)::int as credits, coalesce(-sum(total) filter (where related_invoice_id is not null), 0)::float8 as back
        from invoices where location_id = ${demoIds.downtown} and issued_at >= ${start} and issued_at < ${start} + interval '1 day'`,
  );
  expect(lines.sales).toEqual({ count: inv!.sales, amount: inv!.sold });
  expect([lines.refunds!.count! + lines.voids!.count!, lines.refunds!.amount! + lines.voids!.amount!]).toEqual([inv!.credits, inv!.back]);
  const methods = await ownerRows<{ method: string; taken: number; back: number }>(
    h,
    sql`select p.method, coalesce(sum(p.amount) filter (where p.amount > 0), 0)::float8 as taken, coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::float8 as back
        from payments p join invoices i on i.id = p.invoice_id where i.location_id = ${demoIds.downtown} and p.paid_at >= ${start} and p.paid_at < ${start} + interval '1 day' group by 1`,
  );
  const byMethod = Object.fromEntries(rowsOf('payments').map((r) => [r.key, r.values]));
  for (const m of methods) expect(byMethod[m.method], m.method).toMatchObject({ taken: m.taken, paidBack: m.back });
  expect(day.summary.find((f) => f.key === 'unbalanced')!.value).toBe(0);
}

// ---- the steps -------------------------------------------------------------------------------------------------

const lineArb = fc.record({
  product: fc.integer({ min: 0, max: 4 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  discountBp: fc.option(fc.integer({ min: 100, max: 1_500 }), { nil: null }),
});

const saleArb = fc.record({
  who,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  patient: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  // Shares of the total by method (cash gets the rest); more than 1 in all pays over the total.
  card: fc.integer({ min: 0, max: 100 }),
  credit: fc.integer({ min: 0, max: 100 }),
  insurance: fc.integer({ min: 0, max: 100 }),
  overpay: fc.constantFrom(0, 0, 0, 1, 1_000_000),
  deposit: fc.boolean(),
  offline: fc.boolean(),
  soldAt: fc.constantFrom<string | undefined>(undefined, undefined, '2001-01-01T10:00:00Z', '2999-01-01T10:00:00Z'),
  park: fc.boolean(),
});

type Spec<A> = A extends fc.Arbitrary<infer T> ? T : never;

const sell =
  (s: Spec<typeof saleArb>): Step =>
  async (model) => {
    const lines: LineIn[] = s.lines.map((l) => ({
      product: catalogue[l.product]!,
      quantity: l.quantity,
      discount: l.discountBp ? ({ type: 'percent', value: l.discountBp, reason: 'Model' } as Discount) : null,
    }));
    const total = shownTotal(lines);
    const share = (n: number) => Math.floor((total * n) / 300);
    const payments: Record<string, unknown>[] = [];
    if (share(s.card) > 0) payments.push({ method: 'card', amount: share(s.card), reference: '4242' });
    if (share(s.credit) > 0) payments.push({ method: 'store-credit', amount: share(s.credit) });
    if (share(s.insurance) > 0) payments.push({ method: 'insurance', amount: share(s.insurance), insurancePlan: 'VSP', authorisation: 'A1' });
    const rest = s.deposit ? Math.floor((total - share(s.card) - share(s.credit) - share(s.insurance)) / 2) : total - share(s.card) - share(s.credit) - share(s.insurance);
    if (rest + s.overpay > 0) payments.push({ method: 'cash', amount: rest + s.overpay, tendered: rest + s.overpay + 500 });
    const patientId = s.patient === null ? null : patients[s.patient]!;
    let parkedId: string | undefined;
    if (s.park) {
      parkedId = randomUUID();
      const parked = saleBody(session, lines);
      await ok(call(signedIn(s.who), 'PUT', `/api/pos/parked/${parkedId}`, { id: parkedId, locationId: demoIds.downtown, kind: 'parked', patientId, lines: parked.lines, orderDiscount: null }), 200);
    }
    const body = { ...saleBody(session, lines, { patientId, payments, deposit: s.deposit, soldOffline: s.offline, ...(parkedId ? { parkedId } : {}) }), ...(s.soldAt ? { soldAt: s.soldAt } : {}) };
    const res = await attempt(() => call(signedIn(s.who), 'POST', '/api/pos/sales', body));
    if (res.statusCode === 201) {
      model.sales.push({ id: json<Sale>(res as never).invoice.id, body, lines: lines.length });
      if (parkedId) expect(await ownerRows(h, sql`select 1 from parked_sales where id = ${parkedId}`)).toEqual([]);
    } else if (parkedId) {
      await call(signedIn(s.who), 'DELETE', `/api/pos/parked/${parkedId}`);
    }
  };

const replay =
  (pick: number): Step =>
  async (model) => {
    if (!model.sales.length) return;
    const sale = model.sales[pick % model.sales.length]!;
    const before = await bookRows();
    const res = await call(staff, 'POST', '/api/pos/sales', sale.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Sale>(res)).toMatchObject({ replayed: true, invoice: { id: sale.id } });
    expect(await bookRows()).toBe(before);
  };

const payArb = fc.record({ who, pick: fc.nat(), method: fc.constantFrom('cash', 'card', 'store-credit', 'cheque'), share: fc.integer({ min: 1, max: 120 }), drawer: fc.boolean() });
const pay =
  (p: Spec<typeof payArb>): Step =>
  async (model) => {
    if (!model.sales.length) return;
    const sale = model.sales[p.pick % model.sales.length]!;
    const [inv] = await ownerRows<{ total: number; paid_total: number }>(h, sql`select total::float8 as total, paid_total::float8 as paid_total from invoices where id = ${sale.id}`);
    const amount = Math.max(1, Math.floor(((inv!.total - inv!.paid_total) * p.share) / 100));
    await attempt(() =>
      call(signedIn(p.who), 'POST', `/api/invoices/${sale.id}/payments`, { method: p.method, amount, reference: '1', ...(p.drawer ? { registerSessionId: session } : {}) }, { 'idempotency-key': randomUUID() }),
    );
  };

const refundArb = fc.record({ who, pick: fc.nat(), line: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }), toCredit: fc.boolean() });
const refund =
  (r: Spec<typeof refundArb>): Step =>
  async (model) => {
    if (!model.sales.length) return;
    const sale = model.sales[r.pick % model.sales.length]!;
    const body = { clientRefundId: randomUUID(), registerSessionId: session, lines: [{ lineNo: (r.line % sale.lines) + 1, quantity: r.quantity }], refundTo: r.toCredit ? 'store-credit' : 'original', reason: 'Model' };
    const res = await attempt(() => call(signedIn(r.who), 'POST', `/api/pos/invoices/${sale.id}/refunds`, body));
    // The same refund again records nothing new.
    if (res.statusCode === 201) {
      const before = await bookRows();
      expect((await call(signedIn(r.who), 'POST', `/api/pos/invoices/${sale.id}/refunds`, body)).statusCode).toBe(200);
      expect(await bookRows()).toBe(before);
    }
  };

const voidArb = fc.record({ pick: fc.nat(), method: fc.constantFrom(undefined, 'store-credit', 'card', 'cash'), drawer: fc.boolean() });
const voidSale =
  (v: Spec<typeof voidArb>): Step =>
  async (model) => {
    if (!model.sales.length) return;
    const sale = model.sales[v.pick % model.sales.length]!;
    await attempt(() => call(admin, 'POST', `/api/invoices/${sale.id}/void`, { reason: 'Model', ...(v.method ? { refundMethod: v.method } : {}), ...(v.drawer ? { registerSessionId: session } : {}) }));
  };

const cashArb = fc.record({ who, kind: fc.constantFrom('pay-in', 'pay-out'), amount: fc.integer({ min: 1, max: 60_000 }) });
const moveCash =
  (m: Spec<typeof cashArb>): Step =>
  async () => {
    await attempt(() => call(signedIn(m.who), 'POST', `/api/pos/sessions/${session}/movements`, { kind: m.kind, amount: m.amount, reason: 'Model' }));
  };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: saleArb.map(sell) },
  { weight: 1, arbitrary: fc.nat().map(replay) },
  { weight: 2, arbitrary: payArb.map(pay) },
  { weight: 3, arbitrary: refundArb.map(refund) },
  { weight: 2, arbitrary: voidArb.map(voidSale) },
  { weight: 1, arbitrary: cashArb.map(moveCash) },
);

it(`every balance of the books holds after every step (${runs} runs, fixed seed)`, { timeout: 600_000 }, async () => {
  // Where stock stood when the model began: on hand then, and the movements it already summed.
  await h.db.owner.execute(sql`drop table if exists ledger_model_start`);
  await h.db.owner.execute(
    sql`create table ledger_model_start as select s.location_id, s.product_id, s.on_hand, coalesce((select sum(quantity) from stock_movements m where m.location_id = s.location_id and m.product_id = s.product_id), 0) as moved from product_stock s`,
  );
  // Some credit to spend, as a goodwill gesture would give it.
  for (const patientId of patients) await h.db.owner.execute(sql`insert into store_credit_entries (tenant_id, patient_id, amount, reason) values (${demoIds.clearview}, ${patientId}, 5000, 'Goodwill')`);
  await balancesHold();
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
      const model: Model = { sales: [] };
      for (const step of steps) {
        await step(model);
        await balancesHold();
      }
    }),
    { numRuns: runs, seed: 20261128, endOnFailure: true },
  );
});
