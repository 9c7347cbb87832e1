/**
 * Clinical records (shared/design/domain.md): patients, prescriptions, appointments, lab orders with their status
 * history, recalls, message templates, store policies; invoices with their lines and payments are in
 * schema-invoices.ts. Every table is tenant-scoped under forced RLS with `tenant_id` leading every key
 * (docs/architecture.md, "Adding a tenant table").
 *
 * Units: money is integer minor units (cents); dioptre and millimetre values in prescriptions are JSON numbers on
 * their grid (quarters and halves are exact in binary floating point), validated by src/contract/records.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AppointmentSource } from '../../src/contract/booking';
import { createdAt, locations, tenantId, tenantIsolation, users } from './schema';
// Referenced only inside the tables' key callbacks (evaluated lazily), so the two modules may import each other.
import { invoiceLines } from './schema-invoices';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type ContactChannel = 'email' | 'sms';
export type Language = 'en' | 'tr' | 'ar';

export const patients = pgTable(
  'patients',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** The home store: staff limited to some stores see the patients of those stores. */
    locationId: uuid('location_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * Lower-case keys the patient list sorts and searches on. Stored columns with plain indexes, because under
     * forced RLS PostgreSQL only turns leakproof conditions into index conditions, and lower() is not leakproof:
     * on lower(...) expression indexes a deep page or a prefix search walked the whole store (server/patients/patientList.ts).
     */
    lastNameKey: text('last_name_key').generatedAlwaysAs(sql`lower(last_name)`),
    firstNameKey: text('first_name_key').generatedAlwaysAs(sql`lower(first_name)`),
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(email)`),
    /** The phone's digits, and reversed, so that a number's start or end is an index range. */
    phoneDigits: text('phone_digits').generatedAlwaysAs(sql`regexp_replace(phone, '[^0-9]', '', 'g')`),
    phoneDigitsReversed: text('phone_digits_reversed').generatedAlwaysAs(sql`reverse(regexp_replace(phone, '[^0-9]', '', 'g'))`),
    dateOfBirth: date('date_of_birth').notNull(),
    sex: text('sex').$type<'female' | 'male' | 'other' | 'unknown'>().notNull().default('unknown'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    addressLine: text('address_line').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    preferredChannel: text('preferred_channel').$type<ContactChannel>().notNull().default('email'),
    preferredLanguage: text('preferred_language').$type<Language>().notNull().default('en'),
    guardianName: text('guardian_name').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The portal account of this patient, when they have one. */
    userId: uuid('user_id'),
    consentContact: boolean('consent_contact').notNull().default(false),
    consentPrivacy: boolean('consent_privacy').notNull().default(false),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /**
     * Consent to automated texts (server/reminders): given (true) unless the patient replied STOP; the source
     * ('record', 'sms') and time of the last change. Every automated SMS checks it.
     */
    smsConsent: boolean('sms_consent').notNull().default(true),
    smsConsentSource: text('sms_consent_source').notNull().default('record'),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    /** 'staff', 'kiosk' or 'import'. */
    createdVia: text('created_via').notNull().default('staff'),
    /** A duplicate merged into this patient (server/patients/merge.ts): retired, no longer listed or reachable. */
    mergedInto: uuid('merged_into'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /**
     * Shares a birth date and an email or phone digits with another record not merged away: a possible duplicate's
     * candidate, kept by the database (trigger patients_duplicate_candidates), so the list of possible duplicates
     * reads these few rows instead of grouping every patient.
     */
    duplicateCandidate: boolean('duplicate_candidate').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'patients_merged_into_fk', columns: [t.tenantId, t.mergedInto], foreignColumns: [t.tenantId, t.id] }),
    check('patients_merged_into_other', sql`${t.mergedInto} <> ${t.id}`),
    uniqueIndex('patients_user_key').on(t.tenantId, t.userId),
    // The store's patient list, ordered by name and paged by keyset.
    index('patients_location_name_key_idx').on(t.tenantId, t.locationId, t.lastNameKey, t.firstNameKey, t.id),
    index('patients_location_first_key_idx').on(t.tenantId, t.locationId, t.firstNameKey, t.lastNameKey, t.id),
    index('patients_tenant_name_key_idx').on(t.tenantId, t.lastNameKey, t.firstNameKey, t.id),
    // The lab-order lookup's patient search by first name across the company's stores (server/labOrders/lookup.ts).
    index('patients_tenant_first_key_idx').on(t.tenantId, t.firstNameKey, t.lastNameKey, t.id),
    index('patients_email_key_idx').on(t.tenantId, t.emailKey),
    index('patients_phone_idx').on(t.tenantId, t.phoneDigits),
    index('patients_phone_reversed_idx').on(t.tenantId, t.phoneDigitsReversed),
    // Possible duplicates (server/patients/merge.ts): records sharing a birth date and an email or phone digits (the
    // trigger looks a record's matches up on the first two, the list reads the candidates on the third).
    index('patients_dob_email_idx').on(t.tenantId, t.dateOfBirth, t.emailKey),
    index('patients_dob_phone_idx').on(t.tenantId, t.dateOfBirth, t.phoneDigits),
    index('patients_duplicate_candidate_idx').on(t.tenantId, t.dateOfBirth).where(sql`duplicate_candidate and merged_into is null`),
    tenantIsolation('patients'),
  ],
).enableRLS();

/** One eye of a spectacle prescription; numbers on their grid (see src/contract/records.ts). */
export interface SpectacleEye {
  sphere: number;
  cylinder: number | null;
  axis: number | null;
  add: number | null;
  prism: number | null;
  prismBase: 'up' | 'down' | 'in' | 'out' | null;
  pdDistance: number | null;
  pdNear: number | null;
}

export const spectacleRx = pgTable(
  'spectacle_rx',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    patientId: uuid('patient_id').notNull(),
    locationId: uuid('location_id').notNull(),
    examDate: date('exam_date').notNull(),
    expiresOn: date('expires_on').notNull(),
    prescriber: text('prescriber').notNull(),
    /** 'manifest', 'current-glasses' or 'contact-lens'. */
    source: text('source').notNull().default('manifest'),
    right: jsonb('right_eye').$type<SpectacleEye>().notNull(),
    left: jsonb('left_eye').$type<SpectacleEye>().notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When and by whom a copy of the Rx was handed to the patient (null: not yet). */
    givenAt: timestamp('given_at', { withTimezone: true }),
    givenBy: uuid('given_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('spectacle_rx_patient_idx').on(t.tenantId, t.patientId, t.examDate),
    check('spectacle_rx_expiry_after_exam', sql`${t.expiresOn} >= ${t.examDate}`),
    tenantIsolation('spectacle_rx'),
  ],
).enableRLS();

export interface ContactLensEye {
  power: number;
  baseCurve: number;
  diameter: number;
  cylinder: number | null;
  axis: number | null;
  add: number | null;
}

export const contactLensRx = pgTable(
  'contact_lens_rx',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    patientId: uuid('patient_id').notNull(),
    locationId: uuid('location_id').notNull(),
    examDate: date('exam_date').notNull(),
    expiresOn: date('expires_on').notNull(),
    prescriber: text('prescriber').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    /** 'daily', 'two-weekly', 'monthly', 'quarterly' or 'yearly'. */
    replacement: text('replacement').notNull(),
    right: jsonb('right_eye').$type<ContactLensEye>().notNull(),
    left: jsonb('left_eye').$type<ContactLensEye>().notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When and by whom a copy of the Rx was handed to the patient (null: not yet). */
    givenAt: timestamp('given_at', { withTimezone: true }),
    givenBy: uuid('given_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('contact_lens_rx_patient_idx').on(t.tenantId, t.patientId, t.examDate),
    // A contact-lens Rx is valid for at least a year.
    check('contact_lens_rx_expiry_year', sql`${t.expiresOn} >= ${t.examDate} + interval '1 year'`),
    tenantIsolation('contact_lens_rx'),
  ],
).enableRLS();

export type AppointmentType = 'eye-exam' | 'contact-lens-fitting' | 'pickup' | 'repair';
export type AppointmentStatus = 'booked' | 'confirmed' | 'checked-in' | 'completed' | 'cancelled' | 'no-show';

export const appointments = pgTable(
  'appointments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The provider is a staff account; the name is kept for display and history. */
    providerId: uuid('provider_id'),
    providerName: text('provider_name').notNull(),
    type: text('type').$type<AppointmentType>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull().default('booked'),
    notes: text('notes').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    /** How it was booked: by staff, or by the patient online (src/contract/booking.ts). */
    source: text('source').$type<AppointmentSource>().notNull().default('staff'),
    /**
     * The patient's answer to the reminder (server/reminders): null while unconfirmed, 'confirmed' or 'cancelled',
     * when, and by which channel ('link': the reminder's page, 'sms': a reply).
     */
    patientReply: text('patient_reply').$type<'confirmed' | 'cancelled'>(),
    patientReplyAt: timestamp('patient_reply_at', { withTimezone: true }),
    patientReplyChannel: text('patient_reply_channel').$type<'link' | 'sms'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [users.tenantId, users.id] }),
    index('appointments_patient_idx').on(t.tenantId, t.patientId, t.startsAt),
    index('appointments_location_day_idx').on(t.tenantId, t.locationId, t.startsAt),
    // One provider, one slot: the database refuses a second live booking of the same start.
    uniqueIndex('appointments_provider_slot_key')
      .on(t.tenantId, t.providerId, t.startsAt)
      .where(sql`${t.status} not in ('cancelled', 'no-show')`),
    check('appointments_duration', sql`${t.durationMinutes} between 5 and 480`),
    check('appointments_source', sql`${t.source} in ('staff', 'online')`),
    check('appointments_patient_reply', sql`${t.patientReply} is null or (${t.patientReply} in ('confirmed', 'cancelled')
      and ${t.patientReplyAt} is not null and ${t.patientReplyChannel} in ('link', 'sms'))`),
    tenantIsolation('appointments'),
  ],
).enableRLS();

export type LabOrderStatus =
  | 'draft'
  | 'sent-to-lab'
  | 'in-production'
  | 'received'
  | 'ready-for-pickup'
  | 'delivered'
  | 'on-hold'
  | 'remake'
  | 'cancelled';

export interface Frame {
  brand: string;
  model: string;
  colour: string;
  a: number | null;
  b: number | null;
  dbl: number | null;
}
export interface Lens {
  type: string;
  material: string;
  coatings: string[];
}

export const labOrders = pgTable(
  'lab_orders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    /** Numbered per store, like invoices. */
    number: integer('number').notNull(),
    patientId: uuid('patient_id').notNull(),
    rxId: uuid('rx_id'),
    invoiceId: uuid('invoice_id'),
    invoiceLineNo: integer('invoice_line_no'),
    status: text('status').$type<LabOrderStatus>().notNull().default('draft'),
    frame: jsonb('frame').$type<Frame>().notNull(),
    lens: jsonb('lens').$type<Lens>().notNull(),
    fittingHeights: jsonb('fitting_heights').$type<{ right: number | null; left: number | null }>().notNull(),
    labName: text('lab_name').notNull().default(''),
    expectedOn: date('expected_on'),
    /** A remake links the order it replaces, with the reason. */
    remakeOfId: uuid('remake_of_id'),
    remakeReason: text('remake_reason'),
    remakeReasonKind: text('remake_reason_kind').$type<'lab-error' | 'prescriber-change' | 'non-adapt' | 'breakage' | 'other'>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('lab_orders_location_number_key').on(t.tenantId, t.locationId, t.number),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.rxId], foreignColumns: [spectacleRx.tenantId, spectacleRx.id] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId, t.invoiceLineNo], foreignColumns: [invoiceLines.tenantId, invoiceLines.invoiceId, invoiceLines.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.remakeOfId], foreignColumns: [t.tenantId, t.id] }),
    index('lab_orders_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    // The lab-order lookup (server/labOrders/lookup.ts): newest first per status and store, overdue by expected
    // date, an order number; each a keyset range (npm run bench:laborders).
    index('lab_orders_location_status_idx').on(t.tenantId, t.locationId, t.status, t.createdAt, t.id),
    index('lab_orders_status_created_idx').on(t.tenantId, t.status, t.createdAt, t.id),
    index('lab_orders_location_created_idx').on(t.tenantId, t.locationId, t.createdAt, t.id),
    index('lab_orders_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('lab_orders_number_idx').on(t.tenantId, t.number),
    index('lab_orders_overdue_idx')
      .on(t.tenantId, t.expectedOn, t.id)
      .where(sql`expected_on is not null and status in ('draft', 'sent-to-lab', 'in-production', 'on-hold')`),
    index('lab_orders_location_overdue_idx')
      .on(t.tenantId, t.locationId, t.expectedOn, t.id)
      .where(sql`expected_on is not null and status in ('draft', 'sent-to-lab', 'in-production', 'on-hold')`),
    tenantIsolation('lab_orders'),
  ],
).enableRLS();

/** Every status change of a lab order, with who made it and when (append-only for the runtime role). */
export const labOrderEvents = pgTable(
  'lab_order_events',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    labOrderId: uuid('lab_order_id').notNull(),
    fromStatus: text('from_status').$type<LabOrderStatus>(),
    toStatus: text('to_status').$type<LabOrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: uuid('by_user_id'),
    byName: text('by_name').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.labOrderId], foreignColumns: [labOrders.tenantId, labOrders.id] }).onDelete('cascade'),
    index('lab_order_events_order_idx').on(t.tenantId, t.labOrderId, t.at),
    tenantIsolation('lab_order_events'),
  ],
).enableRLS();

export type RecallType = 'annual-exam' | 'contact-lens-check' | 'follow-up';
export type RecallStatus = 'pending' | 'sent' | 'booked' | 'dismissed';

export const recalls = pgTable(
  'recalls',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    patientId: uuid('patient_id').notNull(),
    locationId: uuid('location_id').notNull(),
    type: text('type').$type<RecallType>().notNull(),
    dueOn: date('due_on').notNull(),
    status: text('status').$type<RecallStatus>().notNull().default('pending'),
    channel: text('channel').$type<ContactChannel>().notNull().default('email'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('recalls_patient_idx').on(t.tenantId, t.patientId, t.dueOn),
    index('recalls_location_due_idx').on(t.tenantId, t.locationId, t.status, t.dueOn),
    tenantIsolation('recalls'),
  ],
).enableRLS();

/**
 * Email and SMS templates with merge fields ({{patientName}}, {{storeName}}, {{appointmentTime}}, {{formLink}},
 * {{orderStatus}} ...). A row with no location is the company default; a store's own row overrides it; with no
 * row at all the built-in text of server/messaging/templates.ts is used.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id'),
    /** What the template is for: one of templateKeys (src/contract/messageTemplates.ts). */
    key: text('key').notNull(),
    channel: text('channel').$type<ContactChannel>().notNull(),
    language: text('language').$type<Language>().notNull().default('en'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    uniqueIndex('message_templates_key').on(
      t.tenantId,
      sql`coalesce(${t.locationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.key,
      t.channel,
      t.language,
    ),
    tenantIsolation('message_templates'),
  ],
).enableRLS();

/** Per-store switches the patient screens follow (cancelling online, its notice). */
export const locationPolicies = pgTable(
  'location_policies',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    patientsMayCancel: boolean('patients_may_cancel').notNull().default(true),
    /** Hours before the start after which a patient can no longer cancel online. */
    cancelNoticeHours: integer('cancel_notice_hours').notNull().default(24),
    /** The largest discount a staff account may give at the register, in basis points (admins: any). */
    staffDiscountLimitBp: integer('staff_discount_limit_bp').notNull().default(1000),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('location_policies'),
  ],
).enableRLS();
