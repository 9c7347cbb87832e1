/**
 * Scheduled jobs (server/jobs): appointment reminders 24 h ahead, once per appointment; recall steps that follow
 * the company's plan, each once, never to a patient with a future appointment; the runs as admins see them
 * (GET/POST /api/jobs), the scheduler's one run per slot, and the work desk's failed runs and messages.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '../../src/contract/jobs';
import { addPatient, bearer, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test');
  staff = await signIn(h, 'staff@clearview.test');
});
afterAll(() => h.close());

/** Moves the clock; the admin signs in again (a session does not outlive hours of idleness). */
async function advance(ms: number) {
  h.advance(ms);
  admin = await signIn(h, 'admin@clearview.test');
  staff = await signIn(h, 'staff@clearview.test');
}

/** Starts a run as an admin would (the worker does it after the answer; the harness waits for that). */
async function run(kind: 'appointment.reminders' | 'recall.steps', who: SignedIn = admin): Promise<JobRun> {
  const res = await h.app.inject({ method: 'POST', url: '/api/jobs', headers: bearer(who), payload: { kind } });
  expect(res.statusCode, res.body).toBe(202);
  const started = json<JobRun>(res);
  const runs = json<{ runs: JobRun[] }>(await h.app.inject({ method: 'GET', url: `/api/jobs?kind=${kind}`, headers: bearer(admin) })).runs;
  const done = runs.find((r) => r.id === started.id);
  expect(done).toMatchObject({ status: 'done', manual: true, kind });
  return done!;
}

const messagesOf = (patientId: string, template: string) =>
  ownerRows<{ channel: string; recipient: string; subject: string; body: string; status: string }>(
    h,
    sql`select channel, recipient, subject, body, status from communication_log where patient_id = ${patientId} and template = ${template} order by created_at, id`,
  );

let people = 0;
async function patient(opts: { consent?: boolean; email?: string; phone?: string; preferredChannel?: 'email' | 'sms'; language?: string } = {}) {
  people++;
  const id = await addPatient(h, {
    tenantId: demoIds.clearview,
    locationId: demoIds.downtown,
    firstName: `Job${people}`,
    lastName: 'Tester',
    email: opts.email ?? `job${people}@example.test`,
    phone: opts.phone ?? '',
    preferredChannel: opts.preferredChannel,
  });
  await ownerRows(
    h,
    sql`update patients set consent_contact = ${opts.consent ?? true}, preferred_language = ${opts.language ?? 'en'} where id = ${id}`,
  );
  return id;
}

async function appointment(patientId: string, startsInMs: number, status = 'booked') {
  await ownerRows(
    h,
    sql`insert into appointments (tenant_id, location_id, patient_id, provider_name, type, starts_at, duration_minutes, status)
        values (${demoIds.clearview}, ${demoIds.downtown}, ${patientId}, 'Dr. Job', 'eye-exam', ${new Date(h.config.now().getTime() + startsInMs).toISOString()}::timestamptz, 30, ${status})`,
  );
}

async function recall(patientId: string, dueInDays: number, type = 'annual-exam') {
  const due = new Date(h.config.now().getTime() + dueInDays * DAY).toISOString().slice(0, 10);
  const [row] = await ownerRows<{ id: string }>(
    h,
    sql`insert into recalls (tenant_id, patient_id, location_id, type, due_on) values (${demoIds.clearview}, ${patientId}, ${demoIds.downtown}, ${type}, ${due}) returning id`,
  );
  return row!.id;
}

describe('appointment reminders', () => {
  it('reminds each live appointment once, a day before, in the patient’s language and channel', async () => {
    const soon = await patient();
    const later = await patient({ phone: '+90 555 111 2233', preferredChannel: 'sms', language: 'tr' });
    const cancelled = await patient();
    await appointment(soon, 20 * HOUR);
    await appointment(later, 30 * HOUR);
    await appointment(cancelled, 10 * HOUR, 'cancelled');

    const first = await run('appointment.reminders');
    expect(first.result!.queued).toBeGreaterThanOrEqual(1);
    const [reminder, ...more] = await messagesOf(soon, 'appointment.reminder');
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ channel: 'email', recipient: `job${people - 2}@example.test`, subject: 'Your visit at Downtown', status: 'queued' });
    expect(reminder!.body).toContain('eye exam');
    expect(reminder!.body).not.toContain('{{');
    expect(await messagesOf(later, 'appointment.reminder')).toHaveLength(0);
    expect(await messagesOf(cancelled, 'appointment.reminder')).toHaveLength(0);

    // Again in the same hour and in the next ones: the first reminder is not sent again.
    await run('appointment.reminders');
    await advance(7 * HOUR);
    await run('appointment.reminders');
    expect(await messagesOf(soon, 'appointment.reminder')).toHaveLength(1);
    // Now 23 hours before the second appointment: its reminder goes, by SMS and in Turkish.
    const sms = await messagesOf(later, 'appointment.reminder');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient: '+90 555 111 2233' });
    expect(sms[0]!.body).toContain('randevunuz');
    await run('appointment.reminders');
    expect(await messagesOf(later, 'appointment.reminder')).toHaveLength(1);
    expect(await messagesOf(cancelled, 'appointment.reminder')).toHaveLength(0);
  });
});

