/**
 * The staff's store-day view of online booking over HTTP (GET /api/booking/day): for a store and a date, each
 * provider with working hours there, the free slots the booking rules leave (the same freeSlots as the patient's
 * page) and the day's live visits, in the store's time zone. Refused to patients, to another company and for a
 * store the caller does not work at; bad input is a 400 with field codes.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demo, demoIds, json, signIn, startHarness, type Harness, type SignedIn } from './harness';

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
const weekdays = (opens: string, closes: string) => ({
  mon: { opens, closes },
  tue: { opens, closes },
  wed: { opens, closes },
  thu: { opens, closes },
  fri: { opens, closes },
  sat: null,
  sun: null,
});

type Day = {
  locationId: string;
  date: string;
  timeZone: string;
  minutes: number;
  providers: {
    id: string;
    name: string;
    hours: { opens: string; closes: string } | null;
    free: { startsAt: string; localTime: string }[];
    booked: { id: string; startsAt: string; localTime: string; minutes: number; type: string; status: string; source: string; patientName: string; here: boolean }[];
  }[];
};

beforeAll(async () => {
  h = await startHarness();
  // Monday 2031-03-03, 06:55 in New York (EST).
  h.advance(Date.parse('2031-03-03T11:55:00Z') - h.config.now().getTime());
  [admin, staff, patientUser, otherAdmin] = await Promise.all([
    signIn(h, 'admin@clearview.test'),
    signIn(h, 'staff@clearview.test'),
    signIn(h, 'patient@clearview.test'),
    signIn(h, 'admin@brightsight.test', demo.brightsight),
  ]);
  await ok(
    call(admin, 'PUT', `/api/settings/booking/${demoIds.downtown}`, {
      onlineEnabled: true,
      newPatientsMayBook: true,
      onlineTypes: ['eye-exam', 'pickup'],
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 30,
      maxOnlinePerDay: 10,
      closures: [],
      providers: [
        { providerId: staff.user.id, hours: weekdays('09:00', '11:00'), daysOff: [], blocks: [{ date: '2031-03-04', from: '10:00', to: '10:30', label: 'Meeting' }] },
        { providerId: admin.user.id, hours: weekdays('13:00', '14:00'), daysOff: ['2031-03-05'], blocks: [] },
      ],
      intakeForms: [],
    }),
    200,
  );
});

afterAll(() => h.close());

describe("the staff's store-day view of online booking", () => {
  it("lists each provider's free slots and the day's visits in the store's time zone", async () => {
    const patient = await ok<{ id: string }>(
      call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Dana', lastName: 'Dayview', dateOfBirth: '1980-05-17', email: 'dana.dayview@example.test' }),
    );
    // Sam at 09:30 (14:30 UTC, EST): a 30-minute eye exam takes 09:30 and the starts that would overlap it.
    const visit = await ok<{ id: string }>(
      call(staff, 'POST', '/api/appointments', { patientId: patient.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2031-03-04T14:30:00Z', durationMinutes: 30 }),
    );
    const day = await ok<Day>(call(staff, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-04&type=eye-exam`), 200);
    expect(day).toMatchObject({ locationId: demoIds.downtown, date: '2031-03-04', timeZone: 'America/New_York', minutes: 30 });
    const sam = day.providers.find((p) => p.id === staff.user.id)!;
    expect(sam.hours).toEqual({ opens: '09:00', closes: '11:00' });
    // 09:00-11:00 on the quarter hours, less the visit (09:30-10:00) and the meeting (10:00-10:30).
    expect(sam.free.map((s) => s.localTime)).toEqual(['09:00', '10:30']);
    expect(sam.free[0]!.startsAt).toBe('2031-03-04T14:00:00.000Z');
    expect(sam.booked).toEqual([
      expect.objectContaining({ id: visit.id, startsAt: '2031-03-04T14:30:00.000Z', localTime: '09:30', minutes: 30, type: 'eye-exam', status: 'booked', source: 'staff', patientName: 'Dana Dayview', here: true }),
    ]);
    const alex = day.providers.find((p) => p.id === admin.user.id)!;
    expect(alex.free.map((s) => s.localTime)).toEqual(['13:00', '13:15', '13:30']);
    expect(alex.booked).toEqual([]);

    // A day off: hours shown, nothing free. A cancelled visit frees its slot.
    const off = await ok<Day>(call(admin, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-05&type=eye-exam`), 200);
    expect(off.providers.find((p) => p.id === admin.user.id)!.free).toEqual([]);
    await ok(call(staff, 'POST', `/api/appointments/${visit.id}/status`, { to: 'cancelled' }), 200);
    const after = await ok<Day>(call(staff, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-04&type=eye-exam`), 200);
    const samAfter = after.providers.find((p) => p.id === staff.user.id)!;
    expect(samAfter.booked).toEqual([]);
    expect(samAfter.free.map((s) => s.localTime)).toEqual(['09:00', '09:15', '09:30', '10:30']);
  });

  it('refuses patients, another company, a store without online booking rules of its own and bad input', async () => {
    expect((await call(patientUser, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-04&type=eye-exam`)).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-04&type=eye-exam`)).statusCode).toBe(404);
    const bad = await call(staff, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-02-30&type=eye-exam`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'request.fieldsInvalid', fieldCodes: { date: expect.any(String) } });
    const type = await call(staff, 'GET', `/api/booking/day?locationId=${demoIds.downtown}&date=2031-03-04&type=surgery`);
    expect(type.statusCode).toBe(400);
  });
});
