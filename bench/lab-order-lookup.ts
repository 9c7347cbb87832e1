/**
 * npm run bench:laborders — the lab-order lookup on PostgreSQL with 300,000 lab orders in one company.
 *
 * Same method as bench/patient-list.ts, its own database (bench_lab_orders) on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test): migrate, seed the demo companies, add 60,000 patients and 300,000 lab
 * orders to Clearview (Downtown and Uptown, statuses as a real store has them: most delivered; created over three
 * years, expected two weeks later), analyse, then time:
 * - the lookup function the route uses (server/labOrders/lookup.ts lookupLabOrders) in a tenant transaction: each
 *   type's first page and a deep keyset page, overdue, an order number, patient-name searches, one store and all;
 * - the whole HTTP call GET /api/lab-orders as the Clearview admin (app.inject) for a few of them;
 * and prints median and p95 in milliseconds with the plans' index use, and writes bench/results/lab-order-lookup.json.
 * The database is dropped at the end, unless BENCH_KEEP=1; BENCH_REUSE=1 times a kept one again (migrated to the
 * current schema, no new rows).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadSecrets } from '../server/db/secrets';
import { labOrderLookupQuery, lookupLabOrders, patientIdsFor, type LookupOptions } from '../server/labOrders/lookup';
import { loadConfig } from '../server/config';
import { inlineQuery, openDatabase, queryRows, withTenant, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { log } from './lib/format';
import { root } from './lib/paths';
import { adminQuery, time } from './lib/timing';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300_000);
const PATIENTS = Number(process.env.BENCH_ORDER_PATIENTS ?? 60_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'bench_lab_orders';

const admin = (query: string) => adminQuery(base, query);

const keep = process.env.BENCH_KEEP === '1';
const reuse = process.env.BENCH_REUSE === '1';

/** The demo companies, then the generated patients and lab orders of Clearview. */
async function fill(db: Database) {
  await seedDemoData(db.owner);
  log(`inserting ${PATIENTS} patients and ${ORDERS} lab orders ...`);
  const t0 = Date.now();
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, preferred_channel, created_via)
    select ${demoIds.clearview}::uuid, case when i % 3 = 0 then ${demoIds.uptown}::uuid else ${demoIds.downtown}::uuid end, f.name,
           l.name || case when i % 3 = 0 then '' else '-' || (i % 97)::text end, date '1940-01-01' + (i * 37 % 25000),
           '556' || lpad(i::text, 7, '0'), 'order.patient' || i || '@example.test', 'email', 'import'
    from generate_series(1, ${PATIENTS}) as i
    cross join lateral (select (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Ahmet','Ayse','Mehmet','Fatma','Omar','Layla','Yusuf','Mariam','Chen','Wei','Priya','Arjun','Sofia','Lucas','Emma','Noah','Olivia','Liam','Ava','Mateo'])[1 + (i::bigint * 7919) % 40] as name) f
    cross join lateral (select (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Yilmaz','Kaya','Demir','Sahin','Celik','Haddad','Khalil','Nasser','Mansour','Saleh'])[1 + (i::bigint * 104729) % 50] as name) l`);
  // Fresh statistics before each insert whose key checks read the table just filled (stale: a scan each).
  await db.owner.execute(sql`analyze patients`);
  // Each order belongs to one generated patient, in the patient's store; numbered per store after the demo's.
  await db.owner.execute(sql`
    with p as (select id, tenant_id, location_id, row_number() over (order by id) - 1 as k from patients
               where tenant_id = ${demoIds.clearview} and created_via = 'import')
    insert into lab_orders (tenant_id, location_id, number, patient_id, status, frame, lens, fitting_heights, lab_name, expected_on, created_at, updated_at)
    select p.tenant_id, p.location_id, 100000 + i, p.id, s.status,
           '{"brand":"Acme","model":"A1","colour":"black","a":52,"b":38,"dbl":18}'::jsonb,
           '{"type":"progressive","material":"1.6","coatings":["AR"]}'::jsonb, '{"right":22,"left":22}'::jsonb, 'Central Lab',
           (timestamptz '2026-11-24' - (i * 313 % 1100) * interval '1 day')::date + 14,
           timestamptz '2026-11-24' - (i * 313 % 1100) * interval '1 day' - (i % 86400) * interval '1 second',
           timestamptz '2026-11-24' - (i * 313 % 1100) * interval '1 day'
    from generate_series(1, ${ORDERS}) as i
    join p on p.k = (i::bigint * 7919) % ${PATIENTS}
    cross join lateral (select case
      when i % 100 < 70 then 'delivered' when i % 100 < 75 then 'cancelled' when i % 100 < 78 then 'remake'
      when i % 100 < 82 then 'ready-for-pickup' when i % 100 < 86 then 'received' when i % 100 < 91 then 'in-production'
      when i % 100 < 95 then 'sent-to-lab' when i % 100 < 97 then 'on-hold' else 'draft' end as status) s`);
  await db.owner.execute(sql`analyze lab_orders`);
  await db.owner.execute(sql`
    insert into lab_order_events (tenant_id, lab_order_id, from_status, to_status, at, by_name)
    select tenant_id, id, 'in-production', 'on-hold', updated_at, 'Bench' from lab_orders where status = 'on-hold'`);
  await db.owner.execute(sql`analyze`);
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
    const [kept] = await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from lab_orders`);
    if (reuse && kept!.n >= ORDERS) {
      log(`reusing ${kept!.n} lab orders`);
      await db.owner.execute(sql`analyze`);
    } else {
      await fill(db);
    }

    const now = new Date('2026-11-24T17:00:00Z');
    const opts = (o: Partial<LookupOptions>): LookupOptions => ({ tenantId: demoIds.clearview, stores: 'all', type: 'all', limit: 25, now, ...o });
    const run = (o: LookupOptions) => withTenant(db, demoIds.clearview, (tx) => lookupLabOrders(tx, o));
    /** The cursor of the page after `offset` rows of a type (walked with the function itself, 100 at a time). */
    async function cursorAt(o: LookupOptions, offset: number): Promise<string> {
      let cursor: string | undefined;
      for (let seen = 0; seen < offset; seen += 100) cursor = (await run({ ...o, limit: 100, cursor })).nextCursor ?? cursor;
      return cursor!;
    }
    const downtown = [demoIds.downtown];
    const [someOrder] = await queryRows<{ number: number }>(db.owner, sql`select number from lab_orders where number > 200000 limit 1`);

    const cases: Record<string, LookupOptions> = {
      'all, first page (every store)': opts({}),
      'all, first page (Downtown)': opts({ stores: downtown }),
      'all, deep page (20,000 in)': opts({ cursor: await cursorAt(opts({}), 20_000) }),
      'delivered, first page': opts({ type: 'delivered' }),
      'delivered, deep page (20,000 in)': opts({ type: 'delivered', cursor: await cursorAt(opts({ type: 'delivered' }), 20_000) }),
      'in-production, first page (Downtown)': opts({ type: 'in-production', stores: downtown }),
      'in-production, deep page (5,000 in)': opts({ type: 'in-production', cursor: await cursorAt(opts({ type: 'in-production' }), 5_000) }),
      'ready-for-pickup, first page': opts({ type: 'ready-for-pickup' }),
      'overdue, first page': opts({ type: 'overdue' }),
      'overdue, first page (Downtown)': opts({ type: 'overdue', stores: downtown }),
      'overdue, deep page (10,000 in)': opts({ type: 'overdue', cursor: await cursorAt(opts({ type: 'overdue' }), 10_000) }),
      [`order number ${someOrder!.number}`]: opts({ search: String(someOrder!.number) }),
      'patient "smith"': opts({ search: 'smith' }),
      'patient "s" (many patients)': opts({ search: 's' }),
      'patient "kaya-1"': opts({ search: 'kaya-1' }),
      'patient "priya mart"': opts({ search: 'priya mart' }),
      'patient no match "qqq"': opts({ search: 'qqq' }),
      'in-production + patient "lee"': opts({ type: 'in-production', search: 'lee' }),
      'full page of 100': opts({ limit: 100 }),
    };

    const results: Record<string, unknown> = {};
    const plans: Record<string, string[]> = {};
    for (const [name, o] of Object.entries(cases)) {
      const page = await run(o);
      const r = await time(RUNS, () => run(o));
      results[name] = { ...r, rows: page.items.length };
      const plan = await withTenant(db, demoIds.clearview, async (tx) =>
        queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${inlineQuery(labOrderLookupQuery({ ...o, patientIds: await patientIdsFor(tx, o) }))}`)),
      );
      plans[name] = plan.map((p) => p['QUERY PLAN']).filter((l) => /Index|Seq Scan|Bitmap/.test(l)).map((l) => l.trim());
      log(`${name.padEnd(40)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  (${page.items.length} rows)`);
    }

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
      ['GET /api/lab-orders first page', ''],
      ['GET /api/lab-orders?type=in-production', 'type=in-production'],
      ['GET /api/lab-orders?type=overdue deep', `type=overdue&cursor=${cases['overdue, deep page (10,000 in)']!.cursor}`],
      ['GET /api/lab-orders?search=smith', 'search=smith'],
    ] as const) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/lab-orders?${query}`, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      const r = await time(Math.min(RUNS, 100), call);
      http[name] = r;
      log(`${name.padEnd(40)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms`);
    }
    await app.close();

    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const worstP95 = Math.max(...[...Object.values(results), ...Object.values(http)].map((r) => (r as { p95: number }).p95));
    const out = { at: new Date().toISOString(), postgres: version, orders: ORDERS, patients: PATIENTS, runs: RUNS, budgetMs: BUDGET_MS, withinBudget: worstP95 < BUDGET_MS, worstP95, lookupFunction: results, http, plans };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'lab-order-lookup.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ orders: ORDERS, budgetMs: BUDGET_MS, worstP95, withinBudget: out.withinBudget }, null, 2)}\n`);
  } finally {
    await db.close();
    if (!keep) await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
