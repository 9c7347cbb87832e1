/** The sign-in and session API of the spec (section 7), under /api/patient, and the portal look-up. */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthCodeRequest,
  AuthCodeResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginResponse,
  MeResponse,
  OtpSubmitRequest,
  OtpSubmitResponse,
  PasswordResetRequest,
  PasswordResetResponse,
  PortalMapping,
  RefreshRequest,
  RefreshResponse,
  SaveThemeSettingsRequest,
  SaveThemeSettingsResponse,
  SendOtpResponse,
  Slug,
} from '../../src/contract/auth';
import { ErrorResponse, messages, Uuid } from '../../src/contract/common';
import { sessionRoles } from '../http/access';
import { audit } from '../audit/audit';
import { CodesLockedError, consumeCode, issueCode, TooManyCodesError } from './codes';
import { hashPassword, passwordProblem } from './passwords';
import { admitAuthRequest } from '../http/rateLimit';
import { createSession, revokeAllSessions, revokeFamily, rotateRefreshToken } from './sessions';
import { checkCredentials } from './sign-in';
import { ACCESS_TOKEN_SECONDS, parseRefreshToken, readOwnExpiredToken, signAccessToken } from './tokens';
import {
  findUserByEmail,
  findUserById,
  loadUserView,
  newUserView,
  toUserView,
  userViewQuery,
  type UserRow,
  type UserViewRow,
} from './user-view';
import { queryRows, withoutTenant, withTenant, type Tx } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { queueMessage } from '../messaging/outbox';
import { authMessages } from '../messaging/templates';
import { clearPageCookie, setPageCookie } from '../firstPaint/firstPaint';

