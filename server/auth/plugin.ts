/**
 * Who calls and whether they may: every /api route declares its access rule (deny by default, checked as routes
 * are registered); the bearer token is verified on each request; before validation a caller without the route's
 * roles is refused, so they learn nothing about the shape of its input.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { callerOf } from '../scope/context';
import { createAccessTokenVerifier } from './tokens';

export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, secrets } = app.deps;
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
    });
  },
  { name: 'authentication', dependencies: ['request-context'] },
);
