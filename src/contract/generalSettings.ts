/**
 * General settings (/admin/settings/general/..., admins): the company's groups with per-store overrides.
 *
 * Where each value lives (one source each):
 * - store details: locations (address, phone, time zone, logo) and location_settings.values (hours, tax number);
 * - sales: tax_rates and locations.tax_rate_bp (the standard class), location_policies.staff_discount_limit_bp (read by
 *   the POS), the receipt footer in companies.settings.sales with a store override in location_settings;
 * - appointments: lengths per type in companies.settings.appointments with a store override; cancelling online and
 *   its notice in location_policies (read by the patient screens);
 * - online booking (store only): booking_rules and provider_schedules (src/contract/booking.ts, server/booking);
 * - recalls: companies.settings.recalls (RecallPlans of ./recallPlans, company only, read by the recall job);
 * - patient portal: companies.settings.portal with a store override;
 * - system preferences: companies.settings.systemPrefs ('General|Selected row', company only), handed to every user
 *   of the company as `systempref` (the user object of the spec).
 */
import { text } from './fields';
import { Logo } from './enterprise';
import { Phone } from './patientsAdmin';
import { RecallPlans, resolveRecallPlans } from './recallPlans';
import { selectedRowEntry, type SystemPrefEntry } from './selectedRow';
import type { AppointmentType } from './records';
import type { TaxClass } from './pos';
import { z } from './zod';

export const settingsGroups = ['store', 'sales', 'appointments', 'booking', 'recalls', 'portal', 'system'] as const;
export type SettingsGroup = (typeof settingsGroups)[number];
/** Groups that have no per-store value. */
export const companyOnlyGroups: readonly SettingsGroup[] = ['recalls', 'system'];
/** Groups that exist only per store (no company default). */
export const storeOnlyGroups: readonly SettingsGroup[] = ['store', 'booking'];

/** The settings of each group (the `{todoId}` of /admin/settings/general/{folderHandle}/{todoId}). */
export const groupSettings = {
  store: ['name', 'address', 'phone', 'hours', 'timeZone', 'currency', 'taxNumber', 'logo'],
  sales: ['taxRates', 'discountLimits', 'receiptFooter'],
  appointments: ['appointmentTypes', 'cancellation'],
  booking: ['onlineBooking', 'closures', 'providerHours'],
  recalls: ['annual-exam', 'contact-lens-check', 'follow-up'],
  portal: ['editContactDetails', 'seeInvoices'],
  system: ['selectedRow'],
} as const satisfies Record<SettingsGroup, readonly string[]>;

export const settingsMessages = {
  name: 'Store name is required (up to 100 characters)',
  address: 'Address must be up to 200 characters',
  timeZone: 'Choose a time zone, like Europe/Istanbul',
  currency: 'Choose a currency by its ISO 4217 code, like EUR',
  taxNumber: 'Tax number must be up to 30 letters, digits, spaces, dots, slashes or hyphens',
  time: 'Enter a time like 09:00',
  closesAfterOpens: 'The closing time must be after the opening time',
  rate: 'Rate must be between 0 and 100 %, with at most two decimals',
  discountLimit: 'Discount limit must be between 0 and 100 %, with at most two decimals',
  receiptFooter: 'Receipt footer must be up to 300 characters',
  minutes: 'Length must be 5 to 480 minutes, in steps of 5',
  oneType: 'Keep at least one appointment type',
  notice: 'Notice must be 0 to 720 hours',
  colour: 'Choose a colour like #E3F2FD',
  unknownStore: 'Choose a store of this company',
} as const;
const M = settingsMessages;

/** Multi-line text (the receipt footer): line breaks allowed, no other control characters. */
const multiline = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, { error: message });

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length <= 64 && zone.length > 0;
  } catch {
    return false;
  }
}

/** The ISO 4217 codes this runtime's Intl formats (a code it does not know could not be shown on a receipt). */
let currencies: Set<string> | null = null;
export function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}
/** A store's currency: upper-case ISO 4217 ("eur" is taken as EUR). */
export const StoreCurrency = z
  .string({ error: M.currency })
  .trim()
  .toUpperCase()
  .refine(isCurrency, { error: M.currency });
export const defaultCurrency = 'USD';

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A wall-clock time of day, HH:MM. */
export const Time = z.string({ error: M.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.time });
/** One day's opening hours; null: closed that day. */
export const DayHours = z
  .object({ opens: Time, closes: Time })
  .refine((d) => d.closes > d.opens, { error: M.closesAfterOpens, path: ['closes'] })
  .nullable();
