/**
 * Property-based checks of the prescription contract (src/contract/rx.ts) with a small seeded generator: every
 * value on its grid inside its range is accepted, every off-grid or out-of-range value is refused with the field
 * message naming the limit, the axis/cylinder and prism/base couplings hold, and the contact-lens rules (power
 * grid beyond ±6.00, base curve, diameter, expiry a year on). A sample of generated prescriptions also goes through
 * the API into the database: the same answers, and nothing written for a refused one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addYears,
  ContactLensRxInput,
  formatDioptres,
  isOnGrid,
  readingSphere,
  rxLimits,
  rxMessages,
  SpectacleEyeInput,
  SpectacleRxInput,
} from '../../src/contract/rx';
import { bearer, json, ownerRows, signIn, startHarness, demoIds, type Harness, type SignedIn } from './harness';
// The seed's generator (mulberry32): a failure can be replayed from its seed.
import { prng } from '../../server/db/seed-rows';

const SEED = Number(process.env.RX_SEED ?? 20261122);

/** Every value of a grid from min to max (computed from integers, so exact). */
function grid(min: number, max: number, step: number): number[] {
  const n = Math.round((max - min) / step);
  return Array.from({ length: n + 1 }, (_, i) => Math.round((min + i * step) * 1000) / 1000);
}

/** Values that are not on the grid: a random fraction of a step away from a grid point. */
function offGrid(r: ReturnType<typeof prng>, min: number, max: number, step: number, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const base = r.pick(grid(min, max - step, step));
    const frac = r.pick([0.01, 0.1, 0.13, 0.2, 0.33, 0.5, 0.77, 0.9]) * step;
    const v = Math.round((base + frac) * 10_000) / 10_000;
    if (!isOnGrid(v, step)) out.push(v);
  }
  return out;
}

const outOfRange = (min: number, max: number, step: number) => [min - step, max + step, min - 1, max + 1, min - 100, max + 100];

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

const eye = (o: Record<string, unknown>) => SpectacleEyeInput.safeParse({ sphere: 0, ...o });

describe('pure helpers', () => {
  it('formats dioptres with sign and two decimals', () => {
    expect([formatDioptres(-0.25), formatDioptres(0), formatDioptres(1), formatDioptres(-30), formatDioptres(4)]).toEqual(['-0.25', '0.00', '+1.00', '-30.00', '+4.00']);
    const r = prng(SEED);
    for (let i = 0; i < 500; i++) {
      const v = r.int(-120, 120) / 4;
      const s = formatDioptres(v);
      expect(Number(s)).toBe(v);
      expect(s).toMatch(v === 0 ? /^0\.00$/ : /^[+-]\d+\.\d\d$/);
    }
  });
  it('isOnGrid and readingSphere', () => {
    expect([isOnGrid(1.25, 0.25), isOnGrid(1.3, 0.25), isOnGrid(8.7, 0.1), isOnGrid(8.75, 0.1), isOnGrid(31.5, 0.5)]).toEqual([true, false, true, false, true]);
    expect(readingSphere(-1.25, 2)).toBe(0.75);
    expect(readingSphere(-1.25, null)).toBe(-1.25);
  });
  it('adds years like PostgreSQL (29 February to 28 February)', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2025-12-31', 2)).toBe('2027-12-31');
  });
});

const fields = [
  { name: 'sphere', lim: rxLimits.sphere, message: rxMessages.sphere },
  { name: 'cylinder', lim: rxLimits.cylinder, message: rxMessages.cylinder },
  { name: 'add', lim: rxLimits.add, message: rxMessages.add },
  { name: 'pdDistance', lim: rxLimits.pd, message: rxMessages.pdDistance },
  { name: 'pdNear', lim: rxLimits.pd, message: rxMessages.pdNear },
] as const;

