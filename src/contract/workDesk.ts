/**
 * The work desk (/admin/workdesk/{type}): the store's to-do list. Each row is something left to finish: a submitted
 * form to review, an order ready to hand over or overdue, a recall due with no future visit, a visit of today not
 * yet checked in, a message to a patient that could not be delivered (the last 14 days). A finished row is no
 * longer listed. The automations' runs that failed in the last 14 days are listed beside (admins see every run in
 * the Automations view, GET /api/jobs).
 */
import { JobKind } from './jobs';
import { ContactChannel, LabOrderStatus, RecallType } from './records';
import { z } from './zod';
import { FormNames } from './formNames';

export const workDeskTypes = ['all', 'forms', 'orders', 'recalls', 'today', 'automations'] as const;
export type WorkDeskType = (typeof workDeskTypes)[number];
/** The work desk's views: its to-do lists, and the offline sales to review (their own API, GET /api/pos/review). */
export const workDeskViews = [...workDeskTypes, 'review'] as const;
export type WorkDeskView = (typeof workDeskViews)[number];
export const isWorkDeskView = (value: string): value is WorkDeskView => (workDeskViews as readonly string[]).includes(value);

/** Rows of one kind at most (the oldest first); the counts say how many there are in all. */
export const workDeskKindMax = 100;
/** How far back failed messages and failed runs are listed. */
export const workDeskFailureDays = 14;

export const WorkDeskQuery = z.object({
  type: z.enum(workDeskTypes, { error: `Type must be one of: ${workDeskTypes.join(', ')}` }).default('all'),
  locationId: z.uuid({ error: 'Store must be an id (UUID)' }).optional(),
});
export type WorkDeskQuery = z.infer<typeof WorkDeskQuery>;

const base = {
  id: z.uuid(),
  patientId: z.uuid(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  locationId: z.uuid(),
  storeName: z.string(),
};

export const WorkDeskItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('form'), ...base, formName: z.string(), formNames: FormNames, submittedAt: z.string() }),
  z.object({ kind: z.literal('order'), ...base, number: z.number().int(), status: LabOrderStatus, expectedOn: z.string().nullable(), overdue: z.boolean() }),
  z.object({ kind: z.literal('recall'), ...base, recallType: RecallType, dueOn: z.string() }),
  z.object({
    kind: z.literal('visit'),
    ...base,
    startsAt: z.string(),
    appointmentType: z.string(),
    providerName: z.string(),
    timeZone: z.string(),
    /** The patient's answer to the reminder: confirmed (and by which channel) or not yet. */
    confirmation: z.enum(['unconfirmed', 'confirmed']),
    confirmedVia: z.enum(['link', 'sms']).nullable(),
  }),
  z.object({ kind: z.literal('message'), ...base, channel: ContactChannel, template: z.string(), error: z.string(), createdAt: z.string() }),
]);
export type WorkDeskItem = z.infer<typeof WorkDeskItem>;

/** An automation run that failed (its company's, whatever the stores). */
export const FailedRun = z.object({ id: z.uuid(), kind: JobKind, runAt: z.string(), finishedAt: z.string().nullable(), error: z.string() });
export type FailedRun = z.infer<typeof FailedRun>;

export const WorkDesk = z.object({
  items: z.array(WorkDeskItem),
  failedRuns: z.array(FailedRun),
  /** How many rows of each kind there are in all (the list shows at most workDeskKindMax of each); automations: failed messages and runs. */
  counts: z.object({ forms: z.number().int(), orders: z.number().int(), recalls: z.number().int(), today: z.number().int(), automations: z.number().int() }),
});
export type WorkDesk = z.infer<typeof WorkDesk>;
