/** What the sign-in and password calls share: the rate limit, the refresh cookie, opening a session, sending a code. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '../../src/contract/auth';
import { ErrorResponse, Uuid } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { CodesLockedError, issueCode, TooManyCodesError } from './codes';
import { limitAuthRequests } from '../http/rateLimit';
import { createSession } from './sessions';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './tokens';
import { findUserByEmail, loadUserView, type UserRow } from './user-view';
import { withTenant, type Tx } from '../db/client';
import { users } from '../db/schema';
import { queueMessage } from '../messaging/outbox';
import { composeAccountMessage } from '../messaging/messaging';
import { setPageCookie } from '../firstPaint/firstPaint';

export const REFRESH_COOKIE = 'pp_refresh';
const REFRESH_COOKIE_PATH = '/api/patient';
export const authErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export function authKit(app: FastifyInstance) {
  const { config, db, secrets, outbox } = app.deps;
  const now = () => config.now();

  /** At most N auth requests in any minute from one address (security.md). */
  const rateLimited = (request: FastifyRequest) => limitAuthRequests(db, request.ip, config.authRequestsPerMinute, now());

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
    // The kiosk's shared screen never gets a page drawn by the server (server/firstPaint/firstPaint.ts).
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

  /** Issues a code and writes its message; answers true, or the code of the error saying why no code was sent. */
  const sendCode = async (tenantId: string, user: UserRow, purpose: 'signin' | 'newuser' | 'reset'): Promise<true | 'auth.tooManyCodes' | 'auth.codeLocked'> => {
    try {
      const ref = await withTenant(db, tenantId, async (tx) => {
        const code = await issueCode(tx, secrets.codeKey, { tenantId, purpose, subjectId: user.id }, now());
        const text = await composeAccountMessage(tx, { userId: user.id, key: purpose === 'reset' ? 'auth.reset' : 'auth.code', fields: { code } });
        await audit(tx, { tenantId, action: `code.sent`, outcome: 'success', actorUserId: user.id, details: { purpose } });
        return queueMessage(tx, { tenantId, channel: 'email', recipient: user.email, userId: user.id, locationId: user.defaultLocationId ?? undefined, ...text });
      });
      await outbox.deliver([ref]);
      return true;
    } catch (err) {
      if (err instanceof TooManyCodesError) return 'auth.tooManyCodes';
      if (err instanceof CodesLockedError) return 'auth.codeLocked';
      throw err;
    }
  };

  const findInTenant = (tenantId: string, email: string) =>
    withTenant(db, tenantId, (tx) => findUserByEmail(tx, email));

  return { now, rateLimited, setRefreshCookie, clearRefreshCookie, openSession, sendCode, findInTenant };
}

export function tenantHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-tenant-id'];
  return typeof value === 'string' && Uuid.safeParse(value).success ? value : undefined;
}
