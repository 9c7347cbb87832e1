/**
 * Patient demographics written by staff (create, update) and by an in-store kiosk (registration), and the staff
 * patient list (store filter, search, keyset paging). Every field has one message naming its limit.
 */
import { noControlCharacters } from './common';
import { text } from './fields';
import { isIsoDate, todayIso } from './rx';
import { z } from './zod';

export const sexes = ['female', 'male', 'other', 'unknown'] as const;
export const contactChannels = ['email', 'sms'] as const;
export const languages = ['en', 'tr', 'ar'] as const;

export const patientMessages = {
  firstName: 'First name is required (up to 100 characters)',
  lastName: 'Last name is required (up to 100 characters)',
  dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01',
  sex: 'Sex must be female, male, other or unknown',
  phone: 'Phone must be 6 to 30 digits (spaces, +, -, ( and ) allowed)',
  email: 'Email must be a valid address (up to 254 characters)',
  addressLine: 'Address must be up to 200 characters',
  city: 'City must be up to 100 characters',
  postalCode: 'Postal code must be up to 20 characters',
  preferredChannel: 'Preferred channel must be email or sms',
  preferredLanguage: 'Preferred language must be en, tr or ar',
  guardianName: 'Guardian name must be up to 200 characters',
  notes: 'Notes must be up to 4000 characters',
  consentContact: 'Consent to contact must be true or false',
  consentPrivacy: 'Please accept the privacy notice to register',
  consentPrivacyFlag: 'Privacy consent must be true or false',
  emailForChannel: 'An email address is needed when the preferred channel is email',
  phoneForChannel: 'A phone number is needed when the preferred channel is sms',
  locationId: 'Store must be an id (UUID)',
  emptyUpdate: 'Change at least one field',
  search: 'Search must be 1 to 100 characters',
  limit: 'Limit must be a whole number between 1 and 100',
  cursor: 'The page cursor is not valid',
  type: 'List type must be all, balance, recall, today or new',
  keep: 'The patient to keep must be an id (UUID)',
  retire: 'The patient to merge must be an id (UUID)',
} as const;
const M = patientMessages;

/** A past date of birth no earlier than 1900 (the day of the request counts as past: a newborn). */
export const DateOfBirth = z
  .string({ error: M.dateOfBirth })
  .refine((d) => isIsoDate(d) && d >= '1900-01-01' && d <= todayIso(), { error: M.dateOfBirth });

const PHONE = /^\+?[0-9 ()-]*$/;
export const Phone = z
  .string({ error: M.phone })
  .trim()
  .max(30, { error: M.phone })
  .refine((p) => p === '' || (PHONE.test(p) && p.replace(/\D/g, '').length >= 6), { error: M.phone });

export const Email = z
  .string({ error: M.email })
  .trim()
  .max(254, { error: M.email })
  .refine((e) => e === '' || z.email().safeParse(e).success, { error: M.email })
  .transform((e) => e.toLowerCase());

const Channel = z.enum(contactChannels, { error: M.preferredChannel });
const Language = z.enum(languages, { error: M.preferredLanguage });

/** The channel a patient prefers needs its address: email needs an email, sms a phone. */
export function channelProblem(p: { preferredChannel: 'email' | 'sms'; email: string; phone: string }): { field: 'email' | 'phone'; message: string } | null {
  if (p.preferredChannel === 'email' && !p.email) return { field: 'email', message: M.emailForChannel };
  if (p.preferredChannel === 'sms' && !p.phone) return { field: 'phone', message: M.phoneForChannel };
  return null;
}

