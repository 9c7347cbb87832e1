/**
 * The staff and kiosk record writes over HTTP against the real app and database: patients, the patient list,
 * kiosk registration, store limits, other companies, double booking, payment idempotency, voids, the whole
 * lab-order status matrix with its events and the ready-for-pickup message, recalls, and the audit rows.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMoveLabOrder, labOrderStatuses, type LabOrderStatus } from '../../src/contract/labOrders';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let kiosk: SignedIn;
let patientUser: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  [admin, staff, kiosk, patientUser, otherAdmin] = await Promise.all([
    signIn(h, 'admin@clearview.test'),
    signIn(h, 'staff@clearview.test'),
    signIn(h, 'kiosk.downtown@clearview.test', { ...demo.clearview, isKiosk: true }),
    signIn(h, 'patient@clearview.test'),
    signIn(h, 'admin@brightsight.test', demo.brightsight),
  ]);
});
afterAll(() => h.close());

type Method = 'GET' | 'POST' | 'PATCH';
function call(who: SignedIn, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: { ...bearer(who), ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}
async function ok<T = Record<string, unknown>>(res: Promise<LightMyRequestResponse>, status = 201): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return json<T>(r);
}

let seq = 0;
async function newPatient(who: SignedIn = admin, extra: Record<string, unknown> = {}): Promise<{ id: string; lastName: string }> {
  seq += 1;
  return ok(
    call(who, 'POST', '/api/patients', {
      locationId: demoIds.downtown,
      firstName: 'Test',
      lastName: `Zz${String(seq).padStart(3, '0')}patient`,
      dateOfBirth: '1980-05-17',
      email: `p${seq}@example.test`,
      ...extra,
    }),
  );
}

const rxBody = {
  examDate: '2026-01-10',
  prescriber: 'Dr. Iris',
  right: { sphere: -1.25, cylinder: -0.5, axis: 90, add: 2, pdDistance: 31.5 },
  left: { sphere: -1, prism: 1, prismBase: 'in' },
};
const line = { kind: 'product', description: 'Progressive lenses', quantity: 1, unitPrice: 25_000 };

async function orderFixture(who: SignedIn = admin, patientExtra: Record<string, unknown> = {}) {
  const patient = await newPatient(who, patientExtra);
  const rx = await ok<{ id: string; expiresOn: string }>(call(who, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
  const invoice = await ok<{ id: string; total: number }>(call(who, 'POST', '/api/invoices', { patientId: patient.id, lines: [line] }));
  return { patient, rx, invoice };
}

const orderBody = (f: Awaited<ReturnType<typeof orderFixture>>) => ({
  patientId: f.patient.id,
  rxId: f.rx.id,
  invoiceId: f.invoice.id,
  invoiceLineNo: 1,
  frame: { brand: 'Acme', model: 'A1', colour: 'black', a: 52, b: 38, dbl: 18 },
  lens: { type: 'progressive', material: '1.6', coatings: ['AR'] },
  labName: 'Central Lab',
});

// ---------------------------------------------------------------------------------------------------------------

describe('patients', () => {
  it('staff create and update a patient; bad values get field messages; every write is audited', async () => {
    const created = await ok<{ id: string; createdVia: string }>(
      call(staff, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', email: 'ADA@Example.test' }),
    );
    expect(created).toMatchObject({ createdVia: 'staff', email: 'ada@example.test' });
    const updated = await ok(call(staff, 'PATCH', `/api/patients/${created.id}`, { phone: '+1 555 0100', preferredChannel: 'sms' }), 200);
    expect(updated).toMatchObject({ phone: '+1 555 0100', preferredChannel: 'sms' });

    const bad = await call(staff, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: '', lastName: 'X', dateOfBirth: '2999-01-01', phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      fields: {
        firstName: 'First name is required (up to 100 characters)',
        dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01',
        phone: 'Phone must be 6 to 30 digits (spaces, +, -, ( and ) allowed)',
      },
    });
    // The channel rule holds on the merged record: sms without a phone is refused.
    const noPhone = await call(staff, 'PATCH', `/api/patients/${created.id}`, { phone: '' });
    expect(noPhone.statusCode).toBe(400);
    expect(json(noPhone)).toMatchObject({ fields: { phone: 'A phone number is needed when the preferred channel is sms' } });

    const rows = await ownerRows<{ action: string; outcome: string; patient_id: string }>(
      h,
      sql`select action, outcome, patient_id from audit_log where patient_id = ${created.id} order by id`,
    );
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual(['patient.create:success', 'patient.update:success']);
  });

  it('lists by name with keyset paging: every patient once, in order, limit honoured', async () => {
    for (let i = 0; i < 7; i++) await newPatient();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { lastName: string; firstName: string; id: string }[]; nextCursor: string | null } = await ok(
        call(admin, 'GET', `/api/patients?locationId=${demoIds.downtown}&search=zz&limit=3${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((p) => p.lastName));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    const expected = (await ownerRows<{ last_name: string }>(h, sql`select last_name from patients where location_id = ${demoIds.downtown} and lower(last_name) like 'zz%' order by lower(last_name), lower(first_name), id`)).map((r) => r.last_name);
    expect(expected.length).toBeGreaterThanOrEqual(7);
    expect(seen).toEqual(expected);

    const bad = await call(admin, 'GET', '/api/patients?limit=101');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { limit: 'Limit must be a whole number between 1 and 100' } });
    const badCursor = await call(admin, 'GET', '/api/patients?cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.statusCode).toBe(400);
    expect(json(badCursor)).toMatchObject({ fields: { cursor: 'The page cursor is not valid' } });
  });

  it('every list read is audited with the ids it showed', async () => {
    const page = await ok<{ items: { id: string }[] }>(call(staff, 'GET', '/api/patients?search=zz&limit=2'), 200);
    const [row] = await ownerRows<{ action: string; outcome: string; actor_user_id: string; details: { patientIds: string[]; searched: boolean } }>(
      h,
      sql`select action, outcome, actor_user_id, details from audit_log where action = 'patient.list' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ action: 'patient.list', outcome: 'success', actor_user_id: staff.user.id, details: { searched: true } });
    expect(row!.details.patientIds).toEqual(page.items.map((i) => i.id));
  });

  it('searches by last-name, first-name and email prefix, "first last", and the start or end of the phone number', async () => {
    const p = await ok<{ id: string }>(
      call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Quentin', lastName: "O'Brien-Smythe", dateOfBirth: '1975-03-03', email: 'q.obrien@mail.test', phone: '(555) 123-9876' }),
    );
    for (const search of ["o'brien", 'QUENT', 'q.obr', 'quentin o', "o'brien-smythe, qu", '5551239876', '555 123', '9876']) {
      const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', `/api/patients?search=${encodeURIComponent(search)}`), 200);
      expect(page.items.map((i) => i.id), search).toContain(p.id);
    }
    for (const search of ['brien', 'uentin', '%', '_uentin']) {
      const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', `/api/patients?search=${encodeURIComponent(search)}`), 200);
      expect(page.items.map((i) => i.id), search).not.toContain(p.id);
    }
  });

  it('staff of Downtown cannot reach Uptown patients: list, update, Rx, invoice, booking all answer 404 and are audited as denied', async () => {
    const uptown = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { locationId: demoIds.uptown, firstName: 'Uma', lastName: 'Uptown', dateOfBirth: '1970-01-01', email: 'uma@example.test' }));
    const list = await ok<{ items: { id: string; locationId: string }[] }>(call(staff, 'GET', '/api/patients?search=uptown'), 200);
    expect(list.items.map((i) => i.id)).not.toContain(uptown.id);
    expect((await call(staff, 'GET', `/api/patients?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    expect((await call(staff, 'POST', '/api/patients', { locationId: demoIds.uptown, firstName: 'A', lastName: 'B', dateOfBirth: '1970-01-01', email: 'a@b.test' })).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PATCH', `/api/patients/${uptown.id}`, { notes: 'x' }],
      ['POST', `/api/patients/${uptown.id}/spectacle-rx`, rxBody],
      ['POST', '/api/invoices', { patientId: uptown.id, lines: [line] }],
      ['POST', '/api/appointments', { patientId: uptown.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2030-01-01T09:00:00Z' }],
      ['POST', '/api/recalls', { patientId: uptown.id, type: 'annual-exam', dueOn: '2030-01-01' }],
    ] as const) {
      const res = await call(staff, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(json(res)).toEqual({ error: 'Not found.', code: 'request.notFound' });
    }
    const denied = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where outcome = 'denied' and target_id = ${uptown.id}`);
    expect(denied[0]!.n).toBeGreaterThanOrEqual(5);
    // An Uptown invoice made by the admin is out of the staff's reach too.
    const inv = await ok<{ id: string }>(call(admin, 'POST', '/api/invoices', { patientId: uptown.id, lines: [line] }));
    expect((await call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 100 })).statusCode).toBe(404);
    expect((await call(staff, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'x' })).statusCode).toBe(404);
  });

  it("another company's admin reaches nothing of Clearview by id (404) and lists none of its patients", async () => {
    const f = await orderFixture();
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(f)));
    for (const [method, url, body] of [
      ['PATCH', `/api/patients/${f.patient.id}`, { notes: 'x' }],
      ['POST', `/api/patients/${f.patient.id}/contact-lens-rx`, { examDate: '2026-01-01', prescriber: 'X', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }],
      ['POST', '/api/invoices', { patientId: f.patient.id, lines: [line] }],
      ['POST', `/api/invoices/${f.invoice.id}/payments`, { method: 'cash', amount: 100 }],
      ['POST', `/api/lab-orders/${order.id}/status`, { to: 'sent-to-lab' }],
      ['POST', '/api/lab-orders', orderBody(f)],
      ['GET', `/api/patients?locationId=${demoIds.downtown}`, undefined],
      ['POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'A', lastName: 'B', dateOfBirth: '1970-01-01', email: 'a@b.test' }],
    ] as const) {
      const res = await call(otherAdmin, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(f.patient.lastName);
    }
    const list = await ok<{ items: { id: string }[] }>(call(otherAdmin, 'GET', '/api/patients?search=zz'), 200);
    expect(list.items).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('kiosk registration', () => {
  it('creates the patient at the kiosk store, answers only id and first name, and the admin finds it at once', async () => {
    const res = await call(kiosk, 'POST', '/api/kiosk/patients', {
      firstName: 'Kira',
      lastName: 'Kioskova',
      dateOfBirth: '2001-07-07',
      email: 'kira@example.test',
      phone: '555 000 1111',
      preferredChannel: 'email',
      preferredLanguage: 'tr',
      consentContact: true,
      consentPrivacy: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{ id: string; firstName: string }>(res);
    expect(Object.keys(body).sort()).toEqual(['firstName', 'id']);
    expect(body.firstName).toBe('Kira');
    expect(res.body).not.toContain('Kioskova');
    expect(res.body).not.toContain('kira@example.test');

    const [row] = await ownerRows<{ location_id: string; created_via: string; consent_at: Date | null; consent_privacy: boolean }>(
      h,
      sql`select location_id, created_via, consent_at, consent_privacy from patients where id = ${body.id}`,
    );
    expect(row).toMatchObject({ location_id: demoIds.downtown, created_via: 'kiosk', consent_privacy: true });
    expect(row!.consent_at).not.toBeNull();

    const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', '/api/patients?search=kioskova'), 200);
    expect(page.items.map((i) => i.id)).toEqual([body.id]);
    const audited = await ownerRows<{ action: string }>(h, sql`select action from audit_log where patient_id = ${body.id} and outcome = 'success'`);
    expect(audited.map((a) => a.action)).toContain('patient.kiosk_register');
  });

  it('refuses a store in the body, missing privacy consent and bad fields with messages', async () => {
    const base = { firstName: 'K', lastName: 'L', dateOfBirth: '2001-07-07', email: 'k@example.test', consentPrivacy: true };
    const withStore = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, locationId: demoIds.uptown });
    expect(withStore.statusCode).toBe(400);
    const noConsent = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, consentPrivacy: false });
    expect(noConsent.statusCode).toBe(400);
    expect(json(noConsent)).toMatchObject({ fields: { consentPrivacy: 'Please accept the privacy notice to register' } });
    const bad = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, email: '', dateOfBirth: '1850-01-01' });
    expect(json(bad)).toMatchObject({
      fields: { email: 'An email address is needed when the preferred channel is email', dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01' },
    });
    const count = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from patients where last_name = 'L'`);
    expect(count[0]!.n).toBe(0);
  });

  it('the kiosk cannot read or write patient records; patients cannot use the staff calls', async () => {
    for (const who of [kiosk, patientUser]) {
      expect((await call(who, 'GET', '/api/patients')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/patients', {})).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/invoices', {})).statusCode).toBe(403);
    }
    expect((await call(admin, 'POST', '/api/kiosk/patients', {})).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('appointments', () => {
  it('two concurrent bookings of one provider slot: one 201, one 409 with a clear message; cancelling frees the slot', async () => {
    const [a, b] = await Promise.all([newPatient(), newPatient()]);
    const slot = { providerId: admin.user.id, type: 'eye-exam', startsAt: '2031-03-03T10:00:00.000Z', durationMinutes: 30 };
    const results = await Promise.all([
      call(admin, 'POST', '/api/appointments', { ...slot, patientId: a.id }),
      call(staff, 'POST', '/api/appointments', { ...slot, patientId: b.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(json(refused)).toEqual({ error: 'This provider is already booked at that time. Please choose another time.', code: 'appointments.slotTaken' });
    const booked = json<{ id: string }>(results.find((r) => r.statusCode === 201)!);
    const rows = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from appointments where provider_id = ${admin.user.id} and starts_at = '2031-03-03T10:00:00Z'`);
    expect(rows[0]!.n).toBe(1);

    expect(json(await call(admin, 'POST', `/api/appointments/${booked.id}/status`, { to: 'cancelled' }))).toMatchObject({ status: 'cancelled' });
    const again = await call(admin, 'POST', `/api/appointments/${booked.id}/status`, { to: 'confirmed' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ error: 'Cannot move an appointment from cancelled to confirmed', code: 'appointments.cannotMove', params: { from: 'cancelled', to: 'confirmed' } });
    await ok(call(staff, 'POST', '/api/appointments', { ...slot, patientId: b.id }));
  });

  const slotTaken = { error: 'This provider is already booked at that time. Please choose another time.', code: 'appointments.slotTaken' };
  const book = (who: SignedIn, patientId: string, providerId: string, startsAt: string, durationMinutes: number) =>
    call(who, 'POST', '/api/appointments', { patientId, providerId, type: 'eye-exam', startsAt, durationMinutes });

  it('refuses a booking that overlaps a live one of the provider (409); back-to-back, another provider and a cancelled or no-show time are fine', async () => {
    const p = await newPatient();
    const first = await ok<{ id: string }>(book(admin, p.id, admin.user.id, '2031-04-01T10:00:00Z', 60));
    // Inside, across the start, across the end, around it, the last 5 minutes: all overlap [10:00, 11:00).
    for (const [startsAt, minutes] of [
      ['2031-04-01T10:15:00Z', 30],
      ['2031-04-01T09:45:00Z', 30],
      ['2031-04-01T10:30:00Z', 60],
      ['2031-04-01T06:00:00Z', 480],
      ['2031-04-01T10:55:00Z', 5],
      ['2031-04-01T09:55:00+00:00', 10],
      ['2031-04-01T12:30:00+02:00', 5],
    ] as const) {
      const res = await book(staff, p.id, admin.user.id, startsAt, minutes);
      expect(res.statusCode, `${startsAt} ${minutes}: ${res.body}`).toBe(409);
      expect(json(res)).toEqual(slotTaken);
    }
    // Touching end to start is no overlap, on either side; another provider may take the same hour.
    const after = await ok<{ id: string }>(book(staff, p.id, admin.user.id, '2031-04-01T11:00:00Z', 30));
    await ok(book(staff, p.id, admin.user.id, '2031-04-01T09:30:00Z', 30));
    await ok(book(admin, p.id, staff.user.id, '2031-04-01T10:15:00Z', 30));
    const live = async () =>
      (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from appointments where provider_id = ${admin.user.id} and starts_at::date = '2031-04-01' and status not in ('cancelled', 'no-show')`))[0]!.n;
    expect(await live()).toBe(3);
    const refusals = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where action = 'appointment.create' and outcome = 'failure' and details->>'error' = ${slotTaken.error}`);
    expect(refusals[0]!.n).toBeGreaterThanOrEqual(7);

    // A cancelled appointment's time can be booked again, overlapping or not; so can a no-show's.
    await ok(call(admin, 'POST', `/api/appointments/${first.id}/status`, { to: 'cancelled' }), 200);
    const retaken = await ok<{ id: string }>(book(staff, p.id, admin.user.id, '2031-04-01T10:15:00Z', 45));
    await ok(call(admin, 'POST', `/api/appointments/${retaken.id}/status`, { to: 'no-show' }), 200);
    await ok(call(admin, 'POST', `/api/appointments/${after.id}/status`, { to: 'cancelled' }), 200);
    await ok(book(staff, p.id, admin.user.id, '2031-04-01T10:00:00Z', 90));
    expect(await live()).toBe(2);
  });

  it('a long appointment of the day before blocks the morning; one that ends at the new start does not', async () => {
    const p = await newPatient();
    // 2031-04-02 23:05 + 480 minutes ends 2031-04-03 07:05; 2031-04-02 22:00 + 480 minutes ends at 06:00.
    await ok(book(admin, p.id, staff.user.id, '2031-04-02T23:05:00Z', 480));
    expect(json(await book(admin, p.id, staff.user.id, '2031-04-03T07:00:00Z', 30))).toEqual(slotTaken);
    await ok(book(admin, p.id, staff.user.id, '2031-04-03T07:05:00Z', 30));
    const q = await newPatient();
    await ok(book(admin, q.id, admin.user.id, '2031-04-02T22:00:00Z', 480));
    await ok(book(admin, q.id, admin.user.id, '2031-04-03T06:00:00Z', 30));
  });

  it('concurrent bookings of overlapping (not identical) slots: exactly one 201, the others 409', async () => {
    const [a, b] = await Promise.all([newPatient(), newPatient()]);
    const pair = await Promise.all([book(admin, a.id, admin.user.id, '2031-05-05T10:00:00Z', 60), book(staff, b.id, admin.user.id, '2031-05-05T10:30:00Z', 60)]);
    expect(pair.map((r) => r.statusCode).sort(), pair.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect(json(pair.find((r) => r.statusCode === 409)!)).toEqual(slotTaken);

    // Five mutually overlapping requests at five different starts, from two users.
    const starts = ['10:00', '10:10', '10:20', '10:30', '10:40'].map((t) => `2031-05-06T${t}:00Z`);
    const burst = await Promise.all(starts.map((s, i) => book(i % 2 ? staff : admin, i % 2 ? b.id : a.id, admin.user.id, s, 60)));
    expect(burst.map((r) => r.statusCode).sort(), burst.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const r of burst.filter((x) => x.statusCode === 409)) expect(json(r)).toEqual(slotTaken);
    const rows = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from appointments where provider_id = ${admin.user.id} and starts_at::date in ('2031-05-05', '2031-05-06')`);
    expect(rows[0]!.n).toBe(2);
  });

  it('a start PostgreSQL cannot store (year 0 in UTC, or past 9999) is a 400 with the field, not a 500', async () => {
    const p = await newPatient();
    for (const startsAt of ['0000-06-01T10:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:55:00-01:00']) {
      const res = await book(admin, p.id, admin.user.id, startsAt, 30);
      expect(res.statusCode, `${startsAt}: ${res.body}`).toBe(400);
      expect(json(res)).toMatchObject({ fields: { startsAt: 'Start must be a date and time with a time zone (ISO 8601) on a 5-minute boundary' } });
    }
    // The last storable slot still books (its end, in year 10000, is only computed).
    await ok(book(admin, p.id, admin.user.id, '9999-12-31T23:55:00Z', 480));
  });

  it('refuses a provider who is not staff of the store, and off-grid times', async () => {
    const p = await newPatient();
    const notStaff = await call(admin, 'POST', '/api/appointments', { patientId: p.id, providerId: patientUser.user.id, type: 'eye-exam', startsAt: '2031-03-03T11:00:00Z' });
    expect(json(notStaff)).toMatchObject({ fields: { providerId: 'Provider must be a staff member of this store' } });
    const offGrid = await call(admin, 'POST', '/api/appointments', { patientId: p.id, providerId: admin.user.id, type: 'eye-exam', startsAt: '2031-03-03T11:02:00Z' });
    expect(json(offGrid)).toMatchObject({ fields: { startsAt: 'Start must be a date and time with a time zone (ISO 8601) on a 5-minute boundary' } });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('invoices and payments', () => {
  it('numbers per store, computes totals with the store tax rate in integer cents', async () => {
    await h.db.owner.execute(sql`update locations set tax_rate_bp = 825 where id = ${demoIds.downtown}`);
    const p = await newPatient();
    const inv = await ok<{ number: number; subtotal: number; discountTotal: number; taxTotal: number; total: number; balance: number; lines: { tax: number; total: number }[] }>(
      call(admin, 'POST', '/api/invoices', {
        patientId: p.id,
        lines: [
          { kind: 'product', description: 'Frame', quantity: 1, unitPrice: 12_999, discount: 1_000 },
          { kind: 'service', description: 'Eye exam', quantity: 2, unitPrice: 4_550 },
        ],
      }),
    );
    // Line 1: 11,999 net, tax round(989.9175) = 990; line 2: 9,100 net, tax round(750.75) = 751.
    expect(inv).toMatchObject({ subtotal: 22_099, discountTotal: 1_000, taxTotal: 1_741, total: 22_840, balance: 22_840 });
    expect(inv.lines.map((l) => l.total)).toEqual([12_989, 9_851]);
    const next = await ok<{ number: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    expect(next.number).toBe(inv.number + 1);
    const bad = await call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [{ ...line, unitPrice: 10.5, discount: -1 }] });
    expect(json(bad)).toMatchObject({ fields: { 'lines.0.unitPrice': 'Unit price must be a whole number of cents between 0 and 1000000000' } });
    await h.db.owner.execute(sql`update locations set tax_rate_bp = 0 where id = ${demoIds.downtown}`);
  });

  it('concurrent invoices of one store get distinct consecutive numbers', async () => {
    const p = await newPatient();
    const results = await Promise.all(Array.from({ length: 5 }, () => ok<{ number: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }))));
    const numbers = results.map((r) => r.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4]! - numbers[0]!).toBe(4);
  });

  it('two concurrent payments with one Idempotency-Key record one payment; paid at balance 0; a paid invoice takes no more', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const key = `pay-${randomUUID()}`;
    const results = await Promise.all([
      call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 10_000 }, { 'idempotency-key': key }),
      call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 10_000, idempotencyKey: key }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const bodies = results.map((r) => json<{ payment: { id: string }; invoice: { paidTotal: number }; replayed: boolean }>(r));
    expect(bodies[0]!.payment.id).toBe(bodies[1]!.payment.id);
    const rows = await ownerRows<{ n: number; s: number }>(h, sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as s from payments where invoice_id = ${inv.id}`);
    expect(rows[0]).toEqual({ n: 1, s: 10_000 });

    const tooMuch = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 20_000 });
    expect(json(tooMuch)).toMatchObject({ fields: { amount: 'Amount cannot be more than the balance of 15000 cents' } });
    const rest = await ok<{ invoice: { status: string; balance: number } }>(call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 15_000 }));
    expect(rest.invoice).toMatchObject({ status: 'paid', balance: 0 });
    const after = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 1 });
    expect(after.statusCode).toBe(409);
    // The same key for another payment is refused.
    const reused = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 5 }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
  });

  it('refunding a paid invoice writes a linked credit record and leaves the invoice amounts unchanged', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    await ok(call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: inv.total }));
    const voided = await ok<{ invoice: { status: string; total: number; paidTotal: number }; credit: { total: number; paidTotal: number; relatedInvoiceId: string; status: string } }>(
      call(admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Wrong frame' }),
      200,
    );
    expect(voided.invoice).toMatchObject({ status: 'refunded', total: inv.total, paidTotal: inv.total });
    expect(voided.credit).toMatchObject({ status: 'refunded', total: -inv.total, paidTotal: -inv.total, relatedInvoiceId: inv.id });
    expect((await call(admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'again' })).statusCode).toBe(409);
    const refund = await ownerRows<{ amount: number; method: string }>(h, sql`select amount::int as amount, method from payments p join invoices i on i.id = p.invoice_id where i.related_invoice_id = ${inv.id}`);
    expect(refund).toEqual([{ amount: -inv.total, method: 'card' }]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** Moves that bring a new order to each status (on-hold is held from sent-to-lab). */
