/**
 * npm run bench:patients — the staff patient list on PostgreSQL with 100,000 patients in one store.
 *
 * Creates a fresh database (bench_patients) on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * migrates it, seeds the demo companies, adds 100,000 generated patients to Clearview Downtown (one INSERT ...
 * generate_series), analyses, then times:
 * - the list function the route uses (server/patients/patientList.ts listPatients) in a tenant transaction
 *   (BEGIN, the tenant settings, the query, COMMIT): the first page, a page deep into the list by keyset, and
 *   searches (last-name prefix, first-name prefix, email prefix, "first last", phone digits);
 * - the whole HTTP call GET /api/patients as the Clearview admin (app.inject: token check, session check, store
 *   limits, the list, the audit row) for the first page, the deep page and a last-name search;
 * and prints median and p95 in milliseconds, with the query plans' index use, and writes
 * bench/results/patient-list.json. The database is dropped at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadSecrets } from '../server/db/secrets';
import { listPatients, patientListQuery, type ListOptions } from '../server/patients/patientList';
import { loadConfig } from '../server/config';
import { inlineQuery, openDatabase, queryRows, withTenant } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { log } from './lib/format';
import { adminQuery, time } from './lib/timing';
import { root } from './lib/paths';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 50;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'bench_patients';

const admin = (query: string) => adminQuery(base, query);

async function main() {
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const db = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize: 4 });
  try {
    log('migrating and seeding ...');
    await migrateDatabase(db);
    await seedDemoData(db.owner);

    log(`inserting ${PATIENTS} patients ...`);
    const t0 = Date.now();
    await db.owner.execute(sql`
      insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, preferred_channel, created_via)
      select ${demoIds.clearview}::uuid, ${demoIds.downtown}::uuid, f.name, l.name || case when i % 3 = 0 then '' else '-' || (i % 97)::text end,
             date '1940-01-01' + (i * 37 % 25000), '555' || lpad(i::text, 7, '0'),
             lower(f.name) || '.' || lower(l.name) || i || '@example.test', 'email', 'import'
      from generate_series(1, ${PATIENTS}) as i
      cross join lateral (select (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Ahmet','Ayse','Mehmet','Fatma','Omar','Layla','Yusuf','Mariam','Chen','Wei','Priya','Arjun','Sofia','Lucas','Emma','Noah','Olivia','Liam','Ava','Mateo'])[1 + (i::bigint * 7919) % 40] as name) f
      cross join lateral (select (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Yilmaz','Kaya','Demir','Sahin','Celik','Haddad','Khalil','Nasser','Mansour','Saleh'])[1 + (i::bigint * 104729) % 50] as name) l`);
    await db.owner.execute(sql`analyze patients`);
    log(`inserted in ${Date.now() - t0} ms`);

    const opts = (o: Partial<ListOptions>): ListOptions => ({ tenantId: demoIds.clearview, stores: [demoIds.downtown], limit: 25, ...o });
    const run = (o: ListOptions) => withTenant(db, demoIds.clearview, (tx) => listPatients(tx, o));

    // A cursor deep into the list: the page after patient number 60,000 in name order.
    const [deep] = await queryRows<{ lk: string; fk: string; id: string }>(
      db.owner,
      sql`select lower(last_name) as lk, lower(first_name) as fk, id from patients where tenant_id = ${demoIds.clearview} and location_id = ${demoIds.downtown}
          order by lower(last_name), lower(first_name), id offset ${Math.floor(PATIENTS * 0.6)} limit 1`,
    );
    // A real patient late in the alphabet, for searches that must find someone.
    const [late] = await queryRows<{ first_name: string; last_name: string; email: string }>(
      db.owner,
      sql`select first_name, last_name, email from patients where tenant_id = ${demoIds.clearview} and location_id = ${demoIds.downtown}
          order by lower(last_name), lower(first_name), id offset ${Math.floor(PATIENTS * 0.8)} limit 1`,
    );
    const emailPrefix = late!.email.slice(0, late!.email.indexOf('.') + 3);
    const fullName = `${late!.first_name} ${late!.last_name.slice(0, 3)}`.toLowerCase();
    const deepCursor = Buffer.from(JSON.stringify([deep!.lk, deep!.fk, deep!.id])).toString('base64url');

    const cases: Record<string, ListOptions> = {
      'first page': opts({}),
      'deep keyset page (60%)': opts({ cursor: deepCursor }),
      'last-name prefix "mart"': opts({ search: 'mart' }),
      'first-name prefix "pri"': opts({ search: 'pri' }),
      [`email prefix "${emailPrefix}"`]: opts({ search: emailPrefix }),
      [`"${fullName}"`]: opts({ search: fullName }),
      'no match "qqq"': opts({ search: 'qqq' }),
      'phone digits "5550012"': opts({ search: '5550012' }),
      'every store (admin, no filter)': opts({ stores: 'all' }),
      'full page of 100': opts({ limit: 100 }),
    };

    const results: Record<string, unknown> = {};
    const plans: Record<string, string[]> = {};
    for (const [name, o] of Object.entries(cases)) {
      const page = await run(o);
      const r = await time(RUNS, () => run(o));
      results[name] = { ...r, rows: page.items.length };
      // Index use as PostgreSQL plans it for the runtime role (under RLS).
      const plan = await withTenant(db, demoIds.clearview, (tx) =>
        queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${inlineQuery(patientListQuery(o))}`)),
      );
      plans[name] = plan.map((p) => p['QUERY PLAN']).filter((l) => /Index|Seq Scan|Bitmap/.test(l)).map((l) => l.trim());
      log(`${name.padEnd(34)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  (${page.items.length} rows)`);
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
      ['GET /api/patients first page', `locationId=${demoIds.downtown}`],
      ['GET /api/patients deep page', `locationId=${demoIds.downtown}&cursor=${deepCursor}`],
      ['GET /api/patients search "mart"', `locationId=${demoIds.downtown}&search=mart`],
    ] as const) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/patients?${query}`, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      const r = await time(Math.min(RUNS, 100), call);
      http[name] = r;
      log(`${name.padEnd(34)} median ${String(r.median).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms`);
    }
    await app.close();

    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const worstP95 = Math.max(...[...Object.values(results), ...Object.values(http)].map((r) => (r as { p95: number }).p95));
    const out = {
      at: new Date().toISOString(),
      postgres: version,
      patients: PATIENTS,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      withinBudget: worstP95 < BUDGET_MS,
      worstP95,
      listFunction: results,
      http,
      plans,
    };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'patient-list.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ patients: PATIENTS, budgetMs: BUDGET_MS, worstP95, withinBudget: out.withinBudget }, null, 2)}\n`);
  } finally {
    await db.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
