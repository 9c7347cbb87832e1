/**
 * A new patient books through the store's public page (/{company}/{store}/book) over HTTP against the real app and
 * database: the store's rule on new patients, the one-time code read from the communication log (never from an
 * answer), nothing held before the code is confirmed, wrong and expired codes and their limit, the kiosk's rule of
 * a likely existing patient, two new patients racing for one slot, another company's store address, and the code
 * requests' rate limits.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, codeIn, demo, demoIds, eformLinkIn, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let otherAdmin: SignedIn;

type Slot = { startsAt: string; providerId: string; providerName: string; localDate: string; localTime: string };
type Booked = { appointment: { id: string; localDate: string; localTime: string; source: string; patientId?: string }; forms: { id: string; name: string }[] };

const weekdays = (opens: string, closes: string) => ({
  mon: { opens, closes },
  tue: { opens, closes },
  wed: { opens, closes },
  thu: { opens, closes },
  fri: { opens, closes },
  sat: null,
  sun: null,
});

let intakeForms: unknown[] = [];
const rules = (over: Record<string, unknown> = {}) => ({
  onlineEnabled: true,
  newPatientsMayBook: true,
  onlineTypes: ['eye-exam', 'pickup'],
  bufferMinutes: 0,
  minNoticeHours: 2,
  horizonDays: 30,
  maxOnlinePerDay: 50,
  closures: [],
  providers: [{ providerId: staff.user.id, hours: weekdays('09:00', '12:00'), daysOff: [], blocks: [] }],
  intakeForms,
  ...over,
});

/** Each test speaks from its own client address, so that the per-address limit counts only its own requests. */
let address = 0;
const nextAddress = () => `10.9.0.${++address}`;

function guest(method: 'GET' | 'POST', url: string, body?: unknown, remoteAddress = '10.9.1.1'): Promise<LightMyRequestResponse> {
  return h.app.inject({ method, url, remoteAddress, ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) } : {}) });
}
function call(who: SignedIn, method: 'GET' | 'PUT', url: string, body?: unknown): Promise<LightMyRequestResponse> {
  return h.app.inject({ method, url, headers: { ...bearer(who), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}
async function ok<T = Record<string, unknown>>(res: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return json<T>(r);
}

let seq = 0;
const person = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    firstName: 'Nora',
    lastName: `Newcomer${seq}`,
    dateOfBirth: '1990-02-03',
    email: `nora${seq}@example.test`,
    phone: '',
    preferredChannel: 'email',
    preferredLanguage: 'en',
    consentContact: true,
    consentPrivacy: true,
    ...over,
  };
};
const page = '/api/book/clearview/downtown';
const slotsOf = async (from: string, to: string, base = page) => (await ok<{ slots: Slot[] }>(guest('GET', `${base}/slots?type=eye-exam&from=${from}&to=${to}`))).slots;
const request = (slot: Slot, who: Record<string, unknown>, type = 'eye-exam') => ({ type, providerId: slot.providerId, startsAt: slot.startsAt, person: who });
const sendCode = (slot: Slot, who: Record<string, unknown>, from = nextAddress(), base = page) => guest('POST', `${base}/code`, request(slot, who), from);
const confirm = (slot: Slot, who: Record<string, unknown>, code: string, base = page) => guest('POST', `${base}/confirm`, { ...request(slot, who), code });
const codeOf = async (who: { email: string; phone: string; preferredChannel: string }) => codeIn(await lastMessageTo(h, who.preferredChannel === 'email' ? who.email : who.phone));
const patientsNamed = (lastName: string) => ownerRows<{ id: string; created_via: string; location_id: string }>(h, sql`select id, created_via, location_id from patients where last_name = ${lastName}`);
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

beforeAll(async () => {
  h = await startHarness();
  // Monday 2031-03-03, 06:55 in New York: two hours' notice opens the day at 08:55.
  h.advance(Date.parse('2031-03-03T11:55:00Z') - h.config.now().getTime());
  [admin, staff, otherAdmin] = await Promise.all([signIn(h, 'admin@clearview.test'), signIn(h, 'staff@clearview.test'), signIn(h, 'admin@brightsight.test', demo.brightsight)]);
  // The demo's forms sent with a booking stay (New Patient Intake with a new patient's eye exam).
  intakeForms = (await ok<{ rules: { intakeForms: unknown[] } }>(call(admin, 'GET', `/api/settings/booking/${demoIds.downtown}`))).rules.intakeForms;
  await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules()));
});

afterAll(() => h.close());

