import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { auditActions, bearer, demo, demoIds, DEMO_PASSWORD, refreshCookieOf, signIn, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const refresh = (cookie: string, accessToken?: string) =>
  h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken', headers: { cookie }, payload: accessToken ? { accessToken } : undefined });
const me = (token: string) => h.app.inject({ method: 'GET', url: '/api/patient/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/patient/refreshtoken', () => {
  it('rotates: a new access token and a new cookie; the new token works', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const res = await refresh(s.cookie, s.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ refreshToken: null, expiresIn: 600 });
    const next = refreshCookieOf(res)!;
    expect(next).toBeDefined();
    expect(next).not.toBe(s.cookie);
    const who = await me(body.accessToken);
    expect(who.statusCode).toBe(200);
    // The store of the expiring token is kept.
    expect(who.json().user.defaultstore.locationId).toBe(demoIds.downtown);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('keeps the store only from our own signed token of the same session, never from a forged one', async () => {
    const locOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).loc;
    const s = await signIn(h, 'admin@clearview.test', { tenentID: demoIds.clearview, locationid: demoIds.uptown });
    const genuine = await refresh(s.cookie, s.token);
    expect(locOf(genuine.json().accessToken)).toBe(demoIds.uptown);

    const [header, payload, signature] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, loc: demoIds.downtown })).toString('base64url'), signature].join('.');
    const res = await refresh(refreshCookieOf(genuine)!, forged);
    expect(res.statusCode).toBe(200);
    expect(locOf(res.json().accessToken)).toBeUndefined();

    const other = await signIn(h, 'staff@clearview.test');
    const viaOther = await refresh(refreshCookieOf(res)!, other.token);
    expect(locOf(viaOther.json().accessToken)).toBeUndefined();
  });

  it('two refreshes racing with the same cookie both succeed with the same new cookie; the person stays signed in', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const [one, two] = await Promise.all([refresh(s.cookie, s.token), refresh(s.cookie, s.token)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const next = refreshCookieOf(one)!;
    expect(next).not.toBe(s.cookie);
    expect(refreshCookieOf(two)).toBe(next);
    expect((await me(one.json().accessToken)).statusCode).toBe(200);
    expect((await me(two.json().accessToken)).statusCode).toBe(200);
    // A client that lost the answer and asks again a few seconds later is answered the same cookie.
    h.advance(5_000);
    const retried = await refresh(s.cookie);
    expect(retried.statusCode).toBe(200);
    expect(refreshCookieOf(retried)).toBe(next);
    // The session goes on: the new cookie rotates, and so does the one after it.
    const later = await refresh(next);
    expect(later.statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(later)!)).statusCode).toBe(200);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'token.reuse_detected')).toBe(false);
  });

  it('the grace window is 10 s unless REFRESH_REUSE_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({}).refreshGraceSeconds).toBe(10);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshGraceSeconds).toBe(0);
    expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '600' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });

  it('a token reused after the grace window revokes the whole family and is audited', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const first = await refresh(s.cookie);
    const rotated = refreshCookieOf(first)!;
    h.advance(h.config.refreshGraceSeconds * 1000 + 1000);
    const stolen = await refresh(s.cookie);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ error: 'Token refresh failed', code: 'auth.tokenRefreshFailed' });
    // The legitimate holder's newer token is dead too, and so is the family's access token.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await me(first.json().accessToken)).statusCode).toBe(401);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'token.reuse_detected' && e.outcome === 'denied')).toBe(true);
  });

  it('refuses a family past its 12-hour lifetime even when used all along', async () => {
    const s = await signIn(h, 'patient@brightsight.test', demo.brightsight);
    let cookie = s.cookie;
    // Active all along: a refresh every 10 minutes for 11 h 50 min.
    for (let i = 0; i < 71; i++) {
      h.advance(10 * 60 * 1000);
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(200);
      cookie = refreshCookieOf(res)!;
    }
    h.advance(11 * 60 * 1000);
    const late = await refresh(cookie);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'Token refresh failed', code: 'auth.tokenRefreshFailed' });
  });

  it('ends after 15 idle minutes; a kiosk after 2', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    h.advance(14 * 60 * 1000);
    const ok = await refresh(s.cookie);
    expect(ok.statusCode).toBe(200);
    h.advance(15 * 60 * 1000 + 1000);
    expect((await refresh(refreshCookieOf(ok)!)).statusCode).toBe(401);

    const kiosk = await signIn(h, 'kiosk.downtown@clearview.test', { isKiosk: true });
    h.advance(2 * 60 * 1000 + 1000);
    expect((await refresh(kiosk.cookie)).statusCode).toBe(401);
  });

  it('refuses missing, malformed and forged cookies', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/patient/refreshtoken' })).statusCode).toBe(401);
    expect((await refresh('pp_refresh=garbage')).statusCode).toBe(401);
    expect((await refresh(`pp_refresh=${demoIds.clearview}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).statusCode).toBe(401);
    // A real token presented under another tenant finds nothing there.
    const s = await signIn(h, 'patient@clearview.test');
    const secret = s.cookie.split('.').slice(1).join('.');
    expect((await refresh(`pp_refresh=${demoIds.brightsight}.${secret}`)).statusCode).toBe(401);
  });
});

describe('POST /api/patient/logout', () => {
  it('revokes the session at once: refresh and the access token are refused afterwards', async () => {
    const s = await signIn(h, 'admin@clearview.test', {});
    const out = await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: { ...bearer(s), cookie: s.cookie } });
    expect(out.statusCode).toBe(200);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join()).toMatch(/pp_refresh=;/);
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(401);
    const events = await auditActions(h, demoIds.clearview);
    expect(events.some((e) => e.action === 'logout')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/patient/logout' })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('expire after 10 minutes', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } });
    const token = res.json().access_token;
    h.advance(9 * 60 * 1000);
    expect((await me(token)).statusCode).toBe(200);
    h.advance(2 * 60 * 1000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('carry EdDSA signature, issuer, audience, subject, tenant, roles and session', async () => {
    const s = await signIn(h, 'patient@clearview.test');
    const [header, payload] = s.token.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString() || '{}'));
    expect(header.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ iss: 'patient-portal', aud: 'patient-portal-api', tid: demoIds.clearview, roles: ['patient'], sub: s.user.id });
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp - payload.iat).toBe(600);
  });
});
