/**
 * Patient records (issue 5): the patient's own records (/my/*), staff reads of one patient
 * (/patients/:patientId/*) and the enterprise summary. The patient is found from the token (patients.user_id =
 * subject) and staff reach only the patients of their stores, whatever ids a request carries: every query names
 * the patient, so another patient's record id finds nothing (404). Every read and write is audited, refusals
 * included (in a transaction that commits; the error is answered after it).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, messages, Uuid } from '../../src/contract/common';
import {
  Appointment,
  AppointmentLists,
  ContactUpdateRequest,
  EnterpriseSummary,
  InvoiceDetail,
  InvoiceList,
  LabOrderList,
  PatientDashboard,
  PatientProfile,
  Prescriptions,
  RecallList,
  recordMessages,
  RxOrders,
} from '../../src/contract/records';
import { audit } from '../audit/audit';
import { queryRows, type Tx } from '../db/client';
import { ownPatientId, staffReach } from '../scope/patientRecord';
import {
  readAppointments,
  readDashboard,
  readInvoice,
  readInvoices,
  readLabOrders,
  readPrescriptions,
  readProfile,
  readRecalls,
  readRxOrders,
  type ReadContext,
  type Viewer,
} from './records';
import { cancelAppointment, updateContact, type Outcome } from './contact';
import { HttpError } from '../http/errors';

const patientOnly = ['patient'] as const;
const staffOnly = ['admin', 'staff'] as const;
const security = [{ bearer: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const notFound = <T>(): Outcome<T> => ({ ok: false, status: 404, error: messages.notFound, reason: 'not-found' });
const found = <T>(value: T | null): Outcome<T> => (value === null ? notFound() : { ok: true, value });

interface Operation<T> {
  action: string;
  /** What the request names besides the patient (audited), e.g. { rxId }. */
  target?: (params: Record<string, string>) => { type: string; id: string };
  run: (tx: Tx, patientId: string, ctx: ReadContext, params: Record<string, string>) => Promise<Outcome<T>>;
}

/** One record read of the portal and of the staff chart: the same query, keyed by patient id. */
interface ReadRoute {
  path: string;
  summary: string;
  params?: Record<string, typeof Uuid>;
  response: z.ZodType;
  op: Operation<unknown>;
}

const reads: ReadRoute[] = [
  {
    path: '/profile',
    summary: 'Demographics and contact details',
    response: PatientProfile,
    op: { action: 'patient.profile.read', run: async (tx, id, ctx) => found(await readProfile(tx, id, ctx)) },
  },
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
  {
    path: '/appointments',
    summary: "Upcoming and past appointments, with the store's time zone and whether the patient may cancel",
    response: AppointmentLists,
    op: { action: 'patient.appointments.read', run: async (tx, id, ctx) => found(await readAppointments(tx, id, ctx)) },
  },
  {
    path: '/invoices',
    summary: 'Invoices, newest first, with the open balance',
    response: InvoiceList,
    op: { action: 'patient.invoices.read', run: async (tx, id) => found(await readInvoices(tx, id)) },
  },
  {
    path: '/invoices/:invoiceId',
    summary: 'One invoice: lines, payments, balance and what the printed receipt needs',
    params: { invoiceId: Uuid },
    response: InvoiceDetail,
    op: {
      action: 'patient.invoice.read',
      target: (p) => ({ type: 'invoice', id: p.invoiceId! }),
      run: async (tx, id, _ctx, p) => found(await readInvoice(tx, id, p.invoiceId!)),
    },
  },
  {
    path: '/recalls',
    summary: 'Recalls (exam and contact-lens check reminders)',
    response: RecallList,
    op: { action: 'patient.recalls.read', run: async (tx, id, ctx) => found(await readRecalls(tx, id, ctx)) },
  },
  {
    path: '/orders',
    summary: 'Lab orders with their status history and expected date',
    response: LabOrderList,
    op: { action: 'patient.orders.read', run: async (tx, id) => found(await readLabOrders(tx, id)) },
  },
];

