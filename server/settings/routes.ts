/**
 * The signed-in user's theme settings and shortcuts; the company's general settings (admins: the company's groups
 * and each store's, every change one audited transaction).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SaveThemeSettingsRequest, SaveThemeSettingsResponse } from '../../src/contract/auth';
import { ErrorResponse, messages, type Role } from '../../src/contract/common';
import { sessionRoles } from '../http/access';
import { loadUserView } from '../auth/user-view';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { CompanySettingsUpdate, GeneralSettings, StoreParams, StoreSettingsUpdate } from '../../src/contract/generalSettings';
import { nowOf, writeErrors } from '../scope/audited';
import { readGeneralSettings, updateCompanySettings, updateStoreSettings } from './general';
import { callerOf } from '../scope/context';

const adminOnly = ['admin'] as const satisfies readonly Role[];

/** A store's details may carry its logo (base64): room for one over the limit to be read and refused at its field. */
const storeBodyLimit = 1024 * 1024;

/** The larger body is read only for an admin: anyone else is answered (as the access check would) before it is parsed. */
async function adminBeforeBody(request: FastifyRequest) {
  if (!callerOf(request).roles.some((role) => (adminOnly as readonly string[]).includes(role))) throw new HttpError(403, 'auth.forbidden');
}
const security = [{ bearer: [] }];
const tags = ['settings'];

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const now = () => app.deps.config.now();

  app.post(
    '/patient/savethemesettings',
    {
      config: { access: sessionRoles },
      schema: {
        tags: ['auth'],
        summary: "Save the user's theme settings and shortcuts",
        security: [{ bearer: [] }],
        body: SaveThemeSettingsRequest,
        response: { 200: SaveThemeSettingsResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const { settings, shortcuts } = request.body.data;
      return request.inTenant(async (tx) => {
        await tx.update(users).set({ settings, shortcuts, updatedAt: now() }).where(eq(users.id, auth.sub));
        const user = await loadUserView(tx, auth.sub, auth.loc);
        if (!user) throw new HttpError(401, 'auth.notSignedIn');
        return { user, message: messages.settingsSaved };
      });
    },
  );

  app.get(
    '/settings/general',
    {
      config: { access: adminOnly },
      schema: { tags, summary: "The company's general settings and each store's values and overrides", security, response: { 200: GeneralSettings, ...writeErrors } },
    },
    (request) =>
      request.work('settings.general.read', async ({ tx }) => ({ result: await readGeneralSettings(tx), audit: { targetType: 'company' } })),
  );

  app.put(
    '/settings/general/company',
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Save one group of the company's settings (sales, appointments, recalls, portal, system)",
        security,
        body: CompanySettingsUpdate,
        response: { 200: GeneralSettings, ...writeErrors },
      },
    },
    (request) => request.work('settings.company.update', ({ tx }) => updateCompanySettings(tx, request.body)),
  );

  app.put(
    '/settings/general/stores/:locationId',
    {
      config: { access: adminOnly },
      bodyLimit: storeBodyLimit,
      preParsing: adminBeforeBody,
      schema: {
        tags,
        summary: "Save one group of a store's settings (store details, sales, appointments, portal); null: the company's value",
        security,
        params: StoreParams,
        body: StoreSettingsUpdate,
        response: { 200: GeneralSettings, ...writeErrors },
      },
    },
    (request) =>
      request.work('settings.store.update', ({ tx, scope }) =>
        updateStoreSettings(tx, scope.tenantId, request.params.locationId, request.body, nowOf(request)),
      ),
  );
}
