/**
 * Patients: the staff patient list, creating and changing patients, kiosk registration, and the patient record's
 * demographics and home, read by the patient (/my/*) and by staff (/patients/:patientId/*).
 */
import { portalAllows, portalRefusal } from '../settings/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Uuid, VersionHeaders, type Role } from '../../src/contract/common';
import {
  DuplicateList,
  KioskRegistered,
  KioskRegistration,
  MergeRequest,
  MergeResult,
  PatientAdminView,
  PatientInput,
  PatientListPage,
  PatientListQuery,
  PatientUpdate,
} from '../../src/contract/patientsAdmin';
import { ContactUpdateRequest, PatientDashboard, PatientProfile } from '../../src/contract/records';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { found, onPatient, patientOnly, recordErrors, registerRecordReads, type ReadRoute } from '../scope/patientRecord';
import { readDashboard } from './dashboard';
import { listPatients } from './patientList';
import { listDuplicates, mergePatients } from './merge';
import { createPatient, kioskRegister, updatePatient } from './patients';
import { readProfile, updateContact } from './profile';

const kioskOnly = ['kiosk'] as const satisfies readonly Role[];
const security = [{ bearer: [] }];

const reads: ReadRoute[] = [
  {
    path: '/profile',
    summary: 'Demographics and contact details',
    response: PatientProfile,
    op: { action: 'patient.profile.read', run: async (tx, id, ctx) => found(await readProfile(tx, id, ctx)) },
  },
];

export async function patientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { access: clinicalRoles };
  registerRecordReads(fastify, reads);

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
      request.work('patient.list', async ({ tx, scope, requireStore }) => {
        const q = request.query;
        if (q.locationId) await requireStore(q.locationId);
        const stores = q.locationId ? [q.locationId] : scope.stores;
        const page = await listPatients(tx, { tenantId: scope.tenantId, stores, search: q.search, type: q.type, now: nowOf(request), cursor: q.cursor, limit: q.limit });
        return {
          result: page,
          audit: {
            targetType: 'patient',
            details: { locationId: q.locationId ?? null, type: q.type, searched: q.search !== undefined, paged: q.cursor !== undefined, patientIds: page.items.map((p) => p.id) },
          },
        };
      }),
  );

  app.get(
    '/duplicate-patients',
    {
      config: staff,
      schema: {
        tags: ['patients'],
        summary: 'Possible duplicate patients of the user’s stores (same name, birth date and email or phone), with their records’ counts',
        security,
        response: { 200: DuplicateList, ...errors },
      },
    },
    (request) =>
      request.work('patient.duplicates', async ({ tx, scope }) => {
        const pairs = await listDuplicates(tx, scope.tenantId, scope.stores);
        return { result: { pairs }, audit: { targetType: 'patient', details: { patientIds: pairs.flatMap((p) => [p.first.id, p.second.id]) } } };
      }),
  );

  app.post(
    '/duplicate-patients/merge',
    {
      config: staff,
      schema: {
        tags: ['patients'],
        summary: 'Merge a duplicate patient into another: every record moves to the kept patient, the other is retired',
        security,
        body: MergeRequest,
        response: { 200: MergeResult, ...errors },
      },
    },
    (request) => request.work('patient.merge', ({ tx, scope }) => mergePatients(tx, scope, request.body, nowOf(request))),
  );

  app.post(
    '/patients',
    {
      config: staff,
      schema: { tags: ['patients'], summary: 'Create a patient in one of the user’s stores', security, body: PatientInput, response: { 201: PatientAdminView, ...errors } },
    },
    async (request, reply) => {
      const result = await request.work('patient.create', ({ tx, scope }) => createPatient(tx, scope, request.body, nowOf(request)));
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
        headers: VersionHeaders,
        body: PatientUpdate,
        response: { 200: PatientAdminView, ...errors },
      },
    },
    (request) => request.work('patient.update', ({ tx, scope }) => updatePatient(tx, scope, request.params.patientId, request.body, nowOf(request), request.headers['if-match'])),
  );

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
      const result = await request.work('patient.kiosk_register', ({ tx, scope }) => kioskRegister(tx, scope, request.body, nowOf(request)));
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/my/profile',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: 'Correct contact details, preferred channel and language (identity fields are refused)',
        security,
        body: ContactUpdateRequest,
        response: { 200: PatientProfile, ...recordErrors },
      },
    },
    async (request) => {
      const { firstName: _f, lastName: _l, dateOfBirth: _d, sex: _s, ...update } = request.body;
      return onPatient(request, 'self', {
        action: 'patient.profile.update',
        run: async (tx, id, ctx) => {
          if (!(await portalAllows(tx, id, 'editContactDetails'))) return portalRefusal;
          const written = await updateContact(tx, id, update, ctx.now);
          if (!written.ok) return written;
          return { ok: true, value: (await readProfile(tx, id, ctx))!, details: written.details };
        },
      });
    },
  );

  app.get(
    '/my/dashboard',
    {
      config: { access: patientOnly },
      schema: {
        tags: ['my records'],
        summary: "The patient's home: next visit, current Rx, orders in progress, balance, recalls and forms to fill",
        security,
        response: { 200: PatientDashboard, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'self', { action: 'patient.dashboard.read', run: async (tx, id, ctx) => found(await readDashboard(tx, id, ctx)) }),
  );
}