describe('spectacle Rx values', () => {
  it.each(fields)('$name: every grid value in range is accepted; off-grid and out of range refused with the message', ({ name, lim, message }) => {
    // The cylinder needs an axis when it is not zero.
    const withAxis = (v: number) => (name === 'cylinder' && v !== 0 ? { [name]: v, axis: 90 } : { [name]: v });
    for (const v of grid(lim.min, lim.max, lim.step)) expect(eye(withAxis(v)).success, `${name} ${v}`).toBe(true);
    const r = prng(SEED + name.length);
    for (const v of [...offGrid(r, lim.min, lim.max, lim.step, 200), ...outOfRange(lim.min, lim.max, lim.step)]) {
      const res = eye(withAxis(v));
      expect(res.success, `${name} ${v}`).toBe(false);
      expect(issues(res)[name], `${name} ${v}`).toBe(message);
    }
    for (const bad of ['1.00', true, {}, [], 'NaN']) expect(issues(eye({ [name]: bad }))[name]).toBe(message);
  });

  it('prism: 0.25 to 10.00 in 0.25 steps, with a base exactly when set', () => {
    for (const v of grid(0.25, 10, 0.25)) {
      expect(eye({ prism: v, prismBase: 'up' }).success, String(v)).toBe(true);
      expect(issues(eye({ prism: v }))).toEqual({ prismBase: rxMessages.prismBaseRequired });
    }
    const r = prng(SEED + 7);
    for (const v of [...offGrid(r, 0.25, 10, 0.25, 100), 0, -0.25, 10.25, 12]) expect(issues(eye({ prism: v, prismBase: 'in' })).prism, String(v)).toBe(rxMessages.prism);
    expect(issues(eye({ prismBase: 'out' }))).toEqual({ prismBase: rxMessages.prismBaseNotAllowed });
    expect(issues(eye({ prism: 1, prismBase: 'sideways' })).prismBase).toBe('Prism base must be up, down, in or out');
  });

  it('axis: whole degrees 1..180, required exactly when the cylinder is not zero', () => {
    for (let a = 1; a <= 180; a++) expect(eye({ cylinder: -0.75, axis: a }).success, String(a)).toBe(true);
    for (const a of [0, 181, -1, 90.5, 1.25, 360]) expect(issues(eye({ cylinder: -0.75, axis: a })).axis, String(a)).toBe(rxMessages.axis);
    const r = prng(SEED + 3);
    for (let i = 0; i < 300; i++) {
      const cyl = r.chance(0.3) ? r.pick([0, null]) : r.pick(grid(-10, 10, 0.25).filter((c) => c !== 0));
      const axis = r.chance(0.5) ? r.int(1, 180) : null;
      const hasCyl = cyl !== null && cyl !== 0;
      const expected = hasCyl === (axis !== null) ? {} : { axis: hasCyl ? rxMessages.axisRequired : rxMessages.axisNotAllowed };
      expect(issues(eye({ cylinder: cyl, axis })), `cyl ${cyl} axis ${axis}`).toEqual(expected);
    }
  });

  it('random whole prescriptions: accepted exactly when every field and coupling is valid, with each field message', () => {
    const r = prng(SEED + 11);
    const value = (lim: { min: number; max: number; step: number }) => {
      const kind = r.int(0, 5);
      if (kind === 0) return { v: r.pick(offGrid(r, lim.min, lim.max, lim.step, 1)), ok: false };
      if (kind === 1) return { v: r.pick(outOfRange(lim.min, lim.max, lim.step)), ok: false };
      return { v: r.pick(grid(lim.min, lim.max, lim.step)), ok: true };
    };
    for (let i = 0; i < 400; i++) {
      const expected: Record<string, string> = {};
      const sides = { right: {} as Record<string, unknown>, left: {} as Record<string, unknown> };
      for (const side of ['right', 'left'] as const) {
        const e = sides[side];
        for (const f of fields) {
          if (f.name !== 'sphere' && r.chance(0.4)) continue;
          const { v, ok } = value(f.lim);
          e[f.name] = v;
          if (!ok) expected[`${side}.${f.name}`] = f.message;
        }
        const cyl = e.cylinder as number | undefined;
        if (cyl !== undefined && cyl !== 0 && r.chance(0.8)) e.axis = r.int(1, 180);
        // A cylinder (even an out-of-range one) without an axis is also refused for the axis.
        if (cyl !== undefined && cyl !== 0 && e.axis === undefined) expected[`${side}.axis`] = rxMessages.axisRequired;
      }
      const res = SpectacleRxInput.safeParse({ examDate: '2025-06-01', prescriber: 'Dr. Iris', ...sides });
      const got = issues(res);
      // Exactly the expected field messages: every invalid field named, nothing valid refused.
      expect(got, JSON.stringify(sides)).toEqual(expected);
      expect(res.success).toBe(Object.keys(expected).length === 0);
    }
  });

  it('dates: exam not in the future, expiry not before the exam, default 2 years on', () => {
    const base = { prescriber: 'Dr', right: { sphere: 0 }, left: { sphere: 0 } };
    expect(issues(SpectacleRxInput.safeParse({ ...base, examDate: '2999-01-01' }))).toEqual({ examDate: rxMessages.examDate });
    expect(issues(SpectacleRxInput.safeParse({ ...base, examDate: '2025-02-30' }))).toEqual({ examDate: rxMessages.examDate });
    expect(issues(SpectacleRxInput.safeParse({ ...base, examDate: '2025-02-10', expiresOn: '2025-02-09' }))).toEqual({ expiresOn: rxMessages.spectacleExpiry });
    expect(issues(SpectacleRxInput.safeParse({ ...base, examDate: '2025-02-10', prescriber: '' }))).toEqual({ prescriber: rxMessages.prescriber });
  });
});

