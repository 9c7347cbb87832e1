/** Prescriptions: staff record spectacle and contact-lens Rx; the patient and staff read them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid, VersionHeaders } from '../../src/contract/common';
import { ContactLensRxInput, RxCreated, RxGiven, SpectacleRxInput } from '../../src/contract/rx';
import { Prescriptions, RxOrders } from '../../src/contract/records';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { found, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { createContactLensRx, createSpectacleRx, markRxGiven, updateContactLensRx, updateSpectacleRx } from './prescriptions';
import { readPrescriptions, readRxOrders } from './rx';

const security = [{ bearer: [] }];

const reads: ReadRoute[] = [
  {
    path: '/prescriptions',
    summary: 'Spectacle and contact-lens prescriptions, newest first (expired ones marked)',
    response: Prescriptions,
    op: { action: 'patient.prescriptions.read', run: async (tx, id, ctx) => found(await readPrescriptions(tx, id, ctx)) },
  },
  {
    path: '/prescriptions/:rxId/orders',
    summary: 'One prescription and the lab orders made from it',
    params: { rxId: Uuid },
    response: RxOrders,
    op: {
      action: 'patient.rx_orders.read',
      target: (p) => ({ type: 'rx', id: p.rxId! }),
      run: async (tx, id, ctx, p) => found(await readRxOrders(tx, id, p.rxId!, ctx)),
    },
  },
];

export async function rxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

  app.post(
    '/patients/:patientId/spectacle-rx',
    {
      config: staff,
      schema: {
        tags: ['prescriptions'],
        summary: 'Record a spectacle prescription',
        security,
        params: z.object({ patientId: Uuid }),
        body: SpectacleRxInput,
        response: { 201: RxCreated, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('spectacle_rx.create', ({ tx, scope }) => createSpectacleRx(tx, scope, request.params.patientId, request.body));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/patients/:patientId/contact-lens-rx',
    {
      config: staff,
      schema: {
        tags: ['prescriptions'],
        summary: 'Record a contact-lens prescription',
        security,
        params: z.object({ patientId: Uuid }),
        body: ContactLensRxInput,
        response: { 201: RxCreated, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('contact_lens_rx.create', ({ tx, scope }) => createContactLensRx(tx, scope, request.params.patientId, request.body));
      return reply.code(201).send(result);
    },
  );

  const rxParams = z.object({ patientId: Uuid, rxId: Uuid });

  app.put(
    '/patients/:patientId/spectacle-rx/:rxId',
    {
      config: staff,
      schema: {
        tags: ['prescriptions'],
        summary: 'Correct a spectacle prescription (the whole prescription, as when recorded)',
        security,
        params: rxParams,
        headers: VersionHeaders,
        body: SpectacleRxInput,
        response: { 200: RxCreated, ...errors },
      },
    },
    (request) =>
      request.work('spectacle_rx.update', ({ tx, scope }) =>
        updateSpectacleRx(tx, scope, request.params.patientId, request.params.rxId, request.body, nowOf(request), request.headers['if-match']),
      ),
  );

  app.put(
    '/patients/:patientId/contact-lens-rx/:rxId',
    {
      config: staff,
      schema: {
        tags: ['prescriptions'],
        summary: 'Correct a contact-lens prescription (the whole prescription, as when recorded)',
        security,
        params: rxParams,
        headers: VersionHeaders,
        body: ContactLensRxInput,
        response: { 200: RxCreated, ...errors },
      },
    },
    (request) =>
      request.work('contact_lens_rx.update', ({ tx, scope }) =>
        updateContactLensRx(tx, scope, request.params.patientId, request.params.rxId, request.body, nowOf(request), request.headers['if-match']),
      ),
  );

  app.post(
    '/patients/:patientId/prescriptions/:rxId/given',
    {
      config: staff,
      schema: {
        tags: ['prescriptions'],
        summary: 'Mark a prescription as given to the patient (once; 409 when it already was)',
        security,
        params: rxParams,
        response: { 200: RxGiven, ...errors },
      },
    },
    (request) => request.work('rx.given', ({ tx, scope }) => markRxGiven(tx, scope, request.params.patientId, request.params.rxId, nowOf(request))),
  );
}