export async function recordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const now = () => fastify.deps.config.now();

  /**
   * Finds the patient the caller may reach (self: by the account; staff: the path's patient within their stores),
   * runs the operation and audits the outcome. A caller who reaches no such patient gets 404 and a denied entry.
   */
  async function onPatient<T>(request: FastifyRequest, viewer: Viewer, op: Operation<T>): Promise<T> {
    const auth = request.auth!;
    const params = (request.params ?? {}) as Record<string, string>;
    const ctx: ReadContext = { now: now(), viewer };
    const actor = { tenantId: auth.tid, actorUserId: auth.sub, actorRoles: auth.roles, ip: request.ip };
    const target = op.target?.(params);
    const result = await request.inTenant(async (tx): Promise<Outcome<T>> => {
      const patientId = viewer === 'self' ? await ownPatientId(tx, auth.sub) : await staffReach(tx, auth.sub, params.patientId!);
      if (!patientId) {
        await audit(tx, {
          ...actor,
          action: op.action,
          outcome: viewer === 'self' ? 'failure' : 'denied',
          targetType: target?.type ?? 'patient',
          targetId: target?.id ?? params.patientId,
          details: { via: viewer, ...params, reason: viewer === 'self' ? 'no-patient-record' : 'patient-out-of-reach' },
        });
        return {
          ok: false,
          status: 404,
          error: viewer === 'self' ? recordMessages.noPatientRecord : messages.notFound,
          reason: 'no-patient',
        };
      }
      const outcome = await op.run(tx, patientId, ctx, params);
      await audit(tx, {
        ...actor,
        action: op.action,
        outcome: outcome.ok ? 'success' : outcome.status === 404 ? 'denied' : 'failure',
        patientId,
        targetType: target?.type ?? 'patient',
        targetId: target?.id ?? patientId,
        details: { via: viewer, ...params, ...(outcome.ok ? outcome.details : { reason: outcome.reason }) },
      });
      return outcome;
    });
    if (!result.ok) throw new HttpError(result.status, result.error, result.fields);
    return result.value;
  }

  for (const r of reads) {
    app.get(
      `/my${r.path}`,
      {
        config: { access: patientOnly },
        schema: {
          tags: ['my records'],
          summary: `${r.summary} (the signed-in patient)`,
          security,
          ...(r.params ? { params: z.object(r.params) } : {}),
          response: { 200: r.response, ...errors },
        },
      },
      (request) => onPatient(request, 'self', r.op),
    );
    app.get(
      `/patients/:patientId${r.path}`,
      {
        config: { access: staffOnly },
        schema: {
          tags: ['patient records'],
          summary: `${r.summary} (one patient of the caller's stores)`,
          security,
          params: z.object({ patientId: Uuid, ...r.params }),
          response: { 200: r.response, ...errors },
        },
      },
      (request) => onPatient(request, 'staff', r.op),
    );
  }

  app.patch(
    '/my/profile',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: 'Correct contact details, preferred channel and language (identity fields are refused)',
        security,
        body: ContactUpdateRequest,
        response: { 200: PatientProfile, ...errors },
      },
    },
    async (request) => {
      const { firstName: _f, lastName: _l, dateOfBirth: _d, sex: _s, ...update } = request.body;
      return onPatient(request, 'self', {
        action: 'patient.profile.update',
        run: async (tx, id, ctx) => {
          const written = await updateContact(tx, id, update, ctx.now);
          if (!written.ok) return written;
          return { ok: true, value: (await readProfile(tx, id, ctx))!, details: written.details };
        },
      });
    },
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
        response: { 200: Appointment, ...errors, 409: ErrorResponse },
      },
    },
    (request) =>
      onPatient(request, 'self', {
        action: 'patient.appointment.cancel',
        target: (p) => ({ type: 'appointment', id: p.appointmentId! }),
        run: (tx, id, ctx, p) => cancelAppointment(tx, id, p.appointmentId!, request.auth!.sub, ctx),
      }),
  );

  app.get(
    '/my/dashboard',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: "The patient's home: next visit, current Rx, orders in progress, balance, recalls and forms to fill",
        security,
        response: { 200: PatientDashboard, ...errors },
      },
    },
    (request) =>
      onPatient(request, 'self', { action: 'patient.dashboard.read', run: async (tx, id, ctx) => found(await readDashboard(tx, id, ctx)) }),
  );

  app.get(
    '/enterprise/summary',
    {
      config: { access: ['enterpriseadmin'] },
      schema: {
        tags: ['enterprise'],
        summary: 'Per company: stores, patients, upcoming appointments, open balance, lab orders in progress (aggregates only)',
        security,
        response: { 200: EnterpriseSummary, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const rows = await request.inTenant(async (tx) => {
        const found = await queryRows<Record<string, unknown>>(tx, sql`select * from app_enterprise_summary(${now().toISOString()}::timestamptz)`);
        await audit(tx, {
          tenantId: auth.tid,
          action: 'enterprise.summary.read',
          outcome: 'success',
          actorUserId: auth.sub,
          actorRoles: auth.roles,
          ip: request.ip,
          details: { companies: found.length },
        });
        return found;
      });
      return {
        companies: rows.map((r) => ({
          tenantId: r.tenant_id as string,
          name: r.name as string,
          slug: r.slug as string,
          stores: Number(r.stores),
          patients: Number(r.patients),
          upcomingAppointments: Number(r.upcoming_appointments),
          openInvoices: Number(r.open_invoices),
          openBalances: (r.open_balances as { currency: string; amount: number | string }[]).map((b) => ({ currency: b.currency, amount: Number(b.amount) })),
          labOrdersInProgress: Number(r.lab_orders_in_progress),
        })),
      };
    },
  );
}
