/**
 * npm run bench:slots (also section 7 of `npm run bench`) — free slots of a store with 10 providers over 60 days on
 * PostgreSQL, with 1,000,000 appointments in the company (issue 34's budget: under 50 ms p95).
 *
 * A fresh database (bench_slots, bench/lib/database.ts) migrated and seeded with the demo companies; then, generated
 * in SQL: 48 more Clearview staff (8 of them get working hours at Downtown beside Sam Staff and Alex Admin: 10
 * providers there, weekdays 09:00-17:00; the other 40 work at Uptown), 50,000 patients, and 1,000,000 appointments
 * over the 50 providers: ten a working day each, from about five and a half years ago to 60 days ahead (statuses as
 * a store's history has them; ahead of today a third of the slots is booked, some of them cancelled; a tenth online),
 * analysed. Then the real server listens and Jane Doe's booking page asks over HTTP (keep-alive, one request at a
 * time, as a browser does): GET /api/my/booking/slots for Downtown's eye exam over 60 days, any provider and one
 * provider; and the public page's GET /api/book/clearview/downtown/slots. Prints median and p95 in milliseconds and
 * the query's plan; writes bench/results/slots.json.
 *
 * BENCH_APPOINTMENTS changes the count, BENCH_RUNS the timed requests (default 100); BENCH_KEEP=1 keeps the database,
 * BENCH_REUSE=1 times a kept one again (no new rows).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays } from '../src/contract/booking';
import { zonedDate, zonedToIso } from '../src/contract/zonedTime';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { inlineQuery, queryRows, withTenant, type Database } from '../server/db/client';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { cpuProbe, perRequest } from './lib/cpu';
import { benchReuse, withBenchDatabase } from './lib/database';
import { log } from './lib/format';
import { root } from './lib/paths';
import { time } from './lib/timing';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
export const SLOTS_BUDGET_MS = 50;
const PROVIDERS = 50;
const PER_DAY = 10;
const DAYS_AHEAD = 60;
const TZ = 'America/New_York';

/** The demo companies, then the generated staff, schedules, patients and appointments of Clearview. */
async function fill(db: Database) {
  await seedDemoData(db.owner);
  const t0 = Date.now();
  const c = demoIds.clearview;
  // 48 more staff (the hash is never used: nobody signs in as them); the first 8 work at Downtown only, the others at Uptown.
  await db.owner.execute(sql`
    insert into users (tenant_id, email, password_hash, roles, display_name, default_location_id)
    select ${c}::uuid, 'provider' || i || '@bench.test', 'x', array['staff'], 'Dr. Bench ' || lpad(i::text, 2, '0'),
      case when i <= 8 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end
    from generate_series(1, 48) as i`);
  await db.owner.execute(sql`
    insert into user_locations (tenant_id, user_id, location_id)
    select tenant_id, id, default_location_id from users where tenant_id = ${c} and email like 'provider%@bench.test'`);
  const weekdays = JSON.stringify(Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, d === 'sat' || d === 'sun' ? null : { opens: '09:00', closes: '17:00' }])));
  await db.owner.execute(sql`
    insert into provider_schedules (tenant_id, location_id, provider_id, hours, days_off, blocks)
    select ${c}::uuid, ${demoIds.downtown}::uuid, id, ${weekdays}::jsonb, '[]'::jsonb, '[]'::jsonb
    from users where tenant_id = ${c} and email like 'provider%@bench.test' and default_location_id = ${demoIds.downtown}`);
  await db.owner.execute(sql`
    update provider_schedules set hours = ${weekdays}::jsonb
    where tenant_id = ${c} and location_id = ${demoIds.downtown}`);
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, email, preferred_channel)
    select ${c}::uuid, case when i % 5 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
      'Slot' || i, 'Bench', date '1950-01-01' + (i % 20000), 'slot' || i || '@bench.test', 'email'
    from generate_series(1, 50000) as i`);
  await db.owner.execute(sql`analyze users; analyze patients`);
  // Appointment i: provider i % 50, its n-th visit (n = i / 50): working day n / 10 counted back from 60 days ahead,
  // slot n % 10 of the day (09:00 + 45 minutes each, store time). Providers 0-9 are Downtown's ten.
  const days = Math.ceil(APPOINTMENTS / PROVIDERS / PER_DAY);
  // Every key is drawn from rows just made: the foreign-key triggers are skipped for this one statement (a
  // superuser's session_replication_role), which takes the insert from minutes to well under one.
  await db.owner.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    with prov as (
      select array_agg(id order by (email = 'staff@clearview.test') desc, (email = 'admin@clearview.test') desc, email) as ids
      from users where tenant_id = ${c} and (email like 'provider%@bench.test' or email in ('staff@clearview.test', 'admin@clearview.test'))),
    -- numbered for a hash join (an element of a 50,000-long array per row copies the array each time)
    pats as (select id, (row_number() over (order by id) - 1)::int as k from patients where tenant_id = ${c} and last_name = 'Bench'),
    -- working days (Monday to Friday) from the oldest to 60 days ahead
    wd as (
      select d, row_number() over (order by d desc) - 1 as back
      from generate_series(current_date + ${DAYS_AHEAD}::int, current_date - ${Math.ceil(days * 1.45) + 10}::int, interval '-1 day') as d
      where extract(isodow from d) < 6),
    g as (select i, (i - 1) % ${PROVIDERS} as p, (i - 1) / ${PROVIDERS} as n from generate_series(1, ${APPOINTMENTS}::int) as i)
    insert into appointments (tenant_id, location_id, patient_id, provider_id, provider_name, type, starts_at, duration_minutes, status, source)
    select ${c}::uuid, case when g.p < 10 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
      pats.id, prov.ids[1 + g.p], 'Dr. Bench',
      (array['eye-exam', 'contact-lens-fitting', 'pickup', 'repair'])[1 + g.i % 4],
      (wd.d::date + time '09:00' + ((g.n % ${PER_DAY}::int) * interval '45 minutes')) at time zone ${TZ}::text, 30,
      case when wd.d::date >= current_date then (case when g.i % 7 = 0 then 'cancelled' else 'booked' end)
           when g.i % 20 = 0 then 'no-show' when g.i % 13 = 0 then 'cancelled' else 'completed' end,
      case when g.i % 10 = 0 then 'online' else 'staff' end
    from g cross join prov
    join wd on wd.back = g.n / ${PER_DAY}::int
    join pats on pats.k = (g.i::bigint * 7919) % 50000
    -- ahead of today, two of every three of a provider's slots stay free
    where wd.d::date < current_date or (g.n % 3) = 0
    -- a demo visit at the same start of a provider keeps its slot
    on conflict do nothing`);
  });
  // Vacuumed as autovacuum keeps a live table (visibility map and hint bits set), then analysed: the first reads
  // of a million fresh rows otherwise write every page they touch.
  await db.owner.execute(sql`vacuum (analyze) appointments`);
  const [{ n }] = (await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from appointments where tenant_id = ${c}`)) as [{ n: number }];
  log(`inserted ${n} appointments (with the demo's) in ${Date.now() - t0} ms`);
}

export interface SlotsResults {
  at: string;
  postgres: string;
  appointments: number;
  providers: number;
  days: number;
  runs: number;
  budgetMs: number;
  /** GET /api/my/booking/slots, any provider, 60 days: the budgeted call. */
  patientAny: Timing;
  patientOneProvider: Timing;
  guestAny: Timing;
  /** The range read's plan and its time in the database. */
  plan: string[];
  machineLoad: number;
}
type Timing = { median: number; p95: number; max: number; runs: number; slots: number; cpuMs: { app: number | null; database: number | null } };

export async function measureSlots(): Promise<SlotsResults> {
  return withBenchDatabase('bench_slots', async (db, dbUrl) => {
    const probe = cpuProbe(process.pid, { url: dbUrl, name: 'bench_slots' });
    if (!benchReuse) {
      log('migrated; seeding ...');
      await fill(db);
    }
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
    const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the bench server has no port');
      const base = `http://127.0.0.1:${address.port}`;
      const login = await fetch(`${base}/api/patient/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'patient@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.downtown }),
      });
      if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
      const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
      const from = zonedDate(new Date(), TZ);
      const to = addDays(from, DAYS_AHEAD - 1);
      const [sam] = await queryRows<{ id: string }>(db.owner, sql`select id from users where email = 'staff@clearview.test'`);
      const get = async (url: string, auth: boolean) => {
        const res = await fetch(`${base}${url}`, { headers: auth ? headers : {} });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body}`);
        return (JSON.parse(body) as { slots: unknown[] }).slots.length;
      };
      const measure = async (name: string, url: string, auth: boolean): Promise<Timing> => {
        const slots = await get(url, auth);
        const before = await probe.read();
        const t = await time(RUNS, () => get(url, auth));
        // CPU per request (the ten warm-up calls too) of this process (the server and the bench's client) and of the
        // database's backends: what a request costs, much less swayed than its wall time by other work on the machine.
        const cpu = perRequest(before, await probe.read(), RUNS + 10, true);
        const cpuMs = { app: cpu.serverUs === null ? null : cpu.serverUs / 1000, database: cpu.databaseUs === null ? null : cpu.databaseUs / 1000 };
        log(`${name.padEnd(40)} median ${String(t.median).padStart(6)} ms  p95 ${String(t.p95).padStart(6)} ms  (${slots} slots; CPU a request: app ${cpuMs.app} ms, database ${cpuMs.database} ms)`);
        return { ...t, slots, cpuMs };
      };
      const q = `type=eye-exam&from=${from}&to=${to}`;
      const patientAny = await measure('patient, any provider, 60 days', `/api/my/booking/slots?locationId=${demoIds.downtown}&${q}`, true);
      const patientOneProvider = await measure('patient, one provider, 60 days', `/api/my/booking/slots?locationId=${demoIds.downtown}&providerId=${sam!.id}&${q}`, true);
      const guestAny = await measure('public page, any provider, 60 days', `/api/book/clearview/downtown/slots?${q}`, false);

      // The range read of server/booking/slots.ts, explained as the app runs it (in the tenant, under RLS).
      const ids = await queryRows<{ provider_id: string }>(db.owner, sql`select provider_id from provider_schedules where location_id = ${demoIds.downtown}`);
      const start = zonedToIso(from, '00:00', TZ)!;
      const end = zonedToIso(addDays(to, 1), '00:00', TZ)!;
      const plan = await withTenant(db, demoIds.clearview, async (tx) => {
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(
            `explain (analyze, buffers, costs off) ${inlineQuery(
              sql`select provider_id, (location_id = ${demoIds.downtown} and source = 'online') as online_here, starts_at, duration_minutes
                from appointments
                where tenant_id = ${demoIds.clearview}
                  and status not in ('cancelled', 'no-show')
                  and starts_at >= ${start}::timestamptz - make_interval(mins => 490)
                  and starts_at < ${end}::timestamptz + make_interval(mins => 10)
                  and (provider_id in (${sql.join(ids.map((r) => sql`${r.provider_id}::uuid`), sql`, `)}) or (location_id = ${demoIds.downtown} and source = 'online'))`,
            )}`,
          ),
        );
        return rows.map((r) => r['QUERY PLAN']);
      });
      log(plan.join('\n'));
      const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
      const [{ n }] = (await queryRows<{ n: number }>(db.owner, sql`select count(*)::int as n from appointments where tenant_id = ${demoIds.clearview}`)) as [{ n: number }];
      return {
        at: new Date().toISOString(),
        postgres: version,
        appointments: n,
        providers: ids.length,
        days: DAYS_AHEAD,
        runs: RUNS,
        budgetMs: SLOTS_BUDGET_MS,
        patientAny,
        patientOneProvider,
        guestAny,
        plan,
        machineLoad: (await import('node:os')).loadavg()[0]!,
      };
    } finally {
      await app.close();
    }
  });
}

export function writeSlotsResults(out: SlotsResults) {
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', 'slots.json'), `${JSON.stringify(out, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  measureSlots().then(
    (out) => {
      writeSlotsResults(out);
      const ok = out.patientAny.p95 < SLOTS_BUDGET_MS && out.guestAny.p95 < SLOTS_BUDGET_MS;
      process.stdout.write(
        `${JSON.stringify({ appointments: out.appointments, providers: out.providers, patientAny: out.patientAny, patientOneProvider: out.patientOneProvider, guestAny: out.guestAny, budgetMs: SLOTS_BUDGET_MS, withinBudget: ok }, null, 2)}\n`,
      );
      if (!ok) process.exitCode = 1;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
