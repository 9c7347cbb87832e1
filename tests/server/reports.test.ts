/**
 * The admin's reports over HTTP: sales made at the register give known totals (net, tax, discounts, refunds, voids,
 * payments by method, deposits and balances collected, categories, clerks), the aggregates kept by the sale's own
 * transaction equal a rebuild from the records, the CSV is the table, a clerk gets 403, Brightsight's admin sees
 * only Brightsight, hostile query parameters get 400, and the enterprise admin gets each company's sums, and its lab
 * orders, recalls, appointments and eForms figures equal to its own admin's, never a record.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnTitles, dayReports, reportCsv, reportNames, type Report } from '../../src/contract/reports';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { thisMonth } from '../../server/reports/routes';
import { admin, call, h, newPatient, ok, orderBody, orderFixture, otherAdmin, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows, signIn } from './harness';
import { oneMaterial, openRegister, product, saleBody, shownTotal, type Hit, type Sale } from './pos-fixtures';

startClinical();

let session: string;
let frame: Hit;
let lens: Hit;
let cloth: Hit;
let exam: Hit;
let today: string;

beforeAll(async () => {
  session = await openRegister(admin, posDemoIds.uptownFrontDesk);
  [frame, lens, cloth, exam] = await Promise.all([
    product(admin, posDemoSkus.frame, demoIds.uptown),
    product(admin, posDemoSkus.lens, demoIds.uptown),
    product(admin, posDemoSkus.cloth, demoIds.uptown),
    product(admin, posDemoSkus.exam, demoIds.uptown),
  ]);
  today = thisMonth(new Date(), 'America/New_York').today;
});

const report = (name: string, query = '', who = admin) => call(who, 'GET', `/api/reports/${name}${query ? `?${query}` : ''}`);
const uptownToday = () => `locationId=${demoIds.uptown}&from=${today}&to=${today}`;
const get = async (name: string, query: string, who = admin) => ok<Report>(report(name, query, who), 200);
const row = (r: Report, key: string, section = 0) => r.sections[section]!.rows.find((x) => x.key === key);
const figure = (r: Report, key: string) => r.summary.find((f) => f.key === key)?.value;

describe('sales, payments, discounts, refunds and voids', () => {
  it('sales made now change today\'s figures by exactly their amounts, in every grouping', async () => {
    const before = {
      sales: await get('sales', uptownToday()),
      payments: await get('payments', uptownToday()),
      adjustments: await get('adjustments', uptownToday()),
      category: await get('sales', `${uptownToday()}&group=category`),
      clerk: await get('sales', `${uptownToday()}&group=clerk`),
      store: await get('sales', `${uptownToday()}&group=store`),
    };
    const patient = await newPatient(admin, { locationId: demoIds.uptown });

    // 1: a frame and two cloths with 10% off the cloths, paid by card.
    const lines1 = [{ product: frame }, { product: cloth, quantity: 2, discount: { type: 'percent' as const, value: 1_000, reason: 'Loyal customer' } }];
    const total1 = shownTotal(lines1);
    const sale1 = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(session, lines1, { payments: [{ method: 'card', amount: total1, reference: '4242' }] })));
    // 2: an exam paid in cash, then voided: being paid, that is a refund in full.
    const lines2 = [{ product: exam }];
    const total2 = shownTotal(lines2);
    const sale2 = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(session, lines2)));
    // 3: a lens with a deposit of 5000 cents in cash; the balance paid later by card.
    const lines3 = [{ product: lens, rxId: null, optionIds: oneMaterial(lens) }];
    const total3 = shownTotal(lines3);
    const sale3 = await ok<Sale>(
      call(admin, 'POST', '/api/pos/sales', saleBody(session, lines3, { patientId: patient.id, deposit: true, payments: [{ method: 'cash', amount: 5_000, tendered: 5_000 }] })),
    );
    expect(sale3.invoice.balance).toBe(total3 - 5_000);
    await ok(call(admin, 'POST', `/api/invoices/${sale3.invoice.id}/payments`, { method: 'card', amount: total3 - 5_000, reference: 'later' }, { 'idempotency-key': randomUUID() }));
    // Sale 1's two cloths: one given back, to the card.
    const refund = await ok<{ credit: { total: number; taxTotal: number; discountTotal: number } }>(
      call(admin, 'POST', `/api/pos/invoices/${sale1.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: session, reason: 'Changed mind', lines: [{ lineNo: 2, quantity: 1 }], refundTo: 'original' }),
    );
    const refunded2 = await ok<{ credit: { total: number; taxTotal: number; discountTotal: number; status: string } }>(
      call(admin, 'POST', `/api/invoices/${sale2.invoice.id}/void`, { reason: 'Entered twice', registerSessionId: session }),
      200,
    );
    expect(refunded2.credit.status).toBe('refunded');
    // 4: an invoice nobody paid, voided.
    const open4 = await ok<Sale['invoice'] & { taxTotal: number }>(
      call(admin, 'POST', '/api/invoices', { patientId: patient.id, locationId: demoIds.uptown, lines: [{ kind: 'product', description: 'Repair', quantity: 1, unitPrice: 2_000 }], notes: '' }),
    );
    const voided = await ok<{ credit: { total: number; taxTotal: number; discountTotal: number; status: string } }>(
      call(admin, 'POST', `/api/invoices/${open4.id}/void`, { reason: 'Entered twice' }),
      200,
    );
    expect(voided.credit.status).toBe('void');

    const inv = (s: Sale) => ownerRows<{ total: number; tax_total: number; discount_total: number }>(h, sql`select total, tax_total, discount_total from invoices where id = ${s.invoice.id}`).then((r) => r[0]!);
    const [i1, i2, i3] = await Promise.all([inv(sale1), inv(sale2), inv(sale3)]);
    const i4 = { total: open4.total, tax_total: open4.taxTotal };
    const net = (i: { total: number; tax_total: number }) => Number(i.total) - Number(i.tax_total);
    const refundNet = -(refund.credit.total - refund.credit.taxTotal);
    const refund2Net = -(refunded2.credit.total - refunded2.credit.taxTotal);
    const voidNet = -(voided.credit.total - voided.credit.taxTotal);

    const after = await get('sales', uptownToday());
    const delta = (k: string) => (figure(after, k) ?? 0) - (figure(before.sales, k) ?? 0);
    expect(delta('count')).toBe(4);
    expect(delta('net')).toBe(net(i1) + net(i3) - refundNet);
    expect(delta('net')).toBe(net(i1) + net(i2) + net(i3) + net(i4) - refundNet - refund2Net - voidNet);
    expect(delta('tax')).toBe(Number(i1.tax_total) + Number(i3.tax_total) + refund.credit.taxTotal);
    expect(delta('discounts')).toBe(Number(i1.discount_total) + refund.credit.discountTotal);
    expect(delta('refunds')).toBe(-refund.credit.total + total2);
    expect(after.sections[0]!.rows.find((r) => r.key === today)!.values.count).toBe((row(before.sales, today)?.values.count ?? 0) + 4);

    const adj = await get('adjustments', uptownToday());
    const adjDelta = (k: string) => (figure(adj, k) ?? 0) - (figure(before.adjustments, k) ?? 0);
    expect(adjDelta('voidsCount')).toBe(1);
    expect(adjDelta('voids')).toBe(open4.total);
    expect(adjDelta('refundsCount')).toBe(2);
    expect(adjDelta('refunds')).toBe(-refund.credit.total + total2);

    const pay = await get('payments', uptownToday());
    const payDelta = (method: string, k: string) => (row(pay, method)?.values[k] ?? 0) - (row(before.payments, method)?.values[k] ?? 0);
    expect(payDelta('card', 'taken')).toBe(total1 + (total3 - 5_000));
    expect(payDelta('card', 'balances')).toBe(total3 - 5_000);
    expect(payDelta('cash', 'deposits')).toBe(5_000);
    expect(payDelta('cash', 'taken')).toBe(total2 + 5_000);
    expect(payDelta('card', 'paidBack')).toBe(-refund.credit.total);
    expect(payDelta('cash', 'paidBack')).toBe(total2);

    const cat = await get('sales', `${uptownToday()}&group=category`);
    const catDelta = (c: string, k: string) => (row(cat, c)?.values[k] ?? 0) - (row(before.category, c)?.values[k] ?? 0);
    expect(catDelta('accessory', 'count')).toBe(1);
    expect(catDelta('frame', 'count')).toBe(1);
    expect(catDelta('spectacle-lens', 'net')).toBe(net(i3));

    const clerks = await get('sales', `${uptownToday()}&group=clerk`);
    const alex = clerks.sections[0]!.rows.find((r) => r.label === 'Alex Admin')!;
    const alexBefore = before.clerk.sections[0]!.rows.find((r) => r.label === 'Alex Admin');
    expect(alex.values.count! - (alexBefore?.values.count ?? 0)).toBe(4);
    const stores = await get('sales', `${uptownToday()}&group=store`);
    expect(stores.sections[0]!.rows.map((r) => r.label)).toEqual(['Uptown']);
    expect(stores.sections[0]!.rows[0]!.values.net! - (before.store.sections[0]!.rows[0]?.values.net ?? 0)).toBe(delta('net'));
  });

  it('the aggregates kept by each sale\'s transaction equal a rebuild from the records', async () => {
    const kept = await ownerRows(h, sql`select * from report_sales_daily order by tenant_id, location_id, day, clerk_id`);
    const keptCat = await ownerRows(h, sql`select * from report_category_daily order by tenant_id, location_id, day, category`);
    const keptPay = await ownerRows(h, sql`select * from report_payments_daily order by tenant_id, location_id, day, method`);
    const keptTurn = await ownerRows(h, sql`select * from report_lab_turnaround order by tenant_id, lab_order_id`);
    const keptOpen = await ownerRows(h, sql`select * from report_open_daily where open_count <> 0 or open_balance <> 0 order by tenant_id, location_id, day`);
    await ownerRows(h, sql`select app_reports_rebuild(null)`);
    expect(await ownerRows(h, sql`select * from report_lab_turnaround order by tenant_id, lab_order_id`)).toEqual(keptTurn);
    expect(await ownerRows(h, sql`select * from report_open_daily order by tenant_id, location_id, day`)).toEqual(keptOpen);
    expect(keptTurn.length).toBeGreaterThan(0);
    expect(keptOpen.length).toBeGreaterThan(0);
    expect(await ownerRows(h, sql`select * from report_sales_daily order by tenant_id, location_id, day, clerk_id`)).toEqual(kept);
    const rebuiltCat = await ownerRows(h, sql`select * from report_category_daily order by tenant_id, location_id, day, category`);
    expect(rebuiltCat).toEqual(keptCat);
    expect(await ownerRows(h, sql`select * from report_payments_daily order by tenant_id, location_id, day, method`)).toEqual(keptPay);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('the month\'s figures equal sums over the invoices themselves', async () => {
    const month = thisMonth(new Date(), 'America/New_York');
    const r = await get('sales', `from=${month.from}&to=${month.to}`);
    const [direct] = await ownerRows<{ count: string; net: string; tax: string }>(
      h,
      sql`select count(*) filter (where i.related_invoice_id is null) as count, sum(i.total - i.tax_total) as net, sum(i.tax_total) as tax
          from invoices i join locations l on l.tenant_id = i.tenant_id and l.id = i.location_id
          where i.tenant_id = ${demoIds.clearview} and (i.issued_at at time zone l.time_zone)::date between ${month.from}::date and ${month.to}::date`,
    );
    expect(figure(r, 'count')).toBe(Number(direct!.count));
    expect(figure(r, 'net')).toBe(Number(direct!.net ?? 0));
    expect(figure(r, 'tax')).toBe(Number(direct!.tax ?? 0));
    // Every day of the month is a row, in order.
    expect(r.sections[0]!.rows[0]!.key).toBe(month.from);
    expect(r.sections[0]!.rows.at(-1)!.key).toBe(month.to);
  });
});

describe('every report', () => {
  it.each(reportNames)('%s answers with its default range (this month; a day’s report, today) and its CSV is the table', async (name) => {
    const r = await get(name, '');
    const month = thisMonth(new Date(), 'America/New_York');
    const [from, to] = dayReports.includes(name) ? [month.today, month.today] : [month.from, month.to];
    expect([r.from, r.to]).toEqual([from, to]);
    const res = await call(admin, 'GET', `/api/reports/${name}/csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`${name}-${from}-to-${to}.csv`);
    expect(res.body).toBe(reportCsv(r));
    // The table, line for line: the header is the columns, each row its label and values.
    const lines = res.body.split('\r\n');
    const section = r.sections[0]!;
    const header = lines.findIndex((l) => l.startsWith('Label,'));
    // Money titles name the report's currency.
    expect(lines[header]).toBe(['Label', ...section.columns.map((c) => `${columnTitles[c.key]}${c.kind === 'money' ? ` (${r.currency})` : ''}`)].join(','));
    expect(lines.slice(header + 1, header + 1 + section.rows.length).map((l) => l.split(',')[0]?.replace(/^"|"$/g, ''))).toEqual(section.rows.map((x) => x.label));
  });

  it('the lab orders, recalls, appointments and eForms reports read the seeded records', async () => {
    const wide = 'from=2020-01-01&to=2021-12-31';
    const recent = (() => {
      const d = new Date();
      const from = new Date(d.getTime() - 700 * 86_400_000).toISOString().slice(0, 10);
      return `from=${from}&to=${d.toISOString().slice(0, 10)}`;
    })();
    const lab = await get('laborders', recent);
    const [direct] = await ownerRows<{ n: string }>(h, sql`select count(*) as n from lab_orders where tenant_id = ${demoIds.clearview} and created_at >= now() - interval '699 days'`);
    expect(Math.abs((figure(lab, 'orders') ?? 0) - Number(direct!.n))).toBeLessThanOrEqual(Number(direct!.n) * 0.02 + 2);
    expect(lab.sections.map((s) => s.id)).toEqual(['status', 'remakes']);
    const appts = await get('appointments', recent);
    expect(figure(appts, 'booked')).toBeGreaterThan(0);
    const none = await get('appointments', wide);
    expect(figure(none, 'booked')).toBe(0);
    expect(figure(none, 'noShowRate')).toBeNull();
    await get('recalls', recent);
    await get('eforms', recent);
    const balances = await get('balances', '');
    expect(balances.sections[0]!.rows.map((x) => x.key)).toEqual(['0-30', '31-60', '61-90', '90+']);
    const [open] = await ownerRows<{ n: string; b: string }>(
      h,
      sql`select count(*) as n, coalesce(sum(total - paid_total), 0) as b from invoices where tenant_id = ${demoIds.clearview} and status = 'open' and related_invoice_id is null and total > paid_total`,
    );
    expect(figure(balances, 'count')).toBe(Number(open!.n));
    expect(figure(balances, 'balance')).toBe(Number(open!.b));
  });
});

describe('who may read reports', () => {
  it('a clerk gets 403 for every report and its CSV; a patient too', async () => {
    for (const name of reportNames) {
      expect((await report(name, '', staff)).statusCode).toBe(403);
      expect((await call(staff, 'GET', `/api/reports/${name}/csv`)).statusCode).toBe(403);
    }
    const patient = await signIn(h, 'patient@clearview.test');
    expect((await report('sales', '', patient)).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/reports/sales' })).statusCode).toBe(401);
  });

  it("Brightsight's admin sees only Brightsight; naming Clearview's store is not found", async () => {
    const r = await get('sales', 'group=store&from=2000-01-01&to=2001-12-31', otherAdmin);
    expect(r.sections[0]!.rows).toEqual([]);
    const month = await get('sales', 'group=store', otherAdmin);
    expect(month.sections[0]!.rows.every((x) => x.label === 'Main Street')).toBe(true);
    const wide = new Date();
    const from = new Date(wide.getTime() - 700 * 86_400_000).toISOString().slice(0, 10);
    const all = await get('sales', `group=store&from=${from}&to=${wide.toISOString().slice(0, 10)}`, otherAdmin);
    expect(all.sections[0]!.rows.map((x) => x.label)).toEqual(['Main Street']);
    const [direct] = await ownerRows<{ n: string }>(h, sql`select count(*) as n from invoices where tenant_id = ${demoIds.brightsight} and related_invoice_id is null and issued_at >= ${from}::date - 1`);
    expect(figure(all, 'count')).toBeLessThanOrEqual(Number(direct!.n));
    expect((await report('sales', `locationId=${demoIds.uptown}`, otherAdmin)).statusCode).toBe(404);
    expect((await report('balances', `locationId=${demoIds.downtown}`, otherAdmin)).statusCode).toBe(404);
  });
});

describe('hostile query parameters', () => {
  const bad: [string, string, string][] = [
    ['unknown report', '/api/reports/secrets', 'report'],
    ['from not a date', '/api/reports/sales?from=yesterday&to=2026-01-01', 'from'],
    ['an impossible day', '/api/reports/sales?from=2026-02-30&to=2026-03-01', 'from'],
    ['to before from', '/api/reports/sales?from=2026-03-01&to=2026-02-01', 'to'],
    ['only one end', '/api/reports/sales?from=2026-03-01', 'to'],
    ['a range of ten years', '/api/reports/sales?from=2016-01-01&to=2026-01-01', 'to'],
    ['store not an id', "/api/reports/sales?locationId=1'%20or%201=1", 'locationId'],
    ['unknown group', '/api/reports/sales?group=patient', 'group'],
    ['group not offered', '/api/reports/payments?group=clerk', 'group'],
    ['an unknown parameter', '/api/reports/sales?tenantId=x', ''],
    ['SQL in a date', "/api/reports/sales?from=2026-01-01';drop%20table%20invoices;--&to=2026-01-02", 'from'],
    ['an array for a date', '/api/reports/sales?from=2026-01-01&from=2026-01-02&to=2026-01-03', 'from'],
  ];
  it.each(bad)('%s: 400 naming the field', async (_what, url, field) => {
    const res = await call(admin, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(JSON.stringify(json(res))).toContain(field);
  });
});

describe('the enterprise admin', () => {
  it('gets each company\'s sums across companies (no records), audited in each company', async () => {
    const erin = await signIn(h, 'enterprise@portal.test', { isEnterpriseAdmin: true });
    const from = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const r = await ok<Report>(call(erin, 'GET', `/api/enterprise/reports/sales?from=${from}&to=${to}`), 200);
    expect(r.sections[0]!.rows.map((x) => x.label).sort()).toEqual(['Brightsight Eyecare', 'Clearview Optical']);
    const bright = r.sections[0]!.rows.find((x) => x.label === 'Brightsight Eyecare')!;
    const own = await get('sales', `from=${from}&to=${to}`, otherAdmin);
    expect(bright.values.count).toBe(figure(own, 'count'));
    expect(bright.values.net).toBe(figure(own, 'net'));
    const payments = await ok<Report>(call(erin, 'GET', `/api/enterprise/reports/payments?from=${from}&to=${to}`), 200);
    expect(payments.sections[0]!.rows.length).toBeGreaterThan(0);
    await ok<Report>(call(erin, 'GET', `/api/enterprise/reports/categories?from=${from}&to=${to}`), 200);
    const audited = await ownerRows<{ tenant_id: string }>(h, sql`select distinct tenant_id from audit_log where action = 'enterprise.report.read'`);
    expect(audited.map((a) => a.tenant_id).sort()).toEqual([demoIds.brightsight, demoIds.clearview, demoIds.platform].sort());
    expect((await call(erin, 'GET', '/api/enterprise/reports/patients')).statusCode).toBe(400);
    expect((await call(erin, 'GET', '/api/enterprise/reports/sales?from=2026-01-02&to=2026-01-01')).statusCode).toBe(400);
    // An admin of a company is not the enterprise admin; the enterprise admin reads no company's own report.
    expect((await call(admin, 'GET', '/api/enterprise/reports/sales')).statusCode).toBe(403);
    expect((await call(erin, 'GET', '/api/reports/sales')).statusCode).toBe(403);
  });
});

describe('the enterprise admin: lab orders, recalls, appointments and eForms across companies', () => {
  const names = ['laborders', 'recalls', 'appointments', 'eforms'] as const;
  const recent = () => {
    const d = new Date();
    return `from=${new Date(d.getTime() - 700 * 86_400_000).toISOString().slice(0, 10)}&to=${d.toISOString().slice(0, 10)}`;
  };
  const enterpriseAdmin = () => signIn(h, 'enterprise@portal.test', { isEnterpriseAdmin: true });
  const auditedReads = async (name: string) =>
    Object.fromEntries(
      (
        await ownerRows<{ tenant_id: string; n: string }>(
          h,
          sql`select tenant_id, count(*) as n from audit_log where action = 'enterprise.report.read' and target_id = ${name} group by tenant_id`,
        )
      ).map((r) => [r.tenant_id, Number(r.n)]),
    );
  beforeAll(async () => {
    // What the seed lacks: a remake with its reason, and a recall sent whose patient then booked.
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(await orderFixture(admin))));
    for (const step of [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'remake', reason: 'Dropped at the lab', reasonKind: 'breakage' }]) {
      await ok(call(admin, 'POST', `/api/lab-orders/${order.id}/status`, step), 200);
    }
    const recalled = await newPatient(admin, { consentContact: true });
    const recall = await ok<{ id: string }>(call(staff, 'POST', '/api/recalls', { patientId: recalled.id, type: 'follow-up', dueOn: '2027-01-15' }));
    await ok(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'sent' }), 200);
    await ok(call(staff, 'POST', '/api/appointments', { patientId: recalled.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2031-04-07T14:05:00.000Z', durationMinutes: 15 }));
  });
  /** A figure each report must show above zero for the comparison to mean something: its section and column. */
  const nonZero: Record<(typeof names)[number], [string, string]> = {
    laborders: ['remakes', 'count'],
    recalls: ['recalls', 'booked'],
    appointments: ['companies', 'noShow'],
    eforms: ['companies', 'submitted'],
  };
  const companies: [string, () => typeof admin][] = [
    [demoIds.clearview, () => admin],
    [demoIds.brightsight, () => otherAdmin],
  ];

  it.each(names)("%s: each company's row and its rows by key equal its admin's own report for the same range; audited in each company", async (name) => {
    const erin = await enterpriseAdmin();
    const range = recent();
    const before = await auditedReads(name);
    const across = await ok<Report>(call(erin, 'GET', `/api/enterprise/reports/${name}?${range}`), 200);
    const totals = across.sections[0]!;
    expect(totals.id).toBe('companies');
    expect(totals.rows.map((x) => x.label).sort()).toEqual(['Brightsight Eyecare', 'Clearview Optical']);
    for (const [companyId, who] of companies) {
      const own = await get(name, range, who());
      const row = totals.rows.find((x) => x.key === companyId)!;
      // The company's row is the summary of its own report, figure for figure (medians and rates included).
      expect(row.values, `${name} ${companyId}`).toEqual(Object.fromEntries(own.summary.map((f) => [f.key, f.value])));
      // Its rows by status, reason or type are the own report's rows of the same section.
      for (const ownSection of own.sections) {
        const mine = across.sections.find((s) => s.id === ownSection.id);
        if (name === 'eforms') expect(mine).toBeUndefined();
        if (!mine) continue;
        const ofCompany = mine.rows.filter((x) => x.key.startsWith(`${companyId}:`));
        expect(ofCompany.map((x) => [x.key.slice(companyId.length + 1), x.values])).toEqual(ownSection.rows.map((x) => [x.key, x.values]));
      }
    }
    const [sectionId, column] = nonZero[name];
    expect(across.sections.find((x) => x.id === sectionId)!.rows.reduce((a, x) => a + (x.values[column] ?? 0), 0)).toBeGreaterThan(0);
    const after = await auditedReads(name);
    for (const tenant of [demoIds.clearview, demoIds.brightsight, demoIds.platform]) expect(after[tenant] ?? 0, tenant).toBe((before[tenant] ?? 0) + 1);
  });

  it('answers aggregates only: every row is a company or a company and a key, and no patient or record id or name is in it', async () => {
    const erin = await enterpriseAdmin();
    const text = (await Promise.all(names.map((name) => ok<Report>(call(erin, 'GET', `/api/enterprise/reports/${name}?${recent()}`), 200)))).map((r) => JSON.stringify(r));
    const key = new RegExp(`^(${demoIds.clearview}|${demoIds.brightsight})(:[a-z-]+)?$`);
    for (const body of text) for (const r of (JSON.parse(body) as Report).sections.flatMap((s) => s.rows)) expect(r.key).toMatch(key);
    const ids = await ownerRows<{ id: string }>(
      h,
      sql`select id from patients union all select id from lab_orders union all select id from appointments union all select id from recalls union all select id from form_assignments`,
    );
    const people = await ownerRows<{ first_name: string; last_name: string }>(h, sql`select first_name, last_name from patients`);
    const all = text.join('\n');
    expect(ids.length).toBeGreaterThan(0);
    for (const { id } of ids) expect(all).not.toContain(id);
    for (const p of people) expect(all).not.toContain(`${p.first_name} ${p.last_name}`);
  });

  it("the door refuses a company tenant's transaction (the platform tenant's only) and writes no audit row", async () => {
    const before = await auditedReads('recalls');
    const refused = await h.db
      .tenantTransaction(demoIds.clearview, (tx) =>
        tx.execute(sql`select * from app_enterprise_report(${admin.user.id}::uuid, '127.0.0.1', 'recalls', '2026-01-01'::date, '2026-01-31'::date, now())`),
      )
      .then(
        () => 'answered',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(refused).toContain('only the platform tenant may act across companies');
    expect(await auditedReads('recalls')).toEqual(before);
  });

  it('the company admin, a clerk and a patient get 403; a bad range gets 400 naming the field; the calendar\'s ends answer', async () => {
    const patient = await signIn(h, 'patient@clearview.test');
    for (const name of names) {
      for (const who of [admin, otherAdmin, staff, patient]) expect((await call(who, 'GET', `/api/enterprise/reports/${name}`)).statusCode).toBe(403);
    }
    const erin = await enterpriseAdmin();
    const bad: [string, string][] = [
      ['/api/enterprise/reports/laborders?from=2026-03-01&to=2026-02-01', 'to'],
      ['/api/enterprise/reports/recalls?from=2026-03-01', 'to'],
      ['/api/enterprise/reports/appointments?from=2016-01-01&to=2026-01-01', 'to'],
      ['/api/enterprise/reports/eforms?from=2026-02-30&to=2026-03-01', 'from'],
      ['/api/enterprise/reports/eforms?to=9999-99-99&from=2026-01-01', 'to'],
      ['/api/enterprise/reports/patients', 'report'],
    ];
    for (const [url, field] of bad) {
      const res = await call(erin, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(Object.keys((json(res) as { fields?: Record<string, string> }).fields ?? {}), url).toContain(field);
    }
    // The ends of the calendar are ranges like any other: zeros, not an error.
    for (const range of ['from=1970-01-01&to=1970-01-01', 'from=9999-12-31&to=9999-12-31']) {
      for (const name of names) {
        const r = await ok<Report>(call(erin, 'GET', `/api/enterprise/reports/${name}?${range}`), 200);
        expect(r.sections[0]!.rows.every((x) => !x.values.orders && !x.values.sent && !x.values.booked), `${name} ${range}`).toBe(true);
      }
      for (const name of reportNames) expect((await report(name, range)).statusCode, `${name} ${range}`).toBe(200);
    }
  });
});
