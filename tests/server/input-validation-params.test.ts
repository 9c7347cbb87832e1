/**
 * Input validation of path parameters (portal mapping, stores) and the framework's own refusals (security.md,
 * "Input"): 4xx, never 500, nothing written. The shared part is ./inputValidation.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import { demoIds, json } from './harness';
import {
  countRows,
  expectFieldError,
  expectRefusal,
  h,
  K10,
  K200,
  NIL_UUID,
  send,
  sendWritingNothing,
  SQLI,
  startInputValidation,
  UNKNOWN_UUID,
} from './inputValidation';

startInputValidation();

// ---------------------------------------------------------------------------------------------------------------
// 8. Path parameters: portal mapping, stores

interface ParamCase {
  name: string;
  url: string;
  /** A schema error on this parameter... */
  field?: string;
  /** ...or one of these statuses. */
  statuses?: number[];
}

const slug64 = 's'.repeat(64);
const portalCases: ParamCase[] = [
  { name: 'encoded dot segments as company', url: '/api/portal/..%2F..%2Fetc/passwd', field: 'company' },
  { name: 'encoded dot segments as store', url: '/api/portal/clearview/..%2F..%2Fadmin', field: 'store' },
  { name: 'a single encoded dot', url: '/api/portal/clearview/%2E', field: 'store' },
  { name: 'a company slug of 64 characters', url: `/api/portal/${slug64}/downtown`, field: 'company' },
  { name: 'a store slug of 64 characters', url: `/api/portal/clearview/${slug64}`, field: 'store' },
  { name: 'a store slug of 10 000 characters', url: `/api/portal/clearview/${K10}`, statuses: [400, 414] },
  { name: 'a store slug of 200 000 characters', url: `/api/portal/clearview/${K200}`, statuses: [400, 414] },
  { name: 'a store slug that is SQL', url: `/api/portal/clearview/${encodeURIComponent(SQLI)}`, field: 'store' },
  { name: 'a company slug that is SQL', url: `/api/portal/${encodeURIComponent("clearview' or '1'='1")}/downtown`, field: 'company' },
  { name: 'an emoji store slug', url: `/api/portal/clearview/${encodeURIComponent('🏬')}`, field: 'store' },
  { name: 'a NUL character', url: '/api/portal/clearview/down%00town', field: 'store' },
  { name: 'a slug starting with a dash', url: '/api/portal/clearview/-downtown', field: 'store' },
  { name: 'a slug with a space', url: '/api/portal/clearview/down%20town', field: 'store' },
  { name: 'broken percent-encoding', url: '/api/portal/clearview/%E0%A4%A', statuses: [400] },
  { name: 'an unknown company and store', url: '/api/portal/nowhere/nothing', statuses: [404] },
  { name: "the other company's store under this company", url: '/api/portal/clearview/main', statuses: [404] },
];

const storeIdCases: ParamCase[] = [
  { name: 'not a UUID', url: '/api/stores/downtown', field: 'locationId' },
  { name: 'SQL', url: `/api/stores/${encodeURIComponent(SQLI)}`, field: 'locationId' },
  { name: 'a UUID with SQL after it', url: `/api/stores/${encodeURIComponent(`${demoIds.downtown}' or '1'='1`)}`, field: 'locationId' },
  { name: 'encoded dot segments', url: '/api/stores/..%2F..%2Fhealth', field: 'locationId' },
  { name: 'a UUID without dashes', url: `/api/stores/${demoIds.downtown.replaceAll('-', '')}`, field: 'locationId' },
  { name: 'a UUID one character too long', url: `/api/stores/${demoIds.downtown}0`, field: 'locationId' },
  { name: 'an emoji', url: `/api/stores/${encodeURIComponent('🏬')}`, field: 'locationId' },
  { name: '10 000 characters', url: `/api/stores/${K10}`, statuses: [400, 414] },
  { name: '200 000 characters', url: `/api/stores/${K200}`, statuses: [400, 414] },
  { name: 'broken percent-encoding', url: '/api/stores/%E0%A4%A', statuses: [400] },
];

const slugCases: ParamCase[] = [
  { name: 'SQL', url: `/api/stores/by-slug/${encodeURIComponent(SQLI)}`, field: 'slug' },
  { name: '64 characters', url: `/api/stores/by-slug/${slug64}`, field: 'slug' },
  { name: '10 000 characters', url: `/api/stores/by-slug/${K10}`, statuses: [400, 414] },
  { name: '200 000 characters', url: `/api/stores/by-slug/${K200}`, statuses: [400, 414] },
  { name: 'encoded dot segments', url: '/api/stores/by-slug/..%2F..%2Fstores', field: 'slug' },
  { name: 'an emoji', url: `/api/stores/by-slug/${encodeURIComponent('🏬')}`, field: 'slug' },
  { name: 'a NUL character', url: '/api/stores/by-slug/down%00town', field: 'slug' },
];

