/**
 * Reminders the patient answers: the guest visit page behind the reminder's link (/visit/{key}: read, confirm,
 * cancel) and the SMS provider's inbound webhook (replies C, X, STOP, START), signed like its delivery reports.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../src/contract/common';
import { VisitAction, VisitAnswer, VisitPage, VisitParams } from '../../src/contract/visitReply';
import { audit } from '../audit/audit';
import { ownBaseUrl } from '../config';
import { withTenant } from '../db/client';
import { HttpError } from '../http/errors';
import { smsSignatureHeader, validSmsSignature } from '../messaging/transports';
import { nowOf } from '../scope/audited';
import { receiveSms } from './inbound';
import { visitLinkTenant } from './links';
import { answerVisit, visitByLink, visitPage, type AnswerOutcome } from './visit';

/** The address the provider posts inbound texts to (configured at the provider for the sending number). */
export const smsInboundPath = '/api/messaging/sms-inbound';

const publicErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse };

function refusal(outcome: Extract<AnswerOutcome, { kind: 'refused' }>): HttpError {
  switch (outcome.reason) {
    case 'started':
      return new HttpError(410, 'visit.linkExpired');
    case 'cancelled':
      return new HttpError(409, 'visit.cancelled');
    case 'not-allowed':
      return new HttpError(409, 'records.cancelNotAllowed');
    case 'too-late':
      return new HttpError(409, 'records.cancelTooLate', { params: { hours: outcome.visit.policy.cancelNoticeHours } });
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
      const visit = await withTenant(db, link.tenantId, (tx) => visitByLink(tx, link.hash, false));
      if (!visit) throw new HttpError(404, 'visit.linkNotFound');
      if (visit.startsAt.getTime() <= now.getTime()) throw new HttpError(410, 'visit.linkExpired');
      return visitPage(visit, now);
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
        return done;
      });
      if (!outcome) throw new HttpError(404, 'visit.linkNotFound');
      if (outcome.kind === 'refused') throw refusal(outcome);
      return { visit: visitPage(outcome.visit, now), already: outcome.kind === 'already' };
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
