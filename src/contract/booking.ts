/**
 * Online booking: each store's rules (General settings, 'Online booking'), the free slots they leave, and the
 * patient's booking of one. `freeSlots` is the one place the rules are applied: the slot list the patient sees and
 * the server's re-check of a booking both run it.
 */
import { Slug } from './auth';
import { KioskRegistration } from './patientsAdmin';
import { Appointment, AppointmentType, FormToFill } from './records';
import { StoreHours, Time, weekdays } from './generalSettings';
import { daysBetween, wallToInstant, zoneOffset } from './zonedTime';
import { z } from './zod';
import { FormNames } from './formNames';

export const bookingMessages = {
  buffer: 'Buffer must be 0 to 120 minutes, in steps of 5',
  minNotice: 'Minimum notice must be 0 to 720 hours',
  horizon: 'Booking horizon must be 1 to 365 days',
  dailyCap: 'Online bookings per day must be 1 to 500',
  date: 'Enter a date like 2026-12-25',
  closureLabel: 'Closure name must be up to 60 characters',
  closures: 'Up to 100 closures',
  daysOff: 'Up to 100 days off per provider',
  provider: 'Choose a provider of this store',
  range: 'Choose a range of at most 62 days, from before to',
  typeNotOnline: 'This store does not offer this visit online',
  intakeForm: 'Choose a published form of this store',
  intakeTwice: 'This form is already sent with this visit',
  intakeForms: 'Up to 20 forms sent with bookings',
  blockEnds: 'A blocked time must end after it starts',
  blockLabel: 'Reason must be up to 60 characters',
  blocks: 'Up to 200 blocked times per provider',
} as const;
const M = bookingMessages;

const int = (min: number, max: number, message: string, step = 1) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .refine((n) => n % step === 0, { error: message });

const isRealDate = (value: string) => {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
};
export const BookingDate = z.string({ error: M.date }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.date }).refine(isRealDate, { error: M.date });

export const Closure = z.object({ date: BookingDate, label: z.string({ error: M.closureLabel }).trim().max(60, { error: M.closureLabel }) });
export type Closure = z.infer<typeof Closure>;

/** Part of a day a provider takes no online bookings (a meeting, a training): [from, to) in the store's wall time. */
export const BlockedTime = z
  .object({
    date: BookingDate,
    from: Time,
    to: Time,
    label: z.string({ error: M.blockLabel }).trim().max(60, { error: M.blockLabel }),
  })
  .refine((b) => b.to > b.from, { error: M.blockEnds, path: ['to'] });
export type BlockedTime = z.infer<typeof BlockedTime>;

/** When one provider works at the store (each weekday within the store's hours; null: not that day), days off and blocked times. */
export const ProviderSchedule = z.object({
  providerId: z.uuid({ error: M.provider }),
  hours: StoreHours,
  daysOff: z.array(BookingDate).max(100, { error: M.daysOff }),
  blocks: z.array(BlockedTime).max(200, { error: M.blocks }),
});
export type ProviderSchedule = z.infer<typeof ProviderSchedule>;

/**
 * A form the store sends with an online booking of one visit type (e.g. New Patient Intake with a new patient's eye
 * exam): assigned to the patient when the visit is booked, to fill in before it.
 */
export const IntakeForm = z.object({
  type: AppointmentType,
  formId: z.uuid({ error: M.intakeForm }),
  /** Only to patients the store has not seen yet (no completed visit). */
  newPatientsOnly: z.boolean(),
});
export type IntakeForm = z.infer<typeof IntakeForm>;

/** A store's online-booking rules (booking_rules, provider_schedules and booking_intake_forms). */
export const BookingRules = z.object({
  onlineEnabled: z.boolean(),
  newPatientsMayBook: z.boolean(),
  /** The visit types patients may book online; their lengths are the store's appointment types. */
  onlineTypes: z.array(AppointmentType),
  bufferMinutes: int(0, 120, M.buffer, 5),
  minNoticeHours: int(0, 720, M.minNotice),
  horizonDays: int(1, 365, M.horizon),
  maxOnlinePerDay: int(1, 500, M.dailyCap),
  closures: z.array(Closure).max(100, { error: M.closures }),
  providers: z.array(ProviderSchedule),
  intakeForms: z.array(IntakeForm).max(20, { error: M.intakeForms }),
});
export type BookingRules = z.infer<typeof BookingRules>;

