import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '../src/contract/errorCodes';
import { wellFormed } from '../src/contract/zodText';
import { ServerBusyError, verifyPassword, type PasswordCheck } from './auth/passwords';
import type { Secrets } from './db/secrets';
import { createAccessTokenVerifier } from './auth/tokens';
import { audit } from './audit/audit';
import type { Config } from './config';
import { withTenant, type Database } from './db/client';
import { actorOf, callerOf, inTenant, readCallerTenant, work } from './scope/context';
import { errorBody, HttpError, isDatabaseUnavailableError, isUnstorableTextError } from './http/errors';
import { DATABASE_RETRY_AFTER_SECONDS, databaseOutage, type DatabaseOutage } from './http/outage';
import { responseSerializer } from './http/serializer';
import { createOutbox, type Outbox } from './messaging/outbox';
import type { Transports } from './messaging/transports';
import { accessRoutes } from './access/routes';
import { appointmentRoutes } from './appointments/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { eformRoutes } from './eforms/routes';
import { healthRoutes } from './health/routes';
import { inboxRoutes } from './inbox/routes';
import { labOrderRoutes } from './labOrders/routes';
import { messagingRoutes } from './messaging/routes';
import { createJobs, type Jobs } from './jobs/jobs';
import { jobRoutes } from './jobs/routes';
import { patientRoutes } from './patients/routes';
import { profileRoutes } from './profile/routes';
import { posRoutes } from './pos/routes';
import { recallRoutes } from './recalls/routes';
import { reportRoutes } from './reports/routes';
import { rxRoutes } from './rx/routes';
import { salesRoutes } from './sales/routes';
import { settingsRoutes } from './settings/routes';
import { storeAdminRoutes } from './stores/routes';
import { enterpriseRoutes } from './enterprise/routes';
import { tenancyRoutes } from './tenancy/routes';
import { workDeskRoutes } from './workDesk/routes';
import { documentHandler } from './firstPaint/documents';

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  outbox: Outbox;
  jobs: Jobs;
  /** How sign-in checks a password (verifyPassword; a test passes one that counts or holds the check). */
  checkPassword: PasswordCheck;
  /** Where a failure for want of the database is reported: logged once per outage. */
  outage: DatabaseOutage;
}

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data:",
  // React Aria inserts small <style> elements and React sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

function securityHeaders(request: FastifyRequest, reply: FastifyReply) {
  // A drawn first paint sets its own (ours plus its guard script's hash); everything else gets ours.
  if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', contentSecurityPolicy);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
}

/** Fastify's own refusals of a request (its error codes) with the catalogue's code; any other 4xx is request.invalid. */
const fastifyErrorCodes: Record<string, ErrorCode | undefined> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformedJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformedJson',
};

/**
 * Node's refusals of a request it cannot hand to Fastify (headers too large, too slow, unparsable), written on the
 * socket in the product's error shape: the connection is closed after it.
 */
function clientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request.timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request.headersTooLarge']
        : [400, 'request.invalid'];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Content-Security-Policy: ${contentSecurityPolicy}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(opts: {
  config: Config;
  db: Database;
  secrets: Secrets;
  /** The providers messages leave through (none: they stay in the communication log). */
  transports?: Transports;
  /** Tests only: wraps the sign-in's password check, to count it or hold it at a chosen moment. */
  checkPassword?: PasswordCheck;
}): Promise<FastifyInstance> {
  const { config, db, secrets } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Tokens and codes never reach the log.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    // A hop count believes that many proxies from the socket inwards: the client is the address the outermost
    // appended, whatever a client wrote further left (Fastify's own reading of a number, typed as a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // Errors Fastify raises before routing (a broken URL, an overlong parameter) get our shape and headers.
    clientErrorHandler: clientError,
    frameworkErrors: (error, request, reply) => {
      // Sent before any route (and its onSend hook) is found, so the headers are set here.
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      securityHeaders(request, reply as FastifyReply);
      void (reply as FastifyReply).code(status).send(errorBody(status === 414 ? 'request.addressTooLong' : 'request.addressInvalid'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  const outage = databaseOutage(app.log);
  const outbox = createOutbox({
    db,
    transports: opts.transports ?? {},
    timing: config.outbox,
    now: config.now,
    log: app.log,
    outage,
    printMessages: config.env === 'development',
  });
  const jobs = createJobs({ db, outbox, timing: config.jobs, now: config.now, log: app.log, outage });
  const stopHearing = db.onReachable?.(outage.reachable);
  app.decorate('deps', { config, db, secrets, outbox, jobs, checkPassword: opts.checkPassword ?? verifyPassword, outage } satisfies AppDeps);
  // Closing stops the outbox claiming at once and hands back its unsent claims, waiting for a send under way for
  // most of the shutdown bound (the rest is for requests in flight and the database); then the work still running
  // after its answer is waited for (the database is closed after the app).
  const sendGraceMs = Math.max(config.shutdownTimeoutMs - 3_000, config.shutdownTimeoutMs / 2);
  app.addHook('preClose', (done) => {
    stopHearing?.();
    outage.stop();
    jobs.stop();
    void outbox.stop(sendGraceMs);
    done();
  });
  app.addHook('onClose', async () => {
    await outbox.stop(sendGraceMs);
    await outbox.idle();
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('inTenant', function (this: FastifyRequest, fn) {
    return inTenant(this, fn);
  });
  app.decorateRequest('readInTenant', function (this: FastifyRequest, query) {
    return readCallerTenant(this, query);
  });
  app.decorateRequest('work', function (this: FastifyRequest, action, fn, opts) {
    return work(this, action, fn, opts);
  });

  // Deny by default: an /api route without a declared access rule is a programming error.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  const verifyToken = createAccessTokenVerifier(secrets);
  app.addHook('onRequest', async (request) => {
    // The public eForm calls (public access only) carry a form-scoped token that their routes check, and an
    // encrypted tenant in X-Tenant-ID: they are served as a guest, never as a session.
    if (request.routeOptions.config.eformPublic && request.routeOptions.config.access === 'public') return;
    const bearer = request.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i)?.[1];
    if (bearer) request.auth = await verifyToken(bearer, config.now());
  });

  // Before validation: a caller without access learns nothing about the shape of the input.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const auth = callerOf(request);
    if (access !== 'signedIn' && !auth.roles.some((r) => access.includes(r))) {
      // Only on a refusal: a token whose roles, account or company changed since it was signed answers 401, so
      // the client refreshes into the roles the database holds now (a promotion counts at once too).
      await request.inTenant(async () => undefined);
      throw new HttpError(403, 'auth.forbidden');
    }
    // The tenant comes from the token; a header naming another one is refused and recorded.
    const claimed = request.headers['x-tenant-id'];
    if (claimed !== undefined && claimed !== auth.tid) {
      await withTenant(db, auth.tid, (tx) =>
        audit(tx, {
          ...actorOf(request),
          action: 'tenant.header_mismatch',
          outcome: 'denied',
          details: { claimedTenant: String(claimed).slice(0, 100), url: request.url.slice(0, 300) },
        }),
      );
      throw new HttpError(403, 'tenancy.tenantMismatch');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    securityHeaders(request, reply);
    return payload;
  });

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
      outage.failed(error);
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

  app.setNotFoundHandler(
    documentHandler(app, { distDir, serverDir: fileURLToPath(new URL('../dist-server', import.meta.url)), contentSecurityPolicy, secrets }),
  );

  await app.register(import('@fastify/cookie'));
  await app.register(import('@fastify/swagger'), {
    openapi: {
      info: {
        title: 'Patient Portal API',
        version: '1.0.0',
        description: 'Multi-tenant patient portal and point of sale. Shapes come from src/contract (zod).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Its page and assets are served from here, so the app's own policy (securityHeaders) covers them.
  await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  if (existsSync(distDir)) {
    // The build writes .br and .gz beside each file (vite.config.ts); they are sent to browsers that accept them.
    await app.register(import('@fastify/static'), {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // Built assets carry a content hash in their names: they never change, so browsers may keep them.
      setHeaders: (res, path) => {
        if (path.includes(`${sep}assets${sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // The feature plugins, each under /api.
  for (const routes of [
    healthRoutes,
    authRoutes,
    settingsRoutes,
    tenancyRoutes,
    enterpriseRoutes,
    patientRoutes,
    rxRoutes,
    appointmentRoutes,
    salesRoutes,
    posRoutes,
    labOrderRoutes,
    recallRoutes,
    reportRoutes,
    workDeskRoutes,
    eformRoutes,
    messagingRoutes,
    jobRoutes,
    auditRoutes,
    accessRoutes,
    profileRoutes,
    inboxRoutes,
    storeAdminRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  return app;
}
