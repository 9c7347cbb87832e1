/** Sending a form to patients and following it: assign, list, revoke, resend, read the submission. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { clearAnswers, type AssignBody, type Assignment, type AssignmentsQuery, type Submission } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { locations, oneTimeCodes } from '../db/schema';
import { formAssignments, formSubmissions, forms } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import { nowOf } from '../scope/audited';
import { canSeeStore, storeCondition } from '../scope/scope';
import { newLinkToken } from './crypto';
import { assignmentsWhere, callerStores, event, SectionList, sendLink, snapshotLanguages, visibleAssignment, visibleForm } from './staffAccess';
import { callerOf } from '../scope/context';
import { publicUrlOf } from '../http/publicUrl';
import { namesFrom } from './names';
import { formNamesOf } from '../../src/contract/eformTexts';

type Refs = { tenantId: string; id: string }[];

/** The form as an assignment keeps it: later edits to the card do not change what the patient fills in. */
export function snapshotOf(f: typeof forms.$inferSelect): typeof formAssignments.$inferInsert['formSnapshot'] {
  return {
    name: f.name,
    description: f.description,
    sections: clearAnswers(SectionList.parse(f.sections)),
    language: f.language,
    translations: f.translations,
  };
}

/**
 * One assignment and one fresh link per patient (the link is only in the message). A patient out of reach or
 * without an address on the chosen channels is a field error; nothing is written then.
 */
export async function assignForm(
  tx: Tx,
  request: FastifyRequest,
  formId: string,
  { patientIds, channels }: z.infer<typeof AssignBody>,
): Promise<{ kind: 'ok'; refs: Refs; assignments: Assignment[] } | { kind: 'unpublished' } | { kind: 'invalid'; fields: Record<string, string> } | null> {
  const f = await visibleForm(tx, request, formId, 'eform.assign');
  if (!f) return null;
  if (f.status !== 'published') return { kind: 'unpublished' };
  const allowed = await callerStores(tx, request);
  const found = await tx.select().from(patients).where(inArray(patients.id, patientIds));
  const fields: Record<string, string> = {};
  const chosen = patientIds.map((id, i) => {
    const p = found.find((x) => x.id === id);
    if (!p || p.mergedInto || !canSeeStore(allowed, p.locationId)) {
      fields[`patientIds.${i}`] = 'This patient does not exist or you cannot see them';
      return null;
    }
    const usable = channels.filter((c) => (c === 'email' ? p.email : p.phone).trim() !== '');
    if (!usable.length) fields[`patientIds.${i}`] = 'This patient has no email address or phone number for the chosen channels';
    return { p, usable };
  });
  if (Object.keys(fields).length) return { kind: 'invalid', fields };
  const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, f.locationId));
  const at = nowOf(request);
  const expiresAt = new Date(at.getTime() + f.linkValidDays * 86_400_000);
  const snapshot = snapshotOf(f);
  const refs: Refs = [];
  const ids: string[] = [];
  for (const c of chosen) {
    const { p, usable } = c!;
    const link = newLinkToken(request.server.deps.secrets);
    const [a] = await tx
      .insert(formAssignments)
      .values({
        tenantId: f.tenantId,
        formId: f.id,
        locationId: f.locationId,
        patientId: p.id,
        linkTokenHash: link.hash,
        formSnapshot: snapshot,
        requiresCode: f.requiresCode,
        channels: usable,
        expiresAt,
        sentAt: at,
        createdBy: callerOf(request).sub,
        createdAt: at,
      })
      .returning({ id: formAssignments.id });
    ids.push(a!.id);
    refs.push(
      ...(await sendLink(tx, publicUrlOf(request), { tenantId: f.tenantId, locationId: f.locationId, patientId: p.id, expiresAt, formName: f.name, formNames: formNamesOf(f.language, f.translations) }, p, usable, store?.name ?? '', link.token)),
    );
    await audit(tx, event(request, { action: 'eform.assign', outcome: 'success', targetType: 'form_assignment', targetId: a!.id, patientId: p.id, details: { formId: f.id, channels: usable } }));
  }
  return { kind: 'ok', refs, assignments: await assignmentsWhere(tx, inArray(formAssignments.id, ids), at) };
}