/** A store without rules of its own: online booking off until an admin opens it. */
export const defaultBookingRules: BookingRules = {
  onlineEnabled: false,
  newPatientsMayBook: false,
  onlineTypes: ['eye-exam', 'contact-lens-fitting', 'pickup', 'repair'],
  bufferMinutes: 0,
  minNoticeHours: 2,
  horizonDays: 60,
  maxOnlinePerDay: 20,
  closures: [],
  providers: [],
  intakeForms: [],
};

/** Candidate starts lie on this grid from the day's opening. */
export const slotStepMinutes = 15;
/** The widest range one slot read covers. */
export const maxSlotRangeDays = 62;

// ---- The patient's side ----

export const BookingStore = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  types: z.array(z.object({ type: AppointmentType, minutes: z.number().int() })),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type BookingStore = z.infer<typeof BookingStore>;
export const BookingOptions = z.object({ stores: z.array(BookingStore) });
export type BookingOptions = z.infer<typeof BookingOptions>;

export const SlotsQuery = z
  .object({
    locationId: z.uuid({ error: M.provider }),
    type: AppointmentType,
    providerId: z.uuid({ error: M.provider }).optional(),
    from: BookingDate,
    to: BookingDate,
  })
  .refine((q) => q.from <= q.to && daysBetween(q.from, q.to) < maxSlotRangeDays, { error: M.range, path: ['to'] });
export type SlotsQuery = z.infer<typeof SlotsQuery>;

export const FreeSlot = z.object({
  startsAt: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  /** The start in the store's time zone. */
  localDate: z.string(),
  localTime: z.string(),
});
export type FreeSlot = z.infer<typeof FreeSlot>;
export const FreeSlots = z.object({ timeZone: z.string(), minutes: z.number().int(), slots: z.array(FreeSlot) });
export type FreeSlots = z.infer<typeof FreeSlots>;

export const PatientBookingCreate = z.object({
  locationId: z.uuid({ error: M.provider }),
  type: AppointmentType,
  providerId: z.uuid({ error: M.provider }),
  startsAt: z.iso.datetime({ offset: true, error: M.date }),
});
export type PatientBookingCreate = z.infer<typeof PatientBookingCreate>;

/** The answer to a booking: the visit, and the forms the store sent with it to fill in before the visit. */
export const BookedVisit = z.object({ appointment: Appointment, forms: z.array(FormToFill) });
export type BookedVisit = z.infer<typeof BookedVisit>;

/** The details of a 409 booking.slotGone: the next free slots of that store, type and provider. */
export const SlotGone = z.object({ nextSlots: z.array(FreeSlot) });
export type SlotGone = z.infer<typeof SlotGone>;

export const appointmentSources = ['staff', 'online'] as const;
export type AppointmentSource = (typeof appointmentSources)[number];

// ---- Free slots: a pure function of the rules, the bookings and the clock ----

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A live booking of a provider (any store): [start, end) in epoch milliseconds. */
export interface Busy {
  providerId: string;
  start: number;
  end: number;
}

export interface SlotInput {
  rules: BookingRules;
  storeHours: StoreHours;
  timeZone: string;
  /** The visit's length in minutes. */
  minutes: number;
  providers: readonly { id: string; name: string }[];
  /** Live bookings of these providers around the range. */
  busy: readonly Busy[];
  /** The store's online bookings per local date (the daily cap). */
  onlinePerDay: Readonly<Record<string, number>>;
  now: Date;
  from: string;
  to: string;
  /** Each start once, with the first free provider (by the order of `providers`): the patient chose no provider. */
  anyProvider?: boolean;
}

/**
 * The free slots of [from, to] (store dates) in the store's time zone, soonest first. A slot [s, s + minutes) is free
 * when the store and the provider both work the whole of it that weekday, the date is no closure nor the provider's
 * day off, it overlaps no time the provider blocked that date (wall time, no buffer), s is at least the minimum
 * notice from now and its date at most the horizon after the store's today, the store's online bookings that date
 * are under the cap, and no live booking of the provider comes within the buffer of it. Wall times a daylight-saving
 * change skips do not exist and are never offered; a repeated hour is offered once (at the instant zonedToIso gives
 * it).
 */
