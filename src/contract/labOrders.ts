/**
 * Lab orders (jobs) and their production workflow (shared/design/domain.md, "Lab order"): the statuses, the only
 * transitions allowed between them, and the inputs of the staff calls that create and move an order.
 *
 * Main line: draft -> sent-to-lab -> in-production -> received -> ready-for-pickup -> delivered.
 * Side paths: on-hold (from sent-to-lab, in-production or received, and back to the status it was held in),
 * cancelled (before the lab has delivered: from draft, sent-to-lab, in-production or on-hold) and remake (after
 * the glasses came back: from received, ready-for-pickup or delivered; the order ends as 'remake' and a new draft
 * order linked to it is created with the reason). delivered, cancelled and remake are final except that a
 * delivered order can still be remade.
 */
import { noControlCharacters } from './common';
import { LabOrderStatus as RecordsLabOrderStatus } from './records';
import { IsoDate } from './rx';
import { z } from './zod';

/** The statuses of the read models (src/contract/records.ts), one list for both. */
export const labOrderStatuses = RecordsLabOrderStatus.options;
export const LabOrderStatus = z.enum(labOrderStatuses, { error: `Status must be one of: ${labOrderStatuses.join(', ')}` });
export type LabOrderStatus = z.infer<typeof LabOrderStatus>;

/** The allowed edges: `labOrderEdges[from]` lists every status an order in `from` may move to. */
export const labOrderEdges: Readonly<Record<LabOrderStatus, readonly LabOrderStatus[]>> = {
  draft: ['sent-to-lab', 'cancelled'],
  'sent-to-lab': ['in-production', 'on-hold', 'cancelled'],
  'in-production': ['received', 'on-hold', 'cancelled'],
  received: ['ready-for-pickup', 'on-hold', 'remake'],
  'ready-for-pickup': ['delivered', 'remake'],
  delivered: ['remake'],
  // Back only to the status it was held in (see canMoveLabOrder), or cancelled.
  'on-hold': ['sent-to-lab', 'in-production', 'received', 'cancelled'],
  remake: [],
  cancelled: [],
};

/**
 * Whether an order may move from `from` to `to`. For an order on hold, `heldFrom` is the status it was in when it
 * was put on hold: it may return only there (or be cancelled).
 */
export function canMoveLabOrder(from: LabOrderStatus, to: LabOrderStatus, heldFrom?: LabOrderStatus | null): boolean {
  if (!labOrderEdges[from].includes(to)) return false;
  if (from === 'on-hold' && to !== 'cancelled') return heldFrom === to;
  return true;
}

/** The statuses reachable from `from` (for the buttons a screen offers). */
export function nextLabOrderStatuses(from: LabOrderStatus, heldFrom?: LabOrderStatus | null): LabOrderStatus[] {
  return labOrderEdges[from].filter((to) => canMoveLabOrder(from, to, heldFrom));
}

/** Why a remake was needed (staff.md): kept with the new order beside the free-text reason. */
export const remakeReasonKinds = ['lab-error', 'prescriber-change', 'non-adapt', 'breakage', 'other'] as const;
export const RemakeReasonKind = z.enum(remakeReasonKinds, { error: `Remake reason must be one of: ${remakeReasonKinds.join(', ')}` });
export type RemakeReasonKind = z.infer<typeof RemakeReasonKind>;

export const labOrderMessages = {
  cannotMove: (from: LabOrderStatus, to: LabOrderStatus) => `Cannot move an order from ${from} to ${to}`,
  remakeReason: 'A remake needs a reason (1 to 500 characters)',
  note: 'Note must be up to 500 characters',
  reasonOnlyForRemake: 'A reason is given only for a remake',
} as const;

const shortText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .regex(noControlCharacters, { error: 'Must not contain control characters' });

export const LabOrderStatusChange = z
  .object({
    to: LabOrderStatus,
    note: shortText(500, labOrderMessages.note).default(''),
    /** Required for a remake: why the glasses are made again. */
    reason: shortText(500, labOrderMessages.remakeReason).optional(),
    /** For a remake: the kind of reason (default other). */
    reasonKind: RemakeReasonKind.optional(),
    /**
     * The status the caller saw. When given and the order is in another one by now (someone else moved it, or a
     * double click already did), the move is refused with 409 labOrders.movedOn and the current status.
     */
    from: LabOrderStatus.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to !== 'remake' && v.reasonKind !== undefined) ctx.addIssue({ code: 'custom', path: ['reasonKind'], message: labOrderMessages.reasonOnlyForRemake });
    if (v.to === 'remake' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: labOrderMessages.remakeReason });
    if (v.to !== 'remake' && v.reason !== undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: labOrderMessages.reasonOnlyForRemake });
  });
