/**
 * The enterprise admin's work across companies: the portal mappings and the companies (create in one step, edit,
 * suspend, reinstate). The enterprise admin's transaction is the platform tenant's; each change goes through one
 * SECURITY DEFINER door (migration 0015) that writes the company's audit row, and is audited here in the platform
 * tenant, in the same transaction. Refusals (a slug in use, no such company) are audited as failures.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import {
  Company,
  CompanyCreated,
  CompanyList,
  CompanySuspension,
  CompanyUpdate,
  enterpriseMessages as M,
  NewCompany,
  PortalMappingInput,
  PortalMappingQuery,
  PortalMappingRow,
  PortalMappingRows,
  StoreInput,
} from '../../src/contract/enterprise';
import { hashPassword } from '../auth/passwords';
import type { Tx } from '../db/client';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { callerOf } from '../scope/context';
import { fixedMessages } from '../messaging/templates';
import { addCompanyStore, createCompany, INVITATION_DAYS, readCompanies, setSuspended, temporaryPassword, updateCompany } from './companies';
import { readMappings, removeMapping, saveMapping } from './mappings';
import { publicUrlOf } from '../http/publicUrl';

const access = { access: ['enterpriseadmin'] as const };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** A logo travels as base64 in the body: room for a 10 MB upload to be read and refused with a field message. */
const uploadBodyLimit = 16 * 1024 * 1024;

/**
 * The large body is read only for an enterprise admin: anyone else is answered (as the access check would answer
 * them) before a byte of it is parsed.
 */
async function enterpriseBeforeBody(request: FastifyRequest) {
  if (!callerOf(request).roles.includes('enterpriseadmin')) throw new HttpError(403, 'auth.forbidden');
}

const fieldError = (fields: Record<string, string>) => new HttpError(400, 'request.fieldsInvalid', { fields });

/** Which body field a refused slug belongs to: a company's, a mapping's parts, or a new store's. */
type SlugField = 'slug' | 'companySlug' | 'storeSlug';

/** The database's refusals of a slug or store, as the field they concern. */
function refusal(err: unknown, slugField: SlugField): HttpError | null {
  const { code, constraint } = pgError(err);
  if (code === '23505' && constraint === 'companies_slug_key') return fieldError({ [slugField]: M.companySlugTaken });
  if (code === '23505' && constraint === 'portal_mappings_company_owner') return fieldError({ companySlug: M.companySlugTaken });
  // A new store's slug is its sign-in address' store part: another mapping of the company may hold it already.
  if (code === '23505' && constraint === 'portal_mappings_address_key') return fieldError({ [slugField === 'storeSlug' ? 'slug' : 'storeSlug']: M.addressTaken });
  if (code === '23505' && constraint === 'locations_tenant_slug_key') return fieldError({ slug: M.storeSlugTaken });
  if (code === '23503' && constraint === 'portal_mappings_location') return fieldError({ locationId: M.store });
  return null;
}

/**
 * One audited enterprise call in the platform tenant (request.work): a refusal undoes its writes while the failure
 * is still recorded, as a failure of the call's target whatever its status.
 */
function runEnterprise<T>(
  request: FastifyRequest,
  action: string,
  target: { type: string; id?: string },
  fn: (tx: Tx) => Promise<{ result: T; targetId?: string; details?: Record<string, unknown> }>,
  slugField: SlugField = 'slug',
): Promise<T> {
  return request.work(
    action,
    async ({ tx }) => {
      const done = await fn(tx);
      return { result: done.result, audit: { targetType: target.type, targetId: done.targetId ?? target.id, details: done.details } };
    },
    {
      mapDbError: (err) => refusal(err, slugField),
      refused: (http) => ({ outcome: 'failure', targetType: target.type, targetId: target.id, details: { status: http.statusCode, error: http.code, fields: http.fields } }),
    },
  );
}

const actorOf = (request: FastifyRequest) => ({ userId: callerOf(request).sub, ip: request.ip });