export function freeSlots(input: SlotInput): FreeSlot[] {
  const { rules, storeHours, timeZone, minutes, now } = input;
  const buffer = rules.bufferMinutes * 60_000;
  const earliest = now.getTime() + rules.minNoticeHours * 3_600_000;
  const today = new Date(now.getTime() + zoneOffset(now.getTime(), timeZone)).toISOString().slice(0, 10);
  const last = addDays(today, rules.horizonDays);
  const to = input.to < last ? input.to : last;
  const closed = new Set(rules.closures.map((c) => c.date));
  const schedules = new Map(rules.providers.map((p) => [p.providerId, { hours: p.hours, off: new Set(p.daysOff), blocks: p.blocks }]));
  const busyOf = new Map<string, Busy[]>();
  for (const b of input.busy) (busyOf.get(b.providerId) ?? busyOf.set(b.providerId, []).get(b.providerId)!).push(b);
  const days: { date: string; weekday: (typeof weekdays)[number]; opens: number; closes: number; instantOf: (wallMinutes: number) => number | null }[] = [];
  for (let date = input.from; date <= to; date = addDays(date, 1)) {
    if (closed.has(date) || (input.onlinePerDay[date] ?? 0) >= rules.maxOnlinePerDay) continue;
    const weekday = weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    const store = storeHours[weekday];
    if (!store) continue;
    const midnight = Date.parse(`${date}T00:00:00Z`);
    // One offset serves the whole day unless a daylight-saving change falls in it.
    const offsetAtStart = zoneOffset(wallToInstant(midnight, timeZone), timeZone);
    const steady = offsetAtStart === zoneOffset(wallToInstant(midnight + 86_340_000, timeZone), timeZone);
    const instantOf = (wallMinutes: number): number | null => {
      const wall = midnight + wallMinutes * 60_000;
      if (steady) return wall - offsetAtStart;
      const instant = wallToInstant(wall, timeZone);
      return zoneOffset(instant, timeZone) === wall - instant ? instant : null;
    };
    days.push({ date, weekday, opens: minutesOf(store.opens), closes: minutesOf(store.closes), instantOf });
  }
  const slots: FreeSlot[] = [];
  const taken = new Set<number>();
  for (const provider of input.providers) {
    const schedule = schedules.get(provider.id);
    if (!schedule) continue;
    // Bookings by start; `next` only moves forward as the candidates do.
    const busy = (busyOf.get(provider.id) ?? []).sort((a, b) => a.start - b.start);
    let next = 0;
    for (const day of days) {
      const own = schedule.hours[day.weekday];
      if (!own || schedule.off.has(day.date)) continue;
      const opens = Math.max(day.opens, minutesOf(own.opens));
      const closes = Math.min(day.closes, minutesOf(own.closes));
      const closeAt = day.instantOf(closes);
      const blocked = schedule.blocks.filter((b) => b.date === day.date).map((b) => ({ from: minutesOf(b.from), to: minutesOf(b.to) }));
      for (let m = opens; m + minutes <= closes; m += slotStepMinutes) {
        if (blocked.some((b) => m < b.to && m + minutes > b.from)) continue;
        const start = day.instantOf(m);
        if (start === null || start < earliest) continue;
        const end = start + minutes * 60_000;
        if ((closeAt !== null && end > closeAt) || (input.anyProvider && taken.has(start))) continue;
        while (next < busy.length && busy[next]!.end + buffer <= start) next++;
        let clash = false;
        for (let i = next; i < busy.length && busy[i]!.start < end + buffer; i++) if (busy[i]!.end + buffer > start) clash = true;
        if (clash) continue;
        if (input.anyProvider) taken.add(start);
        slots.push({ startsAt: new Date(start).toISOString(), providerId: provider.id, providerName: provider.name, localDate: day.date, localTime: hhmm(m) });
      }
    }
  }
  return slots.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
}

