/** Online booking: each store's rules (admins, General settings) and the patient's free slots and booking. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookedVisit, BookingOptions, BookingRules, BookingSettings, FreeSlots, PatientBookingCreate, SlotsQuery, StoreDay, StoreDayQuery } from '../../src/contract/booking';
import { StoreParams } from '../../src/contract/generalSettings';
import { queryRows } from '../db/client';
import { locations } from '../db/schema';
import { HttpError } from '../http/errors';
import { clinicalRoles, nowOf, writeErrors as errors } from '../scope/audited';
import { callerOf } from '../scope/context';
import { ownPatientId, patientOnly } from '../scope/patientRecord';
import { guestBookingRoutes } from './guestRoutes';
import { bookOnline } from './patientBooking';
import { bookingSettingsOf, saveBookingRules } from './rules';
import { onlineStore, storeSlots } from './slots';
import { storeDay } from './storeDay';

const security = [{ bearer: [] }];
const adminOnly = { access: ['admin'] as const };
const patients = { access: patientOnly };
const staff = { access: clinicalRoles };

export async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings/booking/:locationId',
    {
      config: adminOnly,
      schema: { tags: ['settings'], summary: "A store's online-booking rules and the providers who may be given hours", security, params: StoreParams, response: { 200: BookingSettings, ...errors } },
    },
    (request) =>
      request.work('settings.booking.read', async ({ tx, requireStore }) => {
        await requireStore(request.params.locationId);
        return { result: await bookingSettingsOf(tx, request.params.locationId), audit: { targetType: 'location', targetId: request.params.locationId } };
      }),
  );

  app.put(
    '/settings/booking/:locationId',
    {
      config: adminOnly,
      schema: { tags: ['settings'], summary: "Save a store's online-booking rules (all at once)", security, params: StoreParams, body: BookingRules, response: { 200: BookingSettings, ...errors } },
    },
    (request) =>
      request.work('settings.booking.update', async ({ tx, scope, requireStore }) => {
        await requireStore(request.params.locationId);
        return saveBookingRules(tx, scope.tenantId, request.params.locationId, request.body, nowOf(request));
      }),
  );

  app.get(
    '/booking/day',
    {
      config: staff,
      schema: {
        tags: ['appointments'],
        summary: "A store's day of online booking: each provider's hours, free slots (the booking rules) and live visits, in the store's time zone",
        security,
        querystring: StoreDayQuery,
        response: { 200: StoreDay, ...errors },
      },
    },
    (request) =>
      request.work('booking.day', async ({ tx, scope, requireStore, now }) => {
        await requireStore(request.query.locationId);
        return { result: await storeDay(tx, scope.tenantId, request.query, now), audit: { targetType: 'location', targetId: request.query.locationId } };
      }),
  );

  app.get(
    '/my/booking/stores',
    {
      config: patients,
      schema: { tags: ['my records'], summary: "The company's stores that take bookings online, with their visit types and providers", security, response: { 200: BookingOptions, ...errors } },
    },
    (request) =>
      request.inTenant(async (tx) => {
        const stores = await tx.select({ id: locations.id }).from(locations).orderBy(locations.name);
        const online = [];
        for (const s of stores) online.push(await onlineStore(tx, s.id, { forms: false }));
        return {
          stores: online.flatMap((s) => (s && s.types.length && s.providers.length ? [{ id: s.id, name: s.name, timeZone: s.timeZone, types: s.types, providers: s.providers }] : [])),
        };
      }),
  );

  app.get(
    '/my/booking/slots',
    {
      config: patients,
      schema: { tags: ['my records'], summary: 'Free slots of a store for a visit type (and provider) over at most 62 days', security, querystring: SlotsQuery, response: { 200: FreeSlots, ...errors } },
    },
    (request) =>
      request.inTenant(async (tx) => {
        const store = await onlineStore(tx, request.query.locationId, { forms: false });
        if (!store) {
          const visible = await queryRows(tx, sql`select 1 from locations where id = ${request.query.locationId}`);
          throw visible.length ? new HttpError(409, 'booking.notOnline') : new HttpError(404, 'request.notFound');
        }
        const slots = await storeSlots(tx, callerOf(request).tid, store, request.query, nowOf(request));
        return { timeZone: store.timeZone, minutes: store.types.find((t) => t.type === request.query.type)?.minutes ?? 0, slots };
      }),
  );

  app.post(
    '/my/booking',
    {
      config: patients,
      schema: {
        tags: ['my records'],
        summary: 'Book a free slot for the signed-in patient, with the forms the store sends with the visit (409 booking.slotGone with the next free slots)',
        security,
        body: PatientBookingCreate,
        response: { 201: BookedVisit, ...errors },
      },
    },
    async (request, reply) => {
      const booked = await request.work('patient.booking.create', async ({ tx, scope, now }) => {
        const patientId = await ownPatientId(tx, scope.userId);
        if (!patientId) throw new HttpError(404, 'records.noPatientRecord');
        return bookOnline(tx, scope.tenantId, patientId, scope.userId, request.body, now);
      });
      return reply.code(201).send(booked);
    },
  );

  await guestBookingRoutes(fastify);
}
