/** Lab orders: staff create them and move them along their workflow; the patient and staff read them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { LabOrderCreate, LabOrderStatusChange, LabOrderStatusResult, LabOrderView } from '../../src/contract/labOrders';
import { LabOrderList } from '../../src/contract/records';
import { clinicalRoles, duplicateKey, nowOf, runAudited, writeErrors as errors } from '../scope/audited';
import { found, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { readLabOrders } from './labOrders';
import { createLabOrder, moveLabOrder } from './workflow';

const security = [{ bearer: [] }];

const reads: ReadRoute[] = [
  {
    path: '/orders',
    summary: 'Lab orders with their status history and expected date',
    response: LabOrderList,
    op: { action: 'patient.orders.read', run: async (tx, id) => found(await readLabOrders(tx, id)) },
  },
];

export async function labOrderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

  app.post(
    '/lab-orders',
    {
      config: staff,
      schema: { tags: ['lab orders'], summary: 'Create a lab order from a spectacle Rx and an invoice line', security, body: LabOrderCreate, response: { 201: LabOrderView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'lab_order.create', (tx, scope) => createLabOrder(tx, scope, request.body, nowOf(request)), duplicateKey);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/lab-orders/:orderId/status',
    {
      config: staff,
      schema: {
        tags: ['lab orders'],
        summary: 'Move a lab order along an allowed edge (409 otherwise); ready-for-pickup messages the patient',
        security,
        params: z.object({ orderId: Uuid }),
        body: LabOrderStatusChange,
        response: { 200: LabOrderStatusResult, ...errors },
      },
    },
    (request) => runAudited(request, 'lab_order.status', (tx, scope) => moveLabOrder(tx, scope, request.params.orderId, request.body, nowOf(request)), duplicateKey),
  );
}
