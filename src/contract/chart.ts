/**
 * The staff chart's own reads: the providers a visit can be booked with, the patient's communication log
 * (messages tab) and the audit rows about the patient (activity tab).
 */
import { z } from './zod';

export const ProvidersQuery = z.object({ locationId: z.uuid({ error: 'Store must be an id (UUID)' }) });
export const ProviderList = z.object({ providers: z.array(z.object({ id: z.uuid(), name: z.string() })) });
export type ProviderList = z.infer<typeof ProviderList>;

export const MessageStatus = z.enum(['queued', 'sent', 'failed']);
export type MessageStatus = z.infer<typeof MessageStatus>;

/** One email or SMS about the patient, newest first. */
export const PatientMessage = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  /** The template key it was made from (e.g. `labOrder.readyForPickup`). */
  template: z.string(),
  subject: z.string(),
  body: z.string(),
  status: MessageStatus,
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PatientMessage = z.infer<typeof PatientMessage>;

/** Keyset pages: `before` is the last row's cursor of the previous page. */
export const LogPageQuery = z.object({
  before: z
    .string({ error: 'The page cursor is not valid' })
    .max(200, { error: 'The page cursor is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'The page cursor is not valid' })
    .optional(),
  limit: z.coerce.number({ error: 'Limit must be a whole number between 1 and 100' }).int({ error: 'Limit must be a whole number between 1 and 100' }).min(1, { error: 'Limit must be a whole number between 1 and 100' }).max(100, { error: 'Limit must be a whole number between 1 and 100' }).default(50),
});
export type LogPageQuery = z.infer<typeof LogPageQuery>;

export const PatientMessages = z.object({ messages: z.array(PatientMessage), nextCursor: z.string().nullable() });
export type PatientMessages = z.infer<typeof PatientMessages>;

/** One audit row about the patient: who did what, when, and how it ended (never the request's details). */
export const ActivityEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(['success', 'failure', 'denied']),
  actorName: z.string(),
  targetType: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const PatientActivity = z.object({ entries: z.array(ActivityEntry), nextCursor: z.string().nullable() });
export type PatientActivity = z.infer<typeof PatientActivity>;
