/**
 * The inbox's rules (shared/design/messaging.md, "Inbox"): a conversation belongs to one patient and one store.
 * Who reads is found from the token, never from the request: a patient reaches the conversations of their own
 * patient record, staff those of their stores (server/scope); anything else is answered as not found. Opening a
 * conversation marks the other side's messages read. A staff message tells the patient by their preferred
 * channel that a message is waiting (inbox.notify, through the outbox), never what it says.
 */
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ConversationChange, ConversationDetail, ConversationList, ConversationSummary, InboxListQuery, NewConversation } from '../../src/contract/inbox';
import type { Tx } from '../db/client';
import { locations, users } from '../db/schema';
import { inboxConversations, inboxMessages, type MessageAuthor } from '../db/schema-inbox';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { notifyPatient } from '../messaging/messaging';
import type { Done } from '../scope/audited';
import { ownPatientId } from '../scope/patientRecord';
import { displayNameOf, NotVisible, storeCondition, visiblePatient, type Scope } from '../scope/scope';

/** Who is reading: a patient (their own record) or staff (their stores). */
export type Reader = { kind: 'patient'; patientId: string; name: string } | { kind: 'staff' };

export async function readerOf(tx: Tx, scope: Scope): Promise<Reader> {
  if (scope.roles.includes('patient')) {
    const patientId = await ownPatientId(tx, scope.userId);
    if (!patientId) throw new NotVisible('patient', scope.userId);
    const [p] = await tx.select({ first: patients.firstName, last: patients.lastName }).from(patients).where(eq(patients.id, patientId));
    return { kind: 'patient', patientId, name: `${p!.first} ${p!.last}` };
  }
  return { kind: 'staff' };
}

const side = (reader: Reader): MessageAuthor => (reader.kind === 'patient' ? 'patient' : 'staff');
const otherSide = (reader: Reader): MessageAuthor => (reader.kind === 'patient' ? 'staff' : 'patient');

/** The conversations the reader may reach, as a condition on inbox_conversations. */
function reach(reader: Reader, scope: Scope): SQL | undefined {
  return reader.kind === 'patient' ? eq(inboxConversations.patientId, reader.patientId) : storeCondition(scope.stores, inboxConversations.locationId);
}

const summaryColumns = {
  id: inboxConversations.id,
  patientId: inboxConversations.patientId,
  firstName: patients.firstName,
  lastName: patients.lastName,
  locationId: inboxConversations.locationId,
  storeName: locations.name,
  status: inboxConversations.status,
  assignedId: inboxConversations.assignedTo,
  assignedName: users.displayName,
  lastMessageAt: inboxConversations.lastMessageAt,
};

async function summaries(tx: Tx, reader: Reader, where: SQL | undefined): Promise<ConversationSummary[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(inboxConversations)
    .innerJoin(patients, eq(patients.id, inboxConversations.patientId))
    .innerJoin(locations, eq(locations.id, inboxConversations.locationId))
    .leftJoin(users, eq(users.id, inboxConversations.assignedTo))
    .where(where)
    .orderBy(desc(inboxConversations.lastMessageAt), desc(inboxConversations.id))
    .limit(200);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const unread = await tx
    .select({ id: inboxMessages.conversationId, n: count() })
    .from(inboxMessages)
    .where(and(inArray(inboxMessages.conversationId, ids), eq(inboxMessages.author, otherSide(reader)), isNull(inboxMessages.readAt)))
    .groupBy(inboxMessages.conversationId);
  const latest = await tx
    .selectDistinctOn([inboxMessages.conversationId], { id: inboxMessages.conversationId, body: inboxMessages.body })
    .from(inboxMessages)
    .where(inArray(inboxMessages.conversationId, ids))
    .orderBy(inboxMessages.conversationId, desc(inboxMessages.createdAt), desc(inboxMessages.id));
  return rows.map((r) => ({
    id: r.id,
    patientId: r.patientId,
    patientName: reader.kind === 'patient' ? reader.name : `${r.firstName} ${r.lastName}`,
    locationId: r.locationId,
    storeName: r.storeName,
    status: r.status,
    assignedTo: r.assignedId ? { id: r.assignedId, name: r.assignedName ?? '' } : null,
    lastMessageAt: r.lastMessageAt.toISOString(),
    preview: (latest.find((l) => l.id === r.id)?.body ?? '').slice(0, 120),
    unread: Number(unread.find((u) => u.id === r.id)?.n ?? 0),
  }));
}

