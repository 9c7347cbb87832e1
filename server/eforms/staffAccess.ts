/**
 * Staff side of eForms: boards and cards (the builder), publishing, sending a form to patients, following the
 * assignments and reading submissions. Admins and staff only, and only in the stores the user may work in (the store
 * scope). Everything is audited as eform.*. This file holds what boards.ts, forms.ts and assignments.ts share.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorResponse, Uuid, type Role } from '../../src/contract/common';
import type { Assignment, Card} from '../../src/contract/eforms';
import { type CardSummary, assignmentStatus, formatUsDate, Section } from '../../src/contract/eforms';
import { formNameIn, type FormLanguage, type FormNames, type FormTranslations } from '../../src/contract/eformTexts';
import { audit, type AuditEvent } from '../audit/audit';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { formAssignments, formBoards, forms } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import type { ErrorCode } from '../../src/contract/errorCodes';
import { HttpError } from '../http/errors';
import { queueEformMessage } from './messages';
import { namesFrom, nameTranslationsSql } from './names';
import { canSeeStore, storesOf, type Stores } from '../scope/scope';
import type { TemplateLanguage } from '../../src/contract/messageTemplates';
import type { Channel } from '../messaging/messaging';
import { actorOf, callerOf } from '../scope/context';

export const staff: readonly Role[] = ['admin', 'staff'];
export const security = [{ bearer: [] }];
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
export const SectionList = z.array(Section);
export const FormParams = z.object({ formId: Uuid });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type FormRow = typeof forms.$inferSelect;
export type AssignmentRow = typeof formAssignments.$inferSelect;

export function cardOf(f: FormRow): Card {
  return {
    id: f.id,
    boardId: f.boardId,
    locationId: f.locationId,
    name: f.name,
    description: f.description,
    status: f.status,
    requiresCode: f.requiresCode,
    linkValidDays: f.linkValidDays,
    sections: SectionList.parse(f.sections),
    language: f.language,
    translations: f.translations,
    updatedAt: f.updatedAt.toISOString(),
    publishedAt: iso(f.publishedAt),
  };
}

/** The languages of an assignment's snapshot: one made before forms had languages is English, untranslated. */
export const snapshotLanguages = (snapshot: AssignmentRow['formSnapshot']): { language: FormLanguage; translations: FormTranslations } => ({
  language: snapshot.language ?? 'en',
  translations: snapshot.translations ?? {},
});

export function slugify(name: string): string {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'board';
}

const summaryColumns = {
  id: forms.id,
  boardId: forms.boardId,
  locationId: forms.locationId,
  locationName: locations.name,
  boardName: formBoards.name,
  name: forms.name,
  language: forms.language,
  nameTranslations: sql<unknown>`${nameTranslationsSql(sql`${forms.translations}`)}`,
  description: forms.description,
  status: forms.status,
  requiresCode: forms.requiresCode,
  linkValidDays: forms.linkValidDays,
  sectionCount: sql<number>`jsonb_array_length(${forms.sections})::int`,
  assignmentCount: sql<number>`(select count(*) from form_assignments fa where fa.tenant_id = ${forms.tenantId} and fa.form_id = ${forms.id})::int`,
  submittedCount: sql<number>`(select count(*) from form_assignments fa where fa.tenant_id = ${forms.tenantId} and fa.form_id = ${forms.id} and fa.submitted_at is not null)::int`,
  updatedAt: forms.updatedAt,
};

export async function summaries(tx: Tx, where: SQL | undefined): Promise<CardSummary[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(forms)
    .innerJoin(formBoards, and(eq(formBoards.tenantId, forms.tenantId), eq(formBoards.id, forms.boardId)))
    .innerJoin(locations, and(eq(locations.tenantId, forms.tenantId), eq(locations.id, forms.locationId)))
    .where(where)
    .orderBy(asc(locations.name), asc(formBoards.position), asc(forms.position), asc(forms.name));
  return rows.map(({ language, nameTranslations, ...r }) => ({ ...r, names: namesFrom(language, nameTranslations), updatedAt: r.updatedAt.toISOString() }));
}

const assignmentColumns = {
  a: formAssignments,
  firstName: patients.firstName,
  lastName: patients.lastName,
};

/** The stores the caller may work in. */
export const callerStores = (tx: Tx, request: FastifyRequest): Promise<Stores> => storesOf(tx, callerOf(request).sub);