export const StoreHours = z.object({
  mon: DayHours,
  tue: DayHours,
  wed: DayHours,
  thu: DayHours,
  fri: DayHours,
  sat: DayHours,
  sun: DayHours,
});
export type StoreHours = z.infer<typeof StoreHours>;

export const defaultStoreHours: StoreHours = {
  mon: { opens: '09:00', closes: '18:00' },
  tue: { opens: '09:00', closes: '18:00' },
  wed: { opens: '09:00', closes: '18:00' },
  thu: { opens: '09:00', closes: '18:00' },
  fri: { opens: '09:00', closes: '18:00' },
  sat: { opens: '10:00', closes: '14:00' },
  sun: null,
};

const basisPoints = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(10000, { error: message });

export const AppointmentLength = z.object({
  offered: z.boolean(),
  minutes: z
    .number({ error: M.minutes })
    .int({ error: M.minutes })
    .min(5, { error: M.minutes })
    .max(480, { error: M.minutes })
    .refine((n) => n % 5 === 0, { error: M.minutes }),
});
export const AppointmentTypes = z
  .object({
    'eye-exam': AppointmentLength,
    'contact-lens-fitting': AppointmentLength,
    pickup: AppointmentLength,
    repair: AppointmentLength,
  })
  .refine((types) => Object.values(types).some((t) => t.offered), { error: M.oneType }) satisfies z.ZodType<
  Record<AppointmentType, z.infer<typeof AppointmentLength>>
>;
export type AppointmentTypes = z.infer<typeof AppointmentTypes>;
export const defaultAppointmentTypes: AppointmentTypes = {
  'eye-exam': { offered: true, minutes: 30 },
  'contact-lens-fitting': { offered: true, minutes: 45 },
  pickup: { offered: true, minutes: 15 },
  repair: { offered: true, minutes: 15 },
};

export const PortalRights = z.object({
  /** The patient may change their own phone, email, address and contact preferences. */
  editContactDetails: z.boolean(),
  /** The patient sees their invoices and receipts. */
  seeInvoices: z.boolean(),
});
export type PortalRights = z.infer<typeof PortalRights>;
export const defaultPortalRights: PortalRights = { editContactDetails: true, seeInvoices: true };

const Colour = z.string({ error: M.colour }).regex(/^#[0-9A-Fa-f]{6}$/, { error: M.colour });
export const SystemPrefs = z.object({ selectedRowBackColor: Colour });
export type SystemPrefs = z.infer<typeof SystemPrefs>;
export const defaultSystemPrefs: SystemPrefs = { selectedRowBackColor: '#E3F2FD' };
export { selectedRowColour, selectedRowKey } from './selectedRow';

/** The spec's systempref entry of the company's selected-row colour. */
export function selectedRowPref(prefs: SystemPrefs): SystemPrefEntry {
  return selectedRowEntry(prefs.selectedRowBackColor);
}

// ---- What is stored (parsed leniently: a bad or absent value is the default) ----

/** companies.settings */
export const CompanySettingsValues = z.object({
  receiptFooter: multiline(300, M.receiptFooter),
  appointmentTypes: AppointmentTypes,
  recalls: RecallPlans,
  portal: PortalRights,
  systemPrefs: SystemPrefs,
});
export type CompanySettingsValues = z.infer<typeof CompanySettingsValues>;

/** location_settings.values; null: the company's value. */
export const StoreSettingsValues = z.object({
  hours: StoreHours,
  taxNumber: z.string(),
  receiptFooter: z.string().nullable(),
  appointmentTypes: AppointmentTypes.nullable(),
  portal: PortalRights.nullable(),
});
export type StoreSettingsValues = z.infer<typeof StoreSettingsValues>;

export const TaxRates = z.object({
  standard: basisPoints(M.rate),
  reduced: basisPoints(M.rate),
  zero: basisPoints(M.rate),
}) satisfies z.ZodType<Record<TaxClass, number>>;
export type TaxRates = z.infer<typeof TaxRates>;

// ---- What the screen reads ----

export const StoreSettings = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  /** ISO 4217: the currency of the store's new sales. */
  currency: z.string(),
  logo: z.string().nullable(),
  hours: StoreHours,
  taxNumber: z.string(),
  taxRates: TaxRates,
  /** Admins give any discount; staff and user accounts up to this (location_policies). */
  staffDiscountLimitBp: z.number().int(),
  receiptFooter: z.string().nullable(),
  appointmentTypes: AppointmentTypes.nullable(),
  patientsMayCancel: z.boolean(),
  cancelNoticeHours: z.number().int(),
  portal: PortalRights.nullable(),
  updatedAt: z.string(),
});
export type StoreSettings = z.infer<typeof StoreSettings>;

