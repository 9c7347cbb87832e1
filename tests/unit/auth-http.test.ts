import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { z } from 'zod';
import { fetchPortalMapping } from '../../src/api/auth';
import { ApiError, apiRequest } from '../../src/api/http';
import { navigate } from 'wouter/use-browser-location';
import { createSessionActor, followSignInAddresses } from '../../src/app/sessionActor';
import { messages } from '../../src/contract/common';
import { clearviewDowntown, janeDoe } from '../fixtures/auth';

interface Call {
  path: string;
  headers: Headers;
}
type Reply = { status: number; body?: unknown };

let calls: Call[];
let session: ReturnType<typeof createSessionActor>;

/** Records every call; `answer` may return a promise to hold a call back. */
function fakeFetch(answer: (call: Call) => Reply | Promise<Reply>) {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const call = { path, headers: new Headers(init.headers) };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
}

const loadData = (name: string) => apiRequest(`/api/test/${name}`, { schema: z.object({ ok: z.literal(true) }) });
const pathCount = (path: string) => calls.filter((call) => call.path === path).length;

/** A signed-in session (stored token accepted by /me), connected to the http layer. */
async function signedIn() {
  sessionStorage.setItem('access_token', 'old-token');
  sessionStorage.setItem('tenantID', janeDoe.tenantId);
  sessionStorage.setItem('expiresAt', String(Math.floor(Date.now() / 1000) + 300));
  sessionStorage.setItem('user', btoa(JSON.stringify(janeDoe)));
  session = createSessionActor({ sessionStorage, localStorage });
  session.start();
  await waitFor(session, (snapshot) => snapshot.hasTag('signedIn'));
}

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/admin/pos/all');
});

afterEach(() => {
  session?.stop();
  vi.unstubAllGlobals();
});

describe('http layer', () => {
  it('sends the bearer token, the tenant header and JSON; public calls carry neither token nor tenant', async () => {
    fakeFetch(({ path }) => {
      if (path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
      if (path.startsWith('/api/portal/')) return { status: 200, body: clearviewDowntown };
      return { status: 200, body: { ok: true } };
    });
    await signedIn();
    await loadData('a');
    await fetchPortalMapping('clearview', 'downtown');

    const data = calls.find((call) => call.path === '/api/test/a')!;
    expect(data.headers.get('Authorization')).toBe('Bearer old-token');
    expect(data.headers.get('X-Tenant-ID')).toBe(janeDoe.tenantId);
    expect(data.headers.get('Accept')).toBe('application/json');
    const portal = calls.find((call) => call.path.startsWith('/api/portal/'))!;
    expect(portal.headers.has('Authorization')).toBe(false);
    expect(portal.headers.has('X-Tenant-ID')).toBe(false);
  });

  it('two concurrent 401s cause exactly one refresh, and each request is retried once with the new token', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve));
    fakeFetch(async ({ path, headers }) => {
      if (path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
      if (path === '/api/patient/refreshtoken') {
        await refreshHeld;
        return { status: 200, body: { accessToken: 'new-token', expiresIn: 600, refreshToken: null } };
      }
      return headers.get('Authorization') === 'Bearer new-token'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { error: messages.notSignedIn } };
    });
    await signedIn();

    const both = Promise.all([loadData('a'), loadData('b')]);
    await vi.waitFor(() => expect(pathCount('/api/patient/refreshtoken')).toBe(1));
    releaseRefresh();

    await expect(both).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(pathCount('/api/patient/refreshtoken')).toBe(1);
    expect(pathCount('/api/test/a')).toBe(2);
    expect(pathCount('/api/test/b')).toBe(2);
    expect(sessionStorage.getItem('access_token')).toBe('new-token');
    // A request that still carried the old token after the refresh retries without another refresh.
    calls.length = 0;
    await expect(loadData('c')).resolves.toEqual({ ok: true });
    expect(pathCount('/api/patient/refreshtoken')).toBe(0);
  });

  it('retries only once: a second 401 is the answer', async () => {
    fakeFetch(({ path }) => {
      if (path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
      if (path === '/api/patient/refreshtoken') {
        return { status: 200, body: { accessToken: 'new-token', expiresIn: 600, refreshToken: null } };
      }
      return { status: 401, body: { error: messages.notSignedIn } };
    });
    await signedIn();
    await expect(loadData('a')).rejects.toMatchObject({ status: 401, message: messages.notSignedIn });
    expect(pathCount('/api/test/a')).toBe(2);
    expect(pathCount('/api/patient/refreshtoken')).toBe(1);
  });

  it('a failed refresh ends the session with "Token refresh failed" and does not navigate', async () => {
    fakeFetch(({ path }) => {
      if (path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
      if (path === '/api/patient/refreshtoken') return { status: 401, body: { error: messages.tokenRefreshFailed } };
      return { status: 401, body: { error: messages.notSignedIn } };
    });
    await signedIn();
    const ended = vi.fn();
    session.on('session.ended', ended);

    const results = await Promise.allSettled([loadData('a'), loadData('b')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, message: messages.tokenRefreshFailed });
    }
    expect(pathCount('/api/patient/refreshtoken')).toBe(1);
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(session.getSnapshot().context.error).toEqual({ error: messages.tokenRefreshFailed });
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'refreshFailed' }));
    expect(window.location.pathname).toBe('/admin/pos/all');
  });

  it('a guest request that meets a 401 asks for no refresh', async () => {
    fakeFetch(() => ({ status: 401, body: { error: messages.notSignedIn } }));
    session = createSessionActor({ sessionStorage, localStorage });
    session.start();
    await expect(loadData('a')).rejects.toMatchObject({ status: 401 });
    expect(pathCount('/api/patient/refreshtoken')).toBe(0);
  });
});

describe('sign-in addresses', () => {
  it('opening an address ending in login or admin (optional slash) logs a signed-in user out', async () => {
    fakeFetch(({ path }) =>
      path === '/api/patient/me' ? { status: 200, body: { user: janeDoe } } : { status: 200, body: { ok: true } },
    );
    await signedIn();
    const stop = followSignInAddresses(session);
    navigate('/admin/pos/all');
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    navigate('/kiosk/login/');
    expect(session.getSnapshot().matches('autoLoggingOut')).toBe(true);
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'));
    expect(pathCount('/api/patient/logout')).toBe(1);
    expect(window.location.pathname).toBe('/kiosk/login/');
    stop();
  });
});