export async function listConversations(tx: Tx, scope: Scope, query: InboxListQuery): Done<ConversationList> {
  const reader = await readerOf(tx, scope);
  const status = query.status ?? 'open';
  const conversations = await summaries(tx, reader, and(reach(reader, scope), status === 'all' ? undefined : eq(inboxConversations.status, status)));
  return {
    result: { conversations },
    audit: {
      targetType: 'inbox_conversation',
      ...(reader.kind === 'patient' ? { patientId: reader.patientId } : {}),
      details: { status, patientIds: [...new Set(conversations.map((c) => c.patientId))] },
    },
  };
}

/** Messages from the other side not yet opened, over every conversation the reader reaches (the toolbar badge). */
export async function unreadCount(tx: Tx, scope: Scope): Promise<number> {
  const reader = await readerOf(tx, scope);
  const [row] = await tx
    .select({ n: count() })
    .from(inboxMessages)
    .innerJoin(inboxConversations, eq(inboxConversations.id, inboxMessages.conversationId))
    .where(and(reach(reader, scope), eq(inboxMessages.author, otherSide(reader)), isNull(inboxMessages.readAt)));
  return Number(row?.n ?? 0);
}

/** The conversation when the reader reaches it; else NotVisible (404), whatever the reason. */
async function reachable(tx: Tx, scope: Scope, reader: Reader, id: string, lock = false) {
  const q = tx.select().from(inboxConversations).where(and(eq(inboxConversations.id, id), reach(reader, scope)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new NotVisible('inbox_conversation', id);
  return row;
}

async function detail(tx: Tx, scope: Scope, reader: Reader, id: string): Promise<ConversationDetail> {
  const [summary] = await summaries(tx, reader, eq(inboxConversations.id, id));
  const messages = await tx
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.conversationId, id))
    .orderBy(inboxMessages.createdAt, inboxMessages.id);
  return {
    ...summary!,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      authorName: m.authorName,
      text: m.body,
      createdAt: m.createdAt.toISOString(),
      readAt: m.readAt?.toISOString() ?? null,
      mine: m.author === side(reader),
    })),
  };
}

const auditOf = (c: { id: string; patientId: string }, details: Record<string, unknown> = {}) => ({
  targetType: 'inbox_conversation',
  targetId: c.id,
  patientId: c.patientId,
  details,
});

/** Opens a conversation: its messages, the other side's now marked read. */
export async function openConversation(tx: Tx, scope: Scope, id: string, now: Date): Done<ConversationDetail> {
  const reader = await readerOf(tx, scope);
  const c = await reachable(tx, scope, reader, id);
  const read = await tx
    .update(inboxMessages)
    .set({ readAt: now })
    .where(and(eq(inboxMessages.conversationId, c.id), eq(inboxMessages.author, otherSide(reader)), isNull(inboxMessages.readAt)))
    .returning({ id: inboxMessages.id });
  return { result: await detail(tx, scope, reader, c.id), audit: auditOf(c, { markedRead: read.length }) };
}

/**
 * Adds a message. A staff message queues the patient's notice (without the text) unless an earlier staff message
 * of the conversation is still unread: one notice per unread batch. A patient's message reopens a done one.
 */
