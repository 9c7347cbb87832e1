/**
 * eForms (product spec sections 2.6, 3 and 4): boards (form stores) per store, forms (cards) with ordered sections,
 * assignments (one form to one patient through one link) and submissions. The eForm gate's codes live in
 * one_time_codes (purpose 'eform', subject = assignment id), so the code limits are the same everywhere.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, boolean, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FormLanguage } from '../../src/contract/eformTexts';
import type { ContactChannel } from './schema-records';
import { patients } from './schema-records';
import { createdAt, locations, tenantId, tenantIsolation } from './schema';


/** A form section as stored; the shape is src/contract/eforms.ts's, validated there. */
export type StoredSection = Record<string, unknown>;
/** A form's translations as stored: language → text key → text (src/contract/eformTexts.ts). */
export type StoredTranslations = Record<string, Record<string, string>>;

export const formBoards = pgTable(
  'form_boards',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    /** The board's address segment: /admin/eforms/forms/{locationId}/{uri}. */
    uri: text('uri').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_boards_location_uri_key').on(t.tenantId, t.locationId, sql`lower(${t.uri})`),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('form_boards'),
  ],
).enableRLS();

export type FormStatus = 'draft' | 'published' | 'archived';

export const forms = pgTable(
  'forms',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    boardId: uuid('board_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<FormStatus>().notNull().default('draft'),
    /** Ordered sections (radio 1, checklist 2, text 4, date 5, dropdown). */
    sections: jsonb('sections').$type<StoredSection[]>().notNull().default([]),
    /** The language the form's own texts (name, description, sections) are written in. */
    language: text('language').$type<FormLanguage>().notNull().default('en'),
    /** Its texts in the other languages, part of the definition like the sections (and snapshotted with them). */
    translations: jsonb('translations').$type<StoredTranslations>().notNull().default({}),
    /** Whether a patient must prove with a one-time code that the link is theirs. */
    requiresCode: boolean('requires_code').notNull().default(true),
    linkValidDays: integer('link_valid_days').notNull().default(7),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.boardId], foreignColumns: [formBoards.tenantId, formBoards.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    index('forms_board_idx').on(t.tenantId, t.boardId, t.position),
    index('forms_location_idx').on(t.tenantId, t.locationId, t.status),
    check('forms_language_check', sql`${t.language} in ('en', 'tr', 'ar')`),
    tenantIsolation('forms'),
  ],
).enableRLS();

export type AssignmentStatus = 'sent' | 'opened' | 'verified' | 'submitted' | 'expired' | 'revoked';

export const formAssignments = pgTable(
  'form_assignments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    formId: uuid('form_id').notNull(),
    locationId: uuid('location_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** SHA-256 (keyed) of the link token; the token itself is only in the message sent to the patient. */
    linkTokenHash: text('link_token_hash').notNull(),
    /** The form as it was when assigned: later edits to the card do not change what this patient fills in. */
    /** Snapshots made before forms had languages have no language (English) and no translations. */
    formSnapshot: jsonb('form_snapshot')
      .$type<{ name: string; description: string; sections: StoredSection[]; language?: FormLanguage; translations?: StoredTranslations }>()
      .notNull(),
    requiresCode: boolean('requires_code').notNull(),
    channels: text('channels').array().$type<ContactChannel[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_assignments_link_key').on(t.tenantId, t.linkTokenHash),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('form_assignments_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    index('form_assignments_form_idx').on(t.tenantId, t.formId, t.createdAt),
    tenantIsolation('form_assignments'),
  ],
).enableRLS();

/** One submission per assignment: the primary key makes a double submit store one. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    tenantId: tenantId(),
    assignmentId: uuid('assignment_id').notNull(),
    /** The sections with the patient's answers, in the contract's shape. */
    answers: jsonb('answers').$type<StoredSection[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When staff reviewed the answers into the chart (the work desk lists submissions not yet reviewed). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.assignmentId] }),
    foreignKey({ columns: [t.tenantId, t.assignmentId], foreignColumns: [formAssignments.tenantId, formAssignments.id] }).onDelete('cascade'),
    index('form_submissions_unreviewed_idx').on(t.tenantId, t.submittedAt).where(sql`reviewed_at is null`),
    tenantIsolation('form_submissions'),
  ],
).enableRLS();
