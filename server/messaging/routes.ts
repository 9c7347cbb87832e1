/** The patient's communication log for staff (the chart's messages tab). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { LogPageQuery, PatientMessages } from '../../src/contract/chart';
import { onPatient, recordErrors, recordStaff, security } from '../scope/patientRecord';
import { patientMessages } from './patientLog';

export async function messagingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/patients/:patientId/messages',
    {
      config: { access: recordStaff },
      schema: {
        tags: ['patient records'],
        summary: "Every email and SMS about one patient of the caller's stores, newest first, with its status",
        security,
        params: z.object({ patientId: Uuid }),
        querystring: LogPageQuery,
        response: { 200: PatientMessages, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'staff', {
        action: 'patient.messages.read',
        run: (tx, id) => patientMessages(tx, id, request.query),
      }),
  );
}