async function addMessage(
  tx: Tx,
  scope: Scope,
  reader: Reader,
  c: typeof inboxConversations.$inferSelect,
  text: string,
  now: Date,
  inboxLink: string,
): Promise<{ deliver: { tenantId: string; id: string }[]; notified: string | null }> {
  const author = side(reader);
  const [waiting] =
    author === 'staff'
      ? await tx
          .select({ n: count() })
          .from(inboxMessages)
          .where(and(eq(inboxMessages.conversationId, c.id), eq(inboxMessages.author, 'staff'), isNull(inboxMessages.readAt)))
      : [{ n: 0 }];
  await tx.insert(inboxMessages).values({
    conversationId: c.id,
    author,
    authorUserId: scope.userId,
    authorName: reader.kind === 'patient' ? reader.name : await displayNameOf(tx, scope.userId),
    body: text,
    createdAt: now,
  });
  await tx
    .update(inboxConversations)
    .set({ lastMessageAt: now, ...(author === 'patient' ? { status: 'open' as const } : {}) })
    .where(eq(inboxConversations.id, c.id));
  if (author !== 'staff' || Number(waiting?.n ?? 0) > 0) return { deliver: [], notified: null };
  const patient = await visiblePatient(tx, { ...scope, stores: 'all' }, c.patientId);
  const sent = await notifyPatient(tx, { tenantId: scope.tenantId, patient, locationId: c.locationId, key: 'inbox.notify', fields: { inboxLink } });
  return sent ? { deliver: [sent.ref], notified: sent.channel } : { deliver: [], notified: null };
}

/** A new conversation: a patient's at their home store, or staff writing to a patient of their stores. */
export async function startConversation(tx: Tx, scope: Scope, input: NewConversation, now: Date, inboxLink: string): Done<ConversationDetail> {
  const reader = await readerOf(tx, scope);
  let patientId: string;
  if (reader.kind === 'patient') {
    if (input.patientId !== undefined) throw new HttpError(400, 'request.fieldsInvalid', { fields: { patientId: 'A patient writes to their own store: name no patient' } });
    patientId = reader.patientId;
  } else {
    if (input.patientId === undefined) throw new HttpError(400, 'request.fieldsInvalid', { fields: { patientId: 'Patient must be an id (UUID)' } });
    patientId = (await visiblePatient(tx, scope, input.patientId)).id;
  }
  const [home] = await tx.select({ locationId: patients.locationId }).from(patients).where(eq(patients.id, patientId));
  const [c] = await tx.insert(inboxConversations).values({ patientId, locationId: home!.locationId, createdAt: now, lastMessageAt: now }).returning();
  const sent = await addMessage(tx, scope, reader, c!, input.text, now, inboxLink);
  return { result: await detail(tx, scope, reader, c!.id), audit: auditOf(c!, { by: side(reader), notified: sent.notified }), deliver: sent.deliver };
}

export async function replyTo(tx: Tx, scope: Scope, id: string, text: string, now: Date, inboxLink: string): Done<ConversationDetail> {
  const reader = await readerOf(tx, scope);
  const c = await reachable(tx, scope, reader, id, true);
  // Writing in a conversation is reading it: the other side's messages are marked read too.
  await tx
    .update(inboxMessages)
    .set({ readAt: now })
    .where(and(eq(inboxMessages.conversationId, c.id), eq(inboxMessages.author, otherSide(reader)), isNull(inboxMessages.readAt)));
  const sent = await addMessage(tx, scope, reader, c, text, now, inboxLink);
  return { result: await detail(tx, scope, reader, c.id), audit: auditOf(c, { by: side(reader), notified: sent.notified }), deliver: sent.deliver };
}

/** Staff: assign the conversation to themselves (or give it back), mark it done or open again. */
export async function changeConversation(tx: Tx, scope: Scope, id: string, change: ConversationChange): Done<ConversationDetail> {
  const reader = await readerOf(tx, scope);
  if (reader.kind !== 'staff') throw new HttpError(403, 'auth.forbidden');
  const c = await reachable(tx, scope, reader, id, true);
  const set: Partial<typeof inboxConversations.$inferInsert> = {};
  if (change.assignedToMe === true) set.assignedTo = scope.userId;
  // Giving back only what is one's own: another user's assignment stays.
  if (change.assignedToMe === false && c.assignedTo === scope.userId) set.assignedTo = null;
  if (change.status) set.status = change.status;
  if (Object.keys(set).length) await tx.update(inboxConversations).set(set).where(eq(inboxConversations.id, c.id));
  return { result: await detail(tx, scope, reader, c.id), audit: auditOf(c, { ...change, from: { status: c.status, assignedTo: c.assignedTo } }) };
}