export const GeneralSettings = z.object({
  company: z.object({
    name: z.string(),
    receiptFooter: z.string(),
    appointmentTypes: AppointmentTypes,
    recalls: RecallPlans,
    portal: PortalRights,
    systemPrefs: SystemPrefs,
  }),
  stores: z.array(StoreSettings),
});
export type GeneralSettings = z.infer<typeof GeneralSettings>;

// ---- What the screen saves: one group at a time ----

export const CompanySettingsUpdate = z.discriminatedUnion('group', [
  z.object({ group: z.literal('sales'), receiptFooter: multiline(300, M.receiptFooter) }),
  z.object({ group: z.literal('appointments'), appointmentTypes: AppointmentTypes }),
  z.object({ group: z.literal('recalls'), recalls: RecallPlans }),
  z.object({ group: z.literal('portal'), portal: PortalRights }),
  z.object({ group: z.literal('system'), systemPrefs: SystemPrefs }),
]);
export type CompanySettingsUpdate = z.infer<typeof CompanySettingsUpdate>;

export const StoreDetailsUpdate = z.object({
  group: z.literal('store'),
  name: text(100, M.name, true),
  address: text(200, M.address),
  phone: Phone,
  timeZone: z.string({ error: M.timeZone }).refine(isTimeZone, { error: M.timeZone }),
  /** Absent: unchanged. Invoices already made keep their own currency. */
  currency: StoreCurrency.optional(),
  taxNumber: z
    .string({ error: M.taxNumber })
    .trim()
    .max(30, { error: M.taxNumber })
    .regex(/^[\p{L}\p{N} ./-]*$/u, { error: M.taxNumber }),
  hours: StoreHours,
  /** Absent: unchanged; null: removed. */
  logo: Logo.nullable().optional(),
});
export type StoreDetailsUpdate = z.infer<typeof StoreDetailsUpdate>;

export const StoreSettingsUpdate = z.discriminatedUnion('group', [
  StoreDetailsUpdate,
  z.object({
    group: z.literal('sales'),
    taxRates: TaxRates,
    staffDiscountLimitBp: basisPoints(M.discountLimit),
    /** Null: the company's footer. */
    receiptFooter: multiline(300, M.receiptFooter).nullable(),
  }),
  z.object({
    group: z.literal('appointments'),
    appointmentTypes: AppointmentTypes.nullable(),
    patientsMayCancel: z.boolean(),
    cancelNoticeHours: z.number({ error: M.notice }).int({ error: M.notice }).min(0, { error: M.notice }).max(720, { error: M.notice }),
  }),
  z.object({ group: z.literal('portal'), portal: PortalRights.nullable() }),
]);
export type StoreSettingsUpdate = z.infer<typeof StoreSettingsUpdate>;

export const StoreParams = z.object({ locationId: z.uuid({ error: M.unknownStore }) });

// ---- Reading what is stored ----

function pick<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** companies.settings over the defaults (a key absent or unreadable is its default). */
export function resolveCompanySettings(stored: unknown): CompanySettingsValues {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return {
    receiptFooter: pick(z.string().max(300), s.receiptFooter, ''),
    appointmentTypes: pick(AppointmentTypes, s.appointmentTypes, defaultAppointmentTypes),
    recalls: resolveRecallPlans(s.recalls),
    portal: pick(PortalRights, s.portal, defaultPortalRights),
    systemPrefs: pick(SystemPrefs, s.systemPrefs, defaultSystemPrefs),
  };
}

/** location_settings.values over the defaults. */
export function resolveStoreValues(stored: unknown): StoreSettingsValues {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return {
    hours: pick(StoreHours, s.hours, defaultStoreHours),
    taxNumber: pick(z.string().max(30), s.taxNumber, ''),
    receiptFooter: pick(z.string().max(300).nullable(), s.receiptFooter ?? null, null),
    appointmentTypes: pick(AppointmentTypes.nullable(), s.appointmentTypes ?? null, null),
    portal: pick(PortalRights.nullable(), s.portal ?? null, null),
  };
}

/** What applies at a store: its own value, else the company's. */
export function effectiveStoreSettings(company: CompanySettingsValues, store: StoreSettingsValues) {
  return {
    hours: store.hours,
    taxNumber: store.taxNumber,
    receiptFooter: store.receiptFooter ?? company.receiptFooter,
    appointmentTypes: store.appointmentTypes ?? company.appointmentTypes,
    portal: store.portal ?? company.portal,
  };
}
