/** The new-user flow (code, then the first password) and the forgotten-password flow (code, reset token, password). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordRequest, ForgotPasswordRequest, ForgotPasswordResponse, LoginResponse, OtpSubmitRequest, OtpSubmitResponse, PasswordResetRequest, PasswordResetResponse, SendOtpResponse } from '../../src/contract/auth';
import { ErrorResponse, messages } from '../../src/contract/common';
import { errorBody, HttpError } from '../http/errors';
import { maskEmail } from '../messaging/messaging';
import { hashPassword } from './passwords';
import { checkNewUserCode, exchangeResetCode, resetPassword, storeFirstPassword } from './passwordReset';
import { authErrors as errors, authKit } from './session';
import { revokeFamily } from './sessions';
import { findUserById } from './user-view';
import { callerOf } from '../scope/context';

export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, secrets, outbox } = app.deps;
  const { now, rateLimited, openSession, sendCode, findInTenant } = authKit(fastify);
  const deps = { db, secrets, now };

  app.post(
    '/patient/sendotp',
    {
      config: { access: ['newuser'] },
      schema: {
        tags: ['auth'],
        summary: 'New-user flow: email a code to the account signed in with its temporary password',
        security: [{ bearer: [] }],
        body: z.object({}).passthrough().nullish(),
        response: { 200: SendOtpResponse, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const auth = callerOf(request);
      // inTenant: the new-user token's session must still be open (logout ends it).
      const user = await request.inTenant((tx) => findUserById(tx, auth.sub));
      if (!user || user.isRegistered) throw new HttpError(403, 'auth.forbidden');
      const sent = await sendCode(auth.tid, user, 'newuser');
      if (sent !== true) return reply.code(429).send(errorBody(sent));
      return { user: { email: maskEmail(user.email) }, error: null };
    },
  );

  app.post(
    '/patient/cpassword',
    {
      config: { access: ['newuser'] },
      schema: {
        tags: ['auth'],
        summary: 'New-user flow: set the password with the emailed code; opens the session',
        security: [{ bearer: [] }],
        body: ChangePasswordRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const auth = callerOf(request);
      const { vcode, password } = request.body;
      const result = await request.inTenant((tx) => checkNewUserCode(tx, deps, auth.tid, auth.sub, vcode, password, request.ip));
      if (!result) return reply.code(400).send(errorBody('auth.invalidCode', { fields: { vcode: messages.invalidCode } }));
      const passwordHash = await hashPassword(password);
      return request.inTenant(async (tx) => {
        const user = await storeFirstPassword(tx, auth.tid, auth.sub, passwordHash, now(), request.ip);
        // The new-user token has done its work: the full session opened here replaces its session.
        await revokeFamily(tx, auth.sid, 'registered', now());
        return openSession(tx, request, reply, user, user.defaultLocationId, false);
      });
    },
  );

  app.post(
    '/patient/forgotpassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: email a reset code if the account exists (the answer never tells)',
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await rateLimited(request);
      const { username, tenant } = request.body;
      // The account is looked up after the answer has gone: the answer and its timing are the same for every name.
      outbox.afterAnswer('forgot-password code', async () => {
        const user = await findInTenant(tenant, username);
        if (user && user.isRegistered && !user.disabledAt) await sendCode(tenant, user, 'reset');
      });
      return { sent: true as const };
    },
  );

  app.post(
    '/patient/otpsubmit',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: exchange the emailed code for a single-use reset token',
        body: OtpSubmitRequest,
        response: { 200: OtpSubmitResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const { username, tenant, vcode } = request.body;
      const user = await findInTenant(tenant, username);
      const resetToken = user ? await exchangeResetCode(deps, tenant, user.id, vcode, request.ip) : null;
      if (!resetToken) return reply.code(400).send(errorBody('auth.invalidCode', { fields: { vcode: messages.invalidCode } }));
      return { resetToken };
    },
  );

  app.post(
    '/patient/passwordReset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: set a new password with the reset token; ends every session of the account',
        body: PasswordResetRequest,
        response: { 200: PasswordResetResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await rateLimited(request);
      const ref = await resetPassword(deps, request.body.resetToken, request.body.password, request.ip);
      await outbox.deliver([ref]);
      return { changed: true as const };
    },
  );
}