/** An audit event of the caller. */
export const event = (request: FastifyRequest, e: Omit<AuditEvent, 'tenantId' | 'actorUserId' | 'actorRoles' | 'ip'>): AuditEvent => ({
  ...actorOf(request),
  ...e,
});

/** Denied look-ups are recorded in a transaction that commits; the 404 is thrown after it. */
export const orNotFound = async <T>(request: FastifyRequest, code: ErrorCode, fn: (tx: Tx) => Promise<T | null>): Promise<T> => {
  const result = await request.inTenant(fn);
  if (result === null) throw new HttpError(404, code);
  return result;
};

export const visibleForm = async (tx: Tx, request: FastifyRequest, formId: string, action: string): Promise<FormRow | null> => {
  const [f] = await tx.select().from(forms).where(eq(forms.id, formId));
  if (f && canSeeStore(await callerStores(tx, request), f.locationId)) return f;
  await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form', targetId: formId }));
  return null;
};

export const visibleAssignment = async (tx: Tx, request: FastifyRequest, id: string, action: string): Promise<AssignmentRow | null> => {
  const [a] = await tx.select().from(formAssignments).where(eq(formAssignments.id, id));
  if (a && canSeeStore(await callerStores(tx, request), a.locationId)) return a;
  await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form_assignment', targetId: id }));
  return null;
};

export const assignmentsWhere = async (tx: Tx, where: SQL | undefined, at: Date): Promise<Assignment[]> => {
  const rows = await tx
    .select(assignmentColumns)
    .from(formAssignments)
    .innerJoin(patients, and(eq(patients.tenantId, formAssignments.tenantId), eq(patients.id, formAssignments.patientId)))
    .where(where)
    .orderBy(desc(formAssignments.createdAt), asc(formAssignments.id));
  return rows.map(({ a, firstName, lastName }) => ({
    id: a.id,
    formId: a.formId,
    formName: a.formSnapshot.name,
    formNames: namesFrom(a.formSnapshot.language, a.formSnapshot.translations),
    patientId: a.patientId,
    patientName: `${firstName} ${lastName}`,
    locationId: a.locationId,
    status: assignmentStatus(a, at),
    requiresCode: a.requiresCode,
    channels: a.channels,
    expiresAt: a.expiresAt.toISOString(),
    sentAt: iso(a.sentAt),
    openedAt: iso(a.openedAt),
    verifiedAt: iso(a.verifiedAt),
    submittedAt: iso(a.submittedAt),
    revokedAt: iso(a.revokedAt),
    createdAt: a.createdAt.toISOString(),
  }));
};

/** Sends the link of an assignment by each of its channels; returns the outbox references. */
export const sendLink = async (
  tx: Tx,
  publicUrl: string,
  a: { tenantId: string; locationId: string; patientId: string; expiresAt: Date; formName: string; formNames: FormNames },
  p: { firstName: string; lastName: string; email: string; phone: string },
  channels: Channel[],
  storeName: string,
  token: string,
) => {
  // The link opens the page in the language its message is written in (the reader may switch there).
  const fields = (language: TemplateLanguage) => ({
    patientName: `${p.firstName} ${p.lastName}`,
    storeName,
    // The form's name in the message's language when the form has it, else its main name.
    formName: formNameIn(a.formName, a.formNames, language).text,
    formLink: `${publicUrl.replace(/\/+$/, '')}/eforms?tenantid=${a.tenantId}&uri=${token}&lang=${language}`,
    expiresOn: formatUsDate(a.expiresAt),
  });
  const refs = [];
  for (const channel of channels) {
    const recipient = channel === 'email' ? p.email : p.phone;
    refs.push(await queueEformMessage(tx, { tenantId: a.tenantId, locationId: a.locationId, patientId: a.patientId, key: 'eform.link', channel, recipient, fields }));
  }
  return refs;
};

export const boardTaken = async (tx: Tx, locationId: string, uri: string, except?: string) => {
  const rows = await tx
    .select({ id: formBoards.id })
    .from(formBoards)
    .where(and(eq(formBoards.locationId, locationId), sql`lower(${formBoards.uri}) = lower(${uri})`));
  return rows.some((r) => r.id !== except);
};

export const visibleBoard = async (tx: Tx, request: FastifyRequest, boardId: string, action: string) => {
  const [b] = await tx.select().from(formBoards).where(eq(formBoards.id, boardId));
  if (b && canSeeStore(await callerStores(tx, request), b.locationId)) return b;
  await audit(tx, event(request, { action, outcome: 'denied', targetType: 'form_board', targetId: boardId }));
  return null;
};