const patientFields = {
  firstName: text(100, M.firstName, true),
  lastName: text(100, M.lastName, true),
  dateOfBirth: DateOfBirth,
  sex: z.enum(sexes, { error: M.sex }),
  phone: Phone,
  email: Email,
  addressLine: text(200, M.addressLine),
  city: text(100, M.city),
  postalCode: text(20, M.postalCode),
  preferredChannel: Channel,
  preferredLanguage: Language,
  guardianName: text(200, M.guardianName),
  notes: text(4000, M.notes),
  consentContact: z.boolean({ error: M.consentContact }),
  consentPrivacy: z.boolean({ error: M.consentPrivacyFlag }),
};

/** Staff create a patient in one of their stores. */
export const PatientInput = z
  .object({
    locationId: z.uuid({ error: M.locationId }),
    firstName: patientFields.firstName,
    lastName: patientFields.lastName,
    dateOfBirth: patientFields.dateOfBirth,
    sex: patientFields.sex.default('unknown'),
    phone: patientFields.phone.default(''),
    email: patientFields.email.default(''),
    addressLine: patientFields.addressLine.default(''),
    city: patientFields.city.default(''),
    postalCode: patientFields.postalCode.default(''),
    preferredChannel: patientFields.preferredChannel.default('email'),
    preferredLanguage: patientFields.preferredLanguage.default('en'),
    guardianName: patientFields.guardianName.default(''),
    notes: patientFields.notes.default(''),
    consentContact: patientFields.consentContact.default(false),
    consentPrivacy: patientFields.consentPrivacy.default(false),
  })
  .superRefine((p, ctx) => {
    const problem = channelProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type PatientInput = z.infer<typeof PatientInput>;

/** Staff change some fields (the channel rule is checked against the merged record on the server). */
export const PatientUpdate = z
  .object({
    locationId: z.uuid({ error: M.locationId }),
    ...patientFields,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { error: M.emptyUpdate });
export type PatientUpdate = z.infer<typeof PatientUpdate>;

/**
 * What an in-store kiosk asks a new patient; the store is the kiosk's own, never from the body. The kiosk's form
 * asks the contact channel (it sends '' until one is chosen, which is refused); a client that leaves it out gets
 * email. The person is told every problem at once: the channel's missing address too, whatever else is wrong.
 */
export const KioskRegistration = z
  .object({
    firstName: patientFields.firstName,
    lastName: patientFields.lastName,
    dateOfBirth: patientFields.dateOfBirth,
    phone: patientFields.phone.default(''),
    email: patientFields.email.default(''),
    preferredChannel: patientFields.preferredChannel.default('email'),
    preferredLanguage: patientFields.preferredLanguage.default('en'),
    consentContact: patientFields.consentContact.default(false),
    consentPrivacy: z.literal(true, { error: M.consentPrivacy }),
  })
  .strict()
  .superRefine(
    (p, ctx) => {
      const problem = channelProblem(p);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    },
    // Zod skips a refinement after any other field's refusal: this one needs only an object whose channel and
    // addresses parsed (a body of JSON null, say, is refused as a whole).
    {
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((issue) => ['preferredChannel', 'email', 'phone'].includes(String(issue.path?.[0]))),
    },
  );
export type KioskRegistration = z.infer<typeof KioskRegistration>;

/** The kiosk learns only that the record exists and whom to greet. */
export const KioskRegistered = z.object({ id: z.uuid(), firstName: z.string() });
export type KioskRegistered = z.infer<typeof KioskRegistered>;

/** The kinds of patient list (/admin/patients/{type}). */
export const patientListTypes = ['all', 'balance', 'recall', 'today', 'new'] as const;
export type PatientListType = (typeof patientListTypes)[number];

/** The staff chart's tabs in address order: /admin/patients/{patientId}/{n} opens tab n (1-based). */
export const chartTabKeys = ['details', 'rx', 'appointments', 'invoices', 'labOrders', 'recalls', 'forms', 'messages', 'activity'] as const;
export type ChartTabKey = (typeof chartTabKeys)[number];

export const PatientListQuery = z.object({
  /** all; balance: an open balance; recall: a recall due; today: a visit today; new: created this month. */
  type: z.enum(patientListTypes, { error: M.type }).default('all'),
  locationId: z.uuid({ error: M.locationId }).optional(),
  /** A prefix of the last name, first name or email; "first last" or "last, first"; or the first or last digits of a phone number. */
  search: z
    .string({ error: M.search })
    .trim()
    .min(1, { error: M.search })
    .max(100, { error: M.search })
    .regex(noControlCharacters, { error: M.search })
    .optional(),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string({ error: M.cursor }).max(600, { error: M.cursor }).regex(/^[A-Za-z0-9_-]+$/, { error: M.cursor }).optional(),
  limit: z.coerce.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(100, { error: M.limit }).default(25),
});
export type PatientListQuery = z.infer<typeof PatientListQuery>;

export const PatientListItem = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type PatientListItem = z.infer<typeof PatientListItem>;

export const PatientListPage = z.object({
  items: z.array(PatientListItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PatientListPage = z.infer<typeof PatientListPage>;

/** A patient as the staff write calls answer it. */
export const PatientAdminView = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  sex: z.enum(sexes),
  phone: z.string(),
  email: z.string(),
  addressLine: z.string(),
  city: z.string(),
  postalCode: z.string(),
  preferredChannel: z.enum(contactChannels),
  preferredLanguage: z.enum(languages),
  guardianName: z.string(),
  notes: z.string(),
  consentContact: z.boolean(),
  consentPrivacy: z.boolean(),
  createdVia: z.string(),
  updatedAt: z.string(),
});
export type PatientAdminView = z.infer<typeof PatientAdminView>;

/** What a merge would move of one patient (and moves): prescriptions, visits, invoices, lab orders, recalls, forms, messages. */
export const RecordCounts = z.object({
  rx: z.number().int(),
  appointments: z.number().int(),
  invoices: z.number().int(),
  labOrders: z.number().int(),
  recalls: z.number().int(),
  forms: z.number().int(),
  /** Messages sent about the patient and inbox messages of their conversations. */
  messages: z.number().int(),
});
export type RecordCounts = z.infer<typeof RecordCounts>;

/** One patient of a possible duplicate pair, with their records' counts. */
export const DuplicateSide = PatientListItem.extend({
  createdVia: z.string(),
  createdAt: z.string(),
  hasPortalAccount: z.boolean(),
  counts: RecordCounts,
});
export type DuplicateSide = z.infer<typeof DuplicateSide>;

/** Two patients who are likely one person (the kiosk's rule): the older record first. */
export const DuplicatePair = z.object({ first: DuplicateSide, second: DuplicateSide });
export type DuplicatePair = z.infer<typeof DuplicatePair>;

export const DuplicateList = z.object({ pairs: z.array(DuplicatePair) });
export type DuplicateList = z.infer<typeof DuplicateList>;

/** Merge `retire` into `keep`: every record of `retire` moves to `keep`, and `retire` is no longer listed. */
export const MergeRequest = z
  .object({
    keep: z.uuid({ error: M.keep }),
    retire: z.uuid({ error: M.retire }),
  })
  .strict();
export type MergeRequest = z.infer<typeof MergeRequest>;

export const MergeResult = z.object({
  kept: PatientAdminView,
  retiredId: z.uuid(),
  /** Rows moved per table (store_credit_entries: the balance moved, in minor units); empty when merged before. */
  moved: z.record(z.string(), z.number().int()),
  /** The same merge was done before: nothing moved this time. */
  alreadyMerged: z.boolean(),
});
export type MergeResult = z.infer<typeof MergeResult>;

/**
 * Sent with 404 `patients.merged` by a chart read of a patient merged into another: where the merges lead (the
 * kept patient, of a store the caller may see), so the old address opens the kept chart.
 */
export const MergedInto = z.object({ patientId: z.uuid(), locationId: z.uuid() });
export type MergedInto = z.infer<typeof MergedInto>;
