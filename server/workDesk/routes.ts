/** The work desk: GET /api/workdesk, the to-do list of the stores the user may see (or one of them). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WorkDesk, WorkDeskQuery } from '../../src/contract/workDesk';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { readWorkDesk } from './workDesk';

const security = [{ bearer: [] }];

export async function workDeskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/workdesk',
    {
      config: { access: clinicalRoles },
      schema: {
        tags: ['work desk'],
        summary: 'The store’s to-do list: submitted forms to review, orders ready or overdue, recalls due with no future visit, today’s visits to check in',
        security,
        querystring: WorkDeskQuery,
        response: { 200: WorkDesk, ...errors },
      },
    },
    (request) =>
      request.work('workdesk.read', async ({ tx, scope, requireStore }) => {
        const q = request.query;
        if (q.locationId) await requireStore(q.locationId);
        const desk = await readWorkDesk(tx, q.locationId ? [q.locationId] : scope.stores, q.type, nowOf(request));
        return {
          result: desk,
          audit: { targetType: 'patient', details: { type: q.type, locationId: q.locationId ?? null, patientIds: [...new Set(desk.items.map((i) => i.patientId))] } },
        };
      }),
  );
}
