/**
 * Patient records: the read models the API answers with (patient portal and staff reads of one
 * patient), the one patient-editable input (ContactUpdate), and the status enums other modules reuse.
 *
 * Conventions: ids are UUID strings; dates without time are `YYYY-MM-DD`; instants are ISO 8601 strings in UTC;
 * money is integer minor units (cents) with the invoice's ISO 4217 currency; dioptres and millimetres are JSON
 * numbers on their grid (quarters and halves are exact in binary floating point).
 */
import { noControlCharacters } from './common';
import { z } from './zod';
import { FormNames } from './formNames';

// ---------------------------------------------------------------------------------------------------------------
// Enums (reused by the staff write APIs and the screens)

export const Sex = z.enum(['female', 'male', 'other', 'unknown']);
export type Sex = z.infer<typeof Sex>;
export const ContactChannel = z.enum(['email', 'sms'], { error: 'Choose email or SMS' });
export type ContactChannel = z.infer<typeof ContactChannel>;
export const PreferredLanguage = z.enum(['en', 'tr', 'ar'], { error: 'Choose English, Turkish or Arabic' });
export type PreferredLanguage = z.infer<typeof PreferredLanguage>;

export const AppointmentType = z.enum(['eye-exam', 'contact-lens-fitting', 'pickup', 'repair']);
export type AppointmentType = z.infer<typeof AppointmentType>;
export const AppointmentStatus = z.enum(['booked', 'confirmed', 'checked-in', 'completed', 'cancelled', 'no-show']);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;
/** Statuses of an appointment that is still going to happen. */
export const liveAppointmentStatuses = ['booked', 'confirmed', 'checked-in'] as const satisfies readonly AppointmentStatus[];

export const LabOrderStatus = z.enum([
  'draft',
  'sent-to-lab',
  'in-production',
  'received',
  'ready-for-pickup',
  'delivered',
  'on-hold',
  'remake',
  'cancelled',
]);
export type LabOrderStatus = z.infer<typeof LabOrderStatus>;
/** The main path of a lab order, in order; on-hold, remake and cancelled are side paths. */
export const labOrderMainPath = [
  'draft',
  'sent-to-lab',
  'in-production',
  'received',
  'ready-for-pickup',
  'delivered',
] as const satisfies readonly LabOrderStatus[];
/** Statuses after which an order is no longer in progress. */
export const labOrderClosedStatuses = ['delivered', 'cancelled', 'remake'] as const satisfies readonly LabOrderStatus[];

export const RecallType = z.enum(['annual-exam', 'contact-lens-check', 'follow-up']);
export type RecallType = z.infer<typeof RecallType>;
export const RecallStatus = z.enum(['pending', 'sent', 'booked', 'dismissed']);
export type RecallStatus = z.infer<typeof RecallStatus>;

