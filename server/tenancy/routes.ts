/**
 * Tenancy: the company and store behind a sign-in address (/portal, before sign-in), the stores of the signed-in
 * user's company that the user may see, and the enterprise admin's summary of every company.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PortalMapping, Slug } from '../../src/contract/auth';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { EnterpriseSummary } from '../../src/contract/records';
import { Store, StoreList } from '../../src/contract/stores';
import { sessionRoles } from '../http/access';
import { audit } from '../audit/audit';
import { storeCondition, storesOf } from '../scope/scope';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { errorBody, HttpError } from '../http/errors';
import { readEnterpriseSummary } from './enterprise';
import { resolvePortal } from './portal';
import { callerOf } from '../scope/context';

const columns = {
  id: locations.id,
  slug: locations.slug,
  name: locations.name,
  address: locations.address,
  phone: locations.phone,
  timeZone: locations.timeZone,
  currency: locations.currency,
  logo: locations.logo,
};

/** Stores the user may see: all of the company's, or the ones the user is limited to. */
async function visibleStores(tx: Tx, request: FastifyRequest, where?: SQL): Promise<Store[]> {
  const stores = await storesOf(tx, callerOf(request).sub);
  return tx
    .select(columns)
    .from(locations)
    .where(and(where, storeCondition(stores, locations.id)))
    .orderBy(asc(locations.name));
}

export async function tenancyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app.deps;

  app.get(
    '/portal/:company/:store',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The company and store behind a sign-in address /{company}/{store}',
        params: z.object({ company: Slug, store: Slug }),
        response: { 200: PortalMapping, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const mapping = await resolvePortal(db, request.params.company, request.params.store);
      if (!mapping) return reply.code(404).send(errorBody('tenancy.unknownPortal'));
      return mapping;
    },
  );

  app.get(
    '/enterprise/summary',
    {
      config: { access: ['enterpriseadmin'] },
      schema: {
        tags: ['enterprise'],
        summary: 'Per company: stores, patients, upcoming appointments, open balance, lab orders in progress (aggregates only)',
        security: [{ bearer: [] }],
        response: { 200: EnterpriseSummary, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const companies = await request.inTenant(async (tx) => {
        const found = await readEnterpriseSummary(tx, config.now());
        await audit(tx, {
          tenantId: auth.tid,
          action: 'enterprise.summary.read',
          outcome: 'success',
          actorUserId: auth.sub,
          actorRoles: auth.roles,
          ip: request.ip,
          details: { companies: found.length },
        });
        return found;
      });
      return { companies };
    },
  );

  app.get(
    '/stores',
    {
      config: { access: sessionRoles },
      schema: { tags: ['stores'], summary: 'Stores the user may see', security: [{ bearer: [] }], response: { 200: StoreList, 401: ErrorResponse } },
    },
    async (request) => ({ stores: await request.inTenant((tx) => visibleStores(tx, request)) }),
  );

  /** One store; an id or slug outside the user's reach answers 404 and is audited as a denied read. */
  const one = async (request: FastifyRequest, where: SQL, requested: Record<string, string>) => {
    // The denial is recorded in a transaction that commits; the 404 is thrown after it.
    const store = await request.inTenant(async (tx) => {
      const [found] = await visibleStores(tx, request, where);
      if (found) return found;
      const auth = callerOf(request);
      await audit(tx, {
        tenantId: auth.tid,
        action: 'store.read',
        outcome: 'denied',
        actorUserId: auth.sub,
        actorRoles: auth.roles,
        targetType: 'location',
        targetId: Object.values(requested)[0]?.slice(0, 100),
        ip: request.ip,
        details: requested,
      });
      return null;
    });
    if (!store) throw new HttpError(404, 'request.notFound');
    return store;
  };

  app.get(
    '/stores/:locationId',
    {
      config: { access: sessionRoles },
      schema: {
        tags: ['stores'],
        summary: 'One store by id',
        security: [{ bearer: [] }],
        params: z.object({ locationId: Uuid }),
        response: { 200: Store, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) => one(request, eq(locations.id, request.params.locationId), { locationId: request.params.locationId }),
  );

  app.get(
    '/stores/by-slug/:slug',
    {
      config: { access: sessionRoles },
      schema: {
        tags: ['stores'],
        summary: 'One store by its slug',
        security: [{ bearer: [] }],
        params: z.object({ slug: Slug }),
        response: { 200: Store, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    (request) =>
      one(request, sql`lower(${locations.slug}) = lower(${request.params.slug})`, { slug: request.params.slug }),
  );
}
