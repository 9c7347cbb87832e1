/**
 * Reminders the patient answers: the guest visit page behind the reminder's link (/visit/{key}: read, confirm,
 * cancel) and the SMS provider's inbound webhook (replies C, X, STOP, START), signed like its delivery reports.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../src/contract/common';
import { FreeSlots } from '../../src/contract/booking';
import { VisitAction, VisitAnswer, VisitPage, VisitParams, VisitReschedule, VisitSlotsQuery } from '../../src/contract/visitReply';
import { audit } from '../audit/audit';
import { ownBaseUrl } from '../config';
import { withTenant, type Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { smsSignatureHeader, validSmsSignature } from '../messaging/transports';
import { nowOf } from '../scope/audited';
import { receiveSms } from './inbound';
import { visitLinkTenant } from './links';
import { rescheduleRefusal, rescheduleVisit, storeOf, visitSlots } from './reschedule';
import { answerVisit, visitByLink, visitPage, type AnswerOutcome, type VisitRow } from './visit';

/** The address the provider posts inbound texts to (configured at the provider for the sending number). */
export const smsInboundPath = '/api/messaging/sms-inbound';

const publicErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse };

/** The answer to a refused confirm, cancel or move of the visit. */
function refusal(reason: Extract<AnswerOutcome, { kind: 'refused' }>['reason'], visit: VisitRow): HttpError {
  switch (reason) {
    case 'started':
      return new HttpError(410, 'visit.linkExpired');
    case 'cancelled':
      return new HttpError(409, 'visit.cancelled');
    case 'not-allowed':
      return new HttpError(409, 'records.cancelNotAllowed');
    case 'too-late':
      return new HttpError(409, 'records.cancelTooLate', { params: { hours: visit.policy.cancelNoticeHours } });
  }
}

