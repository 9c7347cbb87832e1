/**
 * Shared set-up of the clinical workflow tests (clinical-*.test.ts): each file calls startClinical() to boot its own
 * harness (startHarness, its own database) and sign in the Clearview admin, staff, Downtown kiosk and patient and
 * Brightsight's admin; then `h` and those users are set for its tests (live bindings). Also the request helpers and
 * record fixtures the files share.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, demo, demoIds, json, signIn, startHarness, type Harness, type SignedIn } from './harness';

export let h: Harness;
export let admin: SignedIn;
export let staff: SignedIn;
export let kiosk: SignedIn;
export let patientUser: SignedIn;
export let otherAdmin: SignedIn;

export function startClinical(opts: Parameters<typeof startHarness>[1] = {}) {
  beforeAll(async () => {
    h = await startHarness({}, opts);
    [admin, staff, kiosk, patientUser, otherAdmin] = await Promise.all([
      signIn(h, 'admin@clearview.test'),
      signIn(h, 'staff@clearview.test'),
      signIn(h, 'kiosk.downtown@clearview.test', { ...demo.clearview, isKiosk: true }),
      signIn(h, 'patient@clearview.test'),
      signIn(h, 'admin@brightsight.test', demo.brightsight),
    ]);
  });
  afterAll(() => h.close());
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export function call(who: SignedIn, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: { ...bearer(who), ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}
export async function ok<T = Record<string, unknown>>(res: Promise<LightMyRequestResponse>, status = 201): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return json<T>(r);
}

export let seq = 0;
export async function newPatient(who: SignedIn = admin, extra: Record<string, unknown> = {}): Promise<{ id: string; lastName: string }> {
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

export const rxBody = {
  examDate: '2026-01-10',
  prescriber: 'Dr. Iris',
  right: { sphere: -1.25, cylinder: -0.5, axis: 90, add: 2, pdDistance: 31.5 },
  left: { sphere: -1, prism: 1, prismBase: 'in' },
};
export const line = { kind: 'product', description: 'Progressive lenses', quantity: 1, unitPrice: 25_000 };

export async function orderFixture(who: SignedIn = admin, patientExtra: Record<string, unknown> = {}) {
  const patient = await newPatient(who, patientExtra);
  const rx = await ok<{ id: string; expiresOn: string }>(call(who, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
  const invoice = await ok<{ id: string; total: number }>(call(who, 'POST', '/api/invoices', { patientId: patient.id, lines: [line] }));
  return { patient, rx, invoice };
}

export const orderBody = (f: Awaited<ReturnType<typeof orderFixture>>) => ({
  patientId: f.patient.id,
  rxId: f.rx.id,
  invoiceId: f.invoice.id,
  invoiceLineNo: 1,
  frame: { brand: 'Acme', model: 'A1', colour: 'black', a: 52, b: 38, dbl: 18 },
  lens: { type: 'progressive', material: '1.6', coatings: ['AR'] },
  labName: 'Central Lab',
});