describe('recall steps', () => {
  it('skips a patient with a future appointment and one who did not agree to be contacted', async () => {
    const due = await patient();
    const booked = await patient();
    const noConsent = await patient({ consent: false });
    const noPhone = await patient();
    await recall(due, -1);
    await recall(booked, -1);
    await appointment(booked, 40 * DAY);
    await recall(noConsent, -1);
    // The follow-up plan's second step is a text: this patient has no phone.
    await recall(noPhone, -15, 'follow-up');

    const done = await run('recall.steps');
    expect(await messagesOf(due, 'recall.reminder')).toHaveLength(1);
    expect(await messagesOf(booked, 'recall.reminder')).toHaveLength(0);
    expect(await messagesOf(noConsent, 'recall.reminder')).toHaveLength(0);
    expect(await messagesOf(noPhone, 'recall.reminder')).toHaveLength(0);
    expect(done.result!.skipped.noConsent).toBeGreaterThanOrEqual(1);
    expect(done.result!.skipped.noAddress).toBeGreaterThanOrEqual(1);
    // The recall shows as sent in the chart.
    const [row] = await ownerRows<{ status: string; last_sent_at: Date | null }>(h, sql`select status, last_sent_at from recalls where patient_id = ${due}`);
    expect(row!.status).toBe('sent');
    expect(row!.last_sent_at).not.toBeNull();
    // No patient with a future live appointment has ever been sent a recall by the job.
    const wrong = await ownerRows(
      h,
      sql`select m.id from communication_log m join job_sends s on s.tenant_id = m.tenant_id and s.message_id = m.id
          where s.kind = 'recall.step' and exists (select 1 from appointments a where a.tenant_id = m.tenant_id and a.patient_id = m.patient_id
            and a.status in ('booked', 'confirmed') and a.starts_at > m.created_at)`,
    );
    expect(wrong).toEqual([]);
  });

  it('follows the company’s plan: each step on its channel once, a late start only the step due now', async () => {
    await ownerRows(
      h,
      sql`update companies set settings = jsonb_set(settings, '{recalls}', ${JSON.stringify({
        'contact-lens-check': {
          intervalMonths: 12,
          steps: [
            { afterDays: 0, channel: 'email' },
            { afterDays: 7, channel: 'sms' },
            { afterDays: 21, channel: 'email' },
          ],
        },
      })}::jsonb) where tenant_id = ${demoIds.clearview}`,
    );
    const onTime = await patient({ phone: '+1 555 0100' });
    const late = await patient({ phone: '+1 555 0101' });
    // Due yesterday (whatever the store's time zone, step 1's day has come and step 2's has not).
    await recall(onTime, -1, 'contact-lens-check');
    await recall(late, -10, 'contact-lens-check');

    await run('recall.steps');
    expect((await messagesOf(onTime, 'recall.reminder')).map((m) => m.channel)).toEqual(['email']);
    // Ten days late: step 2 (the text) only; step 1 is not sent after it.
    expect((await messagesOf(late, 'recall.reminder')).map((m) => m.channel)).toEqual(['sms']);
    await run('recall.steps');
    expect(await messagesOf(onTime, 'recall.reminder')).toHaveLength(1);

    await advance(7 * DAY);
    await run('recall.steps');
    await run('recall.steps');
    const second = await messagesOf(onTime, 'recall.reminder');
    expect(second.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', `job${people - 1}@example.test`],
      ['sms', '+1 555 0100'],
    ]);
    expect(await messagesOf(late, 'recall.reminder')).toHaveLength(1);

    await advance(14 * DAY);
    await run('recall.steps');
    expect((await messagesOf(onTime, 'recall.reminder')).map((m) => m.channel)).toEqual(['email', 'sms', 'email']);
    expect((await messagesOf(late, 'recall.reminder')).map((m) => m.channel)).toEqual(['sms', 'email']);
    await advance(30 * DAY);
    await run('recall.steps');
    expect(await messagesOf(onTime, 'recall.reminder')).toHaveLength(3);
    expect(await messagesOf(late, 'recall.reminder')).toHaveLength(2);
  });
});

