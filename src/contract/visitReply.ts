/**
 * Reminders the patient answers (issue 34): the public visit page behind the reminder's link, where a guest (no
 * sign-in) sees the visit and confirms or cancels it, and the words of an SMS reply. The link's token is the only
 * credential: bound to one appointment of one company, it works until the visit starts.
 */
import { AppointmentType, PreferredLanguage } from './records';
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
});
export type VisitPage = z.infer<typeof VisitPage>;

export const VisitAction = z.object({ action: z.enum(['confirm', 'cancel'], { error: 'Choose confirm or cancel' }) });
export type VisitAction = z.infer<typeof VisitAction>;

/** The page after an answer; `already`: the visit was in that state before (a second confirm changes nothing). */
export const VisitAnswer = z.object({ visit: VisitPage, already: z.boolean() });
export type VisitAnswer = z.infer<typeof VisitAnswer>;

/** The path of the public page; the reminder's link is the site's address followed by it. */
export const visitPath = (token: string) => `/visit/${token}`;
