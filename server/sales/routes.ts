/**
 * Staff and kiosk writes of patient records (issue 5): the patient list, patients, prescriptions, appointments,
 * invoices and payments, lab orders, recalls, and kiosk registration. Every call is limited to the caller's
 * company (RLS) and stores (user_locations), and writes one audit row whatever its outcome (server/clinical/scope.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { LabOrderCreate, LabOrderStatusChange, LabOrderStatusResult, LabOrderView } from '../../src/contract/labOrders';
import {
  KioskRegistered,
  KioskRegistration,
  PatientAdminView,
  PatientInput,
  PatientListPage,
  PatientListQuery,
  PatientUpdate,
} from '../../src/contract/patientsAdmin';
import { ContactLensRxInput, RxCreated, SpectacleRxInput } from '../../src/contract/rx';
import {
  AppointmentCreate,
  AppointmentStatusChange,
  AppointmentView,
  IdempotencyKey,
  InvoiceCreate,
  InvoiceView,
  InvoiceVoid,
  PaymentInput,
  PaymentResult,
  RecallCreate,
  RecallStatusChange,
  RecallView,
  salesMessages,
  VoidResult,
} from '../../src/contract/sales';
import type { Role } from '../../src/contract/common';
import { HttpError } from '../http/errors';
import { createLabOrder, moveLabOrder } from '../labOrders/workflow';
import { listPatients } from '../patients/patientList';
import { createPatient, kioskRegister, updatePatient } from '../patients/patients';
import { createInvoice, payInvoice, voidInvoice } from './invoices';
import { bookAppointment, createContactLensRx, createSpectacleRx, moveAppointment, moveRecall, createRecall, slotTaken } from '../appointments/booking';
import { canSeeStore, NotVisible, pgError, runAudited } from '../scope/scope';
import { locationExists } from '../auth/user-view';

/** Store staff: admins and staff accounts (staff limited to their stores). */
export const clinicalRoles = ['admin', 'staff'] as const satisfies readonly Role[];
const kioskOnly = ['kiosk'] as const satisfies readonly Role[];

const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const FIELD_ERROR = 'Please correct the highlighted fields.';

const now = (request: FastifyRequest) => request.server.deps.config.now();

/** A unique key the database refused, as a 409 (a second payment with a key used on another invoice). */
function duplicateKey(err: unknown): HttpError | null {
  const e = pgError(err);
  if (e.code !== '23505') return null;
  if (e.constraint === 'payments_idempotency_key') return new HttpError(409, 'This idempotency key was already used for a different payment.');
  return new HttpError(409, 'This record was changed at the same time by someone else. Please try again.');
}

