/**
 * The patient's communication log for staff (the chart's messages tab), the template editor's API (admins), and
 * the SMS provider's delivery reports.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { LogPageQuery, PatientMessages } from '../../src/contract/chart';
import {
  TemplateChannelParam,
  TemplateDetail,
  TemplateDraft,
  TemplateList,
  TemplateParams,
  TemplatePreview,
  TemplateRemoveQuery,
  TemplateTestRequest,
  TemplateTestResult,
} from '../../src/contract/messageTemplates';
import { queryRows, withoutTenant } from '../db/client';
import { HttpError } from '../http/errors';
import { duplicateKey } from '../scope/audited';
import { onPatient, recordErrors, recordStaff, security } from '../scope/patientRecord';
import { scopeOf } from '../scope/context';
import { patientMessages } from './patientLog';
import { listTemplates, previewTemplate, removeTemplate, saveTemplate, sendTestTemplate, templateDetail } from './templateAdmin';
import { smsSignatureHeader, smsStatusPath, validSmsSignature } from './transports';
import { publicUrlOf } from '../http/publicUrl';
import { ownBaseUrl } from '../config';

const admins = ['admin'] as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export async function messagingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = () => app.deps.config;
  app.get(
    '/patients/:patientId/messages',
    {
      config: { access: recordStaff },
      schema: {
        tags: ['patient records'],
        summary: "Every email and SMS about one patient of the caller's stores, newest first, with its status",
        security,
        params: z.object({ patientId: Uuid }),
        querystring: LogPageQuery,
        response: { 200: PatientMessages, ...recordErrors },
      },
    },
    (request) =>
      onPatient(request, 'staff', {
        action: 'patient.messages.read',
        run: (tx, id) => patientMessages(tx, id, request.query),
      }),
  );

  app.get(
    '/templates/:channel',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: 'Every message the product sends on a channel, with how many company and store texts replace its own',
        security,
        params: z.object({ channel: TemplateChannelParam }),
        response: { 200: TemplateList, ...errors },
      },
    },
    (request) => request.inTenant((tx) => listTemplates(tx, request.params.channel)),
  );

  app.get(
    '/templates/:channel/:key',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: "One message's merge fields, its built-in texts and the company's and stores' texts in each language",
        security,
        params: TemplateParams,
        response: { 200: TemplateDetail, ...errors },
      },
    },
    (request) => request.inTenant(async (tx) => templateDetail(tx, await scopeOf(tx, request), request.params.channel, request.params.key)),
  );

  app.put(
    '/templates/:channel/:key',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: "Saves the company's (locationId null) or a store's text in one language; an unknown merge field is refused",
        security,
        params: TemplateParams,
        body: TemplateDraft,
        response: { 200: TemplateDetail, ...errors },
      },
    },
    (request) =>
      request.work(
        'template.save',
        ({ tx, scope }) => saveTemplate(tx, scope, request.params.channel, request.params.key, request.body, config().now()),
        { mapDbError: duplicateKey },
      ),
  );

  app.delete(
    '/templates/:channel/:key',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: "Removes the company's or a store's text in one language: the next text in line applies again",
        security,
        params: TemplateParams,
        querystring: TemplateRemoveQuery,
        response: { 200: TemplateDetail, ...errors },
      },
    },
    (request) => request.work('template.remove', ({ tx, scope }) => removeTemplate(tx, scope, request.params.channel, request.params.key, request.query)),
  );

  app.post(
    '/templates/:channel/:key/preview',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: "A draft merged with the sample patient and the store's details",
        security,
        params: TemplateParams,
        body: TemplateDraft,
        response: { 200: TemplatePreview, ...errors },
      },
    },
    (request) =>
      request.inTenant(async (tx) =>
        previewTemplate(tx, await scopeOf(tx, request), request.params.channel, request.params.key, request.body, publicUrlOf(request)),
      ),
  );

  app.post(
    '/templates/:channel/:key/test',
    {
      config: { access: admins },
      schema: {
        tags: ['templates'],
        summary: "Sends a draft, merged with the sample patient, to the signed-in user's email (or the mobile number given)",
        security,
        params: TemplateParams,
        body: TemplateTestRequest,
        response: { 202: TemplateTestResult, ...errors },
      },
    },
    async (request, reply) => {
      const result = await request.work('template.test', ({ tx, scope }) =>
        sendTestTemplate(tx, scope, request.params.channel, request.params.key, request.body, publicUrlOf(request)),
      );
      return reply.code(202).send(result);
    },
  );

  await app.register(async (reports) => {
    // The provider posts its reports form-encoded, as it sends messages.
    reports.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    reports.withTypeProvider<ZodTypeProvider>().post(
      smsStatusPath.replace(/^\/api/, ''),
      {
        config: { access: 'public' },
        schema: {
          tags: ['messaging'],
          summary: "The SMS provider's delivery report (MessageSid, MessageStatus), signed with the account token",
          body: z.record(z.string(), z.string()),
          response: { 204: z.null(), 400: ErrorResponse, 403: ErrorResponse },
        },
      },
      async (request, reply) => {
        const sms = config().sms;
        const url = new URL(smsStatusPath, ownBaseUrl(config())).toString();
        const signature = request.headers[smsSignatureHeader];
        if (!sms || !validSmsSignature(sms.token, url, request.body, typeof signature === 'string' ? signature : undefined)) {
          throw new HttpError(403, 'auth.forbidden');
        }
        const sid = request.body.MessageSid ?? request.body.SmsSid;
        const status = request.body.MessageStatus ?? request.body.SmsStatus;
        if (!sid || !status) throw new HttpError(400, 'request.fieldsInvalid', { fields: { MessageSid: 'MessageSid and MessageStatus are required' } });
        const error = request.body.ErrorMessage ?? (request.body.ErrorCode ? `provider error ${request.body.ErrorCode}` : '');
        await withoutTenant(app.deps.db, (tx) => queryRows(tx, sql`select app_record_delivery(${sid}, ${status}, ${error})`));
        return reply.code(204).send(null);
      },
    );
  });
}
