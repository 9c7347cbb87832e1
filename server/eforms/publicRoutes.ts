/**
 * The public eForm calls (spec sections 2.6, 4, 7; security.md departures): the page is a guest. The tenant comes
 * from the encrypted X-Tenant-ID (never a plain id), the form from the link token, and the right to see and submit
 * a gated form from the form token that a correct one-time code earns. The code is never in an answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '../../src/contract/common';
import { CodeSentAnswer, EForm, EncryptedTenantAnswer, eformMessages, FormTokenAnswer, GetCardQuery, SubmitAnswer, SubmitBody, TenantQuery, UriBody, VerifyBody } from '../../src/contract/eforms';
import { limitAuthRequests } from '../http/rateLimit';
import { withTenant } from '../db/client';
import { HttpError } from '../http/errors';
import { decryptTenant, encryptTenant, FORM_TOKEN_SECONDS, linkMark, signFormToken } from './crypto';
import { isCompany, publicLinkFlow } from './publicLink';

const publicErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 429: ErrorResponse };

export async function publicEformRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, secrets, outbox } = app.deps;
  const now = () => config.now();
  const routeConfig = { access: 'public' as const, eformPublic: true };

  const rateLimited = (request: FastifyRequest) => limitAuthRequests(db, request.ip, config.authRequestsPerMinute, now());

  /** The tenant of the encrypted header: 400 when there is none, 404 (like an unknown link) when it is not ours. */
  const tenantOf = (request: FastifyRequest): string => {
    const header = request.headers['x-tenant-id'];
    if (header === undefined || header === '') throw new HttpError(400, 'eforms.tenantMissing');
    const tenantId = decryptTenant(secrets, header);
    if (!tenantId) throw new HttpError(404, 'eforms.formNotFound');
    return tenantId;
  };

  const bearerOf = (request: FastifyRequest) => request.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i)?.[1];

  const { stateError, openCard, sendFormCode, verifyFormCode, submitForm } = publicLinkFlow({ secrets, now });

  app.get(
    '/patient/getencryptedtenant',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'The encrypted tenant for the public form page (from the tenantid of the link)',
        querystring: TenantQuery,
        response: { 200: EncryptedTenantAnswer, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const tenantId = request.query.tenantid;
      const known = await withTenant(db, tenantId, (tx) => isCompany(tx, tenantId));
      if (!known) throw new HttpError(404, 'eforms.formNotFound');
      return { tenant: encryptTenant(secrets, tenantId) };
    },
  );

  app.get(
    '/patient/getcard',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'The form behind a link: flags only until it is open (and, when gated, the code verified)',
        description: 'Headers: X-Tenant-ID = the encrypted tenant; Authorization: Bearer <formToken> once the code is verified.',
        querystring: GetCardQuery,
        response: { 200: EForm, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      const answer = await withTenant(db, tenantId, (tx) => openCard(tx, tenantId, request.query.uri, bearerOf(request), request.ip));
      if (!answer) throw new HttpError(404, 'eforms.formNotFound');
      return answer;
    },
  );

  app.post(
    '/patient/euauthcode',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: "Sends the form's one-time code by the patient's preferred channel (never answers the code)",
        description: 'Header X-Tenant-ID = the encrypted tenant.',
        body: UriBody,
        response: { 200: CodeSentAnswer, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, (tx) => sendFormCode(tx, tenantId, request.body.uri, request.ip));
      switch (result.kind) {
        case 'noContact':
          throw new HttpError(400, 'eforms.noContact');
        case 'tooMany':
          throw new HttpError(429, 'eforms.tooManyCodes');
        case 'locked':
          throw new HttpError(429, 'eforms.codeLocked');
      }
      await outbox.deliver([result.ref]);
      return { sent: true as const, resent: result.resent, destination: result.destination };
    },
  );

  app.post(
    '/patient/euverify',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'Checks the one-time code; answers a short-lived token that opens this one form',
        description: 'Header X-Tenant-ID = the encrypted tenant. Wrong, expired and unknown codes get the same answer.',
        body: VerifyBody,
        response: { 200: FormTokenAnswer, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, (tx) => verifyFormCode(tx, tenantId, request.body.uri, request.body.vCode, request.ip));
      switch (result.kind) {
        case 'locked':
          throw new HttpError(429, 'eforms.codeLocked');
        case 'invalid':
          throw new HttpError(400, 'eforms.invalidCode', { fields: { vCode: eformMessages.invalidCode } });
      }
      const a = result.a;
      const formToken = await signFormToken(secrets, { tid: tenantId, aid: a.id, fid: a.formId, lnk: linkMark(a.linkTokenHash) }, now());
      return { formToken, expiresIn: FORM_TOKEN_SECONDS };
    },
  );

  app.post(
    '/patient/submitform',
    {
      config: routeConfig,
      schema: {
        tags: ['eforms'],
        summary: 'Submits the answers once; a repeated or concurrent submit answers alreadySubmitted: true',
        description: 'Header X-Tenant-ID = the encrypted tenant; Authorization: Bearer <formToken> when the form is gated.',
        body: SubmitBody,
        response: { 200: SubmitAnswer, 401: ErrorResponse, ...publicErrors },
      },
    },
    async (request) => {
      await rateLimited(request);
      const tenantId = tenantOf(request);
      const result = await withTenant(db, tenantId, (tx) =>
        submitForm(tx, tenantId, {
          uri: request.body.uri,
          sectionlists: request.body.sectionlists,
          bearer: bearerOf(request),
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        }),
      );
      switch (result.kind) {
        case 'notFound':
          throw new HttpError(404, 'eforms.formNotFound');
        case 'expired':
          throw stateError('expired');
        case 'gated':
          throw new HttpError(401, 'eforms.formTokenRequired');
        case 'invalid':
          throw new HttpError(400, 'request.fieldsInvalid', { fields: result.fields });
        case 'already':
          return { submitted: true as const, alreadySubmitted: true };
        case 'stored':
          return { submitted: true as const, alreadySubmitted: false };
      }
    },
  );
}
