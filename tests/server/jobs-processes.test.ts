/**
 * Scheduled jobs across real server processes on one PostgreSQL (runs with TEST_DATABASE_URL; the embedded
 * database is one process): two processes' schedulers enqueue each run once and their workers run it once, and
 * every message the runs queue is sent once; a process killed in the middle of a run, or of a send, loses nothing
 * and doubles nothing (docs/operations.md, "Scheduled jobs").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, demo, demoIds } from './harness';
import { startMailServer, type MailServer } from './messageServers';
import { call, emptyPostgresDatabase, killStrayServers, startServer } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;
let db: Database;
let drop: () => Promise<void>;
let mail: MailServer;
let env: NodeJS.ProcessEnv;
const LEASE_SECONDS = 3;

beforeAll(async () => {
  if (!pgBase) return;
  const database = await emptyPostgresDatabase(pgBase, inject('postgresTemplate'));
  drop = database.drop;
  mail = await startMailServer();
  env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    SMTP_URL: mail.url,
    OUTBOX_POLL_MS: '200',
    OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
    JOBS_POLL_MS: '300',
    JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
    AUTH_REQUESTS_PER_MINUTE: '1000',
  };
  db = await openDatabase({ url: database.url, dataDir: 'memory://', poolSize: 2 });
}, 120_000);

afterAll(async () => {
  killStrayServers();
  await db?.close();
  await drop?.();
  await mail?.close();
});

const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db.owner, query);

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * `n` Clearview patients (consent, an email address), each with an appointment in 20 h (`appointments`), or a recall
 * due yesterday (`recalls`), or one of the two by turns (`both`: odd ones the appointment).
 */
async function patientsWithWork(n: number, tag: string, what: 'appointments' | 'recalls' | 'both') {
  const appointment = what === 'appointments' ? sql`true` : what === 'recalls' ? sql`false` : sql`n % 2 = 1`;
  await rowsOf(
    sql`with p as (
          insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, email, preferred_channel, consent_contact)
          select ${demoIds.clearview}::uuid, ${demoIds.downtown}::uuid, ${tag} || i, 'Jobs', date '1980-01-01', ${tag} || i || '@jobs.test', 'email', true
          from generate_series(1, ${n}) as i
          returning tenant_id, id, location_id, substr(first_name, ${tag.length + 1})::int as n)
        , a as (
          insert into appointments (tenant_id, location_id, patient_id, provider_name, type, starts_at, duration_minutes)
          select tenant_id, location_id, id, 'Dr. Jobs', 'eye-exam', now() + interval '20 hours', 30 from p where ${appointment} returning 1)
        insert into recalls (tenant_id, patient_id, location_id, type, due_on)
        select tenant_id, id, location_id, 'annual-exam', current_date - 1 from p where not (${appointment})`,
  );
}

/** The automations' messages by status and try, and how many of them the mail server received (by Message-ID). */
async function automationMessages(tag: string) {
  const logged = await rowsOf<{ id: string; status: string; attempts: number; template: string }>(
    sql`select m.id, m.status, m.attempts, m.template from communication_log m join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
        where p.first_name like ${`${tag}%`} and m.template in ('appointment.reminder', 'recall.reminder')`,
  );
  const received = mail.received.filter((m) => logged.some((l) => m.messageId.startsWith(`<${l.id}@`)));
  return { logged, received };
}

