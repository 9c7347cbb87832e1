/**
 * My Profile (/pages/profile): every signed-in person (not the kiosk device, not the new-user token) reads and
 * changes their own account. The account is the token's subject: no id is taken from the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { errorText } from '../../src/contract/errorCodes';
import { VersionHeaders, type Role } from '../../src/contract/common';
import {
  EmailChangeConfirm,
  EmailChangeRequest,
  OpenSessionList,
  PasswordChange,
  PhotoUpdate,
  Profile,
  ProfileUpdate,
  SignedOutOthers,
} from '../../src/contract/users';
import { audit } from '../audit/audit';
import { consumeCode } from '../auth/codes';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import { revokeOtherSessions } from '../auth/sessions';
import { users } from '../db/schema';
import { errorBody, HttpError } from '../http/errors';
import { limitAuthRequests } from '../http/rateLimit';
import { queueMessage } from '../messaging/outbox';
import { fixedMessages } from '../messaging/templates';
import { nowOf, writeErrors } from '../scope/audited';
import { applyEmailChange, ownAccount, requestEmailChange, sessionsOf, setPhoto, toProfile, updateProfile } from './profile';
import { callerOf } from '../scope/context';

/** Every person with a full session; the kiosk is a shared device, not a person. */
const people = ['admin', 'staff', 'patient', 'enterpriseadmin', 'user'] as const satisfies readonly Role[];
const security = [{ bearer: [] }];
const tags = ['profile'];
const errors = { ...writeErrors, 429: writeErrors[400] };

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: people };
  const { db, secrets, outbox } = app.deps;

  /** Password and code guesses count against the address like sign-ins (security.md). */
  const rateLimited = (request: FastifyRequest) => limitAuthRequests(db, request.ip, app.deps.config.authRequestsPerMinute, nowOf(request));
  const auditOwn = (request: FastifyRequest, action: string, outcome: 'success' | 'failure', details?: Record<string, unknown>) => {
    const auth = callerOf(request);
    return { tenantId: auth.tid, action, outcome, actorUserId: auth.sub, actorRoles: auth.roles, ip: request.ip, targetType: 'user', targetId: auth.sub, details } as const;
  };

  app.get(
    '/profile',
    { config, schema: { tags, summary: 'My account: name, email, photo, language', security, response: { 200: Profile, ...errors } } },
    (request) => request.inTenant(async (tx) => toProfile(await ownAccount(tx, callerOf(request).sub))),
  );

  app.patch(
    '/profile',
    {
      config,
      schema: { tags, summary: 'Change my name or language', security, headers: VersionHeaders, body: ProfileUpdate, response: { 200: Profile, ...errors } },
    },
    (request) =>
      request.work('profile.update', ({ tx }) => updateProfile(tx, callerOf(request).sub, request.body, nowOf(request), request.headers['if-match'])),
  );

  app.put(
    '/profile/photo',
    {
      config,
      schema: { tags, summary: 'Set (a PNG, JPEG or WebP of at most 64 KB) or remove my photo', security, body: PhotoUpdate, response: { 200: Profile, ...errors } },
    },
    (request) => request.work('profile.photo', ({ tx }) => setPhoto(tx, callerOf(request).sub, request.body.photo, nowOf(request))),
  );

  app.post(
    '/profile/email',
    {
      config,
      schema: { tags, summary: 'Send a code to a new email address', security, body: EmailChangeRequest, response: { 200: Profile, ...errors } },
    },
    async (request) => {
      await rateLimited(request);
      const auth = callerOf(request);
      return request.work('profile.email.request', ({ tx }) => requestEmailChange(tx, auth.tid, auth.sub, request.body.email, secrets.codeKey, nowOf(request)));
    },
  );

  app.post(
    '/profile/email/confirm',
    {
      config,
      schema: { tags, summary: 'Confirm the new email address with the code sent to it', security, body: EmailChangeConfirm, response: { 200: Profile, ...errors } },
    },
    async (request, reply) => {
      await rateLimited(request);
      const auth = callerOf(request);
      const now = nowOf(request);
      // Not through request.work: a wrong code must be counted (committed) while the answer is a refusal.
      const outcome = await request.inTenant(async (tx) => {
        const user = await ownAccount(tx, auth.sub, { lock: true });
        if (!user.pendingEmail) throw new HttpError(409, 'profile.noPendingEmail');
        if (!(await consumeCode(tx, secrets.codeKey, { tenantId: auth.tid, purpose: 'email-change', subjectId: auth.sub }, request.body.vcode, now))) {
          await audit(tx, auditOwn(request, 'profile.email.confirm', 'failure', { reason: 'code' }));
          return null;
        }
        const changed = await applyEmailChange(tx, auth.tid, user, now);
        await audit(tx, auditOwn(request, 'profile.email.confirm', 'success', { from: user.email, to: user.pendingEmail }));
        return changed;
      });
      if (!outcome) return reply.code(400).send(errorBody('auth.invalidCode', { fields: { vcode: errorText('auth.invalidCode') } }));
      await outbox.deliver([outcome.ref]);
      return outcome.profile;
    },
  );

  app.post(
    '/profile/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change my password with the current one; my other sessions end',
        security,
        body: PasswordChange,
        response: { 200: SignedOutOthers, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const auth = callerOf(request);
      const { currentPassword, newPassword } = request.body;
      const user = await request.inTenant((tx) => ownAccount(tx, auth.sub));
      // The slow hash checks run outside any transaction (server/auth/passwords.ts bounds them).
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        await request.inTenant((tx) => audit(tx, auditOwn(request, 'password.change', 'failure', { reason: 'current_password' })));
        return reply.code(400).send(errorBody('profile.wrongPassword', { fields: { currentPassword: errorText('profile.wrongPassword') } }));
      }
      const problem = passwordProblem(newPassword, user.email);
      if (problem) throw new HttpError(400, problem, { fields: { newPassword: errorText(problem) } });
      const hash = await hashPassword(newPassword);
      const now = nowOf(request);
      const { ended, ref } = await request.inTenant(async (tx) => {
        await tx.update(users).set({ passwordHash: hash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, auth.sub));
        const count = await revokeOtherSessions(tx, auth.sub, auth.sid, 'password_change', now);
        await audit(tx, auditOwn(request, 'password.change', 'success', { sessionsEnded: count }));
        const message = await queueMessage(tx, { tenantId: auth.tid, channel: 'email', recipient: user.email, userId: auth.sub, ...fixedMessages.passwordChanged() });
        return { ended: count, ref: message };
      });
      await outbox.deliver([ref]);
      return { ended };
    },
  );

  app.get(
    '/profile/sessions',
    { config, schema: { tags, summary: 'My open sessions (this one marked current)', security, response: { 200: OpenSessionList, ...errors } } },
    (request) => request.inTenant(async (tx) => ({ sessions: await sessionsOf(tx, callerOf(request).sub, callerOf(request).sid, nowOf(request)) })),
  );

  app.post(
    '/profile/sessions/sign-out-others',
    { config, schema: { tags, summary: 'Sign out everywhere else: every session but this one ends', security, response: { 200: SignedOutOthers, ...errors } } },
    (request) =>
      request.work('profile.sessions.signOutOthers', async ({ tx }) => {
        const ended = await revokeOtherSessions(tx, callerOf(request).sub, callerOf(request).sid, 'signed_out_elsewhere', nowOf(request));
        return { result: { ended }, audit: { targetType: 'user', targetId: callerOf(request).sub, details: { ended } } };
      }),
  );
}
