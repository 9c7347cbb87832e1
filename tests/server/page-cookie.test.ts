/**
 * The page cookie of the server's first paint (server/firstPaint/firstPaint.ts): the access token also travels as
 * `pp_page` (HttpOnly, SameSite=Strict, path /, as long as the token lives) so a page load can be drawn with its
 * data. It follows the session (sign-in, every refresh, logout, a refused refresh), the kiosk never gets one, and
 * the API never takes it in place of the Authorization header. What a drawn document may hold: tests/e2e/first-paint.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, demo, signIn, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const cookies = (res: LightMyRequestResponse) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const pageCookie = (res: LightMyRequestResponse) => cookies(res).find((cookie) => cookie.startsWith('pp_page='));

describe('the page cookie', () => {
  it('is set at sign-in to the access token, HttpOnly, SameSite=Strict, for the whole site and the token\'s life', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } });
    expect(res.statusCode).toBe(200);
    const cookie = pageCookie(res)!;
    expect(cookie.split(';', 1)[0]).toBe(`pp_page=${res.json().access_token}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Max-Age=600/);
  });

  it('is never given to the kiosk, whose screen is shared', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'kiosk.downtown@clearview.test', password: DEMO_PASSWORD, isKiosk: true } });
    expect(res.statusCode).toBe(200);
    expect(pageCookie(res)).toBeUndefined();
  });

  it('follows every refresh, and goes when a refresh is refused or the user logs out', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const refreshed = await h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken', headers: { cookie: s.cookie }, payload: { accessToken: s.token } });
    expect(refreshed.statusCode).toBe(200);
    expect(pageCookie(refreshed)!.split(';', 1)[0]).toBe(`pp_page=${refreshed.json().accessToken}`);

    const refused = await h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken', headers: { cookie: 'pp_refresh=garbage' } });
    expect(refused.statusCode).toBe(401);
    expect(pageCookie(refused)).toMatch(/^pp_page=;/);

    const out = await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: bearer({ token: refreshed.json().accessToken }) });
    expect(out.statusCode).toBe(200);
    expect(pageCookie(out)).toMatch(/^pp_page=;/);
  });

  it('is never taken by the API in place of the Authorization header', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    for (const url of ['/api/patient/me', '/api/my/prescriptions', '/api/my/dashboard']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { cookie: `pp_page=${s.token}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
