import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eformMessages } from '../../src/contract/eforms';
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
    expect(res.json()).toEqual({ error: 'Not found.', code: 'request.notFound' });
  });

  // The built pages (dist, made by `vite build`; the e2e setup and `npm start` build it when stale).
  const dist = new URL('../../dist/', import.meta.url);
  it.skipIf(!existsSync(new URL('eforms.html', dist)))('serves the eForm link its own page and every other app path the app', async () => {
    const eformPage = readFileSync(new URL('eforms.html', dist), 'utf8');
    const appPage = readFileSync(new URL('index.html', dist), 'utf8');
    expect(eformPage).not.toBe(appPage);
    const pageTenant = /\n {4}<meta name="eform-tenant" content="([A-Za-z0-9_-]+)" \/>/;
    // A valid tenantid: the page carries its encrypted tenant (server/eforms/page.ts), getcard takes it as its own.
    const withTenant = await h.app.inject({ method: 'GET', url: '/eforms?tenantid=c1ea0000-0000-4000-8000-000000000001&uri=abc' });
    expect(withTenant.statusCode).toBe(200);
    const tenant = withTenant.body.match(pageTenant)?.[1];
    expect(tenant).toBeDefined();
    expect(withTenant.body.replace(pageTenant, '')).toBe(eformPage);
    expect(withTenant.body.indexOf('eform-tenant')).toBeLessThan(withTenant.body.indexOf('<script'));
    const card = await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${'a'.repeat(43)}`, headers: { 'x-tenant-id': tenant! } });
    expect(card.statusCode).toBe(404);
    expect(card.json()).toEqual({ error: eformMessages.formNotFound, code: 'eforms.formNotFound' });
    const forged = await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${'a'.repeat(43)}`, headers: { 'x-tenant-id': `${tenant!.slice(0, -2)}AA` } });
    expect(forged.statusCode).toBe(404);
    // No valid tenantid: the page as built, and its scripts ask getencryptedtenant.
    const pages = [withTenant];
    for (const url of ['/eforms', '/eforms/?uri=x', '/eforms?tenantid=not-a-uuid&uri=abc', '/eforms?tenantid=%22%3E%3Cb%3E&uri=abc']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(eformPage);
      pages.push(res);
    }
    for (const res of pages) {
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    for (const url of ['/login', '/clearview/downtown', '/admin/eforms/all', '/eforms-not']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(appPage);
    }
  });
});
