/**
 * Online booking over HTTP against the real app and database: a store's rules as the admin saves them (opening and
 * working hours, closures, days off, buffer, minimum notice, horizon, daily cap, new patients), the free slots they
 * leave across the US daylight-saving change, the patient's booking re-checked on the server, two bookings racing
 * for one slot, the database's hold on a provider's time, refusals across companies and stores, and the forms a store
 * sends with a booking.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let patientUser: SignedIn;
let otherAdmin: SignedIn;

function call(who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({ method, url, headers: { ...bearer(who), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}
async function ok<T = Record<string, unknown>>(res: Promise<LightMyRequestResponse>, status = 201): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return json<T>(r);
}
let seq = 0;
const newPatient = () =>
  ok<{ id: string }>(call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Test', lastName: `Booking${++seq}`, dateOfBirth: '1980-05-17', email: `booking${seq}@example.test` }));

type Slot = { startsAt: string; providerId: string; providerName: string; localDate: string; localTime: string };
const weekdays = (opens: string, closes: string) => ({
  mon: { opens, closes },
  tue: { opens, closes },
  wed: { opens, closes },
  thu: { opens, closes },
  fri: { opens, closes },
  sat: null,
  sun: null,
});
const rules = (over: Record<string, unknown> = {}) => ({
  onlineEnabled: true,
  newPatientsMayBook: true,
  onlineTypes: ['eye-exam', 'pickup'],
  bufferMinutes: 10,
  minNoticeHours: 2,
  horizonDays: 10,
  maxOnlinePerDay: 3,
  closures: [{ date: '2031-03-05', label: 'Staff training' }],
  providers: [{ providerId: staff.user.id, hours: weekdays('09:00', '12:00'), daysOff: ['2031-03-06'], blocks: [] }],
  intakeForms: [],
  ...over,
});
type Booked = { appointment: { id: string; localDate: string; localTime: string; source: string; durationMinutes: number }; forms: { id: string; name: string; expiresAt: string }[] };
const slotsOf = async (from: string, to: string, extra = '') => {
  const res = await call(patientUser, 'GET', `/api/my/booking/slots?locationId=${demoIds.downtown}&type=eye-exam&from=${from}&to=${to}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ timeZone: string; minutes: number; slots: Slot[] }>(res).slots;
};
const timesOn = (slots: Slot[], date: string) => slots.filter((s) => s.localDate === date).map((s) => s.localTime);
const book = (startsAt: string, providerId = staff.user.id, type = 'eye-exam', who = patientUser) =>
  call(who, 'POST', '/api/my/booking', { locationId: demoIds.downtown, type, providerId, startsAt });
const quarterHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); m <= Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); m += 15) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};

beforeAll(async () => {
  h = await startHarness();
  // Monday 2031-03-03, 06:55 in New York (EST): two hours' notice opens the day at 08:55.
  h.advance(Date.parse('2031-03-03T11:55:00Z') - h.config.now().getTime());
  [admin, staff, patientUser, otherAdmin] = await Promise.all([
    signIn(h, 'admin@clearview.test'),
    signIn(h, 'staff@clearview.test'),
    signIn(h, 'patient@clearview.test'),
    signIn(h, 'admin@brightsight.test', demo.brightsight),
  ]);
  await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules()), 200);
});

afterAll(() => h.close());

describe('online booking rules and free slots', () => {
  it('admins read and save the rules; a provider who cannot work at the store, a bad buffer and a non-admin are refused', async () => {
    const read = await ok<{ rules: { bufferMinutes: number; providers: unknown[] }; providers: { id: string }[] }>(call(admin, 'GET', `/api/settings/booking/${demoIds.downtown}`), 200);
    expect(read.rules.bufferMinutes).toBe(10);
    expect(read.providers.map((p) => p.id)).toEqual(expect.arrayContaining([staff.user.id, admin.user.id]));

    const foreign = await call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ providers: [{ providerId: otherAdmin.user.id, hours: weekdays('09:00', '12:00'), daysOff: [], blocks: [] }] }));
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toMatchObject({ code: 'request.fieldsInvalid', fields: { 'providers.0.providerId': 'Choose a provider of this store' }, fieldCodes: { 'providers.0.providerId': 'booking.provider' } });
    const buffer = await call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ bufferMinutes: 7 }));
    expect(json(buffer)).toMatchObject({ fields: { bufferMinutes: 'Buffer must be 0 to 120 minutes, in steps of 5' } });
    expect((await call(staff, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules())).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', `/api/settings/booking/${demoIds.downtown}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ providers: [] }))).statusCode).toBe(404);
  });

  it('slots follow opening and working hours, closures, days off, notice and horizon, in the store time zone across the DST change', async () => {
    const slots = await slotsOf('2031-03-01', '2031-03-20');
    // Closed the 5th, the provider off the 6th, weekends closed, nothing after the 13th (10 days ahead).
    expect([...new Set(slots.map((s) => s.localDate))]).toEqual(['2031-03-03', '2031-03-04', '2031-03-07', '2031-03-10', '2031-03-11', '2031-03-12', '2031-03-13']);
    expect(timesOn(slots, '2031-03-03')).toEqual(quarterHours('09:00', '11:30'));
    // 9:00 is 14:00Z in EST and 13:00Z once New York moved to EDT on Sunday the 9th.
    expect(slots.find((s) => s.localDate === '2031-03-07' && s.localTime === '09:00')!.startsAt).toBe('2031-03-07T14:00:00.000Z');
    expect(slots.find((s) => s.localDate === '2031-03-10' && s.localTime === '09:00')!.startsAt).toBe('2031-03-10T13:00:00.000Z');
    expect(slots.every((s) => s.providerId === staff.user.id && s.providerName === 'Sam Staff')).toBe(true);
    // A store's hours bound the provider's: Saturday is closed whatever the provider's hours say.
    await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ providers: [{ providerId: staff.user.id, hours: { ...weekdays('09:00', '12:00'), sat: { opens: '08:00', closes: '16:00' } }, daysOff: [], blocks: [] }] })), 200);
    expect(timesOn(await slotsOf('2031-03-08', '2031-03-08'), '2031-03-08')).toEqual(quarterHours('10:00', '13:30'));
    await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules()), 200);
  });

  it('a staff booking takes its time and the buffer around it away at once', async () => {
    const p = await newPatient();
    await ok(call(staff, 'POST', '/api/appointments', { patientId: p.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2031-03-04T15:00:00Z', durationMinutes: 30 }));
    // 10:00-10:30 local plus 10 minutes each side: 9:30 (ends 10:00 > 9:50) to 10:30 (starts < 10:40) are gone.
    expect(timesOn(await slotsOf('2031-03-04', '2031-03-04'), '2031-03-04')).toEqual(['09:00', '09:15', '10:45', '11:00', '11:15', '11:30']);
  });

  it('a patient books a free slot; the chart shows it booked online; the rules are re-checked on the server', async () => {
    const { appointment: booked, forms } = await ok<Booked>(book('2031-03-11T13:00:00.000Z'));
    expect(forms).toEqual([]);
    expect(booked).toMatchObject({ localDate: '2031-03-11', localTime: '09:00', source: 'online', durationMinutes: 30 });
    expect(timesOn(await slotsOf('2031-03-11', '2031-03-11'), '2031-03-11')[0]).toBe('09:45');
    const chart = await ok<{ upcoming: { id: string; source: string }[] }>(call(staff, 'GET', `/api/patients/${demoIds.janeDoe}/appointments`), 200);
    expect(chart.upcoming.find((a) => a.id === booked.id)!.source).toBe('online');

    // Before the notice, on the closure, past the horizon, off the grid, outside the hours, in the buffer: gone.
    for (const startsAt of ['2031-03-03T13:30:00Z', '2031-03-05T14:00:00Z', '2031-03-14T13:00:00Z', '2031-03-12T13:05:00Z', '2031-03-12T17:00:00Z', '2031-03-11T13:30:00Z']) {
      const res = await book(startsAt);
      expect(res.statusCode, startsAt).toBe(409);
      expect(json(res)).toMatchObject({ code: 'booking.slotGone', error: 'This time has just been taken. Please choose another time.' });
    }
    const typeOff = await book('2031-03-12T13:00:00Z', staff.user.id, 'repair');
    expect(json(typeOff)).toMatchObject({ code: 'request.fieldsInvalid', fields: { type: 'This store does not offer this visit online' } });
    const noHours = await book('2031-03-12T13:00:00Z', admin.user.id);
    expect(json(noHours)).toMatchObject({ code: 'request.fieldsInvalid', fields: { providerId: 'Choose a provider of this store' } });
  });

  it('the daily cap: after three online bookings a day has no slots, and a fourth is refused with the next free ones', async () => {
    for (const at of ['2031-03-12T13:00:00Z', '2031-03-12T14:00:00Z', '2031-03-12T15:00:00Z']) await ok(book(at));
    expect(timesOn(await slotsOf('2031-03-12', '2031-03-12'), '2031-03-12')).toEqual([]);
    const fourth = await book('2031-03-12T16:00:00Z');
    expect(fourth.statusCode).toBe(409);
    const next = json<{ details: { nextSlots: Slot[] } }>(fourth).details.nextSlots;
    expect(next.map((s) => `${s.localDate} ${s.localTime}`)).toEqual(['2031-03-13 09:00', '2031-03-13 09:15', '2031-03-13 09:30', '2031-03-13 09:45', '2031-03-13 10:00']);
  });

  it('two bookings racing for one slot: one booking, the other a 409 with the next free slots; a clerk racing a patient too', async () => {
    const results = await Promise.all([book('2031-03-13T14:00:00Z'), book('2031-03-13T14:00:00Z')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = json<{ code: string; details: { nextSlots: Slot[] } }>(results.find((r) => r.statusCode === 409)!);
    expect(refused.code).toBe('booking.slotGone');
    expect(refused.details.nextSlots[0]).toMatchObject({ localDate: '2031-03-13', localTime: '10:45' });

    const p = await newPatient();
    const [clerk, patient] = await Promise.all([
      call(staff, 'POST', '/api/appointments', { patientId: p.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2031-03-13T15:00:00Z', durationMinutes: 30 }),
      book('2031-03-13T15:00:00Z'),
    ]);
    expect([clerk.statusCode, patient.statusCode].sort()).toEqual([201, 409]);
    const live = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from appointments where provider_id = ${staff.user.id} and starts_at between '2031-03-13T14:00:00Z' and '2031-03-13T15:00:00Z' and status not in ('cancelled', 'no-show')`);
    expect(live[0]!.n).toBe(2);
  });

  it('the database holds a provider’s time: an overlapping row is refused even without the lock', async () => {
    const [jane] = await ownerRows<{ id: string }>(h, sql`select id from appointments where provider_id = ${staff.user.id} and starts_at = '2031-03-11T13:00:00Z'`);
    expect(jane).toBeDefined();
    const insert = h.db.owner.execute(sql`insert into appointments (tenant_id, location_id, patient_id, provider_id, provider_name, type, starts_at, duration_minutes, source)
      values (${demoIds.clearview}, ${demoIds.downtown}, ${demoIds.janeDoe}, ${staff.user.id}, 'Sam Staff', 'pickup', '2031-03-11T13:20:00Z', 15, 'online')`);
    await expect(insert).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'appointments_provider_span_excl' } });
  });

  it('refusals: another company’s store, a store with online booking off, a new patient where the store says no', async () => {
    const other = await call(patientUser, 'GET', `/api/my/booking/slots?locationId=${demoIds.main}&type=eye-exam&from=2031-03-10&to=2031-03-10`);
    expect(other.statusCode).toBe(404);
    const otherBook = await call(patientUser, 'POST', '/api/my/booking', { locationId: demoIds.main, type: 'eye-exam', providerId: otherAdmin.user.id, startsAt: '2031-03-10T15:00:00Z' });
    expect(otherBook.statusCode).toBe(404);
    const uptown = await call(patientUser, 'GET', `/api/my/booking/slots?locationId=${demoIds.uptown}&type=eye-exam&from=2031-03-10&to=2031-03-10`);
    expect(json(uptown)).toMatchObject({ code: 'booking.notOnline' });
    const stores = await ok<{ stores: { id: string; types: { type: string; minutes: number }[] }[] }>(call(patientUser, 'GET', '/api/my/booking/stores'), 200);
    expect(stores.stores.map((s) => s.id)).toEqual([demoIds.downtown]);
    expect(stores.stores[0]!.types).toEqual([
      { type: 'eye-exam', minutes: 30 },
      { type: 'pickup', minutes: 15 },
    ]);
    expect((await call(staff, 'GET', '/api/my/booking/stores')).statusCode).toBe(403);
    const range = await call(patientUser, 'GET', `/api/my/booking/slots?locationId=${demoIds.downtown}&type=eye-exam&from=2031-03-01&to=2031-06-01`);
    expect(json(range)).toMatchObject({ fields: { to: 'Choose a range of at most 62 days, from before to' } });

    // Jane has been seen (a completed visit); without one she is a new patient.
    await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ newPatientsMayBook: false, maxOnlinePerDay: 10 })), 200);
    await ok(book('2031-03-10T13:00:00Z'));
    await h.db.owner.execute(sql`update appointments set status = 'no-show' where patient_id = ${demoIds.janeDoe} and status = 'completed'`);
    expect(json(await book('2031-03-10T14:00:00Z'))).toMatchObject({ code: 'booking.newPatientsOff' });
  });
});

describe('forms sent with a booking', () => {
  type Settings = { forms: { id: string; name: string }[]; rules: { intakeForms: unknown[] } };
  const readSettings = () => ok<Settings>(call(admin, 'GET', `/api/settings/booking/${demoIds.downtown}`), 200);

  it('the admin names forms per visit type (published forms of the store, each once); a booking assigns them, to new patients only where so set, until the visit ends', async () => {
    const settings = await readSettings();
    expect(settings.forms.map((f) => f.name)).toEqual(['Contact Lens Consent', 'New Patient Intake']);
    const intake = settings.forms.find((f) => f.name === 'New Patient Intake')!.id;
    const consent = settings.forms.find((f) => f.name === 'Contact Lens Consent')!.id;
    const [uptownDraft] = await ownerRows<{ id: string }>(h, sql`select id from forms where location_id = ${demoIds.uptown} and status = 'draft'`);

    const refused = await call(
      admin,
      'PUT',
      `/api/settings/booking/${demoIds.downtown}`,
      rules({
        intakeForms: [
          { type: 'eye-exam', formId: uptownDraft!.id, newPatientsOnly: false },
          { type: 'eye-exam', formId: intake, newPatientsOnly: false },
          { type: 'eye-exam', formId: intake, newPatientsOnly: true },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      fields: { 'intakeForms.0.formId': 'Choose a published form of this store', 'intakeForms.2.formId': 'This form is already sent with this visit' },
      fieldCodes: { 'intakeForms.0.formId': 'booking.intakeForm', 'intakeForms.2.formId': 'booking.intakeTwice' },
    });
    expect((await readSettings()).rules.intakeForms).toEqual([]);
    const tooMany = await call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ intakeForms: Array.from({ length: 21 }, () => ({ type: 'eye-exam', formId: intake, newPatientsOnly: false })) }));
    expect(json(tooMany)).toMatchObject({ fields: { intakeForms: 'Up to 20 forms sent with bookings' } });

    const sent = [
      { type: 'contact-lens-fitting', formId: consent, newPatientsOnly: false },
      { type: 'eye-exam', formId: intake, newPatientsOnly: true },
    ];
    await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ onlineTypes: ['eye-exam', 'contact-lens-fitting'], maxOnlinePerDay: 10, intakeForms: sent })), 200);
    expect((await readSettings()).rules.intakeForms).toEqual(sent);

    // Jane is a new patient here (the test before took her completed visit away): her eye exam brings the intake form.
    const first = await ok<Booked>(book('2031-03-07T14:00:00Z'));
    expect(first.forms.map((f) => f.name)).toEqual(['New Patient Intake']);
    // Confirmed by her channel (email), with the visit's time in the store's zone.
    const [confirmation] = await ownerRows<{ channel: string; recipient: string; subject: string; body: string }>(
      h,
      sql`select channel, recipient, subject, body from communication_log where template = 'appointment.booked' and patient_id = ${demoIds.janeDoe} order by created_at desc limit 1`,
    );
    expect(confirmation).toMatchObject({ channel: 'email', subject: 'Your visit at Downtown is booked' });
    expect(confirmation!.body).toContain('your eye exam at Downtown with Sam Staff is booked for 2031-03-07 09:00');
    expect(first.forms[0]!.expiresAt).toBe('2031-03-07T14:30:00.000Z');
    const home = await ok<{ formsToFill: { id: string; name: string }[] }>(call(patientUser, 'GET', '/api/my/dashboard'), 200);
    expect(home.formsToFill.map((f) => f.id)).toContain(first.forms[0]!.id);
    const own = await ok<{ name: string }>(call(patientUser, 'GET', `/api/my/forms/${first.forms[0]!.id}`), 200);
    expect(own.name).toBe('New Patient Intake');
    const staffView = await ok<{ assignments: { id: string; channels: string[] }[] }>(call(staff, 'GET', `/api/eforms/assignments?patientId=${demoIds.janeDoe}`), 200);
    expect(staffView.assignments.find((a) => a.id === first.forms[0]!.id)?.channels).toEqual(expect.arrayContaining(['email']));

    // Seen before (a completed visit): no intake form with an eye exam; the consent with every fitting.
    await h.db.owner.execute(sql`update appointments set status = 'completed' where patient_id = ${demoIds.janeDoe} and status = 'no-show' and starts_at < '2031-01-01'`);
    expect((await ok<Booked>(book('2031-03-07T15:00:00Z'))).forms).toEqual([]);
    const fitting = await ok<Booked>(book('2031-03-07T16:00:00Z', staff.user.id, 'contact-lens-fitting'));
    expect(fitting.forms.map((f) => f.name)).toEqual(['Contact Lens Consent']);

    // A form taken off the store (archived) drops out of the rules and is not sent.
    await h.db.owner.execute(sql`update forms set status = 'archived' where id = ${consent}`);
    expect((await readSettings()).rules.intakeForms).toEqual([sent[1]]);
    expect((await ok<Booked>(book('2031-03-10T15:00:00Z', staff.user.id, 'contact-lens-fitting'))).forms).toEqual([]);
    await h.db.owner.execute(sql`update forms set status = 'published' where id = ${consent}`);
  });
});

describe('blocked times', () => {
  it('a provider’s blocked time takes its slots away at once and a booking into it is refused; a block that ends before it starts is said at its field', async () => {
    const meeting = { date: '2031-03-03', from: '10:00', to: '10:30', label: 'Team meeting' };
    const blocked = rules({ providers: [{ providerId: staff.user.id, hours: weekdays('09:00', '12:00'), daysOff: [], blocks: [meeting] }] });
    const saved = await ok<{ rules: { providers: { blocks: unknown[] }[] } }>(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, blocked), 200);
    expect(saved.rules.providers[0]!.blocks).toEqual([meeting]);
    expect(timesOn(await slotsOf('2031-03-03', '2031-03-03'), '2031-03-03')).toEqual([...quarterHours('09:00', '09:30'), ...quarterHours('10:30', '11:30')]);
    expect(json(await book('2031-03-03T15:00:00Z'))).toMatchObject({ code: 'booking.slotGone' });

    const backwards = await call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ providers: [{ providerId: staff.user.id, hours: weekdays('09:00', '12:00'), daysOff: [], blocks: [{ ...meeting, to: '09:30' }] }] }));
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards)).toMatchObject({ fields: { 'providers.0.blocks.0.to': 'A blocked time must end after it starts' }, fieldCodes: { 'providers.0.blocks.0.to': 'booking.blockEnds' } });
  });
});
