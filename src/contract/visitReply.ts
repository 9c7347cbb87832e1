/**
 * Reminders the patient answers (issue 34): the public visit page behind the reminder's link, where a guest (no
 * sign-in) sees the visit and confirms or cancels it, and the words of an SMS reply. The link's token is the only
 * credential: bound to one appointment of one company, it works until the visit starts.
 */
import { BookingDate, bookingMessages, maxSlotRangeDays } from './booking';
import { AppointmentType, PreferredLanguage } from './records';
import { daysBetween } from './zonedTime';
import { z } from './zod';

/** The link's key: 128 random bits in base64url. */
export const VisitToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'This link is not valid' });
export const VisitParams = z.object({ token: VisitToken });

/** Where the patient's answer stands: not yet answered, confirmed, or cancelled (by the patient or the store). */
export const VisitState = z.enum(['unconfirmed', 'confirmed', 'cancelled']);
export type VisitState = z.infer<typeof VisitState>;

export const VisitPage = z.object({
  storeName: z.string(),
  storePhone: z.string(),
  storeAddress: z.string(),
  /** The store's time zone; the date and time below are in it. */
  timeZone: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  startsAt: z.string(),
  type: AppointmentType,
  providerName: z.string(),
  state: VisitState,
  /** The patient's language: the page opens in it. */
  language: PreferredLanguage,
  /** Confirm is offered (unconfirmed and upcoming). */
  canConfirm: z.boolean(),
  /** Cancel is offered (upcoming, and the store's notice for cancelling online has not begun). */
  canCancel: z.boolean(),
  /** The store's notice for cancelling online in hours; null when the store does not allow it. */
  cancelNoticeHours: z.number().int().nullable(),
  /** Another time may be chosen: as cancel (moving gives this time up), and the store books this visit type online. */
  canReschedule: z.boolean(),
});
export type VisitPage = z.infer<typeof VisitPage>;

export const VisitAction = z.object({ action: z.enum(['confirm', 'cancel'], { error: 'Choose confirm or cancel' }) });
export type VisitAction = z.infer<typeof VisitAction>;

/** The free times a visit may move to: the store's online slots for the visit's type, by any provider or one. */
export const VisitSlotsQuery = z
  .object({
    providerId: z.uuid({ error: bookingMessages.provider }).optional(),
    from: BookingDate,
    to: BookingDate,
  })
  .refine((q) => q.from <= q.to && daysBetween(q.from, q.to) < maxSlotRangeDays, { error: bookingMessages.range, path: ['to'] });
export type VisitSlotsQuery = z.infer<typeof VisitSlotsQuery>;

/** Move the visit to one of those times (a free slot's start and provider). */
export const VisitReschedule = z.object({
  providerId: z.uuid({ error: bookingMessages.provider }),
  startsAt: z.iso.datetime({ offset: true, error: bookingMessages.date }),
});
export type VisitReschedule = z.infer<typeof VisitReschedule>;

/** The page after an answer; `already`: the visit was in that state before (a second confirm changes nothing). */
export const VisitAnswer = z.object({ visit: VisitPage, already: z.boolean() });
export type VisitAnswer = z.infer<typeof VisitAnswer>;

/** The path of the public page; the reminder's link is the site's address followed by it. */
export const visitPath = (token: string) => `/visit/${token}`;
