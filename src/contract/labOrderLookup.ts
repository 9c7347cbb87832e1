/**
 * The lab-order lookup (/admin/laborderlookup/{type}) and the bulk move of its selected orders: the list's query and
 * page (keyset), and one move applied to several orders, each checked and recorded on its own.
 */
import { noControlCharacters, Uuid } from './common';
import { LabOrderStatus, labOrderStatuses, RemakeReasonKind } from './labOrders';
import { InvoiceStatus } from './records';
import { z } from './zod';

/** The lookup's types: every order, one per status, and the overdue ones (past the expected date, not back yet). */
export const labOrderLookupTypes = ['all', ...labOrderStatuses, 'overdue'] as const;
export type LabOrderLookupType = (typeof labOrderLookupTypes)[number];
export const isLabOrderLookupType = (value: string): value is LabOrderLookupType => (labOrderLookupTypes as readonly string[]).includes(value);

/** Statuses in which an order is still expected back from the lab: past its expected date, it is overdue. */
export const awaitedLabOrderStatuses = ['draft', 'sent-to-lab', 'in-production', 'on-hold'] as const satisfies readonly LabOrderStatus[];

/** Most orders one bulk move takes. */
export const bulkMoveMax = 50;

export const labOrderLookupMessages = {
  type: `Type must be one of: ${labOrderLookupTypes.join(', ')}`,
  search: 'Search must be 1 to 100 characters',
  cursor: 'The page cursor is not valid',
  limit: 'Limit must be a whole number between 1 and 100',
  locationId: 'Store must be an id (UUID)',
  orders: `Choose 1 to ${bulkMoveMax} orders`,
  orderTwice: 'An order is listed twice',
} as const;
const M = labOrderLookupMessages;

export const LabOrderLookupQuery = z.object({
  type: z.enum(labOrderLookupTypes, { error: M.type }).default('all'),
  locationId: z.uuid({ error: M.locationId }).optional(),
  /** An order number (digits), or a prefix of the patient's last or first name, or "first last". */
  search: z.string({ error: M.search }).trim().min(1, { error: M.search }).max(100, { error: M.search }).regex(noControlCharacters, { error: M.search }).optional(),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string({ error: M.cursor }).max(300, { error: M.cursor }).regex(/^[A-Za-z0-9_-]+$/, { error: M.cursor }).optional(),
  limit: z.coerce.number({ error: M.limit }).int({ error: M.limit }).min(1, { error: M.limit }).max(100, { error: M.limit }).default(25),
});
export type LabOrderLookupQuery = z.infer<typeof LabOrderLookupQuery>;

export const LabOrderLookupItem = z.object({
  id: z.uuid(),
  number: z.number().int(),
  locationId: z.uuid(),
  storeName: z.string(),
  patientId: z.uuid(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  status: LabOrderStatus,
  /** For an order on hold: the status it returns to. */
  heldFrom: LabOrderStatus.nullable(),
  labName: z.string(),
  expectedOn: z.string().nullable(),
  overdue: z.boolean(),
  invoiceNumber: z.number().int().nullable(),
  /** The commercial state beside the production state. */
  invoiceStatus: InvoiceStatus.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LabOrderLookupItem = z.infer<typeof LabOrderLookupItem>;

export const LabOrderLookupPage = z.object({
  items: z.array(LabOrderLookupItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LabOrderLookupPage = z.infer<typeof LabOrderLookupPage>;

/** One move for several orders; each names the status the clerk saw, so an order moved meanwhile is not moved again. */
export const LabOrderBulkMove = z
  .object({
    orders: z
      .array(z.object({ id: Uuid, from: LabOrderStatus }), { error: M.orders })
      .min(1, { error: M.orders })
      .max(bulkMoveMax, { error: M.orders })
      .refine((orders) => new Set(orders.map((o) => o.id)).size === orders.length, { error: M.orderTwice }),
    to: LabOrderStatus,
    note: z.string().trim().max(500, { error: 'Note must be up to 500 characters' }).regex(noControlCharacters, { error: 'Must not contain control characters' }).default(''),
    reason: z.string().trim().min(1, { error: 'A remake needs a reason (1 to 500 characters)' }).max(500, { error: 'A remake needs a reason (1 to 500 characters)' }).regex(noControlCharacters, { error: 'Must not contain control characters' }).optional(),
    reasonKind: RemakeReasonKind.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to === 'remake' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A remake needs a reason (1 to 500 characters)' });
    if (v.to !== 'remake' && (v.reason !== undefined || v.reasonKind !== undefined)) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is given only for a remake' });
  });
export type LabOrderBulkMove = z.infer<typeof LabOrderBulkMove>;

/** Per order, in the request's order: moved (with its new status), or refused with the error answer's code. */
export const LabOrderBulkResult = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ id: z.uuid(), ok: z.literal(true), status: LabOrderStatus, remakeId: z.uuid().nullable() }),
      z.object({
        id: z.uuid(),
        ok: z.literal(false),
        httpStatus: z.number().int(),
        code: z.string(),
        error: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    ]),
  ),
});
export type LabOrderBulkResult = z.infer<typeof LabOrderBulkResult>;