describe.skipIf(!pgBase)('scheduled jobs in two server processes on one PostgreSQL', () => {
  it('each run is enqueued and run once, and each of its messages sent once', async () => {
    await patientsWithWork(80, 'Both', 'both');
    // Long claims: nobody is killed here, and a busy machine must not turn a slow send into a take-over.
    const steady = { ...env, OUTBOX_LEASE_SECONDS: '120', JOBS_LEASE_SECONDS: '120' };
    const [a, b] = await Promise.all([startServer(steady), startServer(steady)]);
    await until(async () => (await automationMessages('Both')).received.length >= 80, 60_000, '80 messages received');
    // Both schedulers ticked many times meanwhile; a second look after more ticks: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1_500));
    const { logged, received } = await automationMessages('Both');
    expect(logged).toHaveLength(80);
    expect(logged.filter((m) => m.template === 'appointment.reminder')).toHaveLength(40);
    expect(logged.filter((m) => m.template === 'recall.reminder')).toHaveLength(40);
    expect(logged.filter((m) => m.status !== 'sent' || m.attempts !== 1)).toEqual([]);
    expect(received).toHaveLength(80);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(80);
    const runs = await rowsOf<{ tenant_id: string; kind: string; slot: string; n: number; status: string; attempts: number }>(
      sql`select tenant_id, kind, slot, count(*)::int as n, min(status) as status, max(attempts) as attempts from jobs group by tenant_id, kind, slot`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(4);
    for (const r of runs) expect(r).toMatchObject({ n: 1, status: 'done', attempts: 1 });
    await Promise.all([a.stop(), b.stop()]);
  }, 180_000);

  it('a process killed in the middle of a run: another takes the run over after its claim, and no message is lost or doubled', async () => {
    await patientsWithWork(400, 'Killed', 'recalls');
    // Ten patients a transaction: the run takes many pages. No scheduler here: the admin starts the run.
    // The messages' claims are longer than the run's: a busy machine sending 400 mails must not have its own sends
    // taken over (that is the mid-send test below); the run's claim is the short one here.
    const slow = { ...env, JOBS_POLL_MS: '0', JOBS_PAGE_SIZE: '10', OUTBOX_LEASE_SECONDS: '20' };
    const a = await startServer(slow);
    const signedIn = await call<{ access_token: string }>(a.api, 'POST', '/patient/login', {
      body: { username: 'admin@clearview.test', password: DEMO_PASSWORD, ...demo.clearview },
    });
    expect(signedIn.status).toBe(200);
    const started = await call<{ id: string }>(a.api, 'POST', '/jobs', { token: signedIn.body.access_token, body: { kind: 'recall.steps' } });
    expect(started.status).toBe(202);
    const sendsOf = async () =>
      (await rowsOf<{ n: number }>(sql`select count(*)::int as n from job_sends where job_id = ${started.body.id}`))[0]!.n;
    await until(async () => (await sendsOf()) >= 50, 60_000, 'the run under way');
    await a.stop('SIGKILL');
    const atKill = await sendsOf();
    expect(atKill).toBeLessThan(400);
    const [run] = await rowsOf<{ status: string; attempts: number }>(sql`select status, attempts from jobs where id = ${started.body.id}`);
    expect(run).toEqual({ status: 'running', attempts: 1 });

    const b = await startServer({ ...slow, JOBS_POLL_MS: '300' });
    await until(
      async () => (await rowsOf<{ status: string }>(sql`select status from jobs where id = ${started.body.id}`))[0]!.status === 'done',
      LEASE_SECONDS * 1000 + 60_000,
      'the run finished by B',
    );
    await until(async () => (await automationMessages('Killed')).logged.filter((m) => m.status === 'sent').length >= 400, 180_000, 'every recall sent');
    await new Promise((r) => setTimeout(r, 1_000));
    const { logged, received } = await automationMessages('Killed');
    const recalls = logged.filter((m) => m.template === 'recall.reminder');
    expect(recalls).toHaveLength(400);
    expect(recalls.every((m) => m.status === 'sent')).toBe(true);
    expect(new Set(received.filter((m) => recalls.some((r) => m.messageId.startsWith(`<${r.id}@`))).map((m) => m.messageId)).size).toBe(400);
    const [after] = await rowsOf<{ status: string; attempts: number }>(sql`select status, attempts from jobs where id = ${started.body.id}`);
    expect(after).toEqual({ status: 'done', attempts: 2 });
    await b.stop();
  }, 360_000);

  it('a process killed mid-send: another sends the message after the claim, once', async () => {
    // No email left to send (SMS stay queued: no SMS provider here): the message the mail server holds is this test's.
    await until(
      async () => (await rowsOf<{ n: number }>(sql`select count(*)::int as n from communication_log where channel = 'email' and status in ('queued', 'sending')`))[0]!.n === 0,
      120_000,
      'the outbox drained',
    );
    const a = await startServer({ ...env, JOBS_POLL_MS: '0' });
    mail.stall = true;
    const stalled = mail.stalled();
    const signedIn = await call<{ access_token: string }>(a.api, 'POST', '/patient/login', {
      body: { username: 'admin@clearview.test', password: DEMO_PASSWORD, ...demo.clearview },
    });
    await patientsWithWork(1, 'Stalled', 'appointments');
    const started = await call(a.api, 'POST', '/jobs', { token: signedIn.body.access_token, body: { kind: 'appointment.reminders' } });
    expect(started.status).toBe(202);
    await stalled;
    await a.stop('SIGKILL');
    mail.stall = false;
    const b = await startServer({ ...env, JOBS_POLL_MS: '0' });
    await until(async () => (await automationMessages('Stalled')).logged[0]?.status === 'sent', LEASE_SECONDS * 1000 + 30_000, 'the reminder sent by B');
    await new Promise((r) => setTimeout(r, 1_000));
    const { logged, received } = await automationMessages('Stalled');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received).toHaveLength(1);
    await b.stop();
  }, 180_000);
});
