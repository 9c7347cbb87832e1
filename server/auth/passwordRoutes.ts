/** The new-user flow (code, then the first password) and the forgotten-password flow (code, reset token, password). */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordRequest, ForgotPasswordRequest, ForgotPasswordResponse, LoginResponse, OtpSubmitRequest, OtpSubmitResponse, PasswordResetRequest, PasswordResetResponse, SendOtpResponse } from '../../src/contract/auth';
import { ErrorResponse, messages, Uuid } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { consumeCode, issueCode } from './codes';
import { hashPassword, passwordProblem } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserById } from './user-view';
import { withTenant } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { queueMessage } from '../messaging/outbox';
import { authMessages } from '../messaging/templates';
import { authErrors as errors, authKit } from './session';
import { maskEmail } from '../messaging/messaging';

export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, secrets, outbox } = app.deps;
  const { now, rateLimited, openSession, sendCode, findInTenant } = authKit(fastify);

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
      const auth = request.auth!;
      const user = await withTenant(db, auth.tid, (tx) => findUserById(tx, auth.sub));
      if (!user || user.isRegistered) throw new HttpError(403, messages.forbidden);
      const sent = await sendCode(auth.tid, user, 'newuser');
      if (sent !== true) return reply.code(429).send({ error: sent });
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
      const auth = request.auth!;
      const { vcode, password } = request.body;
      const result = await withTenant(db, auth.tid, async (tx) => {
        const user = await findUserById(tx, auth.sub);
        if (!user || user.isRegistered) throw new HttpError(403, messages.forbidden);
        const problem = passwordProblem(password, user.email);
        if (problem) throw new HttpError(400, problem, { password: problem });
        if (!(await consumeCode(tx, secrets.codeKey, { tenantId: auth.tid, purpose: 'newuser', subjectId: user.id }, vcode, now()))) {
          await audit(tx, { tenantId: auth.tid, action: 'password.set', outcome: 'failure', actorUserId: user.id, ip: request.ip, details: { reason: 'code' } });
          return null;
        }
        return user;
      });
      if (!result) return reply.code(400).send({ error: messages.invalidCode, fields: { vcode: messages.invalidCode } });
      const passwordHash = await hashPassword(password);
      return withTenant(db, auth.tid, async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, isRegistered: true, tempPasswordExpiresOn: null, passwordChangedAt: now(), updatedAt: now() })
          .where(and(eq(users.id, auth.sub), eq(users.isRegistered, false)))
          .returning();
        if (!user) throw new HttpError(403, messages.forbidden);
        await audit(tx, { tenantId: auth.tid, action: 'password.set', outcome: 'success', actorUserId: user.id, ip: request.ip });
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
      const user = await findInTenant(tenant, username);
      if (user && user.isRegistered && !user.disabledAt) await sendCode(tenant, user, 'reset');
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
      const grant = user
        ? await withTenant(db, tenant, async (tx) => {
            const subject = { tenantId: tenant, subjectId: user.id };
            if (!(await consumeCode(tx, secrets.codeKey, { ...subject, purpose: 'reset' }, vcode, now()))) {
              await audit(tx, { tenantId: tenant, action: 'password.reset_code', outcome: 'failure', actorUserId: user.id, ip: request.ip });
              return null;
            }
            return issueCode(tx, secrets.codeKey, { ...subject, purpose: 'reset-grant' }, now(), 'grant');
          })
        : null;
      if (!user || !grant) return reply.code(400).send({ error: messages.invalidCode, fields: { vcode: messages.invalidCode } });
      return { resetToken: `${tenant}.${user.id}.${grant}` };
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
      const invalid = new HttpError(400, 'This reset request is no longer valid. Please ask for a new code.', {
        resetToken: 'This reset request is no longer valid. Please ask for a new code.',
      });
      const [tenant, userId, grant, ...rest] = request.body.resetToken.split('.');
      if (rest.length || !grant || !Uuid.safeParse(tenant).success || !Uuid.safeParse(userId).success) throw invalid;
      const user = await withTenant(db, tenant!, (tx) => findUserById(tx, userId!));
      if (!user) throw invalid;
      const problem = passwordProblem(request.body.password, user.email);
      if (problem) throw new HttpError(400, problem, { password: problem });
      const hash = await hashPassword(request.body.password);
      const ref = await withTenant(db, tenant!, async (tx) => {
        if (!(await consumeCode(tx, secrets.codeKey, { tenantId: tenant!, purpose: 'reset-grant', subjectId: user.id }, grant, now()))) return null;
        await tx
          .update(users)
          .set({ passwordHash: hash, passwordChangedAt: now(), updatedAt: now(), failedLoginCount: 0, lockedUntil: null, lastFailedLoginAt: null })
          .where(eq(users.id, user.id));
        await revokeAllSessions(tx, user.id, 'password_change', now());
        await audit(tx, { tenantId: tenant!, action: 'password.reset', outcome: 'success', actorUserId: user.id, ip: request.ip });
        return queueMessage(tx, { tenantId: tenant!, channel: 'email', recipient: user.email, userId: user.id, ...authMessages.passwordChanged() });
      });
      if (!ref) throw invalid;
      await outbox.deliver([ref]);
      return { changed: true as const };
    },
  );

}
