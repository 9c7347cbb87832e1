/**
 * Sign-in and sessions (spec section 7), under /api/patient: sign-in with its auth-code step, refresh, logout and
 * the current user; the new-user and forgotten-password calls are in passwordRoutes.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthCodeRequest, AuthCodeResponse, LoginRequest, LoginResponse, MeResponse, RefreshRequest, RefreshResponse } from '../../src/contract/auth';
import { ErrorResponse } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { consumeCode } from './codes';
import { createNewUserSession, revokeFamily } from './sessions';
import { clearFailures, stillAdmitted } from './sign-in';
import { checkSignIn } from './acrossCompanies';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_SECONDS, issueDeviceCookie } from './device';
import { ACCESS_TOKEN_SECONDS, parseRefreshToken, readOwnExpiredToken, signAccessToken } from './tokens';
import { createBuiltUserViews, findUserById, newUserView, toUserView, userViewQuery, userViewVersionQuery, type UserViewAnswer } from './user-view';
import { withTenant, type Tx } from '../db/client';
import { errorBody, HttpError } from '../http/errors';
import { clearPageCookie, setPageCookie } from '../firstPaint/firstPaint';
import { refreshSession } from './refresh';
import { authErrors as errors, authKit, REFRESH_COOKIE, tenantHeader } from './session';
import { passwordRoutes } from './passwordRoutes';
import { lockRoutes } from './locks';
import { callerOf } from '../scope/context';

/** The auth-code step's refusal: the spec's answer shape, with the error's code beside its text like every error. */
const AuthCodeRefusal = AuthCodeResponse.extend({ code: ErrorResponse.shape.code });

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, secrets, checkPassword } = app.deps;
  const { now, rateLimited, setRefreshCookie, clearRefreshCookie, openSession, sendCode } = authKit(fastify);
  const builtViews = createBuiltUserViews();

  /** A sign-in whose account or company changed after its credentials were checked: audited, answered like any refusal. */
  const refusedAfterCheck = async (tx: Tx, tenantId: string, userId: string, ip: string): Promise<null> => {
    await audit(tx, { tenantId, action: 'login', outcome: 'failure', actorUserId: userId, ip, details: { reason: 'changed_during_sign_in' } });
    return null;
  };

  app.post(
    '/patient/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (store, location, enterprise admin, patient and kiosk variants)',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const body = request.body;
      const check = await checkSignIn(db, body, {
        headerTenant: tenantHeader(request),
        ip: request.ip,
        now: now(),
        action: 'login',
        device: request.cookies[DEVICE_COOKIE],
        codeKey: secrets.codeKey,
        checkPassword,
      });
      if (check.kind === 'refused') return reply.code(401).send(errorBody('auth.invalidCredentials'));
      if (check.kind === 'chooseCompany') return reply.code(409).send(errorBody('auth.chooseCompany', { details: { companies: check.companies } }));
      if (check.kind === 'registrationExpired') return reply.code(403).send(errorBody('auth.registrationExpired'));
      if (check.kind === 'companySuspended') return reply.code(403).send(errorBody('auth.companySuspended'));
      if (check.kind === 'newUser') {
        // A short token that admits only the new-user calls (sendotp, cpassword), in a session of its own that
        // logout ends like any other.
        const sid = await withTenant(db, check.tenantId, async (tx) => {
          if (!(await stillAdmitted(tx, check.user.id, null))) return refusedAfterCheck(tx, check.tenantId, check.user.id, request.ip);
          await audit(tx, { tenantId: check.tenantId, action: 'login', outcome: 'success', actorUserId: check.user.id, actorRoles: ['newuser'], ip: request.ip, details: { newUser: true } });
          return createNewUserSession(tx, { tenantId: check.tenantId, userId: check.user.id, ip: request.ip, userAgent: request.headers['user-agent'], now: now(), seconds: ACCESS_TOKEN_SECONDS });
        });
        if (!sid) return reply.code(401).send(errorBody('auth.invalidCredentials'));
        const token = await signAccessToken(secrets, { sub: check.user.id, tid: check.tenantId, roles: ['newuser'], sid }, now());
        return {
          user: newUserView(check.user),
          access_token: token,
          expiresIn: ACCESS_TOKEN_SECONDS,
          tenantID: check.tenantId,
          refreshToken: null,
          error: null,
        };
      }
      const { tenantId, locationId, variant, codeStep, trustedDevice, deviceNonce } = check;
      const result = await withTenant(db, tenantId, async (tx) => {
        // The account and its company as they are now, in the transaction that opens the session: a deactivation,
        // suspension or change of roles made while the password was being checked refuses this sign-in.
        const user = await stillAdmitted(tx, check.user.id, variant);
        if (!user) return refusedAfterCheck(tx, tenantId, check.user.id, request.ip);
        if (user.requiresAuthCode || codeStep) {
          const ok = body.isauth && body.vcode && (await consumeCode(tx, secrets.codeKey, { tenantId, purpose: 'signin', subjectId: user.id }, body.vcode, now()));
          if (!ok) {
            await audit(tx, { tenantId, action: 'login', outcome: 'failure', actorUserId: user.id, ip: request.ip, details: { reason: codeStep ? 'code_step' : 'auth_code' } });
            return null;
          }
        }
        await clearFailures(tx, user, request.ip, deviceNonce, !trustedDevice);
        await audit(tx, { tenantId, action: 'login', outcome: 'success', actorUserId: user.id, actorRoles: user.roles, ip: request.ip, details: { variant, locationId } });
        return openSession(tx, request, reply, user, locationId, variant === 'kiosk');
      });
      if (!result) return reply.code(401).send(errorBody('auth.invalidCredentials'));
      // The browser that signed in is trusted from now on (security.md): a new cookie unless it holds a good one.
      if (!deviceNonce) {
        reply.setCookie(DEVICE_COOKIE, issueDeviceCookie(secrets.codeKey, tenantId, check.user.id), {
          httpOnly: true,
          sameSite: 'strict',
          secure: config.env === 'production',
          path: DEVICE_COOKIE_PATH,
          maxAge: DEVICE_COOKIE_SECONDS,
        });
      }
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
        response: { 200: AuthCodeResponse, 401: AuthCodeRefusal, 403: AuthCodeRefusal, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      await rateLimited(request);
      const check = await checkSignIn(db, request.body, {
        headerTenant: tenantHeader(request),
        ip: request.ip,
        now: now(),
        action: 'authcode',
        device: request.cookies[DEVICE_COOKIE],
        codeKey: secrets.codeKey,
        checkPassword,
      });
      if (check.kind === 'refused') return reply.code(401).send({ role: null, isauth: false, codeRequired: false, ...errorBody('auth.invalidCredentials') });
      if (check.kind === 'registrationExpired')
        return reply.code(403).send({ role: null, isauth: false, codeRequired: false, ...errorBody('auth.registrationExpired') });
      if (check.kind === 'companySuspended')
        return reply.code(403).send({ role: null, isauth: false, codeRequired: false, ...errorBody('auth.companySuspended') });
      if (check.kind === 'chooseCompany') return { role: null, isauth: false, codeRequired: false, error: null, companies: check.companies };
      if (check.kind === 'newUser') return { role: 'newuser' as const, isauth: false, codeRequired: false, error: null };
      const { user, tenantId } = check;
      const roles = user.roles as z.infer<typeof AuthCodeResponse>['role'] & string[];
      if (!user.requiresAuthCode && !check.codeStep) return { role: roles, isauth: true, codeRequired: false, error: null };
      const sent = await sendCode(tenantId, user, 'signin');
      if (sent !== true) return reply.code(429).send(errorBody(sent));
      return { role: roles, isauth: true, codeRequired: true, error: null };
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
        return reply.code(401).send(errorBody('auth.tokenRefreshFailed'));
      };
      if (!parsed) return refused();
      const rules = { key: secrets.codeKey, graceSeconds: config.refreshGraceSeconds };
      const result = await withTenant(db, parsed.tenantId, (tx) => refreshSession(tx, parsed, rules, now, request.ip));
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
      const auth = callerOf(request);
      await withTenant(db, auth.tid, async (tx) => {
        await revokeFamily(tx, auth.sid, 'logout', now());
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
    async (request, reply) => {
      const auth = callerOf(request);
      if (auth.roles.includes('newuser')) {
        return request.inTenant(async (tx) => {
          const user = await findUserById(tx, auth.sub);
          if (user) return { user: newUserView(user) };
          throw new HttpError(401, 'auth.notSignedIn');
        });
      }
      // A kept answer is a string written as it is: it went through the route's response schema when it was built.
      const send = (json: string) => (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
      const key = `${auth.tid}/${auth.sub}/${auth.loc ?? ''}`;
      const known = builtViews.get(key);
      if (known) {
        const [current] = await request.readInTenant<{ version: string }>(userViewVersionQuery(auth.sub));
        if (!current) throw new HttpError(401, 'auth.notSignedIn');
        if (current.version === known.version) return send(known.json);
      }
      const [row] = await request.readInTenant<UserViewAnswer>(userViewQuery(auth.sub, auth.loc));
      if (!row) throw new HttpError(401, 'auth.notSignedIn');
      return send(builtViews.keep(key, row.version, reply.serialize({ user: toUserView(row.view) }) as string));
    },
  );


  await fastify.register(passwordRoutes);
  await fastify.register(lockRoutes);
}
