/**
 * npm run bench:duplicates — the possible duplicate patients (GET /api/duplicate-patients) with 100,000 patients,
 * on PGlite and on PostgreSQL.
 *
 * Each database (a fresh in-memory PGlite; a fresh database bench_duplicates on BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) is migrated and seeded with the demo companies, gets 100,000 generated
 * patients in Clearview Downtown and Uptown (the patient-list bench's names), 60 of them entered twice (a third by
 * email, a third by phone, a third by both; case and spaces differ) and as many namesakes who are not the same
 * person, and is analysed. Then it times:
 * - the list function the route uses (server/patients/merge.ts listDuplicates) in a tenant transaction, for every
 *   store (an admin) and for one store (a clerk limited to Downtown);
 * - the whole HTTP call GET /api/duplicate-patients as the Clearview admin (app.inject: token and session checks,
 *   the list, the audit row);
 * and prints median and p95 in milliseconds and writes bench/results/duplicate-patients.json. Budget: p95 under
 * 50 ms. BENCH_PATIENTS changes the count; BENCH_TARGETS=pglite or postgres measures one of them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows, withTenant, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { listDuplicates } from '../server/patients/merge';
import { withBenchDatabase } from './lib/database';
import { log } from './lib/format';
import { root } from './lib/paths';
import { time } from './lib/timing';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TWINS = 60;
const BUDGET_MS = 50;
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');

/** The generated patients, and the second records of TWINS of them, and as many namesakes with other details. */
async function fill(db: Database) {
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, preferred_channel, created_via, created_at)
    select ${demoIds.clearview}::uuid, case when i % 4 = 0 then ${demoIds.uptown}::uuid else ${demoIds.downtown}::uuid end,
           f.name, l.name || case when i % 3 = 0 then '' else '-' || (i % 97)::text end,
           date '1940-01-01' + (i * 37 % 25000), '555' || lpad(i::text, 7, '0'),
           lower(f.name) || '.' || lower(l.name) || i || '@example.test', 'email', 'import', now() - interval '3 years'
    from generate_series(1, ${PATIENTS}) as i
    cross join lateral (select (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Ahmet','Ayse','Mehmet','Fatma','Omar','Layla','Yusuf','Mariam','Chen','Wei','Priya','Arjun','Sofia','Lucas','Emma','Noah','Olivia','Liam','Ava','Mateo'])[1 + (i::bigint * 7919) % 40] as name) f
    cross join lateral (select (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Yilmaz','Kaya','Demir','Sahin','Celik','Haddad','Khalil','Nasser','Mansour','Saleh'])[1 + (i::bigint * 104729) % 50] as name) l`);
  const step = Math.floor(PATIENTS / TWINS);
  // The second record: typed otherwise (upper case, spaces), sharing the email, the phone or both.
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, created_via)
    select p.tenant_id, p.location_id, ' ' || upper(p.first_name) || ' ', p.last_name, p.date_of_birth,
           case when n % 3 = 0 then '' else '(555) ' || substr(p.phone, 4) end, case when n % 3 = 1 then '' else upper(p.email) end, 'kiosk'
    from (select p.*, row_number() over (order by p.email) as n from patients p
          where p.tenant_id = ${demoIds.clearview} and p.created_via = 'import' and p.email like '%@example.test'
            and substring(p.email from '([0-9]+)@')::int % ${step} = 0) as p`);
  // Namesakes: the same name and birth date, another email and phone (not the same person).
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, phone, email, created_via)
    select p.tenant_id, p.location_id, p.first_name, p.last_name, p.date_of_birth, '444' || substr(p.phone, 4), 'other.' || p.email, 'staff'
    from patients p
    where p.tenant_id = ${demoIds.clearview} and p.created_via = 'import' and substring(p.email from '([0-9]+)@')::int % ${step} = 1`);
  await db.owner.execute(sql`analyze patients`);
}

async function measure(db: Database, kind: string) {
  log(`${kind}: migrating and seeding ...`);
  const t0 = Date.now();
  await seedDemoData(db.owner);
  await fill(db);
  log(`${kind}: ${PATIENTS} patients in ${Date.now() - t0} ms`);

  const results: Record<string, unknown> = {};
  for (const [name, stores] of [
    ['every store (admin)', 'all'],
    ['Downtown (a clerk)', [demoIds.downtown]],
  ] as const) {
    const run = () => withTenant(db, demoIds.clearview, (tx) => listDuplicates(tx, demoIds.clearview, stores === 'all' ? 'all' : [...stores]));
    const pairs = await run();
    const r = await time(RUNS, run);
    results[name] = { ...r, pairs: pairs.length };
    log(`${kind}: ${name.padEnd(24)} median ${String(r.median).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  (${pairs.length} pairs)`);
  }

  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
  const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'admin@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.downtown },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const call = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/duplicate-patients', headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`GET /api/duplicate-patients: ${res.statusCode} ${res.body}`);
    };
    const r = await time(RUNS, call);
    results['GET /api/duplicate-patients'] = r;
    log(`${kind}: ${'GET /api/duplicate-patients'.padEnd(24)} median ${String(r.median).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms`);
  } finally {
    await app.close();
  }
  const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
  return { postgres: version, results };
}

async function main() {
  const out: Record<string, unknown> = { at: new Date().toISOString(), patients: PATIENTS, twins: TWINS, runs: RUNS, budgetMs: BUDGET_MS };
  const p95s: number[] = [];
  const record = (kind: string, m: Awaited<ReturnType<typeof measure>>) => {
    out[kind] = m;
    p95s.push(...Object.values(m.results).map((r) => (r as { p95: number }).p95));
  };
  if (targets.includes('pglite')) {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateDatabase(db);
      record('pglite', await measure(db, 'pglite'));
    } finally {
      await db.close();
    }
  }
  if (targets.includes('postgres')) record('postgres', await withBenchDatabase('bench_duplicates', (db) => measure(db, 'postgres')));
  const worstP95 = Math.max(...p95s);
  Object.assign(out, { worstP95, withinBudget: worstP95 < BUDGET_MS });
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'duplicate-patients.json'), `${JSON.stringify(out, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify({ patients: PATIENTS, budgetMs: BUDGET_MS, worstP95, withinBudget: worstP95 < BUDGET_MS }, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
