/**
 * Scheduled jobs (shared/design/messaging.md, "Jobs"; server/jobs): a row per run of an automation for one company,
 * claimed like the outbox's messages (app_claim_jobs, FOR UPDATE SKIP LOCKED) so that each runs in one process only.
 * The scheduler of every process enqueues the periodic runs by a unique slot (kind + time slot per company), so two
 * processes never double one. A run records what it queued and what it could not send (result) and is the admins'
 * record of it. job_sends remembers every message an automation queued (an appointment's reminder, a recall's step),
 * by a key that makes each one once.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tenantIsolation } from './schema';

export type JobKind = 'appointment.reminders' | 'recall.steps';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** What a run did: messages queued, patients passed over and why, and the errors of messages it could not make. */
export interface JobResult {
  queued: number;
  skipped: { noAddress: number; noConsent: number };
  failures: string[];
}

export const jobs = pgTable(
  'jobs',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').$type<JobKind>().notNull(),
    /** The time slot of a scheduled run (e.g. 2026-11-24T18 for an hourly kind), or 'manual:<id>' for one an admin started. */
    slot: text('slot').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** While running: until when the claim holds; after it another process may take the run over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result').$type<JobResult>(),
    error: text('error'),
    /** The admin who started a manual run. */
    requestedBy: uuid('requested_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('jobs_slot_key').on(t.tenantId, t.kind, t.slot),
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_tenant_recent_idx').on(t.tenantId, t.createdAt),
    check('jobs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    tenantIsolation('jobs'),
  ],
).enableRLS();

/**
 * One row per message an automation queued: (kind, subject, step) is its key, e.g. ('appointment.reminder',
 * appointment id, 0) or ('recall.step', recall id, n). A run inserts the key before it queues the message, in the
 * same transaction: a key already there means the message went already.
 */
export const jobSends = pgTable(
  'job_sends',
  {
    tenantId: tenantId(),
    kind: text('kind').$type<'appointment.reminder' | 'recall.step'>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    step: integer('step').notNull().default(0),
    jobId: uuid('job_id').notNull(),
    messageId: uuid('message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.subjectId, t.step] }), tenantIsolation('job_sends')],
).enableRLS();
