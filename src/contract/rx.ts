/**
 * Prescription input (shared/design/domain.md, "Spectacle Rx" and "Contact-lens Rx"): every value on its grid
 * and in its range, with one message per field naming the limit. Pure helpers (grid, formatting, dates) are
 * shared with the screens.
 */
import { text as fieldText } from './fields';
import { z } from './zod';

// ---------------------------------------------------------------------------------------------------------------
// Pure helpers

/** True when `value` is a whole number of `step`s away from `origin` (tolerant of binary rounding). */
export function isOnGrid(value: number, step: number, origin = 0): boolean {
  if (!Number.isFinite(value)) return false;
  const steps = (value - origin) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** Dioptres with sign and two decimals: +1.25, -0.50, 0.00 (plano has no sign). */
export function formatDioptres(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === '0.00') return '0.00';
  return `${value < 0 ? '-' : '+'}${fixed}`;
}

/** Millimetres with one decimal: 8.6, 14.2. */
export function formatMillimetres(value: number): string {
  return value.toFixed(1);
}

/** Reading sphere = sphere + add (derived, never stored). */
export function readingSphere(sphere: number, add: number | null): number {
  return add === null ? sphere : Math.round((sphere + add) * 4) / 4;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The date `years` later; 29 February becomes 28 February as in PostgreSQL (`date + interval 'n years'`). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + years, m - 1, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const IsoDate = z
  .string({ error: 'Must be a date (YYYY-MM-DD)' })
  .refine(isIsoDate, { error: 'Must be a date (YYYY-MM-DD)' });

// ---------------------------------------------------------------------------------------------------------------
// Limits (one table: the messages, the schemas and the screens read the same numbers)

export const rxLimits = {
  sphere: { min: -30, max: 30, step: 0.25 },
  cylinder: { min: -10, max: 10, step: 0.25 },
  axis: { min: 1, max: 180, step: 1 },
  add: { min: 0.5, max: 4, step: 0.25 },
  prism: { min: 0.25, max: 10, step: 0.25 },
  pd: { min: 20, max: 40, step: 0.5 },
  clPower: { min: -20, max: 20, fineStep: 0.25, coarseStep: 0.5, fineUpTo: 6 },
  baseCurve: { min: 7, max: 10.5, step: 0.1 },
  diameter: { min: 12, max: 16, step: 0.1 },
  /** Years a spectacle Rx is valid by default; a contact-lens Rx at least. */
  spectacleExpiryYears: 2,
  contactLensMinExpiryYears: 1,
} as const;

export const prismBases = ['up', 'down', 'in', 'out'] as const;
export const PrismBase = z.enum(prismBases, { error: 'Prism base must be up, down, in or out' });

export const rxSources = ['manifest', 'current-glasses', 'contact-lens'] as const;
export const replacementSchedules = ['daily', 'two-weekly', 'monthly', 'quarterly', 'yearly'] as const;

const L = rxLimits;
export const rxMessages = {
  sphere: `Sphere must be between ${formatDioptres(L.sphere.min)} and ${formatDioptres(L.sphere.max)} in 0.25 steps`,
  cylinder: `Cylinder must be between ${formatDioptres(L.cylinder.min)} and ${formatDioptres(L.cylinder.max)} in 0.25 steps`,
  axis: 'Axis must be a whole number of degrees between 1 and 180',
  axisRequired: 'Axis is required when there is a cylinder (whole degrees 1 to 180)',
  axisNotAllowed: 'Axis must be empty when there is no cylinder',
  add: `Add must be between ${formatDioptres(L.add.min)} and ${formatDioptres(L.add.max)} in 0.25 steps`,
  prism: 'Prism must be between 0.25 and 10.00 prism dioptres in 0.25 steps',
  prismBaseRequired: 'Prism base is required when there is a prism (up, down, in or out)',
  prismBaseNotAllowed: 'Prism base must be empty when there is no prism',
  pdDistance: 'Distance PD must be between 20.0 and 40.0 mm in 0.5 steps',
  pdNear: 'Near PD must be between 20.0 and 40.0 mm in 0.5 steps',
  clPower: `Power must be between ${formatDioptres(L.clPower.min)} and ${formatDioptres(L.clPower.max)}: 0.25 steps up to ±6.00, 0.50 steps beyond`,
  baseCurve: 'Base curve must be between 7.0 and 10.5 mm in 0.1 steps',
  diameter: 'Diameter must be between 12.0 and 16.0 mm in 0.1 steps',
  examDate: 'Exam date must be a date (YYYY-MM-DD) not in the future',
  spectacleExpiry: 'Expiry must be a date on or after the exam date',
  contactLensExpiry: 'Expiry must be at least one year after the exam date',
  prescriber: 'Prescriber is required (up to 200 characters)',
  brand: 'Brand is required (up to 200 characters)',
  manufacturer: 'Manufacturer must be up to 200 characters',
  notes: 'Notes must be up to 2000 characters',
  source: 'Source must be manifest, current-glasses or contact-lens',
  replacement: 'Replacement must be daily, two-weekly, monthly, quarterly or yearly',
} as const;

/** Within [min, max] and on the step grid counted from 0. */
export function inRangeOnGrid(value: number, min: number, max: number, step: number): boolean {
  return Number.isFinite(value) && value >= min - 1e-9 && value <= max + 1e-9 && isOnGrid(value, step);
}

/** Contact-lens power: 0.25 steps within ±6.00, 0.50 steps beyond, inside the range. */
export function isValidClPower(value: number): boolean {
  const p = L.clPower;
  if (!inRangeOnGrid(value, p.min, p.max, p.fineStep)) return false;
  return Math.abs(value) <= p.fineUpTo + 1e-9 || isOnGrid(value, p.coarseStep);
}

const gridNumber = (message: string, ok: (v: number) => boolean) =>
  z.number({ error: message }).refine(ok, { error: message });

const ranged = (message: string, lim: { min: number; max: number; step: number }) =>
  gridNumber(message, (v) => inRangeOnGrid(v, lim.min, lim.max, lim.step));

// An Rx's text fields name control characters apart.
const text = (max: number, message: string, required: boolean) => fieldText(max, message, required, 'Must not contain control characters');

// ---------------------------------------------------------------------------------------------------------------
// Spectacle Rx

const hasCylinder = (cyl: number | null | undefined) => cyl !== null && cyl !== undefined && cyl !== 0;

export const SpectacleEyeInput = z
  .object({
    sphere: ranged(rxMessages.sphere, L.sphere),
    cylinder: ranged(rxMessages.cylinder, L.cylinder).nullable().default(null),
    axis: ranged(rxMessages.axis, L.axis).nullable().default(null),
    add: ranged(rxMessages.add, L.add).nullable().default(null),
    prism: ranged(rxMessages.prism, L.prism).nullable().default(null),
    prismBase: PrismBase.nullable().default(null),
    pdDistance: ranged(rxMessages.pdDistance, L.pd).nullable().default(null),
    pdNear: ranged(rxMessages.pdNear, L.pd).nullable().default(null),
  })
  .superRefine((eye, ctx) => {
    if (hasCylinder(eye.cylinder) && eye.axis === null) ctx.addIssue({ code: 'custom', path: ['axis'], message: rxMessages.axisRequired });
    if (!hasCylinder(eye.cylinder) && eye.axis !== null) ctx.addIssue({ code: 'custom', path: ['axis'], message: rxMessages.axisNotAllowed });
    if (eye.prism !== null && eye.prismBase === null) ctx.addIssue({ code: 'custom', path: ['prismBase'], message: rxMessages.prismBaseRequired });
    if (eye.prism === null && eye.prismBase !== null) ctx.addIssue({ code: 'custom', path: ['prismBase'], message: rxMessages.prismBaseNotAllowed });
  });
export type SpectacleEyeInput = z.infer<typeof SpectacleEyeInput>;

/** The exam cannot be in the future (a day of slack for time zones ahead of UTC). */
const notFuture = (d: string) => d <= addDays(todayIso(), 1);
function addDays(isoDate: string, days: number): string {
  const t = Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const ExamDate = z.string({ error: rxMessages.examDate }).refine((d) => isIsoDate(d) && notFuture(d), { error: rxMessages.examDate });

export const SpectacleRxInput = z
  .object({
    /** The store the exam was at; default: the patient's home store. */
    locationId: z.uuid({ error: 'Must be an id (UUID)' }).optional(),
    examDate: ExamDate,
    /** Default: exam date + 2 years. */
    expiresOn: z.string({ error: rxMessages.spectacleExpiry }).refine(isIsoDate, { error: rxMessages.spectacleExpiry }).optional(),
    prescriber: text(200, rxMessages.prescriber, true),
    source: z.enum(rxSources, { error: rxMessages.source }).default('manifest'),
    right: SpectacleEyeInput,
    left: SpectacleEyeInput,
    notes: text(2000, rxMessages.notes, false).default(''),
  })
  .superRefine((rx, ctx) => {
    if (rx.expiresOn !== undefined && isIsoDate(rx.examDate) && rx.expiresOn < rx.examDate) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: rxMessages.spectacleExpiry });
    }
  });
