/**
 * Appointments over HTTP against the real app and database: double booking (concurrent, overlapping, across
 * midnight), cancelled and no-show times freed, storable starts, providers and the 5-minute grid.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, call, h, newPatient, ok, patientUser, staff, startClinical } from './clinical-fixtures';
import { json, ownerRows, type SignedIn } from './harness';

startClinical();

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
