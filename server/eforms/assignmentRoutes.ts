/** Sending a form to patients and following it: assign, list, revoke, resend, read the submission. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { AssignBody, Assignment, AssignmentList, AssignmentsQuery, clearAnswers, eformMessages, Submission } from '../../src/contract/eforms';
import { audit } from '../audit/audit';
import { locations, oneTimeCodes } from '../db/schema';
import { formAssignments, forms, formSubmissions } from '../db/schema-eforms';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { newLinkToken } from './crypto';
import { canSeeStore, storeCondition } from '../scope/scope';
import { staffKit, staff, security, SectionList, errors, FormParams } from './staffKit';

export async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { now, outbox, callerStores, event, orNotFound, visibleForm, visibleAssignment, assignmentsWhere, sendLink } = staffKit(fastify);

  app.post(
    '/eforms/forms/:formId/assign',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Sends a published form to patients: one assignment and one fresh link each (the link is only in the message)',
        security,
        params: FormParams,
        body: AssignBody,
        response: { 200: AssignmentList, ...errors },
      },
    },
    async (request) => {
      const { patientIds, channels } = request.body;
      const result = await orNotFound(request, eformMessages.cardNotFound, async (tx) => {
        const f = await visibleForm(tx, request, request.params.formId, 'eform.assign');
        if (!f) return null;
        if (f.status !== 'published') return { kind: 'unpublished' as const };
        const allowed = await callerStores(tx, request);
        const found = await tx.select().from(patients).where(inArray(patients.id, patientIds));
        const fields: Record<string, string> = {};
        const chosen = patientIds.map((id, i) => {
          const p = found.find((x) => x.id === id);
          if (!p || !canSeeStore(allowed, p.locationId)) {
            fields[`patientIds.${i}`] = 'This patient does not exist or you cannot see them';
            return null;
          }
          const usable = channels.filter((c) => (c === 'email' ? p.email : p.phone).trim() !== '');
          if (!usable.length) fields[`patientIds.${i}`] = 'This patient has no email address or phone number for the chosen channels';
          return { p, usable };
        });
        if (Object.keys(fields).length) return { kind: 'invalid' as const, fields };
        const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, f.locationId));
        const at = now();
        const expiresAt = new Date(at.getTime() + f.linkValidDays * 86_400_000);
        const snapshot = { name: f.name, description: f.description, sections: clearAnswers(SectionList.parse(f.sections)) };
        const refs = [];
        const ids: string[] = [];
        for (const c of chosen) {
          const { p, usable } = c!;
          const link = newLinkToken(app.deps.secrets);
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
              createdBy: request.auth!.sub,
              createdAt: at,
            })
            .returning({ id: formAssignments.id });
          ids.push(a!.id);
          refs.push(...(await sendLink(tx, { tenantId: f.tenantId, locationId: f.locationId, expiresAt, formName: f.name }, p, usable, store?.name ?? '', link.token)));
          await audit(tx, event(request, { action: 'eform.assign', outcome: 'success', targetType: 'form_assignment', targetId: a!.id, patientId: p.id, details: { formId: f.id, channels: usable } }));
        }
        return { kind: 'ok' as const, refs, assignments: await assignmentsWhere(tx, inArray(formAssignments.id, ids)) };
      });
      if (result.kind === 'unpublished') throw new HttpError(409, eformMessages.onlyPublished);
      if (result.kind === 'invalid') throw new HttpError(400, 'Please correct the highlighted fields.', result.fields);
      await outbox.deliver(result.refs);
      return { assignments: result.assignments };
    },
  );

  app.get(
    '/eforms/assignments',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Assignments of a form or of a patient, with their status',
        security,
        querystring: AssignmentsQuery,
        response: { 200: AssignmentList, ...errors },
      },
    },
    async (request) => {
      const { formId, patientId } = request.query;
      return request.inTenant(async (tx) => {
        const allowed = await callerStores(tx, request);
        const list = await assignmentsWhere(
          tx,
          and(
            formId ? eq(formAssignments.formId, formId) : undefined,
            patientId ? eq(formAssignments.patientId, patientId) : undefined,
            storeCondition(allowed, formAssignments.locationId),
          ),
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
      });
    },
  );


  const AssignmentParams = z.object({ assignmentId: Uuid });

  app.post(
    '/eforms/assignments/:assignmentId/revoke',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Revokes an assignment: its link stops working at once', security, params: AssignmentParams, response: { 200: Assignment, ...errors } },
    },
    async (request) => {
      const result = await orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.revoke');
        if (!a) return null;
        if (a.submittedAt) return 'submitted' as const;
        if (!a.revokedAt) await tx.update(formAssignments).set({ revokedAt: now() }).where(eq(formAssignments.id, a.id));
        await audit(tx, event(request, { action: 'eform.revoke', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
        return (await assignmentsWhere(tx, eq(formAssignments.id, a.id)))[0]!;
      });
      if (result === 'submitted') throw new HttpError(409, 'This form was already submitted; it cannot be revoked.');
      return result;
    },
  );

  app.post(
    '/eforms/assignments/:assignmentId/resend',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Sends a new link (the old one stops working) valid for the form’s days again',
        security,
        params: AssignmentParams,
        response: { 200: Assignment, ...errors },
      },
    },
    async (request) => {
      const result = await orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.resend');
        if (!a) return null;
        if (a.submittedAt) return 'submitted' as const;
        if (a.revokedAt) return 'revoked' as const;
        const [f] = await tx.select({ linkValidDays: forms.linkValidDays }).from(forms).where(eq(forms.id, a.formId));
        const [p] = await tx.select().from(patients).where(eq(patients.id, a.patientId));
        const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, a.locationId));
        const usable = a.channels.filter((c) => (c === 'email' ? p!.email : p!.phone).trim() !== '');
        if (!usable.length) return 'noContact' as const;
        const at = now();
        const expiresAt = new Date(at.getTime() + (f?.linkValidDays ?? 7) * 86_400_000);
        const link = newLinkToken(app.deps.secrets);
        await tx.update(formAssignments).set({ linkTokenHash: link.hash, expiresAt, sentAt: at }).where(eq(formAssignments.id, a.id));
        // Codes sent for the old link end with it.
        await tx
          .update(oneTimeCodes)
          .set({ replacedAt: at })
          .where(and(eq(oneTimeCodes.purpose, 'eform'), eq(oneTimeCodes.subjectId, a.id), sql`${oneTimeCodes.consumedAt} is null`, sql`${oneTimeCodes.replacedAt} is null`));
        const refs = await sendLink(tx, { tenantId: a.tenantId, locationId: a.locationId, expiresAt, formName: a.formSnapshot.name }, p!, usable, store?.name ?? '', link.token);
        await audit(tx, event(request, { action: 'eform.resend', outcome: 'success', targetType: 'form_assignment', targetId: a.id, patientId: a.patientId }));
        return { refs, assignment: (await assignmentsWhere(tx, eq(formAssignments.id, a.id)))[0]! };
      });
      if (result === 'submitted') throw new HttpError(409, 'This form was already submitted.');
      if (result === 'revoked') throw new HttpError(409, 'This assignment was revoked; send the form again instead.');
      if (result === 'noContact') throw new HttpError(400, eformMessages.noContact);
      await outbox.deliver(result.refs);
      return result.assignment;
    },
  );

  app.get(
    '/eforms/assignments/:assignmentId/submission',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'The answers a patient submitted', security, params: AssignmentParams, response: { 200: Submission, ...errors } },
    },
    async (request) =>
      orNotFound(request, eformMessages.assignmentNotFound, async (tx) => {
        const a = await visibleAssignment(tx, request, request.params.assignmentId, 'eform.submission.read');
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
          sections: SectionList.parse(s.answers),
        };
      }),
  );
}
