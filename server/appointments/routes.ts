/** Appointments: staff book and move them; the patient and staff read them; the patient cancels their own. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { Appointment, AppointmentLists } from '../../src/contract/records';
import { AppointmentCreate, AppointmentStatusChange, AppointmentView } from '../../src/contract/sales';
import { ProviderList, ProvidersQuery } from '../../src/contract/chart';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { providersOf, requireBodyStore } from '../scope/scope';
import { found, onPatient, patientOnly, recordErrors, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { cancelAppointment, readAppointments } from './appointments';
import { bookAppointment, moveAppointment, slotTaken } from './booking';
import { callerOf } from '../scope/context';

const security = [{ bearer: [] }];

const reads: ReadRoute[] = [
  {
    path: '/appointments',
    summary: "Upcoming and past appointments, with the store's time zone and whether the patient may cancel",
    response: AppointmentLists,
    op: { action: 'patient.appointments.read', run: async (tx, id, ctx) => found(await readAppointments(tx, id, ctx)) },
  },
];

export async function appointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

  app.get(
    '/appointments/providers',
    {
      config: staff,
      schema: {
        tags: ['appointments'],
        summary: 'The staff members a visit at one of the caller’s stores can be booked with',
        security,
        querystring: ProvidersQuery,
        response: { 200: ProviderList, ...errors },
      },
    },
    (request) =>
      request.work('appointment.providers', async ({ tx, scope }) => {
        await requireBodyStore(tx, scope, request.query.locationId);
        return { result: { providers: await providersOf(tx, request.query.locationId) }, audit: { targetType: 'location', targetId: request.query.locationId } };
      }),
  );

  app.post(
    '/appointments',
    {
      config: staff,
      schema: { tags: ['appointments'], summary: 'Book an appointment (409 when the provider slot is taken)', security, body: AppointmentCreate, response: { 201: AppointmentView, ...errors } },
    },
    async (request, reply) => {
      const result = await request.work('appointment.create', ({ tx, scope }) => bookAppointment(tx, scope, request.body, nowOf(request)), { mapDbError: slotTaken });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/appointments/:appointmentId/status',
    {
      config: staff,
      schema: {
        tags: ['appointments'],
        summary: 'Move an appointment (confirm, check in, complete, cancel, no-show)',
        security,
        params: z.object({ appointmentId: Uuid }),
        body: AppointmentStatusChange,
        response: { 200: AppointmentView, ...errors },
      },
    },
    (request) =>
      request.work('appointment.status', ({ tx, scope }) => moveAppointment(tx, scope, request.params.appointmentId, request.body.to, nowOf(request)), { mapDbError: slotTaken }),
  );

  app.post(
    '/my/appointments/:appointmentId/cancel',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: "Cancel an upcoming appointment (when the store allows it, before its notice period)",
        security,
        params: z.object({ appointmentId: Uuid }),
        response: { 200: Appointment, ...recordErrors, 409: ErrorResponse },
      },
    },
    (request) =>
      onPatient(request, 'self', {
        action: 'patient.appointment.cancel',
        target: (p) => ({ type: 'appointment', id: p.appointmentId! }),
        run: (tx, id, ctx, p) => cancelAppointment(tx, id, p.appointmentId!, callerOf(request).sub, ctx),
      }),
  );
}