export type LabOrderStatusChange = z.infer<typeof LabOrderStatusChange>;

/** The allowed millimetres of the frame's measurements and the fitting heights, by field name (0.5 steps). */
export const labOrderMillimetres = {
  'frame.a': { min: 30, max: 80 },
  'frame.b': { min: 15, max: 70 },
  'frame.dbl': { min: 10, max: 30 },
  'fittingHeights.right': { min: 10, max: 40 },
  'fittingHeights.left': { min: 10, max: 40 },
} as const;

const mm = (label: string, { min, max }: { min: number; max: number }) => {
  const message = `${label} must be between ${min} and ${max} mm in 0.5 steps`;
  return z
    .number({ error: message })
    .refine((v) => v >= min && v <= max && Number.isInteger(v * 2), { error: message })
    .nullable()
    .default(null);
};

export const FrameInput = z.object({
  brand: shortText(100, 'Frame brand must be up to 100 characters').default(''),
  model: shortText(100, 'Frame model must be up to 100 characters').default(''),
  colour: shortText(100, 'Frame colour must be up to 100 characters').default(''),
  a: mm('Frame A (lens width)', labOrderMillimetres['frame.a']),
  b: mm('Frame B (lens height)', labOrderMillimetres['frame.b']),
  dbl: mm('Frame DBL (bridge)', labOrderMillimetres['frame.dbl']),
});

export const LensInput = z.object({
  type: shortText(100, 'Lens type is required (up to 100 characters)').refine((s) => s.length > 0, {
    error: 'Lens type is required (up to 100 characters)',
  }),
  material: shortText(100, 'Lens material must be up to 100 characters').default(''),
  coatings: z
    .array(shortText(60, 'Each coating must be up to 60 characters'), { error: 'Coatings must be a list' })
    .max(10, { error: 'At most 10 coatings' })
    .default([]),
});

export const LabOrderCreate = z.object({
  patientId: z.uuid({ error: 'Must be an id (UUID)' }),
  /** The spectacle Rx the lenses are made to. */
  rxId: z.uuid({ error: 'Must be an id (UUID)' }),
  /** The invoice line that sold the job. */
  invoiceId: z.uuid({ error: 'Must be an id (UUID)' }),
  invoiceLineNo: z.number({ error: 'Invoice line must be a line number of the invoice' }).int({ error: 'Invoice line must be a line number of the invoice' }).min(1, { error: 'Invoice line must be a line number of the invoice' }).max(100, { error: 'Invoice line must be a line number of the invoice' }),
  frame: FrameInput,
  lens: LensInput,
  fittingHeights: z
    .object({ right: mm('Right fitting height', labOrderMillimetres['fittingHeights.right']), left: mm('Left fitting height', labOrderMillimetres['fittingHeights.left']) })
    .default({ right: null, left: null }),
  labName: shortText(200, 'Lab name must be up to 200 characters').default(''),
  expectedOn: IsoDate.nullable().default(null),
});
export type LabOrderCreate = z.infer<typeof LabOrderCreate>;

export const LabOrderView = z.object({
  id: z.uuid(),
  number: z.number().int(),
  locationId: z.uuid(),
  patientId: z.uuid(),
  rxId: z.uuid().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceLineNo: z.number().int().nullable(),
  status: LabOrderStatus,
  labName: z.string(),
  expectedOn: z.string().nullable(),
  remakeOfId: z.uuid().nullable(),
  remakeReason: z.string().nullable(),
  remakeReasonKind: RemakeReasonKind.nullable(),
});
export type LabOrderView = z.infer<typeof LabOrderView>;

export const LabOrderStatusResult = z.object({
  order: LabOrderView,
  /** The new order a remake created. */
  remake: LabOrderView.nullable(),
});
export type LabOrderStatusResult = z.infer<typeof LabOrderStatusResult>;