export const InvoiceStatus = z.enum(['open', 'paid', 'void', 'refunded']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const PaymentMethod = z.enum(['cash', 'card', 'cheque', 'insurance', 'store-credit']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const InvoiceLineKind = z.enum(['product', 'service']);
export type InvoiceLineKind = z.infer<typeof InvoiceLineKind>;

export const PrismBase = z.enum(['up', 'down', 'in', 'out']);
export type PrismBase = z.infer<typeof PrismBase>;
export const RxSource = z.enum(['manifest', 'current-glasses', 'contact-lens']);
export type RxSource = z.infer<typeof RxSource>;
export const LensReplacement = z.enum(['daily', 'two-weekly', 'monthly', 'quarterly', 'yearly']);
export type LensReplacement = z.infer<typeof LensReplacement>;

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Instant = z.string();
/** Integer minor units (cents). */
export const Money = z.number().int();
const Currency = z.string().length(3);

const StoreRef = {
  locationId: z.string(),
  storeName: z.string(),
};

// ---------------------------------------------------------------------------------------------------------------
// Patient

export const PatientProfile = z.object({
  id: z.string(),
  ...StoreRef,
  /** Identity fields: read-only for the patient. */
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: IsoDate,
  sex: Sex,
  /** Contact fields: the patient may correct them (ContactUpdate). */
  phone: z.string(),
  email: z.string(),
  addressLine: z.string(),
  city: z.string(),
  postalCode: z.string(),
  preferredChannel: ContactChannel,
  preferredLanguage: PreferredLanguage,
  guardianName: z.string(),
  /** Staff notes; always empty in the patient's own view. */
  notes: z.string(),
  hasPortalAccount: z.boolean(),
  consentContact: z.boolean(),
  consentPrivacy: z.boolean(),
  consentAt: Instant.nullable(),
  /** Consent to automated texts: given unless the patient replied STOP; where the last change came from and when. */
  smsConsent: z.object({ given: z.boolean(), source: z.string(), at: Instant.nullable() }),
  createdVia: z.string(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type PatientProfile = z.infer<typeof PatientProfile>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .regex(noControlCharacters, `${label} contains characters that are not allowed`);

/** What a patient may change about themselves; every field optional (PATCH), at least one required. */
export const ContactUpdateFields = z.object({
    phone: optionalText('The phone number', 30)
      .regex(/^(\+?[0-9][0-9 ()\-.]{5,28})?$/, 'Enter a phone number: digits, spaces, ( ) - . and an optional leading +')
      .optional(),
    email: optionalText('The email address', 254)
      .toLowerCase()
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, like name@example.com')
      .optional(),
    addressLine: optionalText('The address', 200).optional(),
    city: optionalText('The city', 100).optional(),
    postalCode: optionalText('The postal code', 20)
      .regex(/^[A-Za-z0-9 -]*$/, 'The postal code can have letters, digits, spaces and -')
      .optional(),
    preferredChannel: ContactChannel.optional(),
    preferredLanguage: PreferredLanguage.optional(),
});
const changesSomething = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
export const ContactUpdate = ContactUpdateFields.refine(changesSomething, { message: 'Change at least one field', path: ['body'] });
export type ContactUpdate = z.infer<typeof ContactUpdate>;
/** The keys of ContactUpdate, in display order. */
export const contactUpdateFields = [
  'phone',
  'email',
  'addressLine',
  'city',
  'postalCode',
  'preferredChannel',
  'preferredLanguage',
] as const satisfies readonly (keyof ContactUpdate)[];
/** Fields only the store can change; a patient's request naming one is refused with this message. */
export const identityFields = ['firstName', 'lastName', 'dateOfBirth', 'sex'] as const;
export const identityFieldMessage = 'Your name, date of birth and sex can only be changed by the store.';
/** The PATCH body: ContactUpdate, with a field message for each identity field the request names. */
export const ContactUpdateRequest = ContactUpdateFields.extend(
  Object.fromEntries(identityFields.map((f) => [f, z.never({ error: identityFieldMessage }).optional()])) as Record<
    (typeof identityFields)[number],
    z.ZodOptional<z.ZodNever>
  >,
).refine(changesSomething, { message: 'Change at least one field', path: ['body'] });

// Zod-free, so the error-code catalogue (./errorCodes.ts) can use them; still importable from here.
export { recordMessages } from './recordMessages';

// ---------------------------------------------------------------------------------------------------------------
// Prescriptions

export const SpectacleEye = z.object({
  sphere: z.number(),
  cylinder: z.number().nullable(),
  axis: z.number().int().nullable(),
  add: z.number().nullable(),
  prism: z.number().nullable(),
  prismBase: PrismBase.nullable(),
  pdDistance: z.number().nullable(),
  pdNear: z.number().nullable(),
  /** Sphere + add (derived, not stored); null without an add. */
  readingSphere: z.number().nullable(),
});
export type SpectacleEye = z.infer<typeof SpectacleEye>;

const RxHeader = {
  id: z.string(),
  patientId: z.string(),
  ...StoreRef,
  examDate: IsoDate,
  expiresOn: IsoDate,
  /** The expiry date is before today (in the store's time zone). */
  expired: z.boolean(),
  prescriber: z.string(),
  notes: z.string(),
  createdAt: Instant,
  /** When a copy was handed to the patient (null: not yet). */
  givenAt: Instant.nullable(),
  /** The version a correction names (If-Match). */
  updatedAt: Instant,
};

export const SpectacleRx = z.object({
  ...RxHeader,
  source: RxSource,
  right: SpectacleEye,
  left: SpectacleEye,
});
export type SpectacleRx = z.infer<typeof SpectacleRx>;

export const ContactLensEye = z.object({
  power: z.number(),
  baseCurve: z.number(),
  diameter: z.number(),
  cylinder: z.number().nullable(),
  axis: z.number().int().nullable(),
  add: z.number().nullable(),
});
export type ContactLensEye = z.infer<typeof ContactLensEye>;

export const ContactLensRx = z.object({
  ...RxHeader,
  brand: z.string(),
  manufacturer: z.string(),
  replacement: LensReplacement,
  right: ContactLensEye,
  left: ContactLensEye,
});
export type ContactLensRx = z.infer<typeof ContactLensRx>;

/** Newest exam first. */
export const Prescriptions = z.object({ spectacle: z.array(SpectacleRx), contactLens: z.array(ContactLensRx) });
export type Prescriptions = z.infer<typeof Prescriptions>;

// ---------------------------------------------------------------------------------------------------------------
// Lab orders

export const LabOrderEvent = z.object({
  fromStatus: LabOrderStatus.nullable(),
  status: LabOrderStatus,
  at: Instant,
  byName: z.string(),
  note: z.string(),
});
export type LabOrderEvent = z.infer<typeof LabOrderEvent>;

export const LabOrder = z.object({
  id: z.string(),
  number: z.number().int(),
  patientId: z.string(),
  ...StoreRef,
  status: LabOrderStatus,
  rxId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.number().int().nullable(),
  invoiceLineNo: z.number().int().nullable(),
  frame: z.object({
    brand: z.string(),
    model: z.string(),
    colour: z.string(),
    a: z.number().nullable(),
    b: z.number().nullable(),
    dbl: z.number().nullable(),
  }),
  lens: z.object({ type: z.string(), material: z.string(), coatings: z.array(z.string()) }),
  fittingHeights: z.object({ right: z.number().nullable(), left: z.number().nullable() }),
  labName: z.string(),
  expectedOn: IsoDate.nullable(),
  /** Still awaited from the lab after its expected date, in its store's time zone (the server's rule). */
  overdue: z.boolean(),
  remakeOfId: z.string().nullable(),
  remakeReason: z.string().nullable(),
  remakeReasonKind: z.enum(['lab-error', 'prescriber-change', 'non-adapt', 'breakage', 'other']).nullable(),
  /** The invoice's state (commercial), beside the order's (production). */
  invoiceStatus: InvoiceStatus.nullable(),
  /** For an order on hold: the status it returns to. */
  heldFrom: LabOrderStatus.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  /** Every status change, oldest first. */
  events: z.array(LabOrderEvent),
});
export type LabOrder = z.infer<typeof LabOrder>;
export const LabOrderList = z.object({ orders: z.array(LabOrder) });
export type LabOrderList = z.infer<typeof LabOrderList>;

/** The orders made from one prescription (lab orders are made from spectacle Rx; a contact-lens Rx has none). */
export const RxOrders = z.object({
  kind: z.enum(['spectacle', 'contact-lens']),
  spectacle: SpectacleRx.nullable(),
  contactLens: ContactLensRx.nullable(),
  orders: z.array(LabOrder),
});
export type RxOrders = z.infer<typeof RxOrders>;

// ---------------------------------------------------------------------------------------------------------------
// Appointments

export const Appointment = z.object({
  id: z.string(),
  patientId: z.string(),
  ...StoreRef,
  /** IANA time zone of the store: times are shown in it. */
  timeZone: z.string(),
  providerName: z.string(),
  type: AppointmentType,
  status: AppointmentStatus,
  startsAt: Instant,
  endsAt: Instant,
  durationMinutes: z.number().int(),
  /** The start in the store's time zone: `YYYY-MM-DD` and `HH:mm`. */
  localDate: IsoDate,
  localTime: z.string(),
  notes: z.string(),
  cancelledAt: Instant.nullable(),
  /** The patient may cancel it online now (upcoming, the store allows it, before the notice period). */
  canCancel: z.boolean(),
  /** The store's notice for cancelling online, in hours (null when the store does not allow it). */
  cancelNoticeHours: z.number().int().nullable(),
  /** How it was booked: by staff, or by the patient online. */
  source: z.enum(['staff', 'online']),
  /** The patient's answer to the reminder (its link or an SMS reply): null while unconfirmed. */
  patientReply: z.object({ answer: z.enum(['confirmed', 'cancelled']), at: Instant, channel: z.enum(['link', 'sms']) }).nullable(),
});
export type Appointment = z.infer<typeof Appointment>;

/** upcoming: live appointments still ahead, soonest first; past: the rest (earlier or cancelled), newest first. */
export const AppointmentLists = z.object({ upcoming: z.array(Appointment), past: z.array(Appointment) });
export type AppointmentLists = z.infer<typeof AppointmentLists>;

// ---------------------------------------------------------------------------------------------------------------
// Invoices

const InvoiceMoney = {
  currency: Currency,
  subtotal: Money,
  discountTotal: Money,
  taxTotal: Money,
  total: Money,
  paidTotal: Money,
  /** total - paidTotal (0 for a void invoice). */
  balance: Money,
};

export const InvoiceSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  patientId: z.string(),
  ...StoreRef,
  status: InvoiceStatus,
  issuedAt: Instant,
  ...InvoiceMoney,
  lineCount: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceLine = z.object({
  lineNo: z.number().int(),
  kind: InvoiceLineKind,
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: Money,
  discount: Money,
  tax: Money,
  total: Money,
  /** How many of the line earlier refunds and voids gave back (0 on a credit record's own lines). */
  givenBack: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Payment = z.object({
  id: z.string(),
  method: PaymentMethod,
  amount: Money,
  paidAt: Instant,
  reference: z.string(),
  /** Cash handed over, when more than the amount (change = tendered − amount); null otherwise. */
  tendered: Money.nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const InvoiceDetail = InvoiceSummary.extend({
  /** Null (and no name): a walk-in's sale at the register (read through /api/pos/invoices/:id). */
  patientId: z.string().nullable(),
  notes: z.string(),
  relatedInvoiceId: z.string().nullable(),
  /** A credit record's (a refund's or a void's): the number of the invoice it gives back. */
  relatedInvoiceNumber: z.number().int().nullable(),
  patientName: z.string().nullable(),
  lines: z.array(InvoiceLine),
  payments: z.array(Payment),
  /** For the printable receipt. */
  store: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    timeZone: z.string(),
    /** Basis points: 825 = 8.25 %. */
    taxRateBp: z.number().int(),
    companyName: z.string(),
    /** The store's tax number and the receipt footer (general settings: the store's, else the company's). */
    taxNumber: z.string(),
    receiptFooter: z.string(),
    /** The receipt's logo (a data URL): the store's (general settings, store details), else the company's; null for none. */
    logo: z.string().nullable(),
  }),
  /** Lab orders made from lines of this invoice. */
  orders: z.array(
    z.object({ id: z.string(), number: z.number().int(), status: LabOrderStatus, expectedOn: IsoDate.nullable(), invoiceLineNo: z.number().int().nullable() }),
  ),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const InvoiceList = z.object({
  invoices: z.array(InvoiceSummary),
  /** Open balance per currency over open invoices. */
  balances: z.array(z.object({ currency: Currency, amount: Money })),
});
export type InvoiceList = z.infer<typeof InvoiceList>;

// ---------------------------------------------------------------------------------------------------------------
// Recalls

export const Recall = z.object({
  id: z.string(),
  patientId: z.string(),
  ...StoreRef,
  type: RecallType,
  dueOn: IsoDate,
  status: RecallStatus,
  channel: ContactChannel,
  lastSentAt: Instant.nullable(),
  /** Due before today and still pending or sent. */
  overdue: z.boolean(),
});
export type Recall = z.infer<typeof Recall>;
export const RecallList = z.object({ recalls: z.array(Recall) });
export type RecallList = z.infer<typeof RecallList>;

// ---------------------------------------------------------------------------------------------------------------
// Dashboard and enterprise summary

export const FormToFill = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in the form's other languages (the patient reads it in theirs: formNameIn). */
  names: FormNames,
  ...StoreRef,
  expiresAt: Instant,
  requiresCode: z.boolean(),
  sentAt: Instant.nullable(),
});
export type FormToFill = z.infer<typeof FormToFill>;

export const PatientDashboard = z.object({
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), ...StoreRef }),
  nextAppointment: Appointment.nullable(),
  /** The newest spectacle and contact-lens Rx (expired or not: `expired` says). */
  currentRx: SpectacleRx.nullable(),
  currentContactLensRx: ContactLensRx.nullable(),
  ordersInProgress: z.array(LabOrder),
  balance: z.object({ openInvoices: z.number().int(), amounts: z.array(z.object({ currency: Currency, amount: Money })) }),
  recallsDue: z.array(Recall),
  formsToFill: z.array(FormToFill),
});
export type PatientDashboard = z.infer<typeof PatientDashboard>;

export const CompanySummary = z.object({
  tenantId: z.string(),
  name: z.string(),
  slug: z.string(),
  stores: z.number().int(),
  patients: z.number().int(),
  upcomingAppointments: z.number().int(),
  openInvoices: z.number().int(),
  /** Open balance per currency. */
  openBalances: z.array(z.object({ currency: Currency, amount: Money })),
  labOrdersInProgress: z.number().int(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;
export const EnterpriseSummary = z.object({ companies: z.array(CompanySummary) });
export type EnterpriseSummary = z.infer<typeof EnterpriseSummary>;
