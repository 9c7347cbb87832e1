/** Recalls: staff create and move them (sent sends the reminder); the patient and staff read them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { RecallList } from '../../src/contract/records';
import { RecallCreate, RecallStatusChange, RecallView } from '../../src/contract/sales';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { found, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { readRecalls } from './recalls';
import { createRecall, moveRecall } from './workflow';

const security = [{ bearer: [] }];

const reads: ReadRoute[] = [
  {
    path: '/recalls',
    summary: 'Recalls (exam and contact-lens check reminders)',
    response: RecallList,
    op: { action: 'patient.recalls.read', run: async (tx, id, ctx) => found(await readRecalls(tx, id, ctx)) },
  },
];

export async function recallRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

  app.post(
    '/recalls',
    {
      config: staff,
      schema: { tags: ['recalls'], summary: 'Create a recall', security, body: RecallCreate, response: { 201: RecallView, ...errors } },
    },
    async (request, reply) => {
      const result = await request.work('recall.create', ({ tx, scope }) => createRecall(tx, scope, request.body, nowOf(request)));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/recalls/:recallId/status',
    {
      config: staff,
      schema: {
        tags: ['recalls'],
        summary: 'Move a recall (sent sends the reminder on its channel)',
        security,
        params: z.object({ recallId: Uuid }),
        body: RecallStatusChange,
        response: { 200: RecallView, ...errors },
      },
    },
    (request) => request.work('recall.status', ({ tx, scope }) => moveRecall(tx, scope, request.params.recallId, request.body.to, nowOf(request))),
  );
}
