/** Sending a form to patients and following it: assign, list, revoke, resend, read the submission. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { AssignBody, Assignment, AssignmentList, AssignmentsQuery, Submission } from '../../src/contract/eforms';
import { FormReviewBody, FormReviewResult } from '../../src/contract/formReview';
import { nowOf } from '../scope/audited';
import { reviewSubmission } from './review';
import { HttpError } from '../http/errors';
import { assignForm, listAssignments, readSubmission, resendAssignment, revokeAssignment } from './assignments';
import { errors, FormParams, orNotFound, security, staff } from './staffAccess';

const AssignmentParams = z.object({ assignmentId: Uuid });

export async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { outbox } = app.deps;

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
      const result = await orNotFound(request, 'eforms.cardNotFound', (tx) => assignForm(tx, request, request.params.formId, request.body));
      if (result.kind === 'unpublished') throw new HttpError(409, 'eforms.onlyPublished');
      if (result.kind === 'invalid') throw new HttpError(400, 'request.fieldsInvalid', { fields: result.fields });
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
    (request) => request.inTenant((tx) => listAssignments(tx, request, request.query)),
  );

  app.post(
    '/eforms/assignments/:assignmentId/revoke',
    {
      config: { access: staff },
      schema: { tags: ['eforms'], summary: 'Revokes an assignment: its link stops working at once', security, params: AssignmentParams, response: { 200: Assignment, ...errors } },
    },
    async (request) => {
      const result = await orNotFound(request, 'eforms.assignmentNotFound', (tx) => revokeAssignment(tx, request, request.params.assignmentId));
      if (result === 'submitted') throw new HttpError(409, 'eforms.submittedNotRevocable');
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
      const result = await orNotFound(request, 'eforms.assignmentNotFound', (tx) => resendAssignment(tx, request, request.params.assignmentId));
      if (result === 'submitted') throw new HttpError(409, 'eforms.alreadySubmitted');
      if (result === 'revoked') throw new HttpError(409, 'eforms.assignmentRevoked');
      if (result === 'noContact') throw new HttpError(400, 'eforms.noContact');
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
    (request) => orNotFound(request, 'eforms.assignmentNotFound', (tx) => readSubmission(tx, request, request.params.assignmentId)),
  );

  app.post(
    '/eforms/assignments/:assignmentId/review',
    {
      config: { access: staff },
      schema: {
        tags: ['eforms'],
        summary: 'Review a submission into the chart: copy the chosen answers (contact details, medical notes, consents), each audited with the submission id; marks it reviewed',
        security,
        params: AssignmentParams,
        body: FormReviewBody,
        response: { 200: FormReviewResult, ...errors },
      },
    },
    (request) => request.work('eform.review', ({ tx, scope }) => reviewSubmission(tx, request, scope, request.params.assignmentId, request.body, nowOf(request))),
  );
}
