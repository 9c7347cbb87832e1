/** Invoices and payments: staff create, pay and void them; the patient and staff read them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid } from '../../src/contract/common';
import { InvoiceDetail, InvoiceList } from '../../src/contract/records';
import { InvoiceFilter, InvoiceLookupPage, InvoiceLookupQuery, InvoiceTotals, ReceiptEmailRequest, ReceiptEmailResult } from '../../src/contract/invoiceLookup';
import { IdempotencyKey, InvoiceCreate, InvoiceView, InvoiceVoid, PaymentInput, PaymentResult, salesMessages, VoidResult } from '../../src/contract/sales';
import { HttpError } from '../http/errors';
import { pgError } from '../db/pg';
import { clinicalRoles, duplicateKey, nowOf, writeErrors as errors } from '../scope/audited';
import type { Work } from '../scope/context';
import { found, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { portalAllows, portalRefusal } from '../settings/settings';
import { createInvoice, payInvoice, voidInvoice } from './invoices';
import { invoiceTotals, lookupInvoices } from './lookup';
import { emailReceipt } from './receipt';
import { readInvoice, readInvoices } from './sales';

const security = [{ bearer: [] }];

/** A unique key the database refused, as a 409: a second payment with a key used on another invoice, else a concurrent change. */
function paymentKeyOrDuplicate(err: unknown): HttpError | null {
  const e = pgError(err);
  if (e.code === '23505' && e.constraint === 'payments_idempotency_key') return new HttpError(409, 'sales.idempotencyKeyReused');
  return duplicateKey(err);
}

const reads: ReadRoute[] = [
  {
    path: '/invoices',
    summary: 'Invoices, newest first, with the open balance',
    response: InvoiceList,
    op: {
      action: 'patient.invoices.read',
      run: async (tx, id, ctx) => (ctx.viewer === 'self' && !(await portalAllows(tx, id, 'seeInvoices')) ? portalRefusal : found(await readInvoices(tx, id))),
    },
  },
  {
    path: '/invoices/:invoiceId',
    summary: 'One invoice: lines, payments, balance and what the printed receipt needs',
    params: { invoiceId: Uuid },
    response: InvoiceDetail,
    op: {
      action: 'patient.invoice.read',
      target: (p) => ({ type: 'invoice', id: p.invoiceId! }),
      run: async (tx, id, ctx, p) =>
        ctx.viewer === 'self' && !(await portalAllows(tx, id, 'seeInvoices')) ? portalRefusal : found(await readInvoice(tx, id, p.invoiceId!)),
    },
  },
];

/** The stores a lookup reads: the one asked for (when the caller may see it and it is of this company), else all theirs. */
async function lookupStores({ scope, requireStore }: Work, locationId: string | undefined) {
  if (locationId) await requireStore(locationId);
  return locationId ? [locationId] : scope.stores;
}

export async function salesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

  app.get(
    '/invoices',
    {
      config: staff,
      schema: {
        tags: ['invoices'],
        summary: 'Invoice lookup: the invoices of the stores the user may see, newest first (filters, keyset paging)',
        security,
        querystring: InvoiceLookupQuery,
        response: { 200: InvoiceLookupPage, ...errors },
      },
    },
    (request) =>
      request.work('invoice.lookup', async (ctx) => {
        const { tx, scope } = ctx;
        const q = request.query;
        const page = await lookupInvoices(tx, { ...q, tenantId: scope.tenantId, stores: await lookupStores(ctx, q.locationId) });
        return {
          result: page,
          audit: { targetType: 'invoice', details: { type: q.type, locationId: q.locationId ?? null, paged: q.cursor !== undefined, invoiceIds: page.items.map((i) => i.id) } },
        };
      }),
  );

  app.get(
    '/invoices/totals',
    {
      config: staff,
      schema: {
        tags: ['invoices'],
        summary: 'The count and sums (per currency) of the invoices a lookup filter finds',
        security,
        querystring: InvoiceFilter,
        response: { 200: InvoiceTotals, ...errors },
      },
    },
    (request) =>
      request.work('invoice.totals', async (ctx) => {
        const { tx, scope } = ctx;
        const q = request.query;
        const totals = await invoiceTotals(tx, { ...q, tenantId: scope.tenantId, stores: await lookupStores(ctx, q.locationId) });
        return { result: totals, audit: { targetType: 'invoice', details: { type: q.type, locationId: q.locationId ?? null, count: totals.count } } };
      }),
  );

  app.post(
    '/invoices/:invoiceId/receipt-email',
    {
      config: staff,
      schema: {
        tags: ['invoices'],
        summary: 'Email the receipt to the patient, or to an address the clerk typed (queued through the outbox; the communication log keeps it)',
        security,
        params: z.object({ invoiceId: Uuid }),
        body: ReceiptEmailRequest,
        response: { 202: ReceiptEmailResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('invoice.receipt.email', ({ tx, scope }) => emailReceipt(tx, scope, request.params.invoiceId, request.body?.email));
      return reply.code(202).send(result);
    },
  );

  app.post(
    '/invoices',
    {
      config: staff,
      schema: { tags: ['invoices'], summary: 'Create an invoice with its lines (totals computed here)', security, body: InvoiceCreate, response: { 201: InvoiceView, ...errors } },
    },
    async (request, reply) => {
      const result = await request.work('invoice.create', ({ tx, scope }) => createInvoice(tx, scope, request.body, nowOf(request)), { mapDbError: paymentKeyOrDuplicate });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/invoices/:invoiceId/payments',
    {
      config: staff,
      schema: {
        tags: ['invoices'],
        summary: 'Record a payment (once per Idempotency-Key)',
        security,
        params: z.object({ invoiceId: Uuid }),
        headers: z.object({ 'idempotency-key': z.string().optional() }).loose(),
        body: PaymentInput,
        response: { 200: PaymentResult, 201: PaymentResult, ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      let key = request.body.idempotencyKey;
      if (typeof header === 'string') {
        if (!IdempotencyKey.safeParse(header).success) throw new HttpError(400, 'request.fieldsInvalid', { fields: { 'Idempotency-Key': salesMessages.idempotencyKey } });
        if (key !== undefined && key !== header) throw new HttpError(400, 'request.fieldsInvalid', { fields: { idempotencyKey: 'The idempotency key of the body and of the header differ' } });
        key = header;
      }
      const result = await request.work(
        'invoice.payment',
        ({ tx, scope }) => payInvoice(tx, scope, request.params.invoiceId, { ...request.body, idempotencyKey: key }, nowOf(request)),
        { mapDbError: paymentKeyOrDuplicate },
      );
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/invoices/:invoiceId/void',
    {
      config: staff,
      schema: {
        tags: ['invoices'],
        summary: 'Void an open invoice or refund a paid one (a linked credit record; the invoice itself is not edited)',
        security,
        params: z.object({ invoiceId: Uuid }),
        body: InvoiceVoid,
        response: { 200: VoidResult, ...errors },
      },
    },
    (request) => request.work('invoice.void', ({ tx, scope }) => voidInvoice(tx, scope, request.params.invoiceId, request.body, nowOf(request)), { mapDbError: paymentKeyOrDuplicate }),
  );
}
