/** The request context on every request (scope/context.ts): the caller's claims, their tenant's transaction and the audited unit of work. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inTenant, readCallerTenant, work } from './context';

export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
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
  },
  { name: 'request-context' },
);
