/**
 * The point of sale's API (/api/pos, src/api/pos.ts): catalogue search and barcode, registers and sessions, the
 * sale, parked sales and quotes, the register's history, a POS invoice, refunds, the receipt email and a patient's
 * store credit. Admins and staff only, each in the stores they may work in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Uuid } from '../../src/contract/common';
import { ReceiptEmailRequest, ReceiptEmailResult } from '../../src/contract/invoiceLookup';
import {
  Barcode,
  CashMovementInput,
  HistoryList,
  HistoryQuery,
  ParkedList,
  ParkedSale,
  ParkedSaleInput,
  PopularProductsQuery,
  popularProductsDays,
  ProductHit,
  ProductSearchQuery,
  ProductSearchResult,
  RefundInput,
  RefundResult,
  RegisterList,
  RegisterListQuery,
  SaleResult,
  SaleSubmit,
  SessionClose,
  SessionOpen,
  SessionReport,
  StoreCredit,
} from '../../src/contract/pos';
import { ReviewList, ReviewQuery } from '../../src/contract/salesToReview';
import { InvoiceDetail } from '../../src/contract/records';
import { z } from '../../src/contract/zod';
import type { Tx } from '../db/client';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { clinicalRoles, duplicateKey, nowOf, writeErrors as errors } from '../scope/audited';
import { scopeOf } from '../scope/context';
import { requireBodyStore, type Scope } from '../scope/scope';
import { emailReceipt } from '../sales/receipt';
import { popularProducts, productByBarcode, productName, searchProducts, storeProducts } from './catalogue';
import { deleteParked, listParked, saveParked } from './parked';
import { posInvoice, registerHistory } from './history';
import { refundSale } from './refunds';
import { reviewSale, salesToReview } from './review';
import { completeSale } from './sales';
import { addCashMovement, closeSession, listRegisters, openSession, sessionOf, sessionReport } from './sessions';
import { storeCreditOf } from './storeCredit';

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
    '/pos/products/popular',
    {
      config: staff,
      schema: {
        tags,
        summary: `The store's most-sold products of the last ${popularProductsDays} days (a register keeps them for a sale without a connection)`,
        security,
        querystring: PopularProductsQuery,
        response: { 200: ProductSearchResult, ...errors },
      },
    },
    (request) =>
      catalogueRead(request, async (tx, scope) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        return { items: await popularProducts(tx, { ...request.query, tenantId: scope.tenantId }) };
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

  // A parked sale names only its products: the register resumes it by reading each one as the store sells it now.
  app.get(
    '/pos/products/:productId',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A product as a store sells it (404 pos.productUnavailable when the store does not sell it)',
        security,
        params: z.object({ productId: Uuid }),
        querystring: z.object({ locationId: Uuid }),
        response: { 200: ProductHit, ...errors },
      },
    },
    (request) =>
      catalogueRead(request, async (tx, scope) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        const hit = (await storeProducts(tx, request.query.locationId, [request.params.productId])).get(request.params.productId);
        if (!hit) throw new HttpError(404, 'pos.productUnavailable', { params: { name: await productName(tx, request.params.productId) } });
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
        return { registers: await listRegisters(tx, scope, locationId ? [locationId] : scope.stores) };
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
      const result = await request.work('pos.session.open', ({ tx, scope }) => openSession(tx, scope, request.params.registerId, request.body, nowOf(request)), { mapDbError: posKeyError });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/pos/sessions/:sessionId',
    { config: staff, schema: { tags, summary: 'The X report of an open session, the Z report of a closed one', security, params: z.object({ sessionId: Uuid }), response: { 200: SessionReport, ...errors } } },
    (request) =>
      request.work('pos.session.read', async ({ tx, scope }) => {
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
      const result = await request.work('pos.session.movement', ({ tx, scope }) => addCashMovement(tx, scope, request.params.sessionId, request.body, nowOf(request)));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/pos/sessions/:sessionId/close',
    {
      config: staff,
      schema: { tags, summary: 'Close with the counted cash: the Z report (expected, difference, totals by method)', security, params: z.object({ sessionId: Uuid }), body: SessionClose, response: { 200: SessionReport, ...errors } },
    },
    (request) => request.work('pos.session.close', ({ tx, scope }) => closeSession(tx, scope, request.params.sessionId, request.body, nowOf(request))),
  );

  app.post(
    '/pos/sales',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Complete a sale: one idempotent request per clientSaleId (201 recorded, 200 replayed); prices recomputed here',
        security,
        body: SaleSubmit,
        response: { 200: SaleResult, 201: SaleResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('pos.sale', ({ tx, scope }) => completeSale(tx, scope, request.body, nowOf(request)), { mapDbError: duplicateKey });
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.get(
    '/pos/parked',
    { config: staff, schema: { tags, summary: 'The parked sales and quotes of a store, newest first', security, querystring: z.object({ locationId: Uuid }), response: { 200: ParkedList, ...errors } } },
    (request) =>
      request.work('pos.parked.list', async ({ tx, scope }) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        const items = await listParked(tx, request.query.locationId);
        return { result: { items }, audit: { targetType: 'location', targetId: request.query.locationId, details: { count: items.length } } };
      }),
  );

  app.put(
    '/pos/parked/:parkedId',
    {
      config: staff,
      schema: { tags, summary: 'Park a sale or save a quote (same id: replaced)', security, params: z.object({ parkedId: Uuid }), body: ParkedSaleInput, response: { 200: ParkedSale, ...errors } },
    },
    (request) => request.work('pos.parked.save', ({ tx, scope }) => saveParked(tx, scope, request.params.parkedId, request.body, nowOf(request)), { mapDbError: duplicateKey }),
  );

  app.delete(
    '/pos/parked/:parkedId',
    { config: staff, schema: { tags, summary: 'Remove a parked sale or quote', security, params: z.object({ parkedId: Uuid }), response: { 200: z.object({ id: z.string() }), ...errors } } },
    (request) => request.work('pos.parked.delete', ({ tx, scope }) => deleteParked(tx, scope, request.params.parkedId)),
  );

  app.get(
    '/pos/history',
    { config: staff, schema: { tags, summary: 'A register’s sales and credit records of a day (default: today at the store)', security, querystring: HistoryQuery, response: { 200: HistoryList, ...errors } } },
    (request) => request.work('pos.history', ({ tx, scope }) => registerHistory(tx, scope, request.query, nowOf(request))),
  );

  app.get(
    '/pos/invoices/:invoiceId',
    { config: staff, schema: { tags, summary: 'An invoice of the caller’s stores, a walk-in’s included (receipt, refund)', security, params: z.object({ invoiceId: Uuid }), response: { 200: InvoiceDetail, ...errors } } },
    (request) => request.work('pos.invoice.read', ({ tx, scope }) => posInvoice(tx, scope, request.params.invoiceId)),
  );

  app.post(
    '/pos/invoices/:invoiceId/refunds',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Refund a sale whole or by line, to the original methods or store credit (once per clientRefundId)',
        security,
        params: z.object({ invoiceId: Uuid }),
        body: RefundInput,
        response: { 200: RefundResult, 201: RefundResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('pos.refund', ({ tx, scope }) => refundSale(tx, scope, request.params.invoiceId, request.body, nowOf(request)), { mapDbError: duplicateKey });
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/pos/invoices/:invoiceId/receipt-email',
    {
      config: staff,
      schema: { tags, summary: 'Email the receipt to the patient or a typed address (as /api/invoices/:id/receipt-email)', security, params: z.object({ invoiceId: Uuid }), body: ReceiptEmailRequest, response: { 202: ReceiptEmailResult, ...errors } },
    },
    async (request, reply) => {
      const result = await request.work('invoice.receipt.email', ({ tx, scope }) => emailReceipt(tx, scope, request.params.invoiceId, request.body?.email));
      return reply.code(202).send(result);
    },
  );

  app.get(
    '/pos/review',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Sales to review: offline sales the server recorded otherwise than the register sent them, in the caller’s stores (or one), newest first',
        security,
        querystring: ReviewQuery,
        response: { 200: ReviewList, ...errors },
      },
    },
    (request) => request.work('pos.review.list', ({ tx, scope }) => salesToReview(tx, scope, request.query)),
  );

  app.post(
    '/pos/review/:invoiceId/reviewed',
    {
      config: staff,
      schema: { tags, summary: 'Mark a sale to review as reviewed (the first reviewer and time are kept)', security, params: z.object({ invoiceId: Uuid }), response: { 200: z.object({ invoiceId: Uuid }), ...errors } },
    },
    (request) => request.work('pos.review.done', ({ tx, scope }) => reviewSale(tx, scope, request.params.invoiceId, nowOf(request))),
  );

  app.get(
    '/pos/patients/:patientId/store-credit',
    { config: staff, schema: { tags, summary: 'A patient’s store credit balance', security, params: z.object({ patientId: Uuid }), response: { 200: StoreCredit, ...errors } } },
    (request) => request.work('pos.storeCredit.read', ({ tx, scope }) => storeCreditOf(tx, scope, request.params.patientId)),
  );
}
