/**
 * Every error a route or hook throws, answered in the product's shape with a catalogue code: field refusals of the
 * contract's schemas, HttpError as thrown, a busy password check and a database outage as 503 with Retry-After,
 * text the database cannot store, Fastify's own 4xx; anything else is logged and answered 500.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../src/contract/errorCodes';
import { wellFormed } from '../../src/contract/zodText';
import { ServerBusyError } from '../auth/passwords';
import { errorBody, HttpError, isDatabaseUnavailableError, isUnstorableTextError } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS } from './outage';

/** Fastify's own refusals of a request (its error codes) with the catalogue's code; any other 4xx is request.invalid. */
const fastifyErrorCodes: Record<string, ErrorCode | undefined> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformedJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformedJson',
};

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
          // A refused key is echoed in the message, and a key may be any text the caller sent.
          fields[wellFormed(key)] ??= wellFormed(issue.message ?? 'Invalid value');
        }
        return reply.code(400).send(errorBody('request.fieldsInvalid', { fields }));
      }
      if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers ?? {}).send(error.body);
      if (error instanceof ServerBusyError) {
        return reply.code(503).header('Retry-After', '1').send(errorBody('server.busy'));
      }
      if (isDatabaseUnavailableError(error)) {
        app.deps.outage.failed(error);
        return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody('server.databaseUnavailable'));
      }
      if (isUnstorableTextError(error)) return reply.code(400).send(errorBody('request.unstorableCharacters'));
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply.code(status).send(errorBody(fastifyErrorCodes[(error as { code?: string }).code ?? ''] ?? 'request.invalid'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody('server.unexpected'));
    });
  },
  { name: 'error-handler' },
);
