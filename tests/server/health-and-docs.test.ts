import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('operations endpoints', () => {
  it('reports the database as reachable', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('reports 503 when the database is gone', async () => {
    const other = await startHarness();
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    await other.app.close();
  });

  it('publishes an OpenAPI 3 document with every sign-in path, and a docs page', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/patient/login',
      '/api/patient/authcode',
      '/api/patient/sendotp',
      '/api/patient/cpassword',
      '/api/patient/forgotpassword',
      '/api/patient/otpsubmit',
      '/api/patient/passwordReset',
      '/api/patient/refreshtoken',
      '/api/patient/logout',
      '/api/patient/me',
      '/api/patient/savethemesettings',
      '/api/portal/{company}/{store}',
      '/api/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/patient/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('tenentID');
    const page = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('sends the security headers on every answer and no-store on the API', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const tls = await h.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    // Without TRUST_PROXY a forwarded header is not believed.
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });
});
