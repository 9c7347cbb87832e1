/**
 * The store's public booking page (/{company}/{store}/book): a guest reads what the store offers new patients and
 * its free slots, asks for a code and confirms the booking with it. The tenant and store come from the address
 * (the store sign-in's portal look-up), never from the body.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookedVisit, FreeSlots, GuestBookingConfirm, GuestBookingParams, GuestBookingRequest, GuestBookingStore, GuestCodeSent, GuestSlotsQuery } from '../../src/contract/booking';
import { ErrorResponse } from '../../src/contract/common';
import { withTenant } from '../db/client';
import { HttpError } from '../http/errors';
import { publicUrlOf } from '../http/publicUrl';
import { limitAuthRequests } from '../http/rateLimit';
import { resolvePortal } from '../tenancy/portal';
import { confirmGuestBooking, guestStore, guestStoreView, sendGuestCode } from './guestBooking';
import { storeSlots } from './slots';

const guestErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };

/** Code requests from one client address per minute (beside the 5 an hour per address the code goes to). */
export const GUEST_CODES_PER_MINUTE = 5;

export async function guestBookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, secrets, outbox } = app.deps;
  const routeConfig = { access: 'public' as const };

  const portalOf = async (request: { params: { company: string; store: string } }) => {
    const portal = await resolvePortal(db, request.params.company, request.params.store);
    if (!portal) throw new HttpError(404, 'tenancy.unknownPortal');
    return portal;
  };

  app.get(
    '/book/:company/:store',
    {
      config: routeConfig,
      schema: {
        tags: ['booking'],
        summary: "What a store offers new patients online (its public booking page): visit types with lengths and providers",
        description: '404 tenancy.unknownPortal for an unknown address; 409 booking.notOnline or booking.newPatientsOff when the store takes no new patients online.',
        params: GuestBookingParams,
        response: { 200: GuestBookingStore, ...guestErrors },
      },
    },
    async (request) => {
      const portal = await portalOf(request);
      return withTenant(db, portal.tenantID, async (tx) => guestStoreView(portal, await guestStore(tx, portal)));
    },
  );

  app.get(
    '/book/:company/:store/slots',
    {
      config: routeConfig,
      schema: {
        tags: ['booking'],
        summary: 'Free slots of the store for a visit type (and provider) over at most 62 days, for a new patient',
        params: GuestBookingParams,
        querystring: GuestSlotsQuery,
        response: { 200: FreeSlots, ...guestErrors },
      },
    },
    async (request) => {
      const portal = await portalOf(request);
      return withTenant(db, portal.tenantID, async (tx) => {
        const store = await guestStore(tx, portal, { forms: false });
        const slots = await storeSlots(tx, portal.tenantID, store, request.query, config.now());
        return { timeZone: store.timeZone, minutes: store.types.find((t) => t.type === request.query.type)?.minutes ?? 0, slots };
      });
    },
  );

  app.post(
    '/book/:company/:store/code',
    {
      config: routeConfig,
      schema: {
        tags: ['booking'],
        summary: "Sends a one-time code to the new patient's email or phone (the chosen channel); holds nothing",
        description:
          '409 booking.slotGone (with the next free slots), booking.likelyExisting (sign in or call the store; nothing of the record is told), booking.notOnline, booking.newPatientsOff; 429 request.tooManyRequests (per client address), auth.tooManyCodes (5 an hour per address the code goes to), auth.codeLocked.',
        params: GuestBookingParams,
        body: GuestBookingRequest,
        response: { 200: GuestCodeSent, ...guestErrors },
      },
    },
    async (request) => {
      const portal = await portalOf(request);
      await limitAuthRequests(db, `book-code:${request.ip}`, GUEST_CODES_PER_MINUTE, config.now());
      const sent = await withTenant(db, portal.tenantID, (tx) =>
        sendGuestCode(tx, { secrets, tenantId: portal.tenantID, portal, input: request.body, now: config.now(), ip: request.ip }),
      );
      await outbox.deliver([sent.ref]);
      return { channel: sent.channel, destination: sent.destination, expiresInSeconds: sent.expiresInSeconds };
    },
  );

  app.post(
    '/book/:company/:store/confirm',
    {
      config: routeConfig,
      schema: {
        tags: ['booking'],
        summary: 'Confirms the code: creates the patient and books the slot in one transaction, with the forms the store sends',
        description:
          '400 auth.invalidCode for a wrong, expired, spent or unknown code (all alike; 5 tries a code); 429 auth.codeLocked after 10 failures a day; 409 booking.slotGone (the code stays valid for another slot), booking.likelyExisting.',
        params: GuestBookingParams,
        body: GuestBookingConfirm,
        response: { 201: BookedVisit, ...guestErrors },
      },
    },
    async (request, reply) => {
      await limitAuthRequests(db, request.ip, config.authRequestsPerMinute, config.now());
      const portal = await portalOf(request);
      const result = await withTenant(db, portal.tenantID, (tx) =>
        confirmGuestBooking(tx, { secrets, publicUrl: publicUrlOf(request), tenantId: portal.tenantID, portal, input: request.body, now: config.now(), ip: request.ip }),
      );
      if (result.kind === 'locked') throw new HttpError(429, 'auth.codeLocked');
      if (result.kind === 'invalid') throw new HttpError(400, 'auth.invalidCode');
      await outbox.deliver(result.deliver);
      return reply.code(201).send(result.booked);
    },
  );
}