export async function clinicalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };

  // --- Patients -------------------------------------------------------------------------------------------------

  app.get(
    '/patients',
    {
      config: staff,
      schema: {
        tags: ['patients'],
        summary: 'The patient list of the stores the user may see (search, keyset paging)',
        security,
        querystring: PatientListQuery,
        response: { 200: PatientListPage, ...errors },
      },
    },
    (request) =>
      runAudited(request, 'patient.list', async (tx, scope) => {
        const q = request.query;
        if (q.locationId && (!canSeeStore(scope, q.locationId) || !(await locationExists(tx, q.locationId)))) {
          throw new NotVisible('location', q.locationId);
        }
        const stores = q.locationId ? [q.locationId] : scope.allowed.length ? scope.allowed : null;
        const page = await listPatients(tx, { tenantId: scope.tenantId, stores, search: q.search, cursor: q.cursor, limit: q.limit });
        return {
          result: page,
          audit: {
            targetType: 'patient',
            details: { locationId: q.locationId ?? null, searched: q.search !== undefined, paged: q.cursor !== undefined, patientIds: page.items.map((p) => p.id) },
          },
        };
      }),
  );

  app.post(
    '/patients',
    {
      config: staff,
      schema: { tags: ['patients'], summary: 'Create a patient in one of the user’s stores', security, body: PatientInput, response: { 201: PatientAdminView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'patient.create', (tx, scope) => createPatient(tx, scope, request.body, now(request)));
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/patients/:patientId',
    {
      config: staff,
      schema: {
        tags: ['patients'],
        summary: 'Change a patient’s demographics',
        security,
        params: z.object({ patientId: Uuid }),
        body: PatientUpdate,
        response: { 200: PatientAdminView, ...errors },
      },
    },
    (request) => runAudited(request, 'patient.update', (tx, scope) => updatePatient(tx, scope, request.params.patientId, request.body, now(request))),
  );

  // --- Prescriptions --------------------------------------------------------------------------------------------

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
      const result = await runAudited(request, 'spectacle_rx.create', (tx, scope) => createSpectacleRx(tx, scope, request.params.patientId, request.body));
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
      const result = await runAudited(request, 'contact_lens_rx.create', (tx, scope) => createContactLensRx(tx, scope, request.params.patientId, request.body));
      return reply.code(201).send(result);
    },
  );

  // --- Appointments ---------------------------------------------------------------------------------------------

  app.post(
    '/appointments',
    {
      config: staff,
      schema: { tags: ['appointments'], summary: 'Book an appointment (409 when the provider slot is taken)', security, body: AppointmentCreate, response: { 201: AppointmentView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'appointment.create', (tx, scope) => bookAppointment(tx, scope, request.body, now(request)), slotTaken);
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
      runAudited(request, 'appointment.status', (tx, scope) => moveAppointment(tx, scope, request.params.appointmentId, request.body.to, now(request)), slotTaken),
  );

  // --- Invoices -------------------------------------------------------------------------------------------------

  app.post(
    '/invoices',
    {
      config: staff,
      schema: { tags: ['invoices'], summary: 'Create an invoice with its lines (totals computed here)', security, body: InvoiceCreate, response: { 201: InvoiceView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'invoice.create', (tx, scope) => createInvoice(tx, scope, request.body, now(request)), duplicateKey);
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
        if (!IdempotencyKey.safeParse(header).success) throw new HttpError(400, FIELD_ERROR, { 'Idempotency-Key': salesMessages.idempotencyKey });
        if (key !== undefined && key !== header) throw new HttpError(400, FIELD_ERROR, { idempotencyKey: 'The idempotency key of the body and of the header differ' });
        key = header;
      }
      const result = await runAudited(
        request,
        'invoice.payment',
        (tx, scope) => payInvoice(tx, scope, request.params.invoiceId, { ...request.body, idempotencyKey: key }, now(request)),
        duplicateKey,
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
    (request) => runAudited(request, 'invoice.void', (tx, scope) => voidInvoice(tx, scope, request.params.invoiceId, request.body, now(request)), duplicateKey),
  );

  // --- Lab orders -----------------------------------------------------------------------------------------------

  app.post(
    '/lab-orders',
    {
      config: staff,
      schema: { tags: ['lab orders'], summary: 'Create a lab order from a spectacle Rx and an invoice line', security, body: LabOrderCreate, response: { 201: LabOrderView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'lab_order.create', (tx, scope) => createLabOrder(tx, scope, request.body, now(request)), duplicateKey);
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
    (request) => runAudited(request, 'lab_order.status', (tx, scope) => moveLabOrder(tx, scope, request.params.orderId, request.body, now(request)), duplicateKey),
  );

  // --- Recalls --------------------------------------------------------------------------------------------------

  app.post(
    '/recalls',
    {
      config: staff,
      schema: { tags: ['recalls'], summary: 'Create a recall', security, body: RecallCreate, response: { 201: RecallView, ...errors } },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'recall.create', (tx, scope) => createRecall(tx, scope, request.body, now(request)));
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
    (request) => runAudited(request, 'recall.status', (tx, scope) => moveRecall(tx, scope, request.params.recallId, request.body.to, now(request))),
  );

  // --- Kiosk ----------------------------------------------------------------------------------------------------

  app.post(
    '/kiosk/patients',
    {
      config: { access: kioskOnly },
      schema: {
        tags: ['kiosk'],
        summary: 'Register a new patient at the kiosk’s store (answers only the id and first name)',
        security,
        body: KioskRegistration,
        response: { 201: KioskRegistered, ...errors },
      },
    },
    async (request, reply) => {
      const result = await runAudited(request, 'patient.kiosk_register', (tx, scope) => kioskRegister(tx, scope, request.body, now(request)));
      return reply.code(201).send(result);
    },
  );
}