/** Assignments of a form or of a patient in the caller's stores, with their status. */
export async function listAssignments(tx: Tx, request: FastifyRequest, { formId, patientId }: z.infer<typeof AssignmentsQuery>): Promise<{ assignments: Assignment[] }> {
  const allowed = await callerStores(tx, request);
  const list = await assignmentsWhere(
    tx,
    and(
      formId ? eq(formAssignments.formId, formId) : undefined,
      patientId ? eq(formAssignments.patientId, patientId) : undefined,
      storeCondition(allowed, formAssignments.locationId),
    ),
    nowOf(request),
  );
  await audit(
    tx,
    event(request, {
      action: 'eform.assignments.read',
      outcome: 'success',
      targetType: formId ? 'form' : 'patient',
      targetId: formId ?? patientId,
      patientId: patientId ?? undefined,
      details: { count: list.length },
    }),
  );
  return { assignments: list };
}

/** Revokes an assignment: its link stops working at once; 'submitted' when it is too late. */
export async function revokeAssignment(tx: Tx, request: FastifyRequest, assignmentId: string): Promise<Assignment | 'submitted' | null> {
  const a = await visibleAssignment(tx, request, assignmentId, 'eform.revoke');
  if (!a) return null;
  if (a.submittedAt) return 'submitted';
  const at = nowOf(request);
  if (!a.revokedAt) await tx.update(formAssignments).set({ revokedAt: at }).where(eq(formAssignments.id, a.id));
  await audit(tx, event(request, { action: 'eform.revoke', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
  return (await assignmentsWhere(tx, eq(formAssignments.id, a.id), at))[0]!;
}

/** Sends a new link (the old one and its codes stop working), valid for the form's days again. */
export async function resendAssignment(
  tx: Tx,
  request: FastifyRequest,
  assignmentId: string,
): Promise<{ refs: Refs; assignment: Assignment } | 'submitted' | 'revoked' | 'noContact' | null> {
  const a = await visibleAssignment(tx, request, assignmentId, 'eform.resend');
  if (!a) return null;
  if (a.submittedAt) return 'submitted';
  if (a.revokedAt) return 'revoked';
  const [f] = await tx.select({ linkValidDays: forms.linkValidDays }).from(forms).where(eq(forms.id, a.formId));
  const [p] = await tx.select().from(patients).where(eq(patients.id, a.patientId));
  const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, a.locationId));
  const usable = a.channels.filter((c) => (c === 'email' ? p!.email : p!.phone).trim() !== '');
  if (!usable.length) return 'noContact';
  const at = nowOf(request);
  const expiresAt = new Date(at.getTime() + (f?.linkValidDays ?? 7) * 86_400_000);
  const link = newLinkToken(request.server.deps.secrets);
  await tx.update(formAssignments).set({ linkTokenHash: link.hash, expiresAt, sentAt: at }).where(eq(formAssignments.id, a.id));
  // Codes sent for the old link end with it.
  await tx
    .update(oneTimeCodes)
    .set({ replacedAt: at })
    .where(and(eq(oneTimeCodes.purpose, 'eform'), eq(oneTimeCodes.subjectId, a.id), sql`${oneTimeCodes.consumedAt} is null`, sql`${oneTimeCodes.replacedAt} is null`));
  const refs = await sendLink(tx, publicUrlOf(request), { tenantId: a.tenantId, locationId: a.locationId, patientId: a.patientId, expiresAt, formName: a.formSnapshot.name, formNames: namesFrom(a.formSnapshot.language, a.formSnapshot.translations) }, p!, usable, store?.name ?? '', link.token);
  await audit(tx, event(request, { action: 'eform.resend', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
  return { refs, assignment: (await assignmentsWhere(tx, eq(formAssignments.id, a.id), at))[0]! };
}

/** The answers a patient submitted; null when there are none or the assignment is out of reach. */
export async function readSubmission(tx: Tx, request: FastifyRequest, assignmentId: string): Promise<Submission | null> {
  const a = await visibleAssignment(tx, request, assignmentId, 'eform.submission.read');
  if (!a) return null;
  const [s] = await tx.select().from(formSubmissions).where(eq(formSubmissions.assignmentId, a.id));
  const [p] = await tx.select({ firstName: patients.firstName, lastName: patients.lastName }).from(patients).where(eq(patients.id, a.patientId));
  if (!s) return null;
  await audit(tx, event(request, { action: 'eform.submission.read', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
  return {
    assignmentId: a.id,
    formId: a.formId,
    formName: a.formSnapshot.name,
    patientId: a.patientId,
    patientName: p ? `${p.firstName} ${p.lastName}` : '',
    submittedAt: s.submittedAt.toISOString(),
    reviewedAt: s.reviewedAt?.toISOString() ?? null,
    sections: SectionList.parse(s.answers),
    ...snapshotLanguages(a.formSnapshot),
  };
}
