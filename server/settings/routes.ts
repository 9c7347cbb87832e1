/** The signed-in user's theme settings and shortcuts. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SaveThemeSettingsRequest, SaveThemeSettingsResponse } from '../../src/contract/auth';
import { ErrorResponse, messages } from '../../src/contract/common';
import { sessionRoles } from '../http/access';
import { loadUserView } from '../auth/user-view';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';

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
      const auth = request.auth!;
      const { settings, shortcuts } = request.body.data;
      return request.inTenant(async (tx) => {
        await tx.update(users).set({ settings, shortcuts, updatedAt: now() }).where(eq(users.id, auth.sub));
        const user = await loadUserView(tx, auth.sub, auth.loc);
        if (!user) throw new HttpError(401, 'auth.notSignedIn');
        return { user, message: messages.settingsSaved };
      });
    },
  );

}