describe("the store's public booking page", () => {
  it('shows what the store offers new patients; a store without new patients online, one without online booking and an unknown address are refused', async () => {
    const store = await ok<{ storeName: string; companyName: string; timeZone: string; types: { type: string; minutes: number }[]; providers: { id: string; name: string }[] }>(guest('GET', page));
    expect(store).toMatchObject({ storeName: 'Downtown', companyName: 'Clearview Optical', timeZone: 'America/New_York', providers: [{ id: staff.user.id, name: 'Sam Staff' }] });
    expect(store.types.map((t) => t.type)).toEqual(['eye-exam', 'pickup']);
    // Brightsight's Main Street takes bookings online, but first visits by phone (the demo's rule).
    const off = await guest('GET', '/api/book/brightsight/main');
    expect(off.statusCode).toBe(409);
    expect(json(off)).toMatchObject({ code: 'booking.newPatientsOff', error: 'This store books first visits by phone. Please call the store.' });
    expect(json(await guest('GET', '/api/book/clearview/uptown'))).toMatchObject({ code: 'booking.notOnline' });
    // Another company's store address: Brightsight has no 'downtown'.
    const foreign = await guest('GET', '/api/book/brightsight/downtown');
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toMatchObject({ code: 'tenancy.unknownPortal' });
    expect((await guest('GET', '/api/book/clearview/downtown/slots?type=eye-exam&from=2031-03-03&to=2031-03-03')).statusCode).toBe(200);
    expect(json(await guest('GET', '/api/book/brightsight/main/slots?type=eye-exam&from=2031-03-03&to=2031-03-03'))).toMatchObject({ code: 'booking.newPatientsOff' });
    // A bad range is a field refusal, never a 500.
    const bad = await guest('GET', `${page}/slots?type=eye-exam&from=2031-03-09&to=2031-03-03`);
    expect(bad.statusCode).toBe(400);
  });

  it('books with the code: nothing is held before it, a wrong code is refused, then the patient, the visit, the forms and the confirmation', async () => {
    const [slot] = await slotsOf('2031-03-04', '2031-03-04');
    const nora = person();
    const sent = await ok<{ channel: string; destination: string; expiresInSeconds: number }>(sendCode(slot!, nora));
    expect(sent).toEqual({ channel: 'email', destination: expect.stringMatching(/^n\*+@example\.test$/), expiresInSeconds: 600 });
    const message = await lastMessageTo(h, nora.email);
    const code = codeIn(message);
    expect(message).toContain('Downtown');
    expect(JSON.stringify(sent)).not.toContain(code);
    // Nothing is held and nobody is created before the code: the slot is still free.
    expect((await slotsOf('2031-03-04', '2031-03-04')).map((s) => s.startsAt)).toContain(slot!.startsAt);
    expect(await patientsNamed(nora.lastName)).toEqual([]);

    const refused = await confirm(slot!, nora, wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'auth.invalidCode', error: 'Invalid Authentication code. Please check or Resend the code' });
    expect(await patientsNamed(nora.lastName)).toEqual([]);

    const booked = await ok<Booked>(confirm(slot!, nora, ` ${code} `), 201);
    expect(booked.appointment).toMatchObject({ localDate: '2031-03-04', localTime: slot!.localTime, source: 'online' });
    // A new patient's eye exam comes with New Patient Intake; its link goes to the patient's channel.
    expect(booked.forms.map((f) => f.name)).toEqual(['New Patient Intake']);
    const [created] = await patientsNamed(nora.lastName);
    expect(created).toMatchObject({ created_via: 'online', location_id: demoIds.downtown });
    const [appointment] = await ownerRows<{ patient_id: string; source: string }>(h, sql`select patient_id, source from appointments where id = ${booked.appointment.id}`);
    expect(appointment).toEqual({ patient_id: created!.id, source: 'online' });
    const mails = await ownerRows<{ template: string; body: string }>(h, sql`select template, body from communication_log where recipient = ${nora.email} order by template`);
    expect(mails.map((m) => m.template)).toEqual(['appointment.booked', 'booking.code', 'eform.link']);
    expect(mails[0]!.body).toContain('is booked for 2031-03-04');
    // The link opens the form on the public eForm page, without signing in.
    const link = eformLinkIn(mails[2]!.body);
    const tenant = json<{ tenant: string }>(await guest('GET', `/api/patient/getencryptedtenant?tenantid=${link.tenantid}`)).tenant;
    const card = await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link.uri}`, headers: { 'x-tenant-id': tenant } });
    expect(card.statusCode, card.body).toBe(200);
    expect(json(card)).toMatchObject({ assignId: booked.forms[0]!.id, isSubmitted: 0, isLinkExpired: 0 });
    expect((await slotsOf('2031-03-04', '2031-03-04')).map((s) => s.startsAt)).not.toContain(slot!.startsAt);
    // The code works once.
    expect(json(await confirm(slot!, nora, code))).toMatchObject({ code: 'auth.invalidCode' });
    const audit = await ownerRows<{ action: string; outcome: string }>(h, sql`select action, outcome from audit_log where tenant_id = ${demoIds.clearview} and action like 'booking.guest.%' order by id`);
    expect(audit.map((a) => `${a.action}:${a.outcome}`)).toEqual(expect.arrayContaining(['booking.guest.code:success', 'booking.guest.confirm:failure', 'booking.guest.confirm:success', 'booking.guest.create:success']));
  });

  it('sends the code by SMS to a person who chose it', async () => {
    const [, slot] = await slotsOf('2031-03-05', '2031-03-05');
    const sam = person({ email: '', phone: '+1 555 010 7788', preferredChannel: 'sms' });
    const sent = await ok<{ channel: string; destination: string }>(sendCode(slot!, sam));
    expect(sent).toEqual({ channel: 'sms', destination: '*********88', expiresInSeconds: 600 });
    await ok(confirm(slot!, sam, await codeOf(sam)), 201);
  });

  it('an expired code is refused like a wrong one; five wrong tries spend a code; a new code works', async () => {
    const [, , slot] = await slotsOf('2031-03-05', '2031-03-05');
    const lee = person();
    await ok(sendCode(slot!, lee));
    const code = await codeOf(lee);
    h.advance(11 * 60_000);
    // The staff's access tokens ran out with the clock.
    [admin, otherAdmin] = await Promise.all([signIn(h, 'admin@clearview.test'), signIn(h, 'admin@brightsight.test', demo.brightsight)]);
    expect(json(await confirm(slot!, lee, code))).toMatchObject({ code: 'auth.invalidCode' });
    await ok(sendCode(slot!, lee));
    const fresh = await codeOf(lee);
    for (let i = 0; i < 5; i++) expect((await confirm(slot!, lee, wrong(fresh))).statusCode).toBe(400);
    expect(json(await confirm(slot!, lee, fresh))).toMatchObject({ code: 'auth.invalidCode' });
    expect(await patientsNamed(lee.lastName)).toEqual([]);
    await ok(sendCode(slot!, lee));
    await ok(confirm(slot!, lee, await codeOf(lee)), 201);
  });

  it('a likely existing patient is told to sign in or call once the code proved the address, and learns nothing of the record', async () => {
    const [slot] = await slotsOf('2031-03-06', '2031-03-06');
    // Jane Doe's name, birth date and email, written another way.
    const jane = person({ firstName: ' jane ', lastName: 'DOE', dateOfBirth: '1978-04-12', email: 'patient@clearview.test' });
    // Asking for a code says nothing of whether the store knows this person: anyone may ask for any name.
    const sent = await sendCode(slot!, jane);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).not.toMatch(/Jane|Elm|0142|patientId|likelyExisting/);
    // A wrong code learns nothing either.
    expect(json(await confirm(slot!, jane, wrong(await codeOf(jane))))).toMatchObject({ code: 'auth.invalidCode' });
    const res = await confirm(slot!, jane, await codeOf(jane));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ code: 'booking.likelyExisting', error: 'We may already have your details. Please sign in to book, or call the store.' });
    expect(res.body).not.toMatch(/Jane|Elm|0142|patientId/);
    // Nothing made: no second Jane.
    expect(await patientsNamed('DOE')).toEqual([]);
  });

  it('is refused when the store does not let new patients book online, whatever the client sends', async () => {
    const [slot] = await slotsOf('2031-03-06', '2031-03-06');
    const kim = person();
    await ok(sendCode(slot!, kim));
    const code = await codeOf(kim);
    await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules({ newPatientsMayBook: false })));
    try {
      expect(json(await guest('GET', page))).toMatchObject({ code: 'booking.newPatientsOff' });
      expect(json(await sendCode(slot!, person()))).toMatchObject({ code: 'booking.newPatientsOff' });
      const res = await confirm(slot!, kim, code);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ code: 'booking.newPatientsOff' });
      expect(await patientsNamed(kim.lastName)).toEqual([]);
    } finally {
      await ok(call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, rules()));
    }
  });

  it('refuses bad input with field messages, a type or provider the store does not offer, and a slot that is not free', async () => {
    const [slot] = await slotsOf('2031-03-07', '2031-03-07');
    const missing = await sendCode(slot!, person({ email: '' }));
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: 'request.fieldsInvalid', fields: { 'person.email': expect.any(String) } });
    const noConsent = await sendCode(slot!, person({ consentPrivacy: false }));
    expect(json(noConsent)).toMatchObject({ fields: { 'person.consentPrivacy': expect.any(String) } });
    const badCode = await guest('POST', `${page}/confirm`, { ...request(slot!, person()), code: 'abc' });
    expect(json(badCode)).toMatchObject({ fields: { code: 'Enter the 6-digit code we sent you' }, fieldCodes: { code: 'guestBooking.code' } });
    const repair = await guest('POST', `${page}/code`, request(slot!, person(), 'repair'), nextAddress());
    expect(json(repair)).toMatchObject({ fields: { type: 'This store does not offer this visit online' } });
    const foreignProvider = await guest('POST', `${page}/code`, { ...request(slot!, person()), providerId: otherAdmin.user.id }, nextAddress());
    expect(json(foreignProvider)).toMatchObject({ fields: { providerId: 'Choose a provider of this store' } });
    // 07:00 is before opening: not a free slot, told with the next free ones; no code goes out.
    const early = await sendCode({ ...slot!, startsAt: '2031-03-07T12:00:00.000Z' }, person());
    expect(early.statusCode).toBe(409);
    expect(json<{ code: string; details: { nextSlots: Slot[] } }>(early).details.nextSlots.length).toBeGreaterThan(0);
  });
});

describe('two new patients, one slot', () => {
  it('both get a code (nothing is held), one gets the booking; the other sees the next free slots and books one with the same code', async () => {
    const [slot] = await slotsOf('2031-03-10', '2031-03-10');
    const ann = person();
    const bob = person();
    await ok(sendCode(slot!, ann));
    await ok(sendCode(slot!, bob));
    const [annCode, bobCode] = [await codeOf(ann), await codeOf(bob)];
    const answers = await Promise.all([confirm(slot!, ann, annCode), confirm(slot!, bob, bobCode)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    const loser = lost === answers[0] ? ann : bob;
    const { details } = json<{ code: string; details: { nextSlots: Slot[] } }>(lost);
    expect(json(lost)).toMatchObject({ code: 'booking.slotGone' });
    expect(details.nextSlots.length).toBeGreaterThan(0);
    expect(details.nextSlots.every((s) => s.startsAt > slot!.startsAt)).toBe(true);
    // Nothing of the loser was written, and the code was not spent.
    expect(await patientsNamed(loser.lastName)).toEqual([]);
    const [booked] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from appointments where starts_at = ${slot!.startsAt}::timestamptz and status <> 'cancelled'`);
    expect(booked!.n).toBe(1);
    await ok(confirm(details.nextSlots[0]!, loser, loser === ann ? annCode : bobCode), 201);
  });
});