/** What the admin's 'Online booking' section reads and saves: the rules and who may be given working hours. */
export const BookingSettings = z.object({
  locationId: z.string(),
  rules: BookingRules,
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The store's published forms, which may be sent with a booking. */
  forms: z.array(z.object({ id: z.string(), name: z.string(), names: FormNames })),
  updatedAt: z.string().nullable(),
});
export type BookingSettings = z.infer<typeof BookingSettings>;

// ---- A new patient books through the store's public page (/{company}/{store}/book) ----

/** The store behind a public booking address: what it offers new patients online. */
export const GuestBookingStore = z.object({
  companyName: z.string(),
  storeName: z.string(),
  logo: z.string().nullable(),
  timeZone: z.string(),
  types: z.array(z.object({ type: AppointmentType, minutes: z.number().int() })),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type GuestBookingStore = z.infer<typeof GuestBookingStore>;

/** The address's parts, as the store sign-in address has them. */
export const GuestBookingParams = z.object({ company: Slug, store: Slug });

export const GuestSlotsQuery = z
  .object({
    type: AppointmentType,
    providerId: z.uuid({ error: M.provider }).optional(),
    from: BookingDate,
    to: BookingDate,
  })
  .refine((q) => q.from <= q.to && daysBetween(q.from, q.to) < maxSlotRangeDays, { error: M.range, path: ['to'] });
export type GuestSlotsQuery = z.infer<typeof GuestSlotsQuery>;

export const guestBookingMessages = {
  code: 'Enter the 6-digit code we sent you',
} as const;

/**
 * A new patient's booking: the slot and the person (the kiosk sign-up's fields and rules, KioskRegistration). The
 * code goes to the address of the chosen channel; nothing is held until the code is confirmed.
 */
export const GuestBookingRequest = z
  .object({
    type: AppointmentType,
    providerId: z.uuid({ error: M.provider }),
    startsAt: z.iso.datetime({ offset: true, error: M.date }),
    person: KioskRegistration,
  })
  .strict();
export type GuestBookingRequest = z.infer<typeof GuestBookingRequest>;

/** The booking again with the code that was sent (the slot may be another free one after a slot-gone refusal). */
export const GuestBookingConfirm = GuestBookingRequest.extend({
  code: z.string({ error: guestBookingMessages.code }).trim().regex(/^\d{6}$/, { error: guestBookingMessages.code }),
}).strict();
export type GuestBookingConfirm = z.infer<typeof GuestBookingConfirm>;

/** Where the code went (masked) and for how long it is valid. */
export const GuestCodeSent = z.object({ channel: z.enum(['email', 'sms']), destination: z.string(), expiresInSeconds: z.number().int() });
export type GuestCodeSent = z.infer<typeof GuestCodeSent>;

// ---- Staff: a store's day of online booking (GET /api/booking/day) ----

export const StoreDayQuery = z.object({
  locationId: z.uuid({ error: M.provider }),
  date: BookingDate,
  /** The visit type whose length the free slots are counted in (default: an eye exam). */
  type: AppointmentType.default('eye-exam'),
});
export type StoreDayQuery = z.infer<typeof StoreDayQuery>;

/** A live visit of a provider on the day, at this store or another (`here`), in the store's time zone. */
export const StoreDayVisit = z.object({
  id: z.string(),
  startsAt: z.string(),
  localTime: z.string(),
  minutes: z.number().int(),
  type: AppointmentType,
  status: z.string(),
  source: z.string(),
  patientName: z.string(),
  here: z.boolean(),
});
export type StoreDayVisit = z.infer<typeof StoreDayVisit>;

/** Each provider with working hours at the store: the day's hours, free slots (the online rules) and live visits. */
export const StoreDay = z.object({
  locationId: z.string(),
  date: z.string(),
  timeZone: z.string(),
  minutes: z.number().int(),
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hours: z.object({ opens: z.string(), closes: z.string() }).nullable(),
      free: z.array(z.object({ startsAt: z.string(), localTime: z.string() })),
      booked: z.array(StoreDayVisit),
    }),
  ),
});
export type StoreDay = z.infer<typeof StoreDay>;
