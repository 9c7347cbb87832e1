import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { authenticationPlugin } from './auth/plugin';
import { verifyPassword, type PasswordCheck } from './auth/passwords';
import type { Secrets } from './db/secrets';
import type { Config } from './config';
import type { Database } from './db/client';
import { clientError, frameworkError } from './http/clientErrors';
import { docsPlugin } from './http/docs';
import { errorHandlerPlugin } from './http/errorHandler';
import { contentSecurityPolicy, headersPlugin } from './http/headers';
import { databaseOutage, type DatabaseOutage } from './http/outage';
import { responseSerializer } from './http/serializer';
import { createOutbox, type Outbox } from './messaging/outbox';
import type { Transports } from './messaging/transports';
import { requestContextPlugin } from './scope/plugin';
import { tenantHeaderPlugin } from './tenancy/plugin';
import { accessRoutes } from './access/routes';
import { appointmentRoutes } from './appointments/routes';
import { bookingRoutes } from './booking/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { eformRoutes } from './eforms/routes';
import { healthRoutes } from './health/routes';
import { inboxRoutes } from './inbox/routes';
import { labOrderRoutes } from './labOrders/routes';
import { messagingRoutes } from './messaging/routes';
import { createJobs, type Jobs } from './jobs/jobs';
import { ownBaseUrl } from './config';
import { reminderRoutes } from './reminders/routes';
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
    frameworkErrors: (error, request, reply) => frameworkError(error, request, reply as FastifyReply),
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
  const jobs = createJobs({ db, outbox, timing: config.jobs, now: config.now, log: app.log, outage, links: { secrets, publicUrl: ownBaseUrl(config) } });
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
  // The shared concerns, one plugin each, in the order a request meets them.
  await app.register(requestContextPlugin);
  await app.register(authenticationPlugin);
  await app.register(tenantHeaderPlugin);
  await app.register(headersPlugin);
  await app.register(errorHandlerPlugin);

  app.setNotFoundHandler(
    documentHandler(app, { distDir, serverDir: fileURLToPath(new URL('../dist-server', import.meta.url)), contentSecurityPolicy, secrets }),
  );

  await app.register(import('@fastify/cookie'));
  await app.register(docsPlugin);

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
    bookingRoutes,
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
    reminderRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }
  return app;
}
