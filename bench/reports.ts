/**
 * npm run bench:reports — every admin report over 1,000,000 invoices (5,000,000 lines) in one company on
 * PostgreSQL (budget: p95 under 1 s).
 *
 * A fresh database (bench_reports) on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrated
 * and seeded with the demo companies; then, generated with SQL generate_series for Clearview (half Downtown, half
 * Uptown, five years of days back from now): 20,000 patients; 1,000,000 sales of five lines each (catalogue
 * products, a tenth with a discount) by two clerks, 88% paid, 6% open (half with a deposit), 3% voided and 3%
 * refunded, each void and refund with its credit record; their payments; 200,000 lab orders with their sent and
 * ready events (a twentieth remakes); 300,000 appointments; 100,000 recalls; 50,000 eForm assignments. The bulk
 * load runs with the report triggers off and then builds the aggregates with app_reports_rebuild() (timed: what
 * the migration costs an existing database of this size); a sale made afterwards goes through the triggers.
 *
 * Times buildReport (server/reports/reports.ts, what the route runs) in a tenant transaction for each report: this
 * month and the last 365 days (the books' checks: today and this month), every store and one; sales by each grouping; the whole HTTP call for a few, and each of
 * the enterprise admin's reports across companies (the last 365 days). Prints
 * median and p95 in ms, writes bench/results/reports.json. Dropped at the end unless BENCH_KEEP=1; BENCH_REUSE=1
 * times a kept one again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { booksReports, enterpriseReportNames, groupsOf, reportNames, type ReportGroup, type ReportName } from '../src/contract/reports';
import { stockedKinds } from '../src/contract/pos';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows, withTenant, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { buildReport } from '../server/reports/reports';
import { thisMonth } from '../server/reports/routes';
import { log } from './lib/format';
import { root } from './lib/paths';
import { adminQuery, time } from './lib/timing';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const LINES_PER_INVOICE = 5;
const PATIENTS = 20_000;
const LAB_ORDERS = Math.round(INVOICES / 5);
const APPOINTMENTS = Math.round(INVOICES * 0.3);
const RECALLS = Math.round(INVOICES / 10);
const ASSIGNMENTS = Math.round(INVOICES / 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BUDGET_MS = 1_000;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'bench_reports';
const admin = (query: string) => adminQuery(base, query);
const keep = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_REUSE === '1';
const C = demoIds.clearview;

const step = async (what: string, fn: () => Promise<unknown>) => {
  const t0 = Date.now();
  await fn();
  const ms = Date.now() - t0;
  log(`${what.padEnd(60)} ${ms} ms`);
  return ms;
};

/** The five lines of generated sale `i` (line `l`): price, discount, tax at 8.25%. */
const lineMoney = (i: string, l: string) => sql.raw(`
  select p, d, round((p - d) * 825 / 10000.0)::bigint as t from (
    select 1000 + ((${i}::bigint * 7919 + ${l} * 104729) % 39000) as p,
           case when ${l} = 1 and ${i} % 10 = 0 then (1000 + ((${i}::bigint * 7919 + ${l} * 104729) % 39000)) / 10 else 0 end as d) x`);

/**
 * Every sold line of a stocked product takes its quantity from the store, as the register's sales do (the
 * unbalanced-invoices report checks it): the store's stock rows first, then one movement per line.
 */
async function addSaleMovements(o: Database['owner']) {
  const stocked = sql.join(
    stockedKinds.map((k) => sql`${k}`),
    sql`, `,
  );
  await o.execute(sql`
    insert into product_stock (tenant_id, location_id, product_id)
    select distinct i.tenant_id, i.location_id, l.product_id
    from invoices i join invoice_lines l on l.tenant_id = i.tenant_id and l.invoice_id = i.id
    join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
    where i.tenant_id = ${C} and i.related_invoice_id is null and p.kind in (${stocked})
    on conflict do nothing`);
  await o.execute(sql`
    insert into stock_movements (tenant_id, location_id, product_id, quantity, reason, invoice_id, at, by_user_id)
    select i.tenant_id, i.location_id, l.product_id, -l.quantity, 'sale', i.id, i.issued_at, i.created_by
    from invoices i join invoice_lines l on l.tenant_id = i.tenant_id and l.invoice_id = i.id
    join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
    where i.tenant_id = ${C} and i.related_invoice_id is null and i.notes ~ '^[0-9]+$' and p.kind in (${stocked})
      and not exists (select 1 from stock_movements m where m.tenant_id = i.tenant_id and m.invoice_id = i.id)`);
}

