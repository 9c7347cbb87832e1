/**
 * Reviewing a submitted form into the chart: each chosen answer is read from the stored submission (the request
 * names only the question and the chart field), checked as that field's value, written through the patients
 * feature's update, and audited with the submission id. The submission is then marked reviewed (its answers stay
 * as they were: the runtime role may only set reviewed_at / reviewed_by) and leaves the work desk.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Section } from '../../src/contract/eforms';
import { isConsentField, type FormReviewBody, type FormReviewResult, type ReviewField } from '../../src/contract/formReview';
import { PatientUpdate } from '../../src/contract/patientsAdmin';
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { localParts } from '../db/values';
import { formAssignments, formSubmissions } from '../db/schema-eforms';
import { HttpError } from '../http/errors';
import { updatePatient } from '../patients/patients';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';
import { SectionList } from './staffAccess';

/** One answer of a submission: its question and value (text, or checked for a checklist option). */
interface Answer {
  question: string;
  text: string;
  checked: boolean | null;
}

function answerOf(sections: Section[], sectionId: string, itemId: string): Answer | null {
  const s = sections.find((x) => x.id === sectionId);
  if (!s) return null;
  const text = [...s.textlists, ...s.datelists].find((i) => i.id === itemId);
  if (text) return { question: text.name || s.title, text: text.description.trim(), checked: null };
  for (const list of s.checklists) {
    const item = list.checkItems.find((i) => i.id === itemId);
    if (item) return { question: `${list.name || s.title}: ${item.name}`, text: item.ischecked ? item.name : '', checked: item.ischecked };
  }
  for (const list of s.radiolists) {
    if (list.radioItems.some((i) => i.id === itemId)) {
      return { question: list.name || s.title, text: list.radioItems.find((i) => i.description === i.id)?.name ?? '', checked: null };
    }
  }
  const drop = s.dropdownlists.find((d) => d.id === itemId);
  if (drop) return { question: drop.name || s.title, text: drop.options.find((o) => o.id === drop.description)?.name ?? '', checked: null };
  return null;
}

const fieldNames: Record<ReviewField, string> = {
  email: 'email',
  phone: 'phone',
  addressLine: 'address',
  city: 'city',
  postalCode: 'postal code',
  notes: 'medical notes',
  consentContact: 'consent to contact',
  consentPrivacy: 'privacy consent',
};

export async function reviewSubmission(tx: Tx, request: FastifyRequest, scope: Scope, assignmentId: string, body: FormReviewBody, now: Date): Done<FormReviewResult> {
  const [a] = await tx.select().from(formAssignments).where(eq(formAssignments.id, assignmentId));
  if (!a) throw new NotVisible('form_assignment', assignmentId);
  requireStore(scope, a.locationId, 'form_assignment');
  const patient = await visiblePatient(tx, scope, a.patientId);
  const [s] = await tx.select().from(formSubmissions).where(eq(formSubmissions.assignmentId, a.id)).for('update');
  if (!s) throw new HttpError(404, 'eforms.assignmentNotFound');
  if (s.reviewedAt) throw new HttpError(409, 'eforms.alreadyReviewed');
  const sections = SectionList.parse(s.answers);

  const update: Record<string, string | boolean> = {};
  const fields: Record<string, string> = {};
  const notes: string[] = [];
  // The day the patient submitted it, in the form's store's calendar (a note written at 22:00 in New York is that day's).
  const [store] = await tx.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, a.locationId));
  const submittedOn = localParts(s.submittedAt, store?.timeZone ?? 'UTC').date;
  body.copies.forEach((c, i) => {
    const answer = answerOf(sections, c.sectionId, c.itemId);
    if (!answer) {
      fields[`copies.${i}.itemId`] = 'This question is not part of the submission';
      return;
    }
    if (c.field === 'notes') {
      if (answer.text) notes.push(`${a.formSnapshot.name} (${submittedOn}) – ${answer.question}: ${answer.text}`);
      return;
    }
    if (isConsentField(c.field) !== (answer.checked !== null)) throw new HttpError(400, 'eforms.submissionNotCopyable', { params: { field: fieldNames[c.field] } });
    const value = isConsentField(c.field) ? answer.checked! : answer.text;
    const parsed = PatientUpdate.safeParse({ [c.field]: value });
    if (!parsed.success) fields[`copies.${i}`] = parsed.error.issues[0]?.message ?? 'Not a valid value';
    else update[c.field] = (parsed.data as Record<string, string | boolean>)[c.field]!;
  });
  if (notes.length) {
    const merged = [patient.notes.trim(), ...notes].filter(Boolean).join('\n');
    if (merged.length > 4000) fields['copies'] = 'Notes must be up to 4000 characters';
    else update.notes = merged;
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });

  if (Object.keys(update).length) await updatePatient(tx, scope, patient.id, update as PatientUpdate, now);
  await tx.update(formSubmissions).set({ reviewedAt: now, reviewedBy: scope.userId }).where(eq(formSubmissions.assignmentId, a.id));
  const copied = body.copies.map((c) => c.field).filter((f) => f in update);
  for (const c of body.copies.filter((x) => x.field in update)) {
    await audit(tx, {
      tenantId: scope.tenantId,
      action: 'patient.copy_from_form',
      outcome: 'success',
      actorUserId: scope.userId,
      actorRoles: scope.roles,
      ip: request.ip,
      targetType: 'patient',
      targetId: patient.id,
      patientId: patient.id,
      details: { submissionId: a.id, field: c.field, sectionId: c.sectionId, itemId: c.itemId },
    });
  }
  return {
    result: { assignmentId: a.id, reviewedAt: now.toISOString(), copied: [...new Set(copied)] },
    audit: { targetType: 'form_assignment', targetId: a.id, patientId: patient.id, details: { submissionId: a.id, copied } },
  };
}
