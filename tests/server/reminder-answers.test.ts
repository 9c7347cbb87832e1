/**
 * Reminders the patient answers (issue 34, server/reminders): the reminder's link to the guest visit page (confirm,
 * cancel within the store's notice, replays, bad and foreign links), the SMS provider's signed inbound webhook (C,
 * X, STOP, START, anything else to the inbox; once per MessageSid; the company that last texted the number), SMS
 * consent and quiet hours for the reminders.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentLists } from '../../src/contract/records';
import type { VisitAnswer, VisitPage } from '../../src/contract/visitReply';
import { sendableAt } from '../../server/reminders/quietHours';
import { smsSignature, smsSignatureHeader } from '../../server/messaging/transports';
import { addPatient, bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let otherAdmin: SignedIn;
const HOUR = 3_600_000;
const PUBLIC_URL = 'https://portal.example.test';
const SMS_TOKEN = 'inbound-test-token';

beforeAll(async () => {
  h = await startHarness({ publicUrl: PUBLIC_URL, port: 0, sms: { url: 'http://127.0.0.1:9', accountId: 'AC-test', token: SMS_TOKEN, from: '+15005550006' } });
  admin = await signIn(h, 'admin@clearview.test');
  otherAdmin = await signIn(h, 'admin@brightsight.test', demo.brightsight);
});
afterAll(() => h.close());

let people = 0;
async function patient(opts: { phone?: string; channel?: 'email' | 'sms'; language?: 'en' | 'tr' | 'ar'; tenant?: 'clearview' | 'brightsight' } = {}) {
  people++;
  const tenant = opts.tenant ?? 'clearview';
  const id = await addPatient(h, {
    tenantId: demoIds[tenant],
    locationId: tenant === 'clearview' ? demoIds.downtown : demoIds.main,
    firstName: `Reply${people}`,
    lastName: 'Tester',
    email: `reply${people}@example.test`,
    phone: opts.phone ?? `+1 555 07${String(people).padStart(2, '0')}`,
    preferredChannel: opts.channel ?? 'email',
  });
  await ownerRows(h, sql`update patients set preferred_language = ${opts.language ?? 'en'} where id = ${id}`);
  return id;
}

async function appointment(patientId: string, startsInMs: number, tenant: 'clearview' | 'brightsight' = 'clearview') {
  const [row] = await ownerRows<{ id: string }>(
    h,
    sql`insert into appointments (tenant_id, location_id, patient_id, provider_name, type, starts_at, duration_minutes)
        values (${demoIds[tenant]}, ${tenant === 'clearview' ? demoIds.downtown : demoIds.main}, ${patientId}, 'Dr. Reply', 'eye-exam',
          ${new Date(h.config.now().getTime() + startsInMs).toISOString()}::timestamptz, 30) returning id`,
  );
  return row!.id;
}

async function remind(who: SignedIn = admin) {
  const res = await h.app.inject({ method: 'POST', url: '/api/jobs', headers: bearer(who), payload: { kind: 'appointment.reminders' } });
  expect(res.statusCode, res.body).toBe(202);
}

const reminders = (patientId: string) =>
  ownerRows<{ channel: string; recipient: string; body: string; next_attempt_at: string | Date }>(
    h,
    sql`select channel, recipient, body, next_attempt_at from communication_log where patient_id = ${patientId} and template = 'appointment.reminder' order by created_at`,
  );

async function linkOf(patientId: string): Promise<string> {
  const [reminder] = await reminders(patientId);
  const key = reminder?.body.match(/\/visit\/([A-Za-z0-9_-]{22})\b/)?.[1];
  expect(key, reminder?.body).toBeTruthy();
  return key!;
}

const stateOf = (appointmentId: string) =>
  ownerRows<{ status: string; patient_reply: string | null; patient_reply_channel: string | null }>(
    h,
    sql`select status, patient_reply, patient_reply_channel from appointments where id = ${appointmentId}`,
  ).then((r) => r[0]!);

const page = (key: string) => h.app.inject({ method: 'GET', url: `/api/public/visit/${key}` });
const answer = (key: string, action: string) => h.app.inject({ method: 'POST', url: `/api/public/visit/${key}`, payload: { action } });

describe('the reminder carries a link to the visit page', () => {
  it('in email and SMS, in each language; the page shows the visit in the store\'s zone', async () => {
    const en = await patient();
    const tr = await patient({ channel: 'sms', language: 'tr' });
    const ar = await patient({ channel: 'sms', language: 'ar' });
    for (const p of [en, tr, ar]) await appointment(p, 20 * HOUR);
    await remind();
    const [email] = await reminders(en);
    expect(email!.body).toContain(`${PUBLIC_URL}/visit/`);
    expect(email!.body).toContain('Please confirm or cancel your visit here');
    const [turkish] = await reminders(tr);
    expect(turkish!.body).toContain('Onay için C');
    const [arabic] = await reminders(ar);
    expect(arabic!.body).toContain('أرسل C للتأكيد');
    expect(arabic!.body).toMatch(/\/visit\/[A-Za-z0-9_-]{22}/);

    const res = await page(await linkOf(ar));
    expect(res.statusCode, res.body).toBe(200);
    const visit = json<VisitPage>(res);
    const [{ local } = { local: '' }] = await ownerRows<{ local: string }>(
      h,
      sql`select to_char(a.starts_at at time zone l.time_zone, 'HH24:MI') as local from appointments a join locations l on l.id = a.location_id where a.patient_id = ${ar}`,
    );
    expect(visit).toMatchObject({ storeName: 'Downtown', type: 'eye-exam', providerName: 'Dr. Reply', state: 'unconfirmed', language: 'ar', canConfirm: true, localTime: local });
    // Nothing of the patient's identity is on the page.
    expect(res.body).not.toContain('Tester');
    // Staff read the reminder in the chart's messages without its key: only the patient can act by it.
    const shown = await h.app.inject({ method: 'GET', url: `/api/patients/${ar}/messages`, headers: bearer(admin) });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('/visit/••••••');
    expect(shown.body).not.toContain(await linkOf(ar));
  });
});

describe('confirm and cancel by the link', () => {
  it('confirms once; a second confirm says it is confirmed already; staff see it on the chart', async () => {
    const p = await patient();
    const a = await appointment(p, 20 * HOUR);
    await remind();
    const key = await linkOf(p);
    const first = await answer(key, 'confirm');
    expect(first.statusCode, first.body).toBe(200);
    expect(json<VisitAnswer>(first)).toMatchObject({ already: false, visit: { state: 'confirmed', canConfirm: false } });
    expect(await stateOf(a)).toEqual({ status: 'confirmed', patient_reply: 'confirmed', patient_reply_channel: 'link' });
    const again = await answer(key, 'confirm');
    expect(json<VisitAnswer>(again)).toMatchObject({ already: true, visit: { state: 'confirmed' } });
    const chart = json<AppointmentLists>(await h.app.inject({ method: 'GET', url: `/api/patients/${p}/appointments`, headers: bearer(admin) }));
    expect(chart.upcoming.find((x) => x.id === a)?.patientReply).toMatchObject({ answer: 'confirmed', channel: 'link' });
  });

  it("refuses a cancel within the store's notice and writes nothing; allows it before; a replayed cancel changes nothing", async () => {
    const p = await patient();
    const a = await appointment(p, 20 * HOUR);
    await remind();
    const key = await linkOf(p);
    // The store's default notice: 24 hours.
    const late = await answer(key, 'cancel');
    expect(late.statusCode, late.body).toBe(409);
    expect(json(late)).toMatchObject({ code: 'records.cancelTooLate', error: 'Appointments can be cancelled online up to 24 hours before the start. Please call the store.' });
    expect(await stateOf(a)).toMatchObject({ status: 'booked', patient_reply: null });
    expect(json<VisitPage>(await page(key))).toMatchObject({ canCancel: false, cancelNoticeHours: 24 });

    await ownerRows(h, sql`insert into location_policies (tenant_id, location_id, cancel_notice_hours) values (${demoIds.clearview}, ${demoIds.downtown}, 2)
      on conflict (tenant_id, location_id) do update set cancel_notice_hours = 2`);
    try {
      const ok = await answer(key, 'cancel');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json<VisitAnswer>(ok)).toMatchObject({ already: false, visit: { state: 'cancelled', canCancel: false, canConfirm: false } });
      expect(await stateOf(a)).toEqual({ status: 'cancelled', patient_reply: 'cancelled', patient_reply_channel: 'link' });
      expect(json<VisitAnswer>(await answer(key, 'cancel'))).toMatchObject({ already: true });
      const confirm = await answer(key, 'confirm');
      expect(confirm.statusCode).toBe(409);
      expect(json(confirm)).toMatchObject({ code: 'visit.cancelled' });
    } finally {
      await ownerRows(h, sql`delete from location_policies where location_id = ${demoIds.downtown}`);
    }
  });

  it('answers bad, unknown and expired links clearly, never with a 500', async () => {
    const p = await patient();
    await appointment(p, 3 * HOUR);
    await remind();
    const key = await linkOf(p);
    expect((await page('short')).statusCode).toBe(400);
    const unknown = await page('A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'visit.linkNotFound' });
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect((await answer(tampered, 'confirm')).statusCode).toBe(404);
    const bad = await answer(key, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { action: 'Choose confirm or cancel' } });
    h.advance(3 * HOUR + 60_000);
    try {
      const gone = await page(key);
      expect(gone.statusCode).toBe(410);
      expect(json(gone)).toMatchObject({ code: 'visit.linkExpired' });
      expect((await answer(key, 'confirm')).statusCode).toBe(410);
    } finally {
      h.advance(-(3 * HOUR + 60_000));
    }
  });

  it("a company's link reaches its own visit only: another company's session changes nothing", async () => {
    const john = await patient({ tenant: 'brightsight' });
    const theirs = await appointment(john, 20 * HOUR, 'brightsight');
    const jane = await patient();
    const ours = await appointment(jane, 20 * HOUR);
    await remind(otherAdmin);
    await remind();
    const key = await linkOf(john);
    // Sent with a Clearview session: the link still answers for Brightsight's visit only.
    const res = await h.app.inject({ method: 'POST', url: `/api/public/visit/${key}`, headers: bearer(admin), payload: { action: 'confirm' } });
    expect([200, 403]).toContain(res.statusCode);
    expect((await stateOf(ours)).patient_reply).toBeNull();
    if (res.statusCode === 200) expect(json<VisitAnswer>(res).visit.storeName).not.toBe('Downtown');
    // The link rows are out of the other company's reach.
    const seen = await h.app.inject({ method: 'GET', url: `/api/patients/${john}/appointments`, headers: bearer(admin) });
    expect(seen.statusCode).toBe(404);
    expect((await stateOf(theirs)).status).not.toBe('cancelled');
  });
});

function inbound(params: Record<string, string>, sign: 'good' | 'none' | 'wrong' = 'good') {
  const url = `${PUBLIC_URL}/api/messaging/sms-inbound`;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (sign === 'good') headers[smsSignatureHeader] = smsSignature(SMS_TOKEN, url, params);
  if (sign === 'wrong') headers[smsSignatureHeader] = smsSignature('another-token', url, params);
  return h.app.inject({ method: 'POST', url: '/api/messaging/sms-inbound', headers, payload: new URLSearchParams(params).toString() });
}

let sids = 0;
const sid = () => `SM${String(++sids).padStart(32, '0')}`;
const e164 = (phone: string) => `+${phone.replace(/\D/g, '')}`;

const answersTo = (patientId: string) =>
  ownerRows<{ body: string; recipient: string }>(h, sql`select body, recipient from communication_log where patient_id = ${patientId} and template = 'sms.reply' order by created_at, id`);
const inboxOf = (patientId: string) =>
  ownerRows<{ status: string; body: string; author: string }>(
    h,
    sql`select c.status, m.body, m.author from inbox_conversations c join inbox_messages m on m.conversation_id = c.id where c.patient_id = ${patientId} order by m.created_at, m.id`,
  );

async function textedPatient(opts: { language?: 'en' | 'tr' | 'ar'; startsIn?: number; phone?: string } = {}) {
  const p = await patient({ channel: 'sms', language: opts.language, phone: opts.phone });
  const a = await appointment(p, opts.startsIn ?? 20 * HOUR);
  await remind();
  const [r] = await reminders(p);
  expect(r?.channel).toBe('sms');
  return { p, a, phone: e164(r!.recipient) };
}

describe('SMS replies', () => {
  it('C confirms the next visit once, answers by SMS and shows in the inbox; a replayed webhook does nothing again', async () => {
    const { p, a, phone } = await textedPatient();
    const message = { MessageSid: sid(), From: phone, To: '+15005550006', Body: ' c ' };
    const res = await inbound(message);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stateOf(a)).toEqual({ status: 'confirmed', patient_reply: 'confirmed', patient_reply_channel: 'sms' });
    const [reply, ...more] = await answersTo(p);
    expect(more).toHaveLength(0);
    expect(reply!.body).toMatch(/^Downtown: thank you, your visit on .* is confirmed\.$/);
    expect(await inboxOf(p)).toEqual([{ status: 'done', body: 'c', author: 'patient' }]);
    // The provider posts the same message again: nothing more happens.
    expect((await inbound(message)).statusCode).toBe(204);
    expect(await answersTo(p)).toHaveLength(1);
    expect(await inboxOf(p)).toHaveLength(1);
    // Another C, a new message: confirmed already.
    await inbound({ ...message, MessageSid: sid(), Body: 'C' });
    expect((await answersTo(p)).at(-1)!.body).toContain('is confirmed already');
  });

  it("X cancels only outside the store's notice; the answer says why not, in the patient's language", async () => {
    const { p, a, phone } = await textedPatient({ language: 'tr' });
    await inbound({ MessageSid: sid(), From: phone, Body: 'X' });
    expect(await stateOf(a)).toMatchObject({ status: 'booked', patient_reply: null });
    expect((await answersTo(p)).at(-1)!.body).toContain('en geç 24 saat önce');
    await ownerRows(h, sql`insert into location_policies (tenant_id, location_id, cancel_notice_hours) values (${demoIds.clearview}, ${demoIds.downtown}, 2)
      on conflict (tenant_id, location_id) do update set cancel_notice_hours = 2`);
    try {
      await inbound({ MessageSid: sid(), From: phone, Body: 'x' });
      expect(await stateOf(a)).toEqual({ status: 'cancelled', patient_reply: 'cancelled', patient_reply_channel: 'sms' });
      expect((await answersTo(p)).at(-1)!.body).toContain('iptal edildi');
    } finally {
      await ownerRows(h, sql`delete from location_policies where location_id = ${demoIds.downtown}`);
    }
  });

  it('STOP removes SMS consent (no more reminders by text), START gives it back', async () => {
    const { p, phone } = await textedPatient({ language: 'ar' });
    await inbound({ MessageSid: sid(), From: phone, Body: 'STOP' });
    const [consent] = await ownerRows<{ sms_consent: boolean; sms_consent_source: string; sms_consent_at: Date | null }>(
      h,
      sql`select sms_consent, sms_consent_source, sms_consent_at from patients where id = ${p}`,
    );
    expect(consent).toMatchObject({ sms_consent: false, sms_consent_source: 'sms' });
    expect(consent!.sms_consent_at).not.toBeNull();
    expect((await answersTo(p)).at(-1)!.body).toContain('لن تصلك رسائل');
    const profile = json<{ smsConsent: { given: boolean; source: string; at: string | null } }>(
      await h.app.inject({ method: 'GET', url: `/api/patients/${p}/profile`, headers: bearer(admin) }),
    );
    expect(profile.smsConsent).toMatchObject({ given: false, source: 'sms', at: expect.any(String) });
    // A C without consent still confirms, but no text answers it.
    const before = (await answersTo(p)).length;
    await inbound({ MessageSid: sid(), From: phone, Body: 'C' });
    expect(await answersTo(p)).toHaveLength(before);
    // The next reminder does not go by text, nor does any other message to the patient's number.
    await appointment(p, 23 * HOUR);
    await remind();
    expect(await reminders(p)).toHaveLength(1);
    const notices = () => ownerRows(h, sql`select id from communication_log where patient_id = ${p} and template = 'inbox.notify'`);
    const write = await h.app.inject({ method: 'POST', url: '/api/inbox', headers: bearer(admin), payload: { patientId: p, text: 'Your glasses are here' } });
    expect(write.statusCode, write.body).toBe(201);
    expect(await notices()).toHaveLength(0);
    await inbound({ MessageSid: sid(), From: phone, Body: 'start' });
    expect((await ownerRows<{ sms_consent: boolean }>(h, sql`select sms_consent from patients where id = ${p}`))[0]!.sms_consent).toBe(true);
    await remind();
    expect(await reminders(p)).toHaveLength(2);
    await h.app.inject({ method: 'POST', url: '/api/inbox', headers: bearer(admin), payload: { patientId: p, text: 'And your case' } });
    expect(await notices()).toHaveLength(1);
  });

  it("the work desk's today list and the chart show the visit confirmed by SMS", async () => {
    const { p, a, phone } = await textedPatient({ startsIn: 2 * 60_000 });
    type Visit = { kind: string; id: string; confirmation: string; confirmedVia: string | null };
    const today = async () =>
      json<{ items: Visit[] }>(await h.app.inject({ method: 'GET', url: `/api/workdesk?type=today&locationId=${demoIds.downtown}`, headers: bearer(admin) })).items.find((i) => i.id === a);
    expect(await today()).toMatchObject({ kind: 'visit', confirmation: 'unconfirmed', confirmedVia: null });
    await inbound({ MessageSid: sid(), From: phone, Body: 'C' });
    expect(await today()).toMatchObject({ confirmation: 'confirmed', confirmedVia: 'sms' });
    const chart = json<AppointmentLists>(await h.app.inject({ method: 'GET', url: `/api/patients/${p}/appointments`, headers: bearer(admin) }));
    expect(chart.upcoming.find((x) => x.id === a)?.patientReply).toMatchObject({ answer: 'confirmed', channel: 'sms' });
  });

  it("anything else goes to the store's inbox as an open conversation, unanswered", async () => {
    const { p, a, phone } = await textedPatient();
    await inbound({ MessageSid: sid(), From: phone, Body: 'Can I come at 3 instead?' });
    expect(await inboxOf(p)).toEqual([{ status: 'open', body: 'Can I come at 3 instead?', author: 'patient' }]);
    expect(await answersTo(p)).toHaveLength(0);
    expect((await stateOf(a)).patient_reply).toBeNull();
  });

  it('refuses unsigned, wrongly signed and incomplete posts; an unknown number does nothing', async () => {
    const { a, phone } = await textedPatient();
    const message = { MessageSid: sid(), From: phone, Body: 'C' };
    expect((await inbound(message, 'none')).statusCode).toBe(403);
    expect((await inbound(message, 'wrong')).statusCode).toBe(403);
    expect((await stateOf(a)).patient_reply).toBeNull();
    const incomplete = await inbound({ MessageSid: sid(), Body: 'C' });
    expect(incomplete.statusCode).toBe(400);
    expect(json(incomplete)).toMatchObject({ fields: { From: 'From must be a phone number' } });
    expect((await inbound({ MessageSid: sid(), From: '+19999999999', Body: 'C' })).statusCode).toBe(204);
  });

  it('a number two companies share acts in the company that texted it last, only', async () => {
    const shared = '+1 555 0911';
    const john = await patient({ tenant: 'brightsight', phone: shared, channel: 'sms' });
    const theirs = await appointment(john, 20 * HOUR, 'brightsight');
    await remind(otherAdmin);
    h.advance(1000);
    const { a: ours } = await textedPatient({ phone: shared });
    await inbound({ MessageSid: sid(), From: e164(shared), Body: 'C' });
    expect((await stateOf(ours)).patient_reply).toBe('confirmed');
    expect((await stateOf(theirs)).patient_reply).toBeNull();
    h.advance(-1000);
  });
});

describe('quiet hours', () => {
  it('a text made between 20:00 and 08:00 store time waits until 08:00; one made by day goes at once (DST day too)', () => {
    const zone = 'America/New_York';
    expect(sendableAt(new Date('2026-11-30T15:00:00Z'), zone).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(sendableAt(new Date('2026-12-01T02:00:00Z'), zone).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(sendableAt(new Date('2026-12-01T10:00:00Z'), zone).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    // The night of the clocks going forward (8 March 2026): 08:00 is then 12:00 UTC.
    expect(sendableAt(new Date('2026-03-08T03:00:00Z'), zone).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(sendableAt(new Date('2026-11-30T12:59:00Z'), 'Europe/Istanbul').toISOString()).toBe('2026-11-30T12:59:00.000Z');
    expect(sendableAt(new Date('2026-11-30T17:00:00Z'), 'Europe/Istanbul').toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it("a reminder by text made in the store's quiet hours is logged to go at 08:00 store time, by email at once", async () => {
    // To the next 02:00 UTC: 21:00 in New York (EST).
    const now = h.config.now();
    const night = new Date(now);
    night.setUTCHours(2, 0, 0, 0);
    if (night <= now) night.setUTCDate(night.getUTCDate() + 1);
    const shift = night.getTime() - now.getTime();
    h.advance(shift);
    try {
      const clerk = await signIn(h, 'admin@clearview.test');
      const texted = await patient({ channel: 'sms' });
      const mailed = await patient();
      await appointment(texted, 20 * HOUR);
      await appointment(mailed, 20 * HOUR);
      await remind(clerk);
      const [sms] = await reminders(texted);
      const eightAm = new Date(night);
      eightAm.setUTCHours(13, 0, 0, 0);
      expect(new Date(sms!.next_attempt_at).toISOString()).toBe(eightAm.toISOString());
      const [email] = await reminders(mailed);
      expect(new Date(email!.next_attempt_at).getTime()).toBeLessThan(night.getTime() + 60_000);
    } finally {
      h.advance(-shift);
    }
  });
});

describe('another time chosen by the link', () => {
  const slotsOf = (key: string, from: string, to: string) => h.app.inject({ method: 'GET', url: `/api/public/visit/${key}/slots?from=${from}&to=${to}` });
  const move = (key: string, to: { providerId: string; startsAt: string }) => h.app.inject({ method: 'POST', url: `/api/public/visit/${key}/reschedule`, payload: to });
  const storeDay = (ms = 0) => new Date(h.config.now().getTime() + ms).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

  it("moves the visit to a free time of the store's online rules; a time taken meanwhile answers the next ones; the new time is confirmed by message", async () => {
    const p = await patient();
    const a = await appointment(p, 20 * HOUR);
    await remind();
    const key = await linkOf(p);
    // Within the store's 24 hours' notice the time cannot be given up, so it cannot move either.
    expect(json<VisitPage>(await page(key))).toMatchObject({ canReschedule: false });
    const closed = await slotsOf(key, storeDay(), storeDay(6 * 24 * HOUR));
    expect(closed.statusCode).toBe(409);
    expect(json(closed)).toMatchObject({ code: 'records.cancelTooLate' });

    await ownerRows(h, sql`insert into location_policies (tenant_id, location_id, cancel_notice_hours) values (${demoIds.clearview}, ${demoIds.downtown}, 2)
      on conflict (tenant_id, location_id) do update set cancel_notice_hours = 2`);
    try {
      expect(json<VisitPage>(await page(key))).toMatchObject({ canReschedule: true });
      const listed = await slotsOf(key, storeDay(), storeDay(6 * 24 * HOUR));
      expect(listed.statusCode, listed.body).toBe(200);
      const { slots } = json<{ slots: { startsAt: string; providerId: string; providerName: string }[] }>(listed);
      expect(slots.length).toBeGreaterThan(1);
      // Someone else takes the first free time with that provider before the patient chooses it.
      const taken = slots[0]!;
      const other = await patient();
      await ownerRows(
        h,
        sql`insert into appointments (tenant_id, location_id, patient_id, provider_id, provider_name, type, starts_at, duration_minutes)
            values (${demoIds.clearview}, ${demoIds.downtown}, ${other}, ${taken.providerId}, ${taken.providerName}, 'eye-exam', ${taken.startsAt}::timestamptz, 30)`,
      );
      const gone = await move(key, { providerId: taken.providerId, startsAt: taken.startsAt });
      expect(gone.statusCode, gone.body).toBe(409);
      const refusal = json<{ code: string; details: { nextSlots: { startsAt: string; providerId: string }[] } }>(gone);
      expect(refusal.code).toBe('booking.slotGone');
      expect(refusal.details.nextSlots.length).toBeGreaterThan(0);
      const [before] = await ownerRows<{ starts_at: Date }>(h, sql`select starts_at from appointments where id = ${a}`);

      const next = refusal.details.nextSlots[0]!;
      const moved = await move(key, { providerId: next.providerId, startsAt: next.startsAt });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(json<VisitAnswer>(moved)).toMatchObject({ already: false, visit: { startsAt: next.startsAt, state: 'confirmed' } });
      const [after] = await ownerRows<{ starts_at: Date; provider_id: string; status: string; patient_reply: string; patient_reply_channel: string }>(
        h,
        sql`select starts_at, provider_id, status, patient_reply, patient_reply_channel from appointments where id = ${a}`,
      );
      expect(after).toMatchObject({ provider_id: next.providerId, status: 'confirmed', patient_reply: 'confirmed', patient_reply_channel: 'link' });
      expect(new Date(after!.starts_at).toISOString()).toBe(next.startsAt);
      expect(new Date(before!.starts_at).toISOString()).not.toBe(next.startsAt);
      // The new time is confirmed by the patient's channel; the move is audited.
      const [booked] = await ownerRows<{ body: string }>(h, sql`select body from communication_log where patient_id = ${p} and template = 'appointment.booked'`);
      expect(booked?.body).toBeTruthy();
      const [audited] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where action = 'visit.reschedule' and target_id = ${a}`);
      expect(audited!.n).toBe(1);
      // The same link shows the visit at its new time.
      expect(json<VisitPage>(await page(key))).toMatchObject({ startsAt: next.startsAt, state: 'confirmed' });
    } finally {
      await ownerRows(h, sql`delete from location_policies where location_id = ${demoIds.downtown}`);
    }
  });

  it('refuses bad input at its field, a provider not of the store, a cancelled visit and a store not booking online', async () => {
    const p = await patient();
    const a = await appointment(p, 20 * HOUR);
    await remind();
    const key = await linkOf(p);
    await ownerRows(h, sql`insert into location_policies (tenant_id, location_id, cancel_notice_hours) values (${demoIds.clearview}, ${demoIds.downtown}, 2)
      on conflict (tenant_id, location_id) do update set cancel_notice_hours = 2`);
    try {
      const bad = await move(key, { providerId: 'nobody', startsAt: 'tomorrow' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string> }>(bad).fields).sort()).toEqual(['providerId', 'startsAt']);
      const range = await slotsOf(key, storeDay(6 * 24 * HOUR), storeDay());
      expect(range.statusCode).toBe(400);
      const stranger = await move(key, { providerId: '00000000-0000-4000-8000-000000000000', startsAt: new Date(h.config.now().getTime() + 48 * HOUR).toISOString() });
      expect(stranger.statusCode).toBe(400);
      expect(json(stranger)).toMatchObject({ fields: { providerId: expect.any(String) } });

      await ownerRows(h, sql`update booking_rules set online_enabled = false where location_id = ${demoIds.downtown}`);
      try {
        expect(json<VisitPage>(await page(key))).toMatchObject({ canReschedule: false, canCancel: true });
        const off = await slotsOf(key, storeDay(), storeDay(6 * 24 * HOUR));
        expect(off.statusCode).toBe(409);
        expect(json(off)).toMatchObject({ code: 'booking.notOnline' });
      } finally {
        await ownerRows(h, sql`update booking_rules set online_enabled = true where location_id = ${demoIds.downtown}`);
      }

      expect((await answer(key, 'cancel')).statusCode).toBe(200);
      const cancelled = await move(key, { providerId: '00000000-0000-4000-8000-000000000000', startsAt: new Date(h.config.now().getTime() + 48 * HOUR).toISOString() });
      expect(cancelled.statusCode).toBe(409);
      expect(json(cancelled)).toMatchObject({ code: 'visit.cancelled' });
      expect(await stateOf(a)).toMatchObject({ status: 'cancelled' });
    } finally {
      await ownerRows(h, sql`delete from location_policies where location_id = ${demoIds.downtown}`);
    }
  });
});
