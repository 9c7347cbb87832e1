/**
 * Point of sale and front desk inputs: invoices with lines, payments, voids and refunds; appointment booking and
 * status; recalls. Money is always an integer number of minor units (cents); totals are computed on the server.
 */
import { Uuid } from './common';
import { text } from './fields';
import { AppointmentStatus, AppointmentType, InvoiceStatus, PaymentMethod, RecallStatus, RecallType } from './records';
import { IsoDate } from './rx';

// The enums are the read models' (src/contract/records.ts); the inputs add their own messages.
export type { AppointmentStatus, RecallStatus };
import { z } from './zod';

/** The largest amount one line or payment may carry: 10,000,000.00 in minor units. */
export const MAX_MINOR = 1_000_000_000;

export const salesMessages = {
  kind: 'Kind must be product or service',
  sku: 'SKU must be up to 64 characters',
  description: 'Description is required (up to 200 characters)',
  quantity: 'Quantity must be a whole number between 1 and 999',
  unitPrice: 'Unit price must be a whole number of cents between 0 and 1000000000',
  discount: 'Discount must be a whole number of cents between 0 and 1000000000',
  discountOverLine: 'Discount cannot exceed quantity × unit price',
  lines: 'An invoice needs 1 to 100 lines',
  notes: 'Notes must be up to 2000 characters',
  method: 'Method must be cash, card, cheque, insurance or store-credit',
  amount: 'Amount must be a whole number of cents between 1 and 1000000000',
  reference: 'Reference must be up to 100 characters',
  idempotencyKey: 'Idempotency key must be 8 to 100 letters, digits, - or _',
  voidReason: 'A reason is required (1 to 500 characters)',
  type: 'Type must be eye-exam, contact-lens-fitting, pickup or repair',
  startsAt: 'Start must be a date and time with a time zone (ISO 8601) on a 5-minute boundary',
  duration: 'Duration must be between 5 and 480 minutes in 5-minute steps',
  recallType: 'Type must be annual-exam, contact-lens-check or follow-up',
  channel: 'Channel must be email or sms',
} as const;
const M = salesMessages;

const minor = (message: string, min: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(MAX_MINOR, { error: message });

const id = z.uuid({ error: 'Must be an id (UUID)' });

// ---------------------------------------------------------------------------------------------------------------
// Invoices

export const invoiceStatuses = InvoiceStatus.options;
export const paymentMethods = PaymentMethod.options;

export const InvoiceLineInput = z
  .object({
    kind: z.enum(['product', 'service'], { error: M.kind }),
    sku: text(64, M.sku).default(''),
    description: text(200, M.description, true),
    quantity: z.number({ error: M.quantity }).int({ error: M.quantity }).min(1, { error: M.quantity }).max(999, { error: M.quantity }),
    unitPrice: minor(M.unitPrice, 0),
    discount: minor(M.discount, 0).default(0),
  })
  .superRefine((l, ctx) => {
    if (l.discount > l.quantity * l.unitPrice) ctx.addIssue({ code: 'custom', path: ['discount'], message: M.discountOverLine });
  });
export type InvoiceLineInput = z.infer<typeof InvoiceLineInput>;

export const InvoiceCreate = z.object({
  patientId: id,
  /** The selling store; default: the patient's home store. */
  locationId: id.optional(),
  lines: z.array(InvoiceLineInput, { error: M.lines }).min(1, { error: M.lines }).max(100, { error: M.lines }),
  notes: text(2000, M.notes).default(''),
});
export type InvoiceCreate = z.infer<typeof InvoiceCreate>;

export const IdempotencyKey = z
  .string({ error: M.idempotencyKey })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: M.idempotencyKey });

export const PaymentInput = z.object({
  method: z.enum(paymentMethods, { error: M.method }),
  amount: minor(M.amount, 1),
  reference: text(100, M.reference).default(''),
  /** Or the Idempotency-Key header: a retried payment with the same key is recorded once. */
  idempotencyKey: IdempotencyKey.optional(),
  /** The open register session the money was taken at (the device's, at the invoice's store): it counts in its totals. */
  registerSessionId: Uuid.optional(),
});
export type PaymentInput = z.infer<typeof PaymentInput>;

export const InvoiceVoid = z.object({
  reason: text(500, M.voidReason, true),
  /** How money already paid goes back (default: by the methods that paid it, each up to what it paid). */
  refundMethod: z.enum(paymentMethods, { error: M.method }).optional(),
  /** The open register session at the invoice's store that pays cash back (cash goes back through a drawer). */
  registerSessionId: Uuid.optional(),
});
export type InvoiceVoid = z.infer<typeof InvoiceVoid>;

