/**
 * A signed-in patient's own forms (the portal's 'Forms to fill in'): opened and submitted by assignment id. The
 * patient's session proves who they are, so a code-gated form needs no code here; the emailed link works as before.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../src/contract/common';
import { EForm, OwnFormParams, OwnFormSubmitBody, SubmitAnswer } from '../../src/contract/eforms';
import { found, onPatient, patientOnly, recordErrors, security, type Outcome } from '../scope/patientRecord';
import { publicLinkFlow } from './publicLink';
import { callerOf } from '../scope/context';

export async function ownFormRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, secrets } = app.deps;
  const { openAssignment, submitAssignment, ownAssignment, stateError } = publicLinkFlow({ secrets, now: () => config.now() });
  const target = (params: Record<string, string>) => ({ type: 'form_assignment', id: params.assignmentId! });

  app.get(
    '/my/forms/:assignmentId',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: "One of the patient's own forms to fill in, opened without the emailed code",
        security,
        params: OwnFormParams,
        response: { 200: EForm, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'self', {
        action: 'eform.portal.open',
        target,
        run: async (tx, patientId) => {
          const a = await ownAssignment(tx, request.params.assignmentId, patientId);
          return found(a && (await openAssignment(tx, callerOf(request).tid, a, request.ip, () => true)));
        },
      }),
  );

  app.post(
    '/my/forms/:assignmentId/submit',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: "Submits the patient's own form once; a repeated submit answers alreadySubmitted: true",
        security,
        params: OwnFormParams,
        body: OwnFormSubmitBody,
        response: { 200: SubmitAnswer, 410: ErrorResponse, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'self', {
        action: 'eform.portal.submit',
        target,
        run: async (tx, patientId): Promise<Outcome<SubmitAnswer>> => {
          const a = await ownAssignment(tx, request.params.assignmentId, patientId);
          if (!a) return found<SubmitAnswer>(null);
          const result = await submitAssignment(
            tx,
            callerOf(request).tid,
            a,
            { sectionlists: request.body.sectionlists, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null },
            () => true,
          );
          switch (result.kind) {
            case 'expired': {
              const error = stateError('expired');
              return { ok: false, status: error.statusCode, code: error.code, reason: 'expired' };
            }
            case 'gated': // not reached: the session is the proof
              return found<SubmitAnswer>(null);
            case 'invalid':
              return { ok: false, status: 400, code: 'request.fieldsInvalid', fields: result.fields, reason: 'invalid' };
            case 'already':
              return { ok: true, value: { submitted: true, alreadySubmitted: true } };
            case 'stored':
              return { ok: true, value: { submitted: true, alreadySubmitted: false } };
          }
        },
      }),
  );
}
