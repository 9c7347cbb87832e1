/**
 * Reminders the patient answers (server/reminders): the reminder's link to the visit's page and the SMS replies
 * received. Both are tenant tables under forced RLS.
 *
 * - appointment_links: one row per link sent in a reminder; only the keyed hash of its key (128 random bits) is
 *   stored. The link confirms or cancels that appointment only, until its start.
 * - sms_replies: every inbound text the provider posted, once by its message id (MessageSid, unique across
 *   companies: a replayed webhook finds it and does nothing again), with what was done.
 */
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, locations, tenantId, tenantIsolation } from './schema';
import { appointments, patients } from './schema-records';

export const appointmentLinks = pgTable(
  'appointment_links',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    foreignKey({ columns: [t.tenantId, t.appointmentId], foreignColumns: [appointments.tenantId, appointments.id] }).onDelete('cascade'),
    index('appointment_links_appointment_idx').on(t.tenantId, t.appointmentId),
    uniqueIndex('appointment_links_token_key').on(t.tokenHash),
    tenantIsolation('appointment_links'),
  ],
).enableRLS();

export const smsReplies = pgTable(
  'sms_replies',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** The provider's message id (MessageSid). */
    providerId: text('provider_id').notNull(),
    fromPhone: text('from_phone').notNull(),
    body: text('body').notNull(),
    locationId: uuid('location_id'),
    patientId: uuid('patient_id'),
    appointmentId: uuid('appointment_id'),
    /** What was done (src/contract/visitReply.ts ReplyOutcome). */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sms_replies_provider_key').on(t.providerId),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    tenantIsolation('sms_replies'),
  ],
).enableRLS();
