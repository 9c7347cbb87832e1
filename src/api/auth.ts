import type * as AuthContract from '../contract/auth';
import type { LoginRequest } from '../contract/auth';
import { ApiError, apiRequest } from './http';
import { PortalMapping } from './shapes';
import type { Shape } from './shapes';

type Contract = typeof AuthContract;

/**
 * The answers' zod schemas (src/contract/auth.ts) load with the first call that needs one, beside its request:
 * the sign-in page's own calls (the portal mapping, error answers) are checked by ./shapes, so the page loads
 * without the schema library.
 */
const schema =
  <T>(pick: (contract: Contract) => Shape<T>) =>
  () =>
    import('../contract/auth').then(pick);

/** The public sign-in address /{company}/{store}: which tenant and location it stands for. 404 when unknown. */
export function fetchPortalMapping(company: string, store: string, signal?: AbortSignal) {
  const path = `/api/portal/${encodeURIComponent(company)}/${encodeURIComponent(store)}`;
  return apiRequest(path, { auth: 'none', schema: PortalMapping, signal });
}

/** The auth-code step: checks the credentials; sends the sign-in code when the account needs one. */
export function authCode(request: LoginRequest, signal?: AbortSignal) {
  const { vcode: _vcode, isauth: _isauth, ...credentials } = request;
  return apiRequest('/api/patient/authcode', {
    method: 'POST',
    auth: 'none',
    body: credentials,
    tenantId: request.tenentID,
    schema: schema((c) => c.AuthCodeResponse),
    signal,
  });
}

/** Sets the HttpOnly refresh cookie; the access token comes back in the body. */
export function login(request: LoginRequest, signal?: AbortSignal) {
  return apiRequest('/api/patient/login', {
    method: 'POST',
    auth: 'none',
    body: request,
    tenantId: request.tenentID,
    schema: schema((c) => c.LoginResponse),
    signal,
  });
}

/**
 * Rotates the refresh cookie and returns a new access token. The expired access token goes along (the spec's
 * body) so the server keeps the store it named. Null when the server refuses the cookie (401).
 */
export async function refreshAccessToken(accessToken: string | null, signal?: AbortSignal) {
  const refresh = async () => {
    try {
      const answer = await apiRequest('/api/patient/refreshtoken', {
        method: 'POST',
        auth: 'none',
        body: { accessToken },
        schema: schema((c) => c.RefreshResponse),
        signal,
      });
      return { accessToken: answer.accessToken, expiresIn: answer.expiresIn };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
  // Tabs share the refresh cookie, and the server treats a rotated token presented again as theft. One tab
  // refreshes at a time (Web Locks): the next one sends the cookie the first just received.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('patient-portal-refresh', { signal }, refresh) : refresh();
}

export function fetchMe(accessToken: string, signal?: AbortSignal) {
  return apiRequest('/api/patient/me', { accessToken, schema: schema((c) => c.MeResponse), signal });
}
