/** Lab orders: staff create them and move them along their workflow; the patient and staff read them. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { LabOrderBulkMove, LabOrderBulkResult, LabOrderLookupPage, LabOrderLookupQuery } from '../../src/contract/labOrderLookup';
import { LabOrderCreate, LabOrderStatusChange, LabOrderStatusResult, LabOrderView } from '../../src/contract/labOrders';
import { LabOrderList } from '../../src/contract/records';
import type { LabOrderBulkResult as BulkResult } from '../../src/contract/labOrderLookup';
import { clinicalRoles, duplicateKey, nowOf, writeErrors as errors } from '../scope/audited';
import { HttpError } from '../http/errors';
import { found, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { readLabOrders } from './labOrders';
import { lookupLabOrders } from './lookup';
import { createLabOrder, moveLabOrder } from './workflow';
import { publicUrlOf } from '../http/publicUrl';

const security = [{ bearer: [] }];
const linksOf = (request: FastifyRequest) => ({ secrets: request.server.deps.secrets, publicUrl: publicUrlOf(request) });

const reads: ReadRoute[] = [
  {
    path: '/orders',
    summary: 'Lab orders with their status history and expected date',
    response: LabOrderList,
    op: { action: 'patient.orders.read', run: async (tx, id, ctx) => found(await readLabOrders(tx, id, ctx.now)) },
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
      const result = await request.work('lab_order.create', ({ tx, scope }) => createLabOrder(tx, scope, request.body, nowOf(request)), { mapDbError: duplicateKey });
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
    (request) => request.work('lab_order.status', ({ tx, scope }) => moveLabOrder(tx, scope, request.params.orderId, request.body, nowOf(request), linksOf(request)), { mapDbError: duplicateKey }),
  );

  app.get(
    '/lab-orders',
    {
      config: staff,
      schema: {
        tags: ['lab orders'],
        summary: 'The lab-order lookup: orders of the stores the user may see by type (all, a status, overdue), search, keyset paging',
        security,
        querystring: LabOrderLookupQuery,
        response: { 200: LabOrderLookupPage, ...errors },
      },
    },
    (request) =>
      request.work('lab_order.lookup', async ({ tx, scope, requireStore }) => {
        const q = request.query;
        if (q.locationId) await requireStore(q.locationId);
        const page = await lookupLabOrders(tx, { tenantId: scope.tenantId, stores: q.locationId ? [q.locationId] : scope.stores, type: q.type, search: q.search, cursor: q.cursor, limit: q.limit, now: nowOf(request) });
        return {
          result: page,
          audit: { targetType: 'lab_order', details: { type: q.type, locationId: q.locationId ?? null, searched: q.search !== undefined, paged: q.cursor !== undefined, patientIds: [...new Set(page.items.map((o) => o.patientId))] } },
        };
      }),
  );

  app.post(
    '/lab-orders/status',
    {
      config: staff,
      schema: {
        tags: ['lab orders'],
        summary: 'Move several lab orders together: each checked against the allowed edges and the status the caller saw, recorded and audited on its own; refusals reported per order',
        security,
        body: LabOrderBulkMove,
        response: { 200: LabOrderBulkResult, ...errors },
      },
    },
    async (request) => {
      const { orders, ...move } = request.body;
      const results: BulkResult['results'] = [];
      // One transaction and one audit row per order: a refused order leaves the others moved.
      for (const o of orders) {
        try {
          const done = await request.work('lab_order.status', ({ tx, scope }) => moveLabOrder(tx, scope, o.id, { ...move, from: o.from }, nowOf(request), linksOf(request)), { mapDbError: duplicateKey });
          results.push({ id: o.id, ok: true, status: done.order.status, remakeId: done.remake?.id ?? null });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          results.push({ id: o.id, ok: false, httpStatus: err.statusCode, code: err.code, error: err.message, ...(err.params ? { params: err.params } : {}) });
        }
      }
      return { results };
    },
  );
}