export const REFRESH_COOKIE = 'pp_refresh';
const REFRESH_COOKIE_PATH = '/api/patient';
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, secrets, outbox } = app.deps;
  const now = () => config.now();

  /** At most N auth requests a minute from one address (security.md). */
  const rateLimited = async (request: FastifyRequest) => {
    if (!(await admitAuthRequest(db, request.ip, config.authRequestsPerMinute, now()))) {
      throw new HttpError(429, messages.tooManyRequests);
    }
  };

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.env === 'production',
      path: REFRESH_COOKIE_PATH,
      maxAge: 12 * 60 * 60,
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });

  /** Opens a full session for a user: refresh family (cookie) and access token. */
  const openSession = async (
    tx: Tx,
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    locationId: string | null,
    kiosk: boolean,
  ): Promise<LoginResponse> => {
    const session = await createSession(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      kiosk,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      now: now(),
    });
    await tx.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
    setRefreshCookie(reply, session.refreshToken);
    const accessToken = await signAccessToken(
      secrets,
      { sub: user.id, tid: user.tenantId, roles: user.roles as LoginResponse['user']['role'], sid: session.familyId, loc: locationId ?? undefined },
      now(),
    );
    // The kiosk's shared screen never gets a page drawn by the server (server/firstPaint.ts).
    if (!kiosk) setPageCookie(reply, accessToken, config.env === 'production');
    return {
      user: (await loadUserView(tx, user.id, locationId))!,
      access_token: accessToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      tenantID: user.tenantId,
      refreshToken: null,
      error: null,
    };
  };

  app.post(
    '/patient/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (store, location, enterprise admin, patient and kiosk variants)',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const body = request.body;
      const check = await checkCredentials(db, body, {
        headerTenant: tenantHeader(request),
        ip: request.ip,
        now: now(),
        action: 'login',
      });
      if (check.kind === 'refused') return reply.code(401).send({ error: messages.invalidLogin });
      if (check.kind === 'registrationExpired') return reply.code(403).send({ error: messages.registrationExpired });
      if (check.kind === 'newUser') {
        // A short token that admits only the new-user calls (sendotp, cpassword); no session yet.
        const token = await signAccessToken(secrets, { sub: check.user.id, tid: check.tenantId, roles: ['newuser'] }, now());
        await withTenant(db, check.tenantId, (tx) =>
          audit(tx, { tenantId: check.tenantId, action: 'login', outcome: 'success', actorUserId: check.user.id, actorRoles: ['newuser'], ip: request.ip, details: { newUser: true } }),
        );
        return {
          user: newUserView(check.user),
          access_token: token,
          expiresIn: ACCESS_TOKEN_SECONDS,
          tenantID: check.tenantId,
          refreshToken: null,
          error: null,
        };
      }
      const { user, tenantId, locationId, variant } = check;
      const result = await withTenant(db, tenantId, async (tx) => {
        if (user.requiresAuthCode) {
          const ok = body.isauth && body.vcode && (await consumeCode(tx, secrets.codeKey, { tenantId, purpose: 'signin', subjectId: user.id }, body.vcode, now()));
          if (!ok) {
            await audit(tx, { tenantId, action: 'login', outcome: 'failure', actorUserId: user.id, ip: request.ip, details: { reason: 'auth_code' } });
            return null;
          }
        }
        await audit(tx, { tenantId, action: 'login', outcome: 'success', actorUserId: user.id, actorRoles: user.roles, ip: request.ip, details: { variant, locationId } });
        return openSession(tx, request, reply, user, locationId, variant === 'kiosk');
      });
      if (!result) return reply.code(401).send({ error: messages.invalidLogin });
      return result;
    },
  );

  app.post(
    '/patient/authcode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Auth-code step: checks the credentials, sends the sign-in code when the account needs one',
        body: AuthCodeRequest,
        response: { 200: AuthCodeResponse, 401: AuthCodeResponse, 403: AuthCodeResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const check = await checkCredentials(db, request.body, {
        headerTenant: tenantHeader(request),
        ip: request.ip,
        now: now(),
        action: 'authcode',
      });
      if (check.kind === 'refused') return reply.code(401).send({ role: null, isauth: false, codeRequired: false, error: messages.invalidLogin });
      if (check.kind === 'registrationExpired')
        return reply.code(403).send({ role: null, isauth: false, codeRequired: false, error: messages.registrationExpired });
      if (check.kind === 'newUser') return { role: 'newuser' as const, isauth: false, codeRequired: false, error: null };
      const { user, tenantId } = check;
      const roles = user.roles as z.infer<typeof AuthCodeResponse>['role'] & string[];
      if (!user.requiresAuthCode) return { role: roles, isauth: true, codeRequired: false, error: null };
      const sent = await sendCode(tenantId, user, 'signin');
      if (sent !== true) return reply.code(429).send({ error: sent });
      return { role: roles, isauth: true, codeRequired: true, error: null };
    },
  );

  /** Issues a code and writes its message; answers true, or the message saying why no code was sent. */
  const sendCode = async (tenantId: string, user: UserRow, purpose: 'signin' | 'newuser' | 'reset'): Promise<true | string> => {
    try {
      const ref = await withTenant(db, tenantId, async (tx) => {
        const code = await issueCode(tx, secrets.codeKey, { tenantId, purpose, subjectId: user.id }, now());
        const text = purpose === 'signin' ? authMessages.signinCode(code) : purpose === 'newuser' ? authMessages.newUserCode(code) : authMessages.resetCode(code);
        await audit(tx, { tenantId, action: `code.sent`, outcome: 'success', actorUserId: user.id, details: { purpose } });
        return queueMessage(tx, { tenantId, channel: 'email', recipient: user.email, userId: user.id, ...text });
      });
      await outbox.deliver([ref]);
      return true;
    } catch (err) {
      if (err instanceof TooManyCodesError) return messages.tooManyCodes;
      if (err instanceof CodesLockedError) return messages.codeLocked;
      throw err;
    }
  };

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

  app.post(
    '/patient/refreshtoken',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (HttpOnly cookie) and get a new access token',
        body: RefreshRequest,
        response: { 200: RefreshResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const parsed = parseRefreshToken(request.cookies[REFRESH_COOKIE]);
      const refused = () => {
        clearRefreshCookie(reply);
        clearPageCookie(reply);
        return reply.code(401).send({ error: messages.tokenRefreshFailed });
      };
      if (!parsed) return refused();
      const result = await withTenant(db, parsed.tenantId, async (tx) => {
        const outcome = await rotateRefreshToken(tx, parsed.tenantId, parsed.hash, now());
        if (outcome.kind === 'unknown') return null;
        const user = await findUserById(tx, outcome.userId);
        if (outcome.kind === 'rotated' && (!user || user.disabledAt)) {
          await revokeFamily(tx, outcome.familyId, 'disabled', now());
          return null;
        }
        if (outcome.kind !== 'rotated') {
          await audit(tx, {
            tenantId: parsed.tenantId,
            action: outcome.kind === 'reused' ? 'token.reuse_detected' : 'token.refresh',
            outcome: 'denied',
            actorUserId: outcome.userId,
            ip: request.ip,
            details: { familyId: outcome.familyId, ...(outcome.kind === 'ended' ? { reason: outcome.reason } : {}) },
          });
          return null;
        }
        await audit(tx, { tenantId: parsed.tenantId, action: 'token.refresh', outcome: 'success', actorUserId: outcome.userId, ip: request.ip, details: { familyId: outcome.familyId } });
        return { refreshToken: outcome.refreshToken, familyId: outcome.familyId, user: user! };
      });
      if (!result) return refused();
      setRefreshCookie(reply, result.refreshToken);
      const accessToken = await signAccessToken(
        secrets,
        { sub: result.user.id, tid: parsed.tenantId, roles: result.user.roles as LoginResponse['user']['role'], sid: result.familyId, loc: await previousLocation(request, result.familyId, result.user.id) },
        now(),
      );
      if (!(result.user.roles as string[]).includes('kiosk')) setPageCookie(reply, accessToken, config.env === 'production');
      return { accessToken, expiresIn: ACCESS_TOKEN_SECONDS, refreshToken: null };
    },
  );

  /**
   * Keeps the store of the expiring access token (sent in the body as the spec does), only when it is our own
   * signed token of this very session.
   */
  const previousLocation = async (request: FastifyRequest, familyId: string, userId: string): Promise<string | undefined> => {
    const token = (request.body as z.infer<typeof RefreshRequest>)?.accessToken;
    const claims = token ? await readOwnExpiredToken(secrets, token) : null;
    return claims && claims.sid === familyId && claims.sub === userId ? claims.loc : undefined;
  };

  app.post(
    '/patient/logout',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'End the session: the refresh family is revoked at once',
        security: [{ bearer: [] }],
        response: { 200: z.object({ ok: z.literal(true) }), 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await withTenant(db, auth.tid, async (tx) => {
        if (auth.sid) await revokeFamily(tx, auth.sid, 'logout', now());
        await audit(tx, { tenantId: auth.tid, action: 'logout', outcome: 'success', actorUserId: auth.sub, actorRoles: auth.roles, ip: request.ip });
      });
      clearRefreshCookie(reply);
      clearPageCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/patient/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with the default store and its logo',
        security: [{ bearer: [] }],
        response: { 200: MeResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (auth.roles.includes('newuser')) {
        return request.inTenant(async (tx) => {
          const user = await findUserById(tx, auth.sub);
          if (user) return { user: newUserView(user) };
          throw new HttpError(401, messages.notSignedIn);
        });
      }
      const [row] = await request.readInTenant<UserViewRow>(userViewQuery(auth.sub, auth.loc));
      if (!row) throw new HttpError(401, messages.notSignedIn);
      return { user: toUserView(row) };
    },
  );

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
        if (!user) throw new HttpError(401, messages.notSignedIn);
        return { user, message: messages.settingsSaved };
      });
    },
  );

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
      const { company, store } = request.params;
      const rows = await withoutTenant(db, (tx) =>
        queryRows<{ tenant_id: string; location_id: string; company_name: string; company_slug: string; store_name: string; store_slug: string; logo: string | null }>(
          tx,
          sql`select * from app_resolve_portal(${company}, ${store})`,
        ),
      );
      const row = rows[0];
      if (!row) return reply.code(404).send({ error: messages.unknownPortal });
      return {
        tenantID: row.tenant_id,
        locationid: row.location_id,
        companyName: row.company_name,
        companySlug: row.company_slug,
        storeName: row.store_name,
        storeSlug: row.store_slug,
        logo: row.logo,
      };
    },
  );

  const findInTenant = (tenantId: string, email: string) =>
    withTenant(db, tenantId, (tx) => findUserByEmail(tx, email));
}

function tenantHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-tenant-id'];
  return typeof value === 'string' && Uuid.safeParse(value).success ? value : undefined;
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}@${domain}`;
}