describe('path parameters', () => {
  it('GET /api/portal/:company/:store answers the mapping for a valid address (any letter case)', async () => {
    for (const url of ['/api/portal/clearview/downtown', '/api/portal/ClearView/DOWNTOWN']) {
      const res = await send({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ tenantID: demoIds.clearview, locationid: demoIds.downtown, companySlug: 'clearview', storeSlug: 'downtown' });
    }
  });

  it.each(portalCases)('GET /api/portal with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it('GET /api/stores lists the stores of the signed-in company only, whatever the query says', async () => {
    for (const url of ['/api/stores', `/api/stores?tenant=${demoIds.brightsight}&tenantId=${demoIds.brightsight}&where=${encodeURIComponent(SQLI)}`]) {
      const res = await send({ method: 'GET', url, as: 'patient' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ stores: { id: string }[] }>(res).stores.map((s) => s.id).sort()).toEqual([demoIds.downtown, demoIds.uptown].sort());
    }
  });

  it('GET /api/stores/:locationId answers a store of the company, by id in any letter case', async () => {
    for (const id of [demoIds.downtown, demoIds.downtown.toUpperCase()]) {
      const res = await send({ method: 'GET', url: `/api/stores/${id}`, as: 'patient' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ id: demoIds.downtown, slug: 'downtown' });
    }
  });

  it.each(storeIdCases)('GET /api/stores/:locationId with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url, as: 'patient' });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it.each([
    { name: "the other company's store", id: demoIds.main },
    { name: 'an unknown id', id: UNKNOWN_UUID },
  ])('GET /api/stores/:locationId with $name: 404, audited as a denied read', async (c) => {
    const denied = () => countRows('audit_log', sql`action = 'store.read' and outcome = 'denied' and target_id = ${c.id}`);
    const before = await denied();
    const res = await send({ method: 'GET', url: `/api/stores/${c.id}`, as: 'patient' });
    expect(expectRefusal(res, 404).error).toBe(messages.notFound);
    expect(await denied()).toBe(before + 1);
  });

  it('GET /api/stores/:locationId with the nil UUID: 400 or 404, never 500', async () => {
    expectRefusal(await send({ method: 'GET', url: `/api/stores/${NIL_UUID}`, as: 'patient' }), [400, 404]);
  });

  it('GET /api/stores/by-slug/:slug answers a store of the company', async () => {
    const res = await send({ method: 'GET', url: '/api/stores/by-slug/uptown', as: 'patient' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: demoIds.uptown, slug: 'uptown' });
  });

  it.each(slugCases)('GET /api/stores/by-slug/:slug with $name is refused and writes nothing', async (c) => {
    const res = await sendWritingNothing({ method: 'GET', url: c.url, as: 'patient' });
    if (c.field) expectFieldError(res, c.field);
    else expectRefusal(res, c.statuses);
  });

  it("GET /api/stores/by-slug/:slug with the other company's slug: 404", async () => {
    expect(expectRefusal(await send({ method: 'GET', url: '/api/stores/by-slug/main', as: 'patient' }), 404).error).toBe(messages.notFound);
  });

  it.each([
    { name: 'into the store routes', url: '/api/portal/clearview/../../stores' },
    { name: 'out of the API', url: '/api/stores/../../../../etc/passwd' },
    { name: 'encoded out of the API', url: '/api/stores/%2E%2E/%2E%2E/%2E%2E/etc/passwd' },
  ])('raw dot segments $name never reach a file or a 500', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    expect(res.body).not.toMatch(/root:.*:0:0:/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 9. Health, and answers the framework itself produces

describe('GET /api/health and framework-level refusals', () => {
  it.each([
    { name: 'no query', url: '/api/health' },
    { name: 'a query of 10 000 characters', url: `/api/health?x=${K10}` },
    { name: 'a query that is SQL', url: `/api/health?${encodeURIComponent(SQLI)}` },
  ])('health with $name: 200', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'ok', database: 'up' });
  });

  it.each([
    { method: 'POST' as const, url: '/api/health' },
    { method: 'DELETE' as const, url: '/api/stores' },
    { method: 'PUT' as const, url: '/api/patient/me' },
    { method: 'GET' as const, url: '/api/patient/login' },
  ])('$method $url (no such route): 404 JSON', async (c) => {
    const res = await h.app.inject({ method: c.method, url: c.url });
    expect(expectRefusal(res, 404).error).toBe(messages.notFound);
  });

  it.each([
    { name: 'broken percent-encoding', url: '/api/stores/%E0%A4%A' },
    { name: 'a path parameter of 200 000 characters', url: `/api/stores/by-slug/${K200}` },
  ])('a URL with $name gets the API headers and a short JSON error', async (c) => {
    const res = await send({ method: 'GET', url: c.url });
    expectRefusal(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The whole request line must not be echoed back.
    expect(res.body.length).toBeLessThan(1000);
  });
});