async function fill(db: Database): Promise<Record<string, number>> {
  const o = db.owner;
  const took: Record<string, number> = {};
  await seedDemoData(o);
  await o.execute(sql`alter table invoices disable trigger report_invoice_added`);
  await o.execute(sql`alter table invoices disable trigger report_invoice_open_changed`);
  await o.execute(sql`alter table lab_order_events disable trigger report_lab_event_added`);
  await o.execute(sql`alter table invoice_lines disable trigger report_line_added`);
  await o.execute(sql`alter table payments disable trigger report_payment_added`);

  took.patients = await step(`${PATIENTS} patients`, () =>
    o.execute(sql`
      insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, preferred_channel, created_via)
      select ${C}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, 'Bench', 'Patient' || i,
             date '1950-01-01' + (i * 37 % 20000), '555' || lpad(i::text, 7, '0'), 'bench' || i || '@example.test', 'email', 'import'
      from generate_series(1, ${PATIENTS}) i`),
  );
  // Fresh statistics before each bulk insert whose foreign-key checks read the table just filled.
  await o.execute(sql`analyze patients`);
  // The sale's number i is kept in notes, so that its lines and payments are computed alike.
  took.invoices = await step(`${INVOICES} sales`, () =>
    o.execute(sql`
      with pats as (select array_agg(id order by id) as a from patients where tenant_id = ${C}),
      clerks as (select array_agg(id order by id) as a from users where tenant_id = ${C} and roles && '{admin,staff}'),
      g as (select i, (i::bigint * 2654435761) % 1000 as r from generate_series(1, ${INVOICES}) i)
      insert into invoices (tenant_id, location_id, number, patient_id, status, issued_at, currency, subtotal, discount_total, tax_total, total, paid_total, created_by, created_at, notes)
      select ${C}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, 100000 + (i + 1) / 2,
             case when r % 3 = 0 then null else pats.a[1 + (i::bigint * 7919) % array_length(pats.a, 1)] end,
             s.status, now() - ((${INVOICES} - i) * interval '157 seconds') - (r * interval '1 second'), 'USD',
             m.subtotal, m.discount, m.tax, m.total,
             case when s.status in ('paid', 'refunded') then m.total when s.status = 'open' and r % 2 = 0 then m.total / 2 else 0 end,
             clerks.a[1 + i % array_length(clerks.a, 1)], now(), i::text
      from g cross join pats cross join clerks
      cross join lateral (select case when r < 880 then 'paid' when r < 940 then 'open' when r < 970 then 'void' else 'refunded' end as status) s
      cross join lateral (select sum(p) as subtotal, sum(d) as discount, sum(t) as tax, sum(p - d + t) as total
                          from generate_series(1, ${LINES_PER_INVOICE}) l cross join lateral (${lineMoney('i', 'l')}) lm) m`),
  );
  // As above, for the lines' and payments' checks against a million invoices.
  await o.execute(sql`analyze invoices`);
  took.lines = await step(`${INVOICES * LINES_PER_INVOICE} lines`, () =>
    o.execute(sql`
      with prods as (select array_agg(id order by id) as a from products where tenant_id = ${C})
      insert into invoice_lines (tenant_id, invoice_id, line_no, kind, sku, description, quantity, unit_price, discount, tax, total, product_id)
      select v.tenant_id, v.id, l, 'product', '', 'Item', 1, lm.p, lm.d, lm.t, lm.p - lm.d + lm.t, prods.a[1 + (v.n * 31 + l) % array_length(prods.a, 1)]
      from (select tenant_id, id, notes::bigint as n from invoices where tenant_id = ${C} and notes ~ '^[0-9]+$') v
      cross join prods cross join generate_series(1, ${LINES_PER_INVOICE}) l
      cross join lateral (${lineMoney('v.n', 'l')}) lm`),
  );
  took.credits = await step('credit records of voids and refunds', () =>
    o.execute(sql`
      insert into invoices (tenant_id, location_id, number, patient_id, status, issued_at, currency, subtotal, discount_total, tax_total, total, paid_total, related_invoice_id, created_by, created_at, notes)
      select tenant_id, location_id, 700000 + row_number() over (order by id), patient_id, status, least(issued_at + interval '1 day', now()), currency,
             -subtotal, -discount_total, -tax_total, -total, -paid_total, id, created_by, now(), 'credit'
      from invoices where tenant_id = ${C} and status in ('void', 'refunded') and related_invoice_id is null and notes ~ '^[0-9]+$'`),
  );
  took.stock = await step('stock movements of the sales', () => addSaleMovements(o));
  took.payments = await step('payments', () =>
    o.execute(sql`
      insert into payments (tenant_id, invoice_id, method, amount, paid_at, reference, created_by)
      select tenant_id, id, (array['cash', 'card', 'insurance', 'cheque', 'card'])[1 + (hashtext(id::text) & 1023) % 5], paid_total,
             issued_at, '', created_by
      from invoices where tenant_id = ${C} and paid_total <> 0`),
  );
  took.labOrders = await step(`${LAB_ORDERS} lab orders with events`, async () => {
    await o.execute(sql`
      with pats as (select array_agg(id order by id) as a from patients where tenant_id = ${C})
      insert into lab_orders (tenant_id, location_id, number, patient_id, status, frame, lens, fitting_heights, lab_name, expected_on, remake_reason_kind, remake_reason, created_at, updated_at)
      select ${C}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, 100000 + (i + 1) / 2,
             pats.a[1 + (i::bigint * 7919) % array_length(pats.a, 1)],
             (array['delivered', 'delivered', 'delivered', 'ready-for-pickup', 'in-production', 'sent-to-lab', 'cancelled', 'on-hold'])[1 + i % 8],
             '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, 'Bench Lab', (now() - ((${LAB_ORDERS} - i) * interval '785 seconds'))::date + 10,
             case when i % 20 = 0 then (array['lab-error', 'prescriber-change', 'non-adapt', 'breakage', 'other'])[1 + (i / 20) % 5] end,
             case when i % 20 = 0 then 'Bench remake' end,
             now() - ((${LAB_ORDERS} - i) * interval '785 seconds'), now()
      from generate_series(1, ${LAB_ORDERS}) i cross join pats`);
    // The events' foreign-key checks are planned from the statistics: stale ones (a few hundred orders) plan a scan.
    await o.execute(sql`analyze lab_orders`);
    await o.execute(sql`
      insert into lab_order_events (tenant_id, lab_order_id, from_status, to_status, at, by_name)
      select tenant_id, id, 'draft', 'sent-to-lab', created_at + interval '1 hour', 'Bench' from lab_orders where tenant_id = ${C} and lab_name = 'Bench Lab' and status <> 'cancelled'
      union all
      select tenant_id, id, 'received', 'ready-for-pickup', created_at + ((2 + hashtext(id::text) & 15) * interval '1 day'), 'Bench'
      from lab_orders where tenant_id = ${C} and lab_name = 'Bench Lab' and status in ('delivered', 'ready-for-pickup')`);
  });
  took.appointments = await step(`${APPOINTMENTS} appointments`, () =>
    o.execute(sql`
      with pats as (select array_agg(id order by id) as a from patients where tenant_id = ${C})
      insert into appointments (tenant_id, location_id, patient_id, provider_name, type, starts_at, duration_minutes, status, created_at, updated_at)
      select ${C}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, pats.a[1 + (i::bigint * 7919) % array_length(pats.a, 1)],
             'Dr Bench', (array['eye-exam', 'contact-lens-fitting', 'pickup', 'repair'])[1 + i % 4],
             now() - ((${APPOINTMENTS} - i) * interval '523 seconds'), 30,
             (array['completed', 'completed', 'completed', 'cancelled', 'no-show', 'booked'])[1 + i % 6],
             now() - ((${APPOINTMENTS} - i) * interval '523 seconds') - interval '7 days', now()
      from generate_series(1, ${APPOINTMENTS}) i cross join pats`),
  );
  took.recalls = await step(`${RECALLS} recalls`, () =>
    o.execute(sql`
      with pats as (select array_agg(id order by id) as a from patients where tenant_id = ${C})
      insert into recalls (tenant_id, patient_id, location_id, type, due_on, status, channel, last_sent_at, created_at)
      select ${C}::uuid, pats.a[1 + (i::bigint * 7919) % array_length(pats.a, 1)], case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
             (array['annual-exam', 'contact-lens-check', 'follow-up'])[1 + i % 3], (now() - ((${RECALLS} - i) * interval '1570 seconds'))::date,
             'sent', 'email', now() - ((${RECALLS} - i) * interval '1570 seconds'), now()
      from generate_series(1, ${RECALLS}) i cross join pats`),
  );
  took.assignments = await step(`${ASSIGNMENTS} eForm assignments`, () =>
    o.execute(sql`
      with pats as (select array_agg(id order by id) as a from patients where tenant_id = ${C}),
      f as (select id, name from forms where tenant_id = ${C} order by id limit 1)
      insert into form_assignments (tenant_id, form_id, location_id, patient_id, link_token_hash, form_snapshot, requires_code, channels, expires_at, sent_at, opened_at, submitted_at, created_at)
      select ${C}::uuid, f.id, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end, pats.a[1 + (i::bigint * 7919) % array_length(pats.a, 1)],
             'bench-' || i, jsonb_build_object('name', f.name, 'description', '', 'sections', '[]'::jsonb), false, '{email}',
             now() + interval '30 days', s.at, case when i % 4 <> 0 then s.at + interval '2 hours' end,
             case when i % 2 = 0 then s.at + ((1 + i % 48) * interval '1 hour') end, s.at
      from generate_series(1, ${ASSIGNMENTS}) i cross join pats cross join f
      cross join lateral (select now() - ((${ASSIGNMENTS} - i) * interval '3140 seconds') as at) s`),
  );
  await o.execute(sql`alter table invoices enable trigger report_invoice_added`);
  await o.execute(sql`alter table invoices enable trigger report_invoice_open_changed`);
  await o.execute(sql`alter table lab_order_events enable trigger report_lab_event_added`);
  await o.execute(sql`alter table invoice_lines enable trigger report_line_added`);
  await o.execute(sql`alter table payments enable trigger report_payment_added`);
  took.rebuild = await step('app_reports_rebuild (the aggregates from the records)', () => o.execute(sql`select app_reports_rebuild(${C}::uuid)`));
  // As autovacuum would after a load this size (the visibility map lets index-only scans skip the heap).
  await step('vacuum analyze', () => o.execute(sql`vacuum analyze`));
  return took;
}

