/**
 * The tenant comes from the verified token: a signed-in call whose X-Tenant-ID names another company is refused
 * and recorded (after authentication, before validation).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { audit } from '../audit/audit';
import { withTenant } from '../db/client';
import { HttpError } from '../http/errors';
import { actorOf, callerOf } from '../scope/context';

export const tenantHeaderPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.deps;
    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const auth = callerOf(request);
      const claimed = request.headers['x-tenant-id'];
      if (claimed === undefined || claimed === auth.tid) return;
      await withTenant(db, auth.tid, (tx) =>
        audit(tx, {
          ...actorOf(request),
          action: 'tenant.header_mismatch',
          outcome: 'denied',
          details: { claimedTenant: String(claimed).slice(0, 100), url: request.url.slice(0, 300) },
        }),
      );
      throw new HttpError(403, 'tenancy.tenantMismatch');
    });
  },
  { name: 'tenant-header', dependencies: ['authentication'] },
);
