/**
 * The inbox (/apps/mail, /api/inbox) and the guest order tracking page (/pr/{key}, /api/public/tracking/{key}):
 * docs/api.md. A conversation belongs to one patient and one store; a patient reaches only their own, staff only
 * their stores'. A message is 1 to 5000 characters of text (line breaks allowed, no other control characters).
 */
import { Uuid } from './common';
import { StoreHours } from './generalSettings';
import { LabOrderStatus } from './records';
import { z } from './zod';

export const inboxLimits = { text: 5000 } as const;

export const inboxMessages = {
  text: `Message must be 1 to ${inboxLimits.text} characters`,
  textControl: 'Message must not contain control characters',
  patientId: 'Patient must be an id (UUID)',
  status: 'Status must be open or done',
  nothingToChange: 'Name a change: assignedToMe or status',
} as const;

/** Line breaks and tabs are text; other control characters are not. */
// eslint-disable-next-line no-control-regex
const controlExceptBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const MessageText = z
  .string({ error: inboxMessages.text })
  .refine((s) => s.trim().length > 0 && s.length <= inboxLimits.text, { error: inboxMessages.text })
  .refine((s) => !controlExceptBreaks.test(s), { error: inboxMessages.textControl });

export const ConversationStatus = z.enum(['open', 'done'], { error: inboxMessages.status });
export type ConversationStatus = z.infer<typeof ConversationStatus>;

/** A new conversation: a patient writes to their store; staff write to a patient of their stores. */
export const NewConversation = z.strictObject({
  text: MessageText,
  /** Staff only: the patient written to (the conversation is at the patient's store). A patient names none. */
  patientId: Uuid.optional(),
});
export type NewConversation = z.infer<typeof NewConversation>;

export const NewMessage = z.strictObject({ text: MessageText });
export type NewMessage = z.infer<typeof NewMessage>;

/** Staff: take the conversation (or give it back) and/or mark it done or open again. */
export const ConversationChange = z
  .strictObject({ assignedToMe: z.boolean().optional(), status: ConversationStatus.optional() })
  .refine((c) => c.assignedToMe !== undefined || c.status !== undefined, { error: inboxMessages.nothingToChange });
export type ConversationChange = z.infer<typeof ConversationChange>;

export const InboxListQuery = z.strictObject({
  /** Which conversations: open (default), done, or all. */
  status: z.enum(['open', 'done', 'all'], { error: 'Status must be open, done or all' }).optional(),
});
export type InboxListQuery = z.infer<typeof InboxListQuery>;

export const InboxMessage = z.object({
  id: Uuid,
  author: z.enum(['patient', 'staff']),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Whether the reader wrote it (their own side). */
  mine: z.boolean(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const ConversationSummary = z.object({
  id: Uuid,
  patientId: Uuid,
  patientName: z.string(),
  locationId: Uuid,
  storeName: z.string(),
  status: ConversationStatus,
  assignedTo: z.object({ id: Uuid, name: z.string() }).nullable(),
  lastMessageAt: z.string(),
  /** The start of the latest message (at most 120 characters). */
  preview: z.string(),
  /** Messages from the other side the reader has not opened. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationList = z.object({ conversations: z.array(ConversationSummary) });
export type ConversationList = z.infer<typeof ConversationList>;

export const ConversationDetail = ConversationSummary.extend({ messages: z.array(InboxMessage) });
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

// ---------------------------------------------------------------------------------------------------------------
// The guest tracking page

/** 128 random bits, base64url: 22 characters. */
export const TrackingKeyParams = z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'Not a tracking link' }) });

export const TrackingView = z.object({
  firstName: z.string(),
  orderNumber: z.number().int(),
  status: LabOrderStatus,
  expectedOn: z.string().nullable(),
  /** The order's status changes, oldest first (status and time only). */
  events: z.array(z.object({ status: LabOrderStatus, at: z.string() })),
  store: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    /** The store's opening hours per weekday (a closed day is null). */
    hours: StoreHours,
  }),
});
export type TrackingView = z.infer<typeof TrackingView>;