export type SpectacleRxInput = z.infer<typeof SpectacleRxInput>;

/** The expiry a spectacle Rx gets: the given one, else exam date + 2 years. */
export function spectacleExpiry(rx: { examDate: string; expiresOn?: string }): string {
  return rx.expiresOn ?? addYears(rx.examDate, L.spectacleExpiryYears);
}

// ---------------------------------------------------------------------------------------------------------------
// Contact-lens Rx

export const ContactLensEyeInput = z
  .object({
    power: gridNumber(rxMessages.clPower, isValidClPower),
    baseCurve: ranged(rxMessages.baseCurve, L.baseCurve),
    diameter: ranged(rxMessages.diameter, L.diameter),
    cylinder: ranged(rxMessages.cylinder, L.cylinder).nullable().default(null),
    axis: ranged(rxMessages.axis, L.axis).nullable().default(null),
    add: ranged(rxMessages.add, L.add).nullable().default(null),
  })
  .superRefine((eye, ctx) => {
    if (hasCylinder(eye.cylinder) && eye.axis === null) ctx.addIssue({ code: 'custom', path: ['axis'], message: rxMessages.axisRequired });
    if (!hasCylinder(eye.cylinder) && eye.axis !== null) ctx.addIssue({ code: 'custom', path: ['axis'], message: rxMessages.axisNotAllowed });
  });
