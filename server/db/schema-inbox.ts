/**
 * The inbox and the order tracking links (shared/design/messaging.md, "Inbox"):
 * - a conversation belongs to one patient and one store; its messages are written by the patient or by a staff
 *   user, each read (read_at) by the other side; its status is open or done, and it may be assigned to a staff user;
 * - a tracking link opens one lab order's timeline to a guest (/pr/{key}): the key is 128 random bits, stored only
 *   as its keyed hash, looked up across tenants by app_tracking_link_tenant() (the one function that sees it).
 * Messages are patient records: tenant RLS here, patient and store scope in server/inbox, every read audited.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, locations, tenantId, tenantIsolation, users } from './schema';
import { labOrders, patients } from './schema-records';

export type ConversationStatus = 'open' | 'done';
export type MessageAuthor = 'patient' | 'staff';

export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    patientId: uuid('patient_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: text('status').$type<ConversationStatus>().notNull().default('open'),
    assignedTo: uuid('assigned_to'),
    createdAt: createdAt(),
    /** The latest message's time: the lists sort on it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.assignedTo], foreignColumns: [users.tenantId, users.id] }),
    check('inbox_conversations_status_check', sql`${t.status} in ('open', 'done')`),
    index('inbox_conversations_patient_idx').on(t.tenantId, t.patientId, t.lastMessageAt),
    index('inbox_conversations_location_idx').on(t.tenantId, t.locationId, t.lastMessageAt),
    tenantIsolation('inbox_conversations'),
  ],
).enableRLS();

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    conversationId: uuid('conversation_id').notNull(),
    author: text('author').$type<MessageAuthor>().notNull(),
    /** The patient's portal account or the staff user; null for a patient without an account (seeded history). */
    authorUserId: uuid('author_user_id'),
    /** The name shown with the message, as it was when written. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the other side first opened it. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.conversationId], foreignColumns: [inboxConversations.tenantId, inboxConversations.id] }).onDelete('cascade'),
    check('inbox_messages_author_check', sql`${t.author} in ('patient', 'staff')`),
    check('inbox_messages_body_check', sql`char_length(${t.body}) between 1 and 5000`),
    index('inbox_messages_conversation_idx').on(t.tenantId, t.conversationId, t.createdAt),
    // Unread counts: only the unread rows.
    index('inbox_messages_unread_idx').on(t.tenantId, t.conversationId, t.author).where(sql`read_at is null`),
    tenantIsolation('inbox_messages'),
  ],
).enableRLS();

export const orderTrackingLinks = pgTable(
  'order_tracking_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    labOrderId: uuid('lab_order_id').notNull(),
    /** HMAC-SHA256 of the key (server/inbox/tracking.ts); the key itself is only ever in the message. */
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('order_tracking_links_key_hash_key').on(t.keyHash),
    foreignKey({ columns: [t.tenantId, t.labOrderId], foreignColumns: [labOrders.tenantId, labOrders.id] }).onDelete('cascade'),
    tenantIsolation('order_tracking_links'),
  ],
).enableRLS();
