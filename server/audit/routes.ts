/** The audit rows about one patient for staff (the chart's activity tab). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { LogPageQuery, PatientActivity } from '../../src/contract/chart';
import { onPatient, recordErrors, recordStaff, security } from '../scope/patientRecord';
import { patientActivity } from './activity';

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/patients/:patientId/activity',
    {
      config: { access: recordStaff },
      schema: {
        tags: ['patient records'],
        summary: "The audit rows about one patient of the caller's stores (who, what, when, outcome), newest first",
        security,
        params: z.object({ patientId: Uuid }),
        querystring: LogPageQuery,
        response: { 200: PatientActivity, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'staff', {
        action: 'patient.activity.read',
        run: (tx, id) => patientActivity(tx, id, request.query),
      }),
  );
}