export type ContactLensEyeInput = z.infer<typeof ContactLensEyeInput>;

export const ContactLensRxInput = z
  .object({
    locationId: z.uuid({ error: 'Must be an id (UUID)' }).optional(),
    examDate: ExamDate,
    /** Default: exam date + 1 year; never earlier. */
    expiresOn: z.string({ error: rxMessages.contactLensExpiry }).refine(isIsoDate, { error: rxMessages.contactLensExpiry }).optional(),
    prescriber: text(200, rxMessages.prescriber, true),
    brand: text(200, rxMessages.brand, true),
    manufacturer: text(200, rxMessages.manufacturer, false).default(''),
    replacement: z.enum(replacementSchedules, { error: rxMessages.replacement }),
    right: ContactLensEyeInput,
    left: ContactLensEyeInput,
    notes: text(2000, rxMessages.notes, false).default(''),
  })
  .superRefine((rx, ctx) => {
    if (rx.expiresOn !== undefined && isIsoDate(rx.examDate) && rx.expiresOn < addYears(rx.examDate, L.contactLensMinExpiryYears)) {
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: rxMessages.contactLensExpiry });
    }
  });
export type ContactLensRxInput = z.infer<typeof ContactLensRxInput>;

export function contactLensExpiry(rx: { examDate: string; expiresOn?: string }): string {
  return rx.expiresOn ?? addYears(rx.examDate, L.contactLensMinExpiryYears);
}

/** A copy of the Rx was handed to the patient (once: a second mark is refused). */
export const RxGiven = z.object({ id: z.uuid(), givenAt: z.string() });
export type RxGiven = z.infer<typeof RxGiven>;

/** What the write endpoints answer for a new Rx. */
export const RxCreated = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  locationId: z.uuid(),
  examDate: z.string(),
  expiresOn: z.string(),
});
export type RxCreated = z.infer<typeof RxCreated>;
