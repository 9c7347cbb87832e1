/**
 * npm run bench:recalls — a recall run (server/jobs, kind recall.steps) over 100,000 patients on PostgreSQL.
 *
 * A fresh database (bench_recalls, bench/lib/database.ts) migrated and seeded with the demo companies; then
 * 100,000 generated Clearview patients (Downtown and Uptown, every one with an email address, half with a phone,
 * 95% agreed to be contacted), each with an annual-exam recall due 0..40 days ago (so the plan's first and second
 * steps are both due), a fifth of them with a future appointment; analysed. An admin starts the run over HTTP
 * (POST /api/jobs) and the time is taken from the request to the run's end (the worker queues every message in the
 * communication log; no transport, so nothing leaves). Checked after it: no patient with a future appointment was
 * sent a recall; every other patient with consent and an address on the step's channel was sent exactly one. A
 * second run (nothing left to send) is timed too. Budget: the first run under 10 s. Writes bench/results/recalls.json.
 * BENCH_PATIENTS changes the count; BENCH_KEEP=1 keeps the database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { JobRun } from '../src/contract/jobs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Database } from '../server/db/client';
import { loadSecrets } from '../server/db/secrets';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../server/db/seed';
import { cpuProbe, perRequest } from './lib/cpu';
import { withBenchDatabase } from './lib/database';
import { log } from './lib/format';
import { root } from './lib/paths';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const BUDGET_MS = 10_000;

async function fill(db: Database) {
  await seedDemoData(db.owner);
  const t0 = Date.now();
  await db.owner.execute(sql`
    insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, email, phone, preferred_channel, consent_contact)
    select ${demoIds.clearview}::uuid, case when i % 2 = 0 then ${demoIds.downtown}::uuid else ${demoIds.uptown}::uuid end,
      'Recall' || i, 'Bench', date '1960-01-01' + (i % 15000), 'recall' || i || '@bench.test',
      case when i % 2 = 0 then '+1 555 ' || lpad(i::text, 7, '0') else '' end, 'email', i % 20 <> 0
    from generate_series(1, ${PATIENTS}) as i`);
  // Statistics before the next inserts: their key checks against 100,000 fresh rows otherwise plan a scan each.
  await db.owner.execute(sql`analyze patients`);
  await db.owner.execute(sql`
    insert into recalls (tenant_id, patient_id, location_id, type, due_on, channel)
    select p.tenant_id, p.id, p.location_id, 'annual-exam', current_date - (row_number() over (order by p.id) % 41)::int, 'email'
    from patients p where p.tenant_id = ${demoIds.clearview} and p.last_name = 'Bench'`);
  // A fifth of them have booked their next visit: none of them may be sent a recall.
  await db.owner.execute(sql`
    insert into appointments (tenant_id, location_id, patient_id, provider_name, type, starts_at, duration_minutes, status)
    select p.tenant_id, p.location_id, p.id, 'Dr. Bench', 'eye-exam', now() + ((row_number() over (order by p.id) % 60) + 1) * interval '1 day', 30, 'booked'
    from patients p where p.tenant_id = ${demoIds.clearview} and p.last_name = 'Bench' and abs(hashtext(p.id::text)) % 5 = 0`);
  await db.owner.execute(sql`analyze`);
  log(`inserted ${PATIENTS} patients with recalls in ${Date.now() - t0} ms`);
}

async function main() {
  await withBenchDatabase('bench_recalls', async (db, url) => {
    const probe = cpuProbe(process.pid, { url, name: 'bench_recalls' });
    log('migrated; seeding ...');
    await fill(db);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), authRequestsPerMinute: 100_000 };
    const app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    const login = await app.inject({
      method: 'POST',
      url: '/api/patient/login',
      payload: { username: 'admin@clearview.test', password: DEMO_PASSWORD, tenentID: demoIds.clearview, locationid: demoIds.downtown },
    });
    const headers = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };

    /** Starts a recall run as the admin and waits for its end (the worker runs it after the answer). */
    const runOnce = async () => {
      const cpuBefore = await probe.read();
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/jobs', headers, payload: { kind: 'recall.steps' } });
      if (res.statusCode !== 202) throw new Error(`start: ${res.statusCode} ${res.body}`);
      await app.deps.outbox.idle();
      const ms = Math.round(performance.now() - t);
      // CPU of this process (the app) and of the database's backends during the run: what the run costs, much less
      // swayed than the wall time by other work on a shared machine.
      const cpu = perRequest(cpuBefore, await probe.read(), 1, true);
      const cpuMs = { app: cpu.serverUs === null ? null : Math.round(cpu.serverUs / 1000), database: cpu.databaseUs === null ? null : Math.round(cpu.databaseUs / 1000) };
      const runs = (await app.inject({ method: 'GET', url: '/api/jobs?kind=recall.steps', headers })).json() as { runs: JobRun[] };
      const run = runs.runs.find((r) => r.id === (res.json() as JobRun).id)!;
      if (run.status !== 'done') throw new Error(`run ${run.status}: ${run.error}`);
      return { ms, cpuMs, result: run.result! };
    };
    const first = await runOnce();
    log(`first run: ${first.ms} ms (CPU: app ${first.cpuMs.app} ms, database ${first.cpuMs.database} ms), queued ${first.result.queued}, skipped ${JSON.stringify(first.result.skipped)}`);
    const second = await runOnce();
    log(`second run (nothing left): ${second.ms} ms (CPU: app ${second.cpuMs.app} ms, database ${second.cpuMs.database} ms), queued ${second.result.queued}`);
    await app.close();

    const [check] = await queryRows<{ booked_messaged: number; due_not_messaged: number; doubled: number; messages: number }>(
      db.owner,
      sql`with bench as (
            select p.id, p.email, p.phone, p.consent_contact,
              exists (select 1 from appointments a where a.tenant_id = p.tenant_id and a.patient_id = p.id and a.status = 'booked' and a.starts_at > now()) as booked,
              (select count(*) from communication_log m where m.tenant_id = p.tenant_id and m.patient_id = p.id and m.template = 'recall.reminder') as sent,
              (select r.due_on from recalls r where r.tenant_id = p.tenant_id and r.patient_id = p.id) as due_on
            from patients p where p.tenant_id = ${demoIds.clearview} and p.last_name = 'Bench')
          select count(*) filter (where booked and sent > 0)::int as booked_messaged,
            -- due with consent: step 2 (a text, from day 14) when its day has come, else step 1 (an email)
            count(*) filter (where not booked and consent_contact and sent = 0
              and (case when due_on <= current_date - 14 then phone else email end) <> '')::int as due_not_messaged,
            count(*) filter (where sent > 1)::int as doubled,
            sum(sent)::int as messages
          from bench`,
    );
    log(`check: ${JSON.stringify(check)}`);
    const [{ version }] = (await queryRows<{ version: string }>(db.owner, sql`select version()`)) as [{ version: string }];
    const out = {
      at: new Date().toISOString(),
      postgres: version,
      patients: PATIENTS,
      budgetMs: BUDGET_MS,
      first,
      second,
      check,
      withinBudget: first.ms < BUDGET_MS,
      machineLoad: (await import('node:os')).loadavg()[0],
      correct: check!.booked_messaged === 0 && check!.due_not_messaged === 0 && check!.doubled === 0,
    };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(root, 'bench', 'results', 'recalls.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify({ patients: PATIENTS, firstRunMs: first.ms, firstRunCpuMs: first.cpuMs, queued: first.result.queued, secondRunMs: second.ms, ...check }, null, 2)}\n`);
    if (!out.correct || !out.withinBudget) process.exitCode = 1;
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