export const InvoiceLineView = z.object({
  lineNo: z.number().int(),
  kind: z.string(),
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

export const InvoiceView = z.object({
  id: z.uuid(),
  number: z.number().int(),
  locationId: z.uuid(),
  /** Null: a walk-in's sale at the register. */
  patientId: z.uuid().nullable(),
  status: z.enum(invoiceStatuses),
  currency: z.string(),
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  balance: z.number().int(),
  relatedInvoiceId: z.uuid().nullable(),
  lines: z.array(InvoiceLineView),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

export const PaymentResult = z.object({
  payment: z.object({ id: z.uuid(), method: z.enum(paymentMethods), amount: z.number().int(), reference: z.string() }),
  invoice: InvoiceView,
  /** True when this key had already been recorded: nothing new was written. */
  replayed: z.boolean(),
});
export type PaymentResult = z.infer<typeof PaymentResult>;

export const VoidResult = z.object({
  invoice: InvoiceView,
  /** The linked credit record (negative lines, and the refund payment when money was paid back). */
  credit: InvoiceView,
});

// ---------------------------------------------------------------------------------------------------------------
// Appointments

export const appointmentTypes = AppointmentType.options;
export const appointmentStatuses = AppointmentStatus.options;

/** Allowed appointment status changes; completed, cancelled and no-show are final. */
export const appointmentEdges: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  booked: ['confirmed', 'checked-in', 'cancelled', 'no-show'],
  confirmed: ['checked-in', 'cancelled', 'no-show'],
  'checked-in': ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const AppointmentCreate = z.object({
  patientId: id,
  /** Default: the patient's home store. */
  locationId: id.optional(),
  /** A staff account of the company who may work at the store. */
  providerId: id,
  type: z.enum(appointmentTypes, { error: M.type }),
  startsAt: z
    .string({ error: M.startsAt })
    .refine((s) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) && Date.parse(s) % 300_000 === 0, { error: M.startsAt }),
  durationMinutes: z
    .number({ error: M.duration })
    .int({ error: M.duration })
    .min(5, { error: M.duration })
    .max(480, { error: M.duration })
    .refine((n) => n % 5 === 0, { error: M.duration })
    /** Absent: the length the store's general settings give the type. */
    .optional(),
  notes: text(2000, M.notes).default(''),
});
export type AppointmentCreate = z.infer<typeof AppointmentCreate>;

export const AppointmentStatusChange = z.object({
  to: z.enum(appointmentStatuses, { error: `Status must be one of: ${appointmentStatuses.join(', ')}` }),
});

export const AppointmentView = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  patientId: z.uuid(),
  providerId: z.uuid().nullable(),
  providerName: z.string(),
  type: z.enum(appointmentTypes),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  status: z.enum(appointmentStatuses),
});
export type AppointmentView = z.infer<typeof AppointmentView>;

// ---------------------------------------------------------------------------------------------------------------
// Recalls

export const recallTypes = RecallType.options;
export const recallStatuses = RecallStatus.options;

/** Allowed recall status changes: a sent recall can be sent again; booked and dismissed are final. */
export const recallEdges: Readonly<Record<RecallStatus, readonly RecallStatus[]>> = {
  pending: ['sent', 'booked', 'dismissed'],
  sent: ['sent', 'booked', 'dismissed'],
  booked: [],
  dismissed: [],
};

export const RecallCreate = z.object({
  patientId: id,
  type: z.enum(recallTypes, { error: M.recallType }),
  dueOn: IsoDate,
  /** Default: the patient's preferred channel. */
  channel: z.enum(['email', 'sms'], { error: M.channel }).optional(),
  notes: text(2000, M.notes).default(''),
});
export type RecallCreate = z.infer<typeof RecallCreate>;

export const RecallStatusChange = z.object({
  to: z.enum(recallStatuses, { error: `Status must be one of: ${recallStatuses.join(', ')}` }),
});

export const RecallView = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  locationId: z.uuid(),
  type: z.enum(recallTypes),
  dueOn: z.string(),
  status: z.enum(recallStatuses),
  channel: z.enum(['email', 'sms']),
  lastSentAt: z.string().nullable(),
});
export type RecallView = z.infer<typeof RecallView>;

export const cannotMove = (what: string, from: string, to: string) => `Cannot move ${what} from ${from} to ${to}`;