export async function reminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, secrets, config, outbox } = app.deps;

  app.get(
    '/public/visit/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reminders'],
        summary: "The guest visit page (/visit/{key}) of a reminder's link: the visit, its store and time in the store's zone, and what may be done",
        description: '404 visit.linkNotFound for no such link; 410 visit.linkExpired once the visit has started.',
        params: VisitParams,
        response: { 200: VisitPage, ...publicErrors },
      },
    },
    async (request) => {
      const now = nowOf(request);
      const link = await visitLinkTenant(db, secrets, request.params.token);
      if (!link) throw new HttpError(404, 'visit.linkNotFound');
      const found = await withTenant(db, link.tenantId, async (tx) => {
        const visit = await visitByLink(tx, link.hash, false);
        return visit && { visit, store: await storeOf(tx, visit) };
      });
      if (!found) throw new HttpError(404, 'visit.linkNotFound');
      if (found.visit.startsAt.getTime() <= now.getTime()) throw new HttpError(410, 'visit.linkExpired');
      return visitPage(found.visit, now, found.store);
    },
  );

  app.post(
    '/public/visit/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reminders'],
        summary: "Confirm or cancel the visit of a reminder's link; a second confirm answers already: true and changes nothing",
        description:
          '409 visit.cancelled (confirming a cancelled visit), records.cancelTooLate (within the store\'s notice) or records.cancelNotAllowed; 410 visit.linkExpired once the visit has started; 404 visit.linkNotFound.',
        params: VisitParams,
        body: VisitAction,
        response: { 200: VisitAnswer, ...publicErrors },
      },
    },
    async (request) => {
      const now = nowOf(request);
      const link = await visitLinkTenant(db, secrets, request.params.token);
      if (!link) throw new HttpError(404, 'visit.linkNotFound');
      const outcome = await withTenant(db, link.tenantId, async (tx) => {
        const visit = await visitByLink(tx, link.hash, true);
        if (!visit) return null;
        const done = await answerVisit(tx, visit, request.body.action, 'link', now);
        const store = await storeOf(tx, visit);
        if (done.kind === 'done') {
          await audit(tx, {
            tenantId: link.tenantId,
            action: request.body.action === 'confirm' ? 'visit.confirm' : 'visit.cancel',
            outcome: 'success',
            targetType: 'appointment',
            targetId: visit.id,
            patientId: visit.patientId,
            ip: request.ip,
            details: { channel: 'link' },
          });
        }
        return { done, store };
      });
      if (!outcome) throw new HttpError(404, 'visit.linkNotFound');
      if (outcome.done.kind === 'refused') throw refusal(outcome.done.reason, outcome.done.visit);
      return { visit: visitPage(outcome.done.visit, now, outcome.store), already: outcome.done.kind === 'already' };
    },
  );

  /** The visit of a link, with its store, when it may move now; otherwise the refusal that says why. */
  const movable = async (tx: Tx, hash: string, now: Date, lock: boolean) => {
    const visit = await visitByLink(tx, hash, lock);
    if (!visit) throw new HttpError(404, 'visit.linkNotFound');
    const store = await storeOf(tx, visit);
    const refused = rescheduleRefusal(visit, store, now);
    if (refused === 'not-online') throw new HttpError(409, 'booking.notOnline');
    if (refused) throw refusal(refused, visit);
    return { visit, store: store! };
  };

  app.get(
    '/public/visit/:token/slots',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reminders'],
        summary: "The free times the visit of a reminder's link may move to: the store's online slots for its type (at most 62 days)",
        description: "409 booking.notOnline when the store takes this visit type online no more; the cancel refusals when the store's notice has begun; 410 once the visit has started.",
        params: VisitParams,
        querystring: VisitSlotsQuery,
        response: { 200: FreeSlots, ...publicErrors },
      },
    },
    async (request) => {
      const now = nowOf(request);
      const link = await visitLinkTenant(db, secrets, request.params.token);
      if (!link) throw new HttpError(404, 'visit.linkNotFound');
      return withTenant(db, link.tenantId, async (tx) => {
        const { visit, store } = await movable(tx, link.hash, now, false);
        const length = store.types.find((t) => t.type === visit.type)!;
        return { timeZone: store.timeZone, minutes: length.minutes, slots: await visitSlots(tx, link.tenantId, visit, store, request.query, now) };
      });
    },
  );

  app.post(
    '/public/visit/:token/reschedule',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reminders'],
        summary: "Move the visit of a reminder's link to a free time (its start and provider); the new time is confirmed by the patient's channel",
        description:
          "409 booking.slotGone with the next free times when it was taken meanwhile; 409 booking.notOnline, records.cancelTooLate or records.cancelNotAllowed (moving gives the old time up, as a cancel does), visit.cancelled; 410 visit.linkExpired; 404 visit.linkNotFound.",
        params: VisitParams,
        body: VisitReschedule,
        response: { 200: VisitAnswer, ...publicErrors },
      },
    },
    async (request) => {
      const now = nowOf(request);
      const link = await visitLinkTenant(db, secrets, request.params.token);
      if (!link) throw new HttpError(404, 'visit.linkNotFound');
      const moved = await withTenant(db, link.tenantId, async (tx) => {
        const { visit, store } = await movable(tx, link.hash, now, true);
        const done = await rescheduleVisit(tx, link.tenantId, visit, store, request.body, now);
        await audit(tx, {
          tenantId: link.tenantId,
          action: 'visit.reschedule',
          outcome: 'success',
          targetType: 'appointment',
          targetId: visit.id,
          patientId: visit.patientId,
          ip: request.ip,
          details: { channel: 'link', from: done.from, to: done.visit.startsAt.toISOString(), providerId: request.body.providerId },
        });
        return { ...done, store };
      });
      if (moved.deliver.length) await outbox.deliver(moved.deliver);
      return { visit: visitPage(moved.visit, now, moved.store), already: false };
    },
  );

  await app.register(async (inbound) => {
    // The provider posts form-encoded, as it does its delivery reports.
    inbound.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    inbound.withTypeProvider<ZodTypeProvider>().post(
      smsInboundPath.replace(/^\/api/, ''),
      {
        config: { access: 'public' },
        schema: {
          tags: ['messaging'],
          summary: "The SMS provider's inbound text (MessageSid, From, Body), signed with the account token like its delivery reports; once per MessageSid",
          description: 'C confirms and X cancels the sender\'s next visit at the store that last texted them, STOP and START change their SMS consent; anything else goes to the store\'s inbox.',
          body: z.record(z.string(), z.string()),
          response: { 204: z.null(), 400: ErrorResponse, 403: ErrorResponse },
        },
      },
      async (request, reply) => {
        const sms = config.sms;
        const url = new URL(smsInboundPath, ownBaseUrl(config)).toString();
        const signature = request.headers[smsSignatureHeader];
        if (!sms || !validSmsSignature(sms.token, url, request.body, typeof signature === 'string' ? signature : undefined)) {
          throw new HttpError(403, 'auth.forbidden');
        }
        const sid = request.body.MessageSid ?? request.body.SmsSid;
        const from = request.body.From;
        const body = request.body.Body;
        const fields: Record<string, string> = {};
        if (!sid || sid.length > 64) fields.MessageSid = 'MessageSid is required (at most 64 characters)';
        if (!from || !/\d/.test(from) || from.length > 32) fields.From = 'From must be a phone number';
        if (body === undefined || body.length > 1600) fields.Body = 'Body is required (at most 1600 characters)';
        if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });
        const result = await receiveSms(db, { sid: sid!, from: from!, body: body! }, nowOf(request));
        if (result.deliver.length) await outbox.deliver(result.deliver);
        request.log.info({ sid, replay: result.replay, outcome: result.decision?.outcome ?? 'unknown number' }, 'sms reply');
        return reply.code(204).send(null);
      },
    );
  });
}