describe('contact-lens Rx values', () => {
  const cl = (o: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    ContactLensRxInput.safeParse({
      examDate: '2025-03-01',
      prescriber: 'Dr. Iris',
      brand: 'Acuvue',
      replacement: 'monthly',
      right: { power: -1, baseCurve: 8.6, diameter: 14.2, ...o },
      left: { power: -1, baseCurve: 8.6, diameter: 14.2 },
      ...header,
    });

  it('power: 0.25 steps up to ±6.00, 0.50 steps beyond, to ±20.00', () => {
    const valid = [...grid(-6, 6, 0.25), ...grid(6.5, 20, 0.5), ...grid(-20, -6.5, 0.5)];
    for (const p of valid) expect(cl({ power: p }).success, String(p)).toBe(true);
    const invalid = [...grid(6.25, 19.75, 0.5), ...grid(-19.75, -6.25, 0.5), 20.5, -20.5, 1.1, -3.3];
    for (const p of invalid) expect(issues(cl({ power: p }))['right.power'], String(p)).toBe(rxMessages.clPower);
  });

  it('base curve 7.0..10.5 and diameter 12.0..16.0 in 0.1 mm steps', () => {
    for (const bc of grid(7, 10.5, 0.1)) expect(cl({ baseCurve: bc }).success, String(bc)).toBe(true);
    for (const d of grid(12, 16, 0.1)) expect(cl({ diameter: d }).success, String(d)).toBe(true);
    for (const bc of [6.9, 10.6, 8.65, 8.61, 0, 12]) expect(issues(cl({ baseCurve: bc }))['right.baseCurve'], String(bc)).toBe(rxMessages.baseCurve);
    for (const d of [11.9, 16.1, 14.25, 14.22]) expect(issues(cl({ diameter: d }))['right.diameter'], String(d)).toBe(rxMessages.diameter);
  });

  it('toric axis coupling and expiry at least a year after the exam', () => {
    expect(issues(cl({ cylinder: -1.25 }))).toEqual({ 'right.axis': rxMessages.axisRequired });
    expect(issues(cl({ axis: 20 }))).toEqual({ 'right.axis': rxMessages.axisNotAllowed });
    expect(cl({ cylinder: -1.25, axis: 20 }).success).toBe(true);
    expect(issues(cl({}, { expiresOn: '2026-02-28' }))).toEqual({ expiresOn: rxMessages.contactLensExpiry });
    expect(cl({}, { expiresOn: '2026-03-01' }).success).toBe(true);
    expect(issues(cl({}, { replacement: 'weekly' }))).toEqual({ replacement: rxMessages.replacement });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('through the API', () => {
  let h: Harness;
  let admin: SignedIn;
  let patientId: string;
  beforeAll(async () => {
    h = await startHarness();
    admin = await signIn(h, 'admin@clearview.test');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: bearer(admin),
      payload: { locationId: demoIds.downtown, firstName: 'Rx', lastName: 'Property', dateOfBirth: '1970-01-01', email: 'rx.property@example.test' },
    });
    expect(res.statusCode, res.body).toBe(201);
    patientId = json<{ id: string }>(res).id;
  });
  afterAll(() => h.close());

  it('generated prescriptions get the contract answer: 201 and stored, or 400 with the same field messages and nothing stored', async () => {
    const r = prng(SEED + 99);
    let stored = 0;
    for (let i = 0; i < 40; i++) {
      const pickField = (lim: { min: number; max: number; step: number }) =>
        r.chance(0.75) ? r.pick(grid(lim.min, lim.max, lim.step)) : r.pick([...offGrid(r, lim.min, lim.max, lim.step, 1), ...outOfRange(lim.min, lim.max, lim.step)]);
      const mkEye = () => {
        const cylinder = r.chance(0.5) ? pickField(rxLimits.cylinder) : null;
        return {
          sphere: pickField(rxLimits.sphere),
          cylinder,
          axis: cylinder !== null && cylinder !== 0 && r.chance(0.85) ? r.int(1, 180) : null,
          add: r.chance(0.5) ? pickField(rxLimits.add) : null,
          pdDistance: r.chance(0.5) ? pickField(rxLimits.pd) : null,
        };
      };
      const body = { examDate: '2025-06-01', prescriber: 'Dr. Iris', right: mkEye(), left: mkEye() };
      const contract = SpectacleRxInput.safeParse(body);
      const res = await h.app.inject({ method: 'POST', url: `/api/patients/${patientId}/spectacle-rx`, headers: bearer(admin), payload: body });
      if (contract.success) {
        expect(res.statusCode, res.body).toBe(201);
        stored += 1;
        const [row] = await ownerRows<{ right_eye: unknown; expires_on: string }>(h, sql`select right_eye, expires_on::text from spectacle_rx where id = ${json<{ id: string }>(res).id}`);
        expect(row!.right_eye).toEqual(contract.data.right);
        expect(row!.expires_on).toBe('2027-06-01');
      } else {
        expect(res.statusCode, res.body).toBe(400);
        const fieldsSent = json<{ fields: Record<string, string> }>(res).fields;
        const expected = issues(contract);
        for (const [k, m] of Object.entries(fieldsSent)) expect(expected[k], k).toBe(m);
      }
    }
    const [count] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from spectacle_rx where patient_id = ${patientId}`);
    expect(count!.n).toBe(stored);
    expect(stored).toBeGreaterThan(0);
  });
});