describe("another company's store", () => {
  it("a code of one company's store opens nothing at another's; another company's provider is refused", async () => {
    // Brightsight lets new patients book online for this test, with its admin as the provider.
    await ok(
      call(otherAdmin, 'PUT', `/api/settings/booking/${demoIds.main}`, {
        ...rules({ providers: [{ providerId: otherAdmin.user.id, hours: weekdays('09:00', '12:00'), daysOff: [], blocks: [] }] }),
        intakeForms: [],
      }),
    );
    const theirs = '/api/book/brightsight/main';
    const [ours] = await slotsOf('2031-03-11', '2031-03-11');
    const [their] = await slotsOf('2031-03-11', '2031-03-11', theirs);
    expect(their!.providerId).toBe(otherAdmin.user.id);
    const zoe = person();
    await ok(sendCode(ours!, zoe));
    const code = await codeOf(zoe);
    expect(json(await confirm(ours!, zoe, code, theirs))).toMatchObject({ fields: { providerId: 'Choose a provider of this store' } });
    expect(json(await confirm(their!, zoe, code, theirs))).toMatchObject({ code: 'auth.invalidCode' });
    expect(await patientsNamed(zoe.lastName)).toEqual([]);
    // The code still books at the store it was sent for.
    await ok(confirm(ours!, zoe, code), 201);
  });
});

describe('limits on code requests', () => {
  it('at most 5 code requests a minute from one client address, and 5 codes an hour to one email', async () => {
    const [slot] = await slotsOf('2031-03-12', '2031-03-12');
    const from = nextAddress();
    for (let i = 0; i < 5; i++) await ok(sendCode(slot!, person(), from));
    const limited = await sendCode(slot!, person(), from);
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ code: 'request.tooManyRequests' });
    expect(limited.headers['retry-after']).toBeDefined();

    const ivy = person();
    for (let i = 0; i < 5; i++) await ok(sendCode(slot!, ivy));
    const tooMany = await sendCode(slot!, ivy);
    expect(tooMany.statusCode).toBe(429);
    expect(json(tooMany)).toMatchObject({ code: 'auth.tooManyCodes' });
  });
});