const pathTo: Record<LabOrderStatus, { to: LabOrderStatus; reason?: string }[]> = {
  draft: [],
  'sent-to-lab': [{ to: 'sent-to-lab' }],
  'in-production': [{ to: 'sent-to-lab' }, { to: 'in-production' }],
  received: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }],
  'ready-for-pickup': [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'ready-for-pickup' }],
  delivered: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'ready-for-pickup' }, { to: 'delivered' }],
  'on-hold': [{ to: 'sent-to-lab' }, { to: 'on-hold' }],
  remake: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'remake', reason: 'Scratched lens' }],
  cancelled: [{ to: 'cancelled' }],
};
const heldFromOf = (s: LabOrderStatus) => (s === 'on-hold' ? 'sent-to-lab' : null);

describe('lab orders', () => {
  let fixture: Awaited<ReturnType<typeof orderFixture>>;
  beforeAll(async () => {
    fixture = await orderFixture(admin, { preferredChannel: 'sms', phone: '+1 555 0199' });
  });

  async function orderIn(status: LabOrderStatus): Promise<string> {
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(fixture)));
    for (const step of pathTo[status]) await ok(call(admin, 'POST', `/api/lab-orders/${order.id}/status`, step), 200);
    return order.id;
  }

  const matrix = labOrderStatuses.flatMap((from) => labOrderStatuses.map((to) => ({ from, to })));
  it.each(matrix)('$from -> $to over HTTP follows the edge list', async ({ from, to }) => {
    const id = await orderIn(from);
    const res = await call(staff, 'POST', `/api/lab-orders/${id}/status`, { to, ...(to === 'remake' ? { reason: 'Wrong PD' } : {}) });
    const allowed = canMoveLabOrder(from, to, heldFromOf(from));
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      const body = json<{ order: { status: string }; remake: { status: string; remakeOfId: string; remakeReason: string } | null }>(res);
      expect(body.order.status).toBe(to);
      if (to === 'remake') expect(body.remake).toMatchObject({ status: 'draft', remakeOfId: id, remakeReason: 'Wrong PD' });
      const [ev] = await ownerRows<{ from_status: string; to_status: string; by_user_id: string; by_name: string; at: Date }>(
        h,
        sql`select from_status, to_status, by_user_id, by_name, at from lab_order_events where lab_order_id = ${id} order by id desc limit 1`,
      );
      expect(ev).toMatchObject({ from_status: from, to_status: to, by_user_id: staff.user.id, by_name: 'Sam Staff' });
      expect(Math.abs(Date.now() - new Date(ev!.at).getTime())).toBeLessThan(120_000);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toEqual({ error: `Cannot move an order from ${from} to ${to}`, code: 'labOrders.cannotMove', params: { from, to } });
      const [row] = await ownerRows<{ status: string }>(h, sql`select status from lab_orders where id = ${id}`);
      expect(row!.status).toBe(from);
    }
  });

  it('the edge list has every main-line step and the side paths of the brief', () => {
    const allowedPairs = matrix.filter(({ from, to }) => canMoveLabOrder(from, to, heldFromOf(from))).map(({ from, to }) => `${from}>${to}`);
    expect(allowedPairs.sort()).toEqual(
      [
        'draft>sent-to-lab', 'sent-to-lab>in-production', 'in-production>received', 'received>ready-for-pickup', 'ready-for-pickup>delivered',
        'sent-to-lab>on-hold', 'in-production>on-hold', 'received>on-hold', 'on-hold>sent-to-lab',
        'draft>cancelled', 'sent-to-lab>cancelled', 'in-production>cancelled', 'on-hold>cancelled',
        'received>remake', 'ready-for-pickup>remake', 'delivered>remake',
      ].sort(),
    );
  });

  it('an order on hold returns only to the status it was held in', async () => {
    for (const heldIn of ['in-production', 'received'] as const) {
      const id = await orderIn(heldIn);
      await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'on-hold', note: 'Waiting for frame' }), 200);
      for (const other of ['sent-to-lab', 'in-production', 'received'].filter((s) => s !== heldIn)) {
        expect((await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: other })).statusCode).toBe(409);
      }
      await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: heldIn }), 200);
    }
  });

  it('a remake needs a reason; the new order is linked and numbered', async () => {
    const id = await orderIn('received');
    const noReason = await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'remake' });
    expect(json(noReason)).toMatchObject({ fields: { reason: 'A remake needs a reason (1 to 500 characters)' } });
  });

  it('reaching ready-for-pickup writes one message on the preferred channel (sms) from the built-in text, then the company and store templates win', async () => {
    const count = async () => (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = '+1 555 0199'`))[0]!.n;
    const before = await count();
    const id = await orderIn('received');
    expect(await count()).toBe(before);
    await ok(call(staff, 'POST', `/api/lab-orders/${id}/status`, { to: 'ready-for-pickup' }), 200);
    const [msg] = await ownerRows<{ channel: string; template: string; body: string; location_id: string }>(
      h,
      sql`select channel, template, body, location_id from communication_log where recipient = '+1 555 0199' order by created_at desc limit 1`,
    );
    expect(await count()).toBe(before + 1);
    expect(msg).toMatchObject({ channel: 'sms', template: 'order.ready-for-pickup', location_id: demoIds.downtown });
    expect(msg!.body).toMatch(/^Downtown: Test Zz\d+patient, your order \d+ is ready for pickup\.$/);

    await h.db.owner.execute(sql`insert into message_templates (tenant_id, location_id, key, channel, body) values (${demoIds.clearview}, null, 'order.ready-for-pickup', 'sms', 'Company: {{patientName}} #{{orderNumber}}')`);
    const id2 = await orderIn('received');
    await ok(call(admin, 'POST', `/api/lab-orders/${id2}/status`, { to: 'ready-for-pickup' }), 200);
    expect(await (await import('./harness')).lastMessageTo(h, '+1 555 0199')).toMatch(/^Company: Test Zz\d+patient #\d+$/);

    await h.db.owner.execute(sql`insert into message_templates (tenant_id, location_id, key, channel, body) values (${demoIds.clearview}, ${demoIds.downtown}, 'order.ready-for-pickup', 'sms', 'Store {{storeName}}: {{orderStatus}}')`);
    const id3 = await orderIn('received');
    await ok(call(admin, 'POST', `/api/lab-orders/${id3}/status`, { to: 'ready-for-pickup' }), 200);
    expect(await (await import('./harness')).lastMessageTo(h, '+1 555 0199')).toBe('Store Downtown: ready for pickup');
  });

  it('refuses an Rx or invoice of another patient (404) and a missing invoice line (400)', async () => {
    const other = await orderFixture();
    expect((await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), rxId: other.rx.id })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), invoiceId: other.invoice.id })).statusCode).toBe(404);
    const noLine = await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), invoiceLineNo: 7 });
    expect(json(noLine)).toMatchObject({ fields: { invoiceLineNo: 'Invoice line must be a line number of the invoice' } });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('recalls and prescriptions', () => {
  it('a recall moves along its edges; sent sends the reminder on its channel', async () => {
    const p = await newPatient(admin, { consentContact: true });
    const recall = await ok<{ id: string; channel: string }>(call(staff, 'POST', '/api/recalls', { patientId: p.id, type: 'annual-exam', dueOn: '2027-01-15' }));
    expect(recall.channel).toBe('email');
    const sent = await ok<{ status: string; lastSentAt: string | null }>(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'sent' }), 200);
    expect(sent.status).toBe('sent');
    expect(sent.lastSentAt).not.toBeNull();
    expect(await (await import('./harness')).lastMessageTo(h, `p${seq}@example.test`)).toContain('due on 2027-01-15');
    await ok(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'booked' }), 200);
    expect((await call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'pending' })).statusCode).toBe(409);
  });

  it('stores an Rx with its default expiry (2 years spectacles, 1 year contact lenses)', async () => {
    const p = await newPatient();
    const rx = await ok<{ expiresOn: string }>(call(admin, 'POST', `/api/patients/${p.id}/spectacle-rx`, { ...rxBody, examDate: '2024-02-29' }));
    expect(rx.expiresOn).toBe('2026-02-28');
    const cl = await ok<{ expiresOn: string }>(
      call(admin, 'POST', `/api/patients/${p.id}/contact-lens-rx`, {
        examDate: '2024-02-29',
        prescriber: 'Dr. Iris',
        brand: 'Acuvue Oasys',
        replacement: 'two-weekly',
        right: { power: -6.5, baseCurve: 8.4, diameter: 14, cylinder: -0.75, axis: 180 },
        left: { power: -5.75, baseCurve: 8.4, diameter: 14 },
      }),
    );
    expect(cl.expiresOn).toBe('2025-02-28');
    const bad = await call(admin, 'POST', `/api/patients/${p.id}/spectacle-rx`, { ...rxBody, right: { sphere: 30.25, cylinder: -0.5 } });
    expect(json(bad)).toMatchObject({
      fields: { 'right.sphere': 'Sphere must be between -30.00 and +30.00 in 0.25 steps', 'right.axis': 'Axis is required when there is a cylinder (whole degrees 1 to 180)' },
    });
    const rows = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from spectacle_rx where patient_id = ${p.id}`);
    expect(rows[0]!.n).toBe(1);
  });
});
