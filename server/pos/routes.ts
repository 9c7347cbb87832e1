/**
 * The point of sale's API (/api/pos, src/api/pos.ts): catalogue search and barcode, registers and sessions, the
 * sale, parked sales and quotes, the register's history, a POS invoice, refunds, the receipt email and a patient's
 * store credit. Admins and staff only, each in the stores they may work in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Uuid } from '../../src/contract/common';
import {
  Barcode,
  CashMovementInput,
  ProductHit,
  ProductSearchQuery,
  ProductSearchResult,
  RegisterList,
  RegisterListQuery,
  SessionClose,
  SessionOpen,
  SessionReport,
} from '../../src/contract/pos';
import { z } from '../../src/contract/zod';
import type { Tx } from '../db/client';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { clinicalRoles, duplicateKey, nowOf, runAudited, writeErrors as errors } from '../scope/audited';
import { requireBodyStore, scopeOf, type Scope } from '../scope/scope';
import { productByBarcode, searchProducts } from './catalogue';
import { addCashMovement, closeSession, listRegisters, openSession, sessionOf, sessionReport } from './sessions';

const security = [{ bearer: [] }];
const tags = ['pos'];

/** A refusal of the database's keys as the register's answer: a second open session, else a concurrent change. */
function posKeyError(err: unknown): HttpError | null {
  const e = pgError(err);
  if (e.code === '23505' && e.constraint === 'register_sessions_one_open_key') return new HttpError(409, 'pos.sessionAlreadyOpen');
  return duplicateKey(err);
}

/** A catalogue read: the caller's tenant and stores, no audit row (it is no patient's record and runs per keystroke). */
const catalogueRead = <T>(request: FastifyRequest, fn: (tx: Tx, scope: Scope) => Promise<T>) =>
  request.inTenant(async (tx) => fn(tx, await scopeOf(tx, request)));

export async function posRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };

  app.get(
    '/pos/products',
    {
      config: staff,
      schema: { tags, summary: 'Products of a store by words (prefixes of name, brand, model, colour, SKU) or barcode', security, querystring: ProductSearchQuery, response: { 200: ProductSearchResult, ...errors } },
    },
    (request) =>
      catalogueRead(request, async (tx, scope) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        return { items: await searchProducts(tx, { ...request.query, tenantId: scope.tenantId }) };
      }),
  );

  app.get(
    '/pos/products/barcode/:barcode',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The product of a barcode at a store (404 pos.barcodeNotFound)',
        security,
        params: z.object({ barcode: Barcode }),
        querystring: z.object({ locationId: Uuid }),
        response: { 200: ProductHit, ...errors },
      },
    },
    (request) =>
      catalogueRead(request, async (tx, scope) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        const hit = await productByBarcode(tx, { tenantId: scope.tenantId, locationId: request.query.locationId, barcode: request.params.barcode });
        if (!hit) throw new HttpError(404, 'pos.barcodeNotFound', { params: { barcode: request.params.barcode } });
        return hit;
      }),
  );

  app.get(
    '/pos/registers',
    { config: staff, schema: { tags, summary: 'The registers of the caller’s stores (or one store), each with its open session', security, querystring: RegisterListQuery, response: { 200: RegisterList, ...errors } } },
    (request) =>
      catalogueRead(request, async (tx, scope) => {
        const { locationId } = request.query;
        if (locationId) await requireBodyStore(tx, scope, locationId);
        return { registers: await listRegisters(tx, locationId ? [locationId] : scope.stores) };
      }),
  );

  app.post(
    '/pos/registers/:registerId/sessions',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Open a session with a float counted by denomination (409 pos.sessionAlreadyOpen)',
        security,
        params: z.object({ registerId: Uuid }),
        body: SessionOpen,
        response: { 201: SessionReport, ...errors },
      },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'pos.session.open', (tx, scope) => openSession(tx, scope, request.params.registerId, request.body, nowOf(request)), posKeyError);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/pos/sessions/:sessionId',
    { config: staff, schema: { tags, summary: 'The X report of an open session, the Z report of a closed one', security, params: z.object({ sessionId: Uuid }), response: { 200: SessionReport, ...errors } } },
    (request) =>
      runAudited(request, 'pos.session.read', async (tx, scope) => {
        const session = await sessionOf(tx, scope, request.params.sessionId);
        return { result: await sessionReport(tx, session.id), audit: { targetType: 'register_session', targetId: session.id } };
      }),
  );

  app.post(
    '/pos/sessions/:sessionId/movements',
    {
      config: staff,
      schema: { tags, summary: 'A pay-in or pay-out of the drawer (409 pos.sessionClosed)', security, params: z.object({ sessionId: Uuid }), body: CashMovementInput, response: { 201: SessionReport, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'pos.session.movement', (tx, scope) => addCashMovement(tx, scope, request.params.sessionId, request.body, nowOf(request)));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/pos/sessions/:sessionId/close',
    {
      config: staff,
      schema: { tags, summary: 'Close with the counted cash: the Z report (expected, difference, totals by method)', security, params: z.object({ sessionId: Uuid }), body: SessionClose, response: { 200: SessionReport, ...errors } },
    },
    (request) => runAudited(request, 'pos.session.close', (tx, scope) => closeSession(tx, scope, request.params.sessionId, request.body, nowOf(request))),
  );
}