describe('the runs', () => {
  it('the scheduler enqueues one run per kind, company and slot however often it ticks', async () => {
    await Promise.all([h.app.deps.jobs.schedule(), h.app.deps.jobs.schedule(), h.app.deps.jobs.schedule()]);
    await h.app.deps.outbox.idle();
    const perSlot = await ownerRows<{ tenant_id: string; kind: string; n: number; statuses: string[] }>(
      h,
      sql`select tenant_id, kind, count(*)::int as n, array_agg(distinct status) as statuses from jobs where slot not like 'manual:%' group by tenant_id, kind, slot`,
    );
    // Every company, both kinds, one run each, every one done.
    const [{ n: companies }] = (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from companies where suspended_at is null`)) as [{ n: number }];
    expect(perSlot).toHaveLength(companies * 2);
    for (const row of perSlot) expect(row).toMatchObject({ n: 1, statuses: ['done'] });
  });

  it('admins list their company’s runs; other roles and other companies see none', async () => {
    const runs = json<{ runs: JobRun[] }>(await h.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(admin) })).runs;
    expect(runs.length).toBeGreaterThan(5);
    expect(runs.some((r) => r.kind === 'recall.steps' && !r.manual)).toBe(true);
    const other = await signIn(h, 'admin@brightsight.test', { tenentID: demoIds.brightsight, locationid: demoIds.main });
    const theirs = json<{ runs: JobRun[] }>(await h.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(other) })).runs;
    expect(theirs.every((r) => !runs.some((mine) => mine.id === r.id))).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(staff) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/api/jobs', headers: bearer(staff), payload: { kind: 'recall.steps' } })).statusCode).toBe(403);
  });

  it('refuses a bad start or filter with a clear 400 and starts nothing', async () => {
    const before = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from jobs`);
    for (const payload of [{}, { kind: 'nope' }, { kind: 'recall.steps', extra: 1 }, { kind: ['recall.steps'] }, { kind: null }]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/jobs', headers: bearer(admin), payload: payload as object });
      expect(res.statusCode).toBe(400);
    }
    const bad = await h.app.inject({ method: 'GET', url: '/api/jobs?kind=%27%3Bdrop', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(bad).fields.kind).toContain('Kind must be one of');
    expect(await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from jobs`)).toEqual(before);
  });
});

describe('the work desk', () => {
  it('lists messages that could not be delivered and failed runs under Automations, to staff of the store', async () => {
    const who = await patient();
    await appointment(who, 2 * HOUR);
    await run('appointment.reminders');
    await ownerRows(h, sql`update communication_log set status = 'failed', error = 'mailbox unavailable' where patient_id = ${who}`);
    const [failed] = await ownerRows<{ id: string }>(
      h,
      sql`insert into jobs (tenant_id, kind, slot, run_at, status, attempts, finished_at, error)
          values (${demoIds.clearview}, 'recall.steps', 'test-failed', ${h.config.now().toISOString()}::timestamptz, 'failed', 3, now(), 'the database went away')
          returning id`,
    );
    const desk = json<{ items: { kind: string; patientId: string; error?: string }[]; failedRuns: { id: string; error: string }[]; counts: { automations: number } }>(
      await h.app.inject({ method: 'GET', url: '/api/workdesk?type=automations', headers: bearer(staff) }),
    );
    expect(desk.items.filter((i) => i.patientId === who)).toEqual([expect.objectContaining({ kind: 'message', error: 'mailbox unavailable' })]);
    expect(desk.failedRuns).toEqual([expect.objectContaining({ id: failed!.id, error: 'the database went away' })]);
    expect(desk.counts.automations).toBeGreaterThanOrEqual(2);
    // Another company's desk shows neither.
    const other = await signIn(h, 'admin@brightsight.test', { tenentID: demoIds.brightsight, locationid: demoIds.main });
    const theirs = json<{ items: { patientId: string }[]; failedRuns: { id: string }[] }>(
      await h.app.inject({ method: 'GET', url: '/api/workdesk?type=automations', headers: bearer(other) }),
    );
    expect(theirs.items.some((i) => i.patientId === who)).toBe(false);
    expect(theirs.failedRuns.some((r) => r.id === failed!.id)).toBe(false);
    // A later run of the kind that finished takes the failed one off the desk.
    await advance(HOUR);
    await run('recall.steps');
    const after = json<{ failedRuns: { id: string }[] }>(await h.app.inject({ method: 'GET', url: '/api/workdesk?type=automations', headers: bearer(staff) }));
    expect(after.failedRuns.some((r) => r.id === failed!.id)).toBe(false);
  });
});