async function main() {
  if (!reuse) await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`).catch((err: unknown) => {
    if (!reuse) throw err;
  });
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const db = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize: 4 });
  try {
    log('migrating and seeding ...');
    await migrateDatabase(db);
    const [kept] = await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from invoices`);
    const load = reuse && kept!.n >= INVOICES ? { stock: await step('stock movements of the sales (an earlier load)', () => addSaleMovements(db.owner)) } : await fill(db);
    const [counts] = await queryRows<Record<string, number>>(
      db.owner,
      sql`select (select count(*)::int from invoices where tenant_id = ${C}) as invoices, (select count(*)::int from invoice_lines where tenant_id = ${C}) as lines,
            (select count(*)::int from payments where tenant_id = ${C}) as payments, (select count(*)::int from report_sales_daily where tenant_id = ${C}) as sales_daily_rows,
            (select count(*)::int from report_category_daily where tenant_id = ${C}) as category_daily_rows, (select count(*)::int from report_payments_daily where tenant_id = ${C}) as payments_daily_rows`,
    );
    log(JSON.stringify(counts));

    const now = new Date();
    const month = thisMonth(now, 'America/New_York');
    const yearFrom = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
    const ranges = { 'this month': { from: month.from, to: month.to }, 'last 365 days': { from: yearFrom, to: month.today } };
    // The reports that check each invoice's books read at most a month: today (the end of day) and this month.
    const booksRanges = { today: { from: month.today, to: month.today }, 'this month': ranges['this month'] };
    const storeSets = { 'every store': [demoIds.downtown, demoIds.uptown], Downtown: [demoIds.downtown] };
    const run = (report: ReportName, group: ReportGroup | null, stores: string[], range: { from: string; to: string }) =>
      withTenant(db, C, (tx) => buildReport(tx, { report, stores, ...range, group, locationId: stores.length === 1 ? stores[0]! : null, today: month.today, now, currency: 'USD', currencies: ['USD'] }));

    const results: Record<string, unknown> = {};
    for (const report of reportNames) {
      const groups: (ReportGroup | null)[] = groupsOf[report].length ? [...groupsOf[report]] : [null];
      for (const group of groups) {
        for (const [rangeName, range] of Object.entries(booksReports.includes(report) ? booksRanges : ranges)) {
          for (const [storeName, stores] of Object.entries(storeSets)) {
            // One store for the default grouping only (it reads the same rows, fewer of them).
            if (storeName !== 'every store' && group !== groups[0]) continue;
            const name = `${report}${group ? ` by ${group}` : ''}, ${rangeName}, ${storeName}`;
            const r = await time(RUNS, () => run(report, group, stores, range));
            results[name] = r;
            log(`${name.padEnd(56)} median ${String(r.median).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms`);
          }
        }
      }
    }

    // A sale after the load goes through the triggers: the cost they add to one invoice with five lines and a payment.
    const trigger = await time(20, () =>
      db.owner.transaction(async (tx) => {
        const [inv] = await queryRows<{ id: string }>(
          tx,
          sql`insert into invoices (tenant_id, location_id, number, status, issued_at, subtotal, discount_total, tax_total, total, paid_total, created_by)
              select ${C}::uuid, ${demoIds.downtown}::uuid, 900000 + (select count(*) from invoices where number >= 900000), 'paid', now(), 5000, 0, 413, 5413, 5413, null returning id`,
        );
        await tx.execute(sql`insert into invoice_lines (tenant_id, invoice_id, line_no, kind, description, quantity, unit_price, tax, total)
              select ${C}::uuid, ${inv!.id}::uuid, l, 'product', 'Item', 1, 1000, 83, 1083 from generate_series(1, 5) l`);
        await tx.execute(sql`insert into payments (tenant_id, invoice_id, method, amount, paid_at) values (${C}::uuid, ${inv!.id}::uuid, 'card', 5413, now())`);
      }),
    );
    log(`one sale (invoice, 5 lines, a payment) with the triggers      median ${trigger.median} ms  p95 ${trigger.p95} ms`);

    // The whole HTTP call as the Clearview admin.
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
    const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'admin@clearview.test', password: DEMO_PASSWORD, tenentID: C, locationid: demoIds.downtown },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const http: Record<string, unknown> = {};
    for (const [name, query] of [
      ['GET /api/reports/sales (this month)', 'sales'],
      ['GET /api/reports/sales?group=category (365 days)', `sales?group=category&from=${yearFrom}&to=${month.today}`],
      ['GET /api/reports/balances', 'balances'],
      ['GET /api/reports/laborders (365 days)', `laborders?from=${yearFrom}&to=${month.today}`],
      ['GET /api/reports/sales/csv (365 days by day)', `sales/csv?from=${yearFrom}&to=${month.today}`],
    ] as const) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/reports/${query}`, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      const r = await time(RUNS, call);
      http[name] = r;
      log(`${name.padEnd(56)} median ${String(r.median).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms`);
    }
    // Across companies (the enterprise admin, through the door of migrations 0028 and 0033): every report, 365 days.
    const enterpriseLogin = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'enterprise@portal.test', password: DEMO_PASSWORD, isEnterpriseAdmin: true },
    });
    const enterpriseToken = (enterpriseLogin.json() as { access_token: string }).access_token;
    for (const report of enterpriseReportNames) {
      const name = `GET /api/enterprise/reports/${report} (365 days)`;
      const call = async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/enterprise/reports/${report}?from=${yearFrom}&to=${month.today}`,
          headers: { authorization: `Bearer ${enterpriseToken}` },
        });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      const r = await time(RUNS, call);
      http[name] = r;
      log(`${name.padEnd(56)} median ${String(r.median).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms`);
    }
    await app.close();
    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const worstP95 = Math.max(...[...Object.values(results), ...Object.values(http)].map((r) => (r as { p95: number }).p95));
    const out = { at: new Date().toISOString(), postgres: version, counts, loadMs: load, runs: RUNS, budgetMs: BUDGET_MS, withinBudget: worstP95 < BUDGET_MS, worstP95, reports: results, saleWithTriggers: trigger, http };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'reports.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ invoices: counts?.invoices, budgetMs: BUDGET_MS, worstP95, withinBudget: out.withinBudget }, null, 2)}\n`);
  } finally {
    await db.close();
    if (!keep) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
