/**
 * /api/stores/overview and POST /api/stores (admins): the company's stores with their sign-in addresses, registers
 * and kiosk devices; adding a store. Every call is one audited transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../../src/contract/common';
import { enterpriseMessages } from '../../src/contract/enterprise';
import { NewStore, StoresOverview } from '../../src/contract/storesAdmin';
import { z } from '../../src/contract/zod';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { writeErrors } from '../scope/audited';
import { addStore, listStores } from './stores';

const adminOnly = ['admin'] as const satisfies readonly Role[];
const security = [{ bearer: [] }];
const tags = ['stores'];

/** A sign-in address or store slug in use (another company's too: the address index is global). */
function slugTaken(err: unknown): HttpError | null {
  const { code, constraint } = pgError(err);
  if (code !== '23505') return null;
  if (constraint === 'portal_mappings_address_key') return new HttpError(400, 'request.fieldsInvalid', { fields: { slug: enterpriseMessages.addressTaken } });
  if (constraint === 'locations_tenant_slug_key') return new HttpError(400, 'request.fieldsInvalid', { fields: { slug: enterpriseMessages.storeSlugTaken } });
  return new HttpError(409, 'request.concurrentChange');
}

export async function storeAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: adminOnly };

  app.get(
    '/stores/overview',
    { config, schema: { tags, summary: "The company's stores with sign-in addresses, registers and kiosk devices", security, response: { 200: StoresOverview, ...writeErrors } } },
    (request) => request.work('stores.read', async ({ tx }) => ({ result: await listStores(tx), audit: { targetType: 'location' } })),
  );

  app.post(
    '/stores',
    {
      config,
      schema: {
        tags,
        summary: 'Add a store: its sign-in address /{company}/{store} and two registers are made with it',
        security,
        body: NewStore,
        response: { 201: StoresOverview.extend({ created: z.string() }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const result = await request.work('stores.create', ({ tx, scope }) => addStore(tx, scope.tenantId, request.body), { mapDbError: slugTaken });
      return reply.code(201).send(result);
    },
  );
}