async function oneCompany(tx: Tx, tenantId: string): Promise<Company> {
  const [company] = await readCompanies(tx, tenantId);
  if (!company) throw new HttpError(404, 'request.notFound');
  return company;
}

async function oneMapping(tx: Tx, id: string): Promise<PortalMappingRow> {
  const found = (await readMappings(tx, null)).find((m) => m.id === id);
  if (!found) throw new HttpError(404, 'request.notFound');
  return found;
}

export async function enterpriseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, outbox } = app.deps;
  const companyParams = z.object({ companyId: Uuid });
  const mappingParams = z.object({ mappingId: Uuid });

  app.get(
    '/enterprise/companies',
    {
      config: access,
      schema: { tags: ['enterprise'], summary: 'Every company with its stores', security: [{ bearer: [] }], response: { 200: CompanyList, ...errors } },
    },
    async (request) => ({ companies: await request.inTenant((tx) => readCompanies(tx, null)) }),
  );

  app.get(
    '/enterprise/companies/:companyId',
    {
      config: access,
      schema: { tags: ['enterprise'], summary: 'One company with its stores', security: [{ bearer: [] }], params: companyParams, response: { 200: Company, ...errors } },
    },
    (request) => request.inTenant((tx) => oneCompany(tx, request.params.companyId)),
  );

  app.post(
    '/enterprise/companies',
    {
      config: access,
      bodyLimit: uploadBodyLimit,
      preParsing: enterpriseBeforeBody,
      schema: {
        tags: ['enterprise'],
        summary: 'Create a company in one step: its first store and its first admin, who is invited by email',
        security: [{ bearer: [] }],
        body: NewCompany,
        response: { 201: CompanyCreated, ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const password = temporaryPassword();
      const expiresOn = new Date(config.now().getTime() + INVITATION_DAYS * 86_400_000).toISOString().slice(0, 10);
      const message = fixedMessages.companyInvite({
        adminName: input.admin.displayName,
        companyName: input.name,
        // The first store's sign-in address is made with the company (migration 0044).
        signInUrl: `${publicUrlOf(request)}/${input.slug}/${input.store.slug}`,
        temporaryPassword: password,
        expiresOn,
      });
      // Hashed before the transaction: no transaction waits on the (slow, bounded) hash.
      const passwordHash = await hashPassword(password);
      const created = await runEnterprise(request, 'enterprise.company.create', { type: 'company' }, async (tx) => {
        const made = await createCompany(tx, actorOf(request), input, { passwordHash, expiresOn, subject: message.subject, body: message.body });
        return { result: made, targetId: made.tenantId, details: { slug: input.slug, storeSlug: input.store.slug } };
      });
      await outbox.deliver([{ tenantId: created.tenantId, id: created.messageId }]);
      return reply.code(201).send({ tenantId: created.tenantId, locationId: created.locationId, adminUserId: created.adminUserId });
    },
  );

  app.put(
    '/enterprise/companies/:companyId',
    {
      config: access,
      bodyLimit: uploadBodyLimit,
      preParsing: enterpriseBeforeBody,
      schema: {
        tags: ['enterprise'],
        summary: "A company's name, slug and logo (logo absent: unchanged; null: removed)",
        security: [{ bearer: [] }],
        params: companyParams,
        body: CompanyUpdate,
        response: { 200: Company, ...errors },
      },
    },
    (request) =>
      runEnterprise(request, 'enterprise.company.update', { type: 'company', id: request.params.companyId }, async (tx) => {
        if (!(await updateCompany(tx, actorOf(request), request.params.companyId, request.body))) throw new HttpError(404, 'request.notFound');
        return { result: await oneCompany(tx, request.params.companyId), details: { slug: request.body.slug } };
      }),
  );

  app.put(
    '/enterprise/companies/:companyId/suspension',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: 'Suspend a company (its users cannot sign in, its public links answer as expired) or reinstate it',
        security: [{ bearer: [] }],
        params: companyParams,
        body: CompanySuspension,
        response: { 200: Company, ...errors },
      },
    },
    (request) => {
      const { suspended } = request.body;
      const action = suspended ? 'enterprise.company.suspend' : 'enterprise.company.reinstate';
      return runEnterprise(request, action, { type: 'company', id: request.params.companyId }, async (tx) => {
        if (!(await setSuspended(tx, actorOf(request), request.params.companyId, suspended, config.now()))) throw new HttpError(404, 'request.notFound');
        return { result: await oneCompany(tx, request.params.companyId) };
      });
    },
  );

  app.post(
    '/enterprise/companies/:companyId/stores',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: "Add a store to a company: its sign-in address /{company}/{store}, policies, tax rate and two registers are made with it",
        security: [{ bearer: [] }],
        params: companyParams,
        body: StoreInput,
        response: { 201: Company, ...errors },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const company = await runEnterprise(
        request,
        'enterprise.store.create',
        { type: 'company', id: companyId },
        async (tx) => {
          const storeId = await addCompanyStore(tx, actorOf(request), companyId, request.body);
          if (!storeId) throw new HttpError(404, 'request.notFound');
          return { result: await oneCompany(tx, companyId), details: { storeId, slug: request.body.slug } };
        },
        'storeSlug',
      );
      return reply.code(201).send(company);
    },
  );

  app.get(
    '/enterprise/portal-mappings',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: 'Every sign-in address /{company}/{store}; search matches slugs and names',
        security: [{ bearer: [] }],
        querystring: PortalMappingQuery,
        response: { 200: PortalMappingRows, ...errors },
      },
    },
    async (request) => ({ mappings: await request.inTenant((tx) => readMappings(tx, request.query.search ?? null)) }),
  );

  app.post(
    '/enterprise/portal-mappings',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: 'Map a sign-in address to a store of a company',
        security: [{ bearer: [] }],
        body: PortalMappingInput,
        response: { 201: PortalMappingRow, ...errors },
      },
    },
    async (request, reply) => {
      const mapping = await runEnterprise(
        request,
        'enterprise.portalMapping.create',
        { type: 'portal_mapping' },
        async (tx) => {
          const id = await saveMapping(tx, actorOf(request), null, request.body);
          return { result: await oneMapping(tx, id!), targetId: id!, details: { tenantId: request.body.tenantId } };
        },
        'companySlug',
      );
      return reply.code(201).send(mapping);
    },
  );

  app.put(
    '/enterprise/portal-mappings/:mappingId',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: 'Change a sign-in address or the store it leads to',
        security: [{ bearer: [] }],
        params: mappingParams,
        body: PortalMappingInput,
        response: { 200: PortalMappingRow, ...errors },
      },
    },
    (request) =>
      runEnterprise(
        request,
        'enterprise.portalMapping.update',
        { type: 'portal_mapping', id: request.params.mappingId },
        async (tx) => {
          const id = await saveMapping(tx, actorOf(request), request.params.mappingId, request.body);
          if (!id) throw new HttpError(404, 'request.notFound');
          return { result: await oneMapping(tx, id), details: { tenantId: request.body.tenantId } };
        },
        'companySlug',
      ),
  );

  app.delete(
    '/enterprise/portal-mappings/:mappingId',
    {
      config: access,
      schema: {
        tags: ['enterprise'],
        summary: 'Remove a sign-in address',
        security: [{ bearer: [] }],
        params: mappingParams,
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request) => {
      await runEnterprise(request, 'enterprise.portalMapping.remove', { type: 'portal_mapping', id: request.params.mappingId }, async (tx) => {
        const tenantId = await removeMapping(tx, actorOf(request), request.params.mappingId);
        if (!tenantId) throw new HttpError(404, 'request.notFound');
        return { result: null, details: { tenantId } };
      });
      return { id: request.params.mappingId };
    },
  );
}
