/**
 * npm run bench:invoices — the staff invoice lookup on PostgreSQL with 1,000,000 invoices in one company.
 *
 * Same method as bench/patient-list.ts: a fresh database (bench_invoices) on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrated and seeded with the demo companies; then 100,000 generated
 * patients and 1,000,000 generated invoices for Clearview (half Downtown, half Uptown, five years of days, mostly
 * paid, some open, void and refunded), analysed. Times:
 * - the lookup function the route uses (server/sales/lookup.ts lookupInvoices) in a tenant transaction: the first
 *   page over every store and over one store, a deep keyset page, and each filter (status, number, patient id,
 *   patient name, a month, a narrow and a broad amount range);
 * - the totals of a filtered set (invoiceTotals): one patient, one month, one status of one store;
 * - the whole HTTP call GET /api/invoices as the Clearview admin for the first page, a deep page and a filter;
 * and prints median and p95 in milliseconds with the plans' index use, and writes bench/results/invoice-lookup.json.
 * The database is dropped at the end, unless BENCH_KEEP=1; BENCH_REUSE=1 times a kept one again (migrated to the
 * current schema, no new rows).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { inlineQuery, openDatabase, queryRows, withTenant, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { encodeCursor, invoiceLookupQuery, invoiceTotals, invoiceTotalsQuery, lookupInvoices, namedPatients, type LookupOptions } from '../server/sales/lookup';
import { log } from './lib/format';
import { root } from './lib/paths';
import { adminQuery, time } from './lib/timing';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'bench_invoices';
const admin = (query: string) => adminQuery(base, query);

const keep = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_REUSE === '1';

/** The demo companies, then the generated patients and invoices of Clearview. */
async function fill(db: Database) {
  await seedDemoData(db.owner);

  log(`inserting ${PATIENTS} patients and ${INVOICES} invoices ...`);
  const t0 = Date.now();
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, preferred_channel, created_via)
    select ${demoIds.clearview}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
           (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','Omar','Layla','Ahmet','Ayse','Priya','Chen','Sofia','Lucas'])[1 + (i::bigint * 7919) % 16],
           (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Martinez','Lopez','Wilson','Taylor','Yilmaz','Kaya','Haddad','Khalil','Nguyen','Clark','Lewis','Walker'])[1 + (i::bigint * 104729) % 20]
             || case when i % 3 = 0 then '' else '-' || (i % 97)::text end,
           date '1940-01-01' + (i * 37 % 25000), '555' || lpad(i::text, 7, '0'), 'bench' || i || '@example.test', 'email', 'import'
    from generate_series(1, ${PATIENTS}) as i`);
  // Fresh statistics first: the invoices' key checks against patients are planned from them (stale: a scan each).
  await db.owner.execute(sql`analyze patients`);
  // Statuses: 80% paid, 12% open, 5% void, 3% refunded; totals 10.00 to 2,000.00; five years back from now.
  await db.owner.execute(sql`
    with ids as (select array_agg(id order by id) as a from patients where tenant_id = ${demoIds.clearview}),
    g as (select i, (i::bigint * 2654435761) % 1000 as r from generate_series(1, ${INVOICES}) as i)
    insert into invoices (tenant_id, location_id, number, patient_id, status, issued_at, currency, subtotal, discount_total, tax_total, total, paid_total, created_at)
    select ${demoIds.clearview}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
           100000 + (i + 1) / 2, ids.a[1 + (i::bigint * 7919) % array_length(ids.a, 1)],
           s.status, now() - ((${INVOICES} - i) * interval '157 seconds') - (r * interval '1 second'), 'USD',
           m.total, 0, 0, m.total, case when s.status in ('paid', 'refunded') then m.total when s.status = 'open' and r % 2 = 0 then m.total / 2 else 0 end,
           now()
    from g cross join ids
    cross join lateral (select case when r < 800 then 'paid' when r < 920 then 'open' when r < 970 then 'void' else 'refunded' end as status) s
    cross join lateral (select 1000 + (i::bigint * 104729) % 199000 as total) m`);
  await db.owner.execute(sql`analyze invoices`);
  log(`inserted in ${Date.now() - t0} ms`);
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
    if (reuse && kept!.n >= INVOICES) {
      log(`reusing ${kept!.n} invoices`);
      await db.owner.execute(sql`analyze invoices`);
    } else {
      await fill(db);
    }

    const opts = (o: Partial<LookupOptions>): LookupOptions => ({ tenantId: demoIds.clearview, stores: 'all', type: 'all', limit: 25, ...o });
    const run = (o: LookupOptions) => withTenant(db, demoIds.clearview, (tx) => lookupInvoices(tx, o));

    // A cursor deep into Downtown's list (60% of the way), a real patient, a real month.
    const [deep] = await queryRows<{ at: string; id: string }>(
      db.owner,
      sql`select to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from invoices where tenant_id = ${demoIds.clearview} and location_id = ${demoIds.downtown}
          order by issued_at desc, id desc offset ${Math.floor(INVOICES * 0.3)} limit 1`,
    );
    const [someone] = await queryRows<{ patient_id: string; last_name: string; first_name: string; month: string }>(
      db.owner,
      sql`select i.patient_id, p.last_name, p.first_name, to_char(i.issued_at, 'YYYY-MM') as month from invoices i join patients p on p.id = i.patient_id
          where i.tenant_id = ${demoIds.clearview} order by i.issued_at desc offset ${Math.floor(INVOICES * 0.7)} limit 1`,
    );
    const deepCursor = encodeCursor([deep!.at, deep!.id]);
    const from = `${someone!.month}-01`;
    const to = `${someone!.month}-28`;
    const downtown = { locationId: demoIds.downtown };

    const cases: Record<string, LookupOptions> = {
      'first page, every store': opts({}),
      'first page, one store': opts(downtown),
      'deep keyset page (60%), one store': opts({ ...downtown, cursor: deepCursor }),
      'type open, one store': opts({ ...downtown, type: 'open' }),
      'type void, one store': opts({ ...downtown, type: 'void' }),
      'type refunded, every store': opts({ type: 'refunded' }),
      'type refunded, deep page': opts({ type: 'refunded', cursor: deepCursor }),
      'number 150000, every store': opts({ number: 150_000 }),
      'one patient (id)': opts({ patientId: someone!.patient_id }),
      [`patient "${someone!.last_name}, ${someone!.first_name}"`]: opts({ patient: `${someone!.last_name}, ${someone!.first_name}` }),
      'patient prefix "kha"': opts({ patient: 'kha' }),
      [`a month (${someone!.month}), one store`]: opts({ ...downtown, from, to }),
      'amount 1234.00-1236.00': opts({ minAmount: 123_400, maxAmount: 123_600 }),
      'amount 100.00-500.00, one store': opts({ ...downtown, minAmount: 10_000, maxAmount: 50_000 }),
      'month + open + amount, deep page': opts({ from: '2000-01-01', to: from, type: 'open', minAmount: 50_000, cursor: deepCursor }),
      'full page of 100, one store': opts({ ...downtown, limit: 100 }),
    };

    const explain = async (query: ReturnType<typeof sql>) => {
      const plan = await withTenant(db, demoIds.clearview, (tx) => queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${inlineQuery(query)}`)));
      return plan.map((p) => p['QUERY PLAN']).filter((l) => /Index|Seq Scan|Bitmap/.test(l)).map((l) => l.trim());
    };
    // The plans of the queries as the route sends them (a name resolved to patient ids when they are few).
    const resolved = async (o: LookupOptions) => ({ ...o, patientIds: await withTenant(db, demoIds.clearview, (tx) => namedPatients(tx, demoIds.clearview, o.patient)) });
    const results: Record<string, unknown> = {};
    const plans: Record<string, string[]> = {};
    for (const [name, o] of Object.entries(cases)) {
      const page = await run(o);
      const r = await time(RUNS, () => run(o));
      results[name] = { ...r, rows: page.items.length };
      plans[name] = await explain(invoiceLookupQuery(await resolved(o)));
      log(`${name.padEnd(40)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  (${page.items.length} rows)`);
    }

    const totalsCases: Record<string, LookupOptions> = {
      'totals: one patient': opts({ patientId: someone!.patient_id }),
      'totals: a month, one store': opts({ ...downtown, from, to }),
      'totals: number 150000': opts({ number: 150_000 }),
      'totals: patient prefix "kha"': opts({ patient: 'kha' }),
      'totals: void, one store (25,000 invoices)': opts({ ...downtown, type: 'void' }),
    };
    const totals: Record<string, unknown> = {};
    for (const [name, o] of Object.entries(totalsCases)) {
      const sum = await withTenant(db, demoIds.clearview, (tx) => invoiceTotals(tx, o));
      const r = await time(Math.min(RUNS, 50), () => withTenant(db, demoIds.clearview, (tx) => invoiceTotals(tx, o)));
      totals[name] = { ...r, count: sum.count };
      plans[name] = await explain(invoiceTotalsQuery(await resolved(o)));
      log(`${name.padEnd(40)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  (${sum.count} invoices)`);
    }

    // The whole HTTP call, as the Clearview admin.
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
    const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'admin@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.downtown },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const http: Record<string, unknown> = {};
    for (const [name, query] of [
      ['GET /api/invoices first page', `locationId=${demoIds.downtown}`],
      ['GET /api/invoices deep page', `locationId=${demoIds.downtown}&cursor=${deepCursor}`],
      ['GET /api/invoices type=open', `type=open&locationId=${demoIds.downtown}`],
      ['GET /api/invoices number', 'number=150000'],
    ] as const) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/invoices?${query}`, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      const r = await time(Math.min(RUNS, 100), call);
      http[name] = r;
      log(`${name.padEnd(40)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms`);
    }
    await app.close();

    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const worstP95 = Math.max(...[...Object.values(results), ...Object.values(http)].map((r) => (r as { p95: number }).p95));
    const out = { at: new Date().toISOString(), postgres: version, invoices: INVOICES, patients: PATIENTS, runs: RUNS, budgetMs: BUDGET_MS, withinBudget: worstP95 < BUDGET_MS, worstP95, lookupFunction: results, totals, http, plans };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'invoice-lookup.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ invoices: INVOICES, budgetMs: BUDGET_MS, worstP95, withinBudget: out.withinBudget }, null, 2)}\n`);
  } finally {
    await db.close();
    if (!keep) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
