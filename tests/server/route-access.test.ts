/**
 * Walks every /api route of the running app (security.md, "Authorisation": deny by default, every route with
 * every role) with no token, a token of each demo role, a garbage token and forged tokens. Public routes answer
 * everyone alike; the others answer 401 without a valid token and 403 to roles they do not admit; no answer to
 * one company's user carries a byte of the other company's data.
 */
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import { loadSecrets } from '../../server/db/secrets';
import { sql } from 'drizzle-orm';
import { bearer, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';
import {
  accountNames,
  accounts,
  admits,
  callers,
  companyOf,
  ctxFor,
  ctxOf,
  expectNoForeignBytes,
  isAccount,
  type Account,
  type AccountName,
  type Caller,
  type Ctx,
  walkMappings,
} from './routeAccessCallers';
import { HIDDEN_FROM_OPENAPI, routes, signedIn } from './routeAccessTable';

// ---------------------------------------------------------------------------------------------------------------
// Tokens

let h: Harness;
const authHeader = {} as Record<Caller, Record<string, string>>;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

beforeAll(async () => {
  h = await startHarness();
  const entries = await Promise.all(accountNames.map(async (n) => [n, await signIn(h, accounts[n].username, accounts[n].extra)] as const));
  Object.assign(signedIn, Object.fromEntries(entries) as Record<AccountName, SignedIn>);
  expect(signedIn.newuser.user.role).toEqual(['newuser']);
  for (const n of accountNames) authHeader[n] = bearer(signedIn[n]);
  const [kept] = await ownerRows<{ id: string }>(h, sql`select id from portal_mappings where company_slug = 'brightsight' and store_slug = 'main'`);
  const [removed] = await ownerRows<{ id: string }>(
    h,
    sql`insert into portal_mappings (tenant_id, location_id, company_slug, store_slug) values (${demoIds.brightsight}, ${demoIds.main}, 'brightsight', 'walk-removed') returning id`,
  );
  walkMappings.kept = kept!.id;
  walkMappings.removed = removed!.id;

  // Forged tokens claim to be the Clearview admin (the claims of a real admin token).
  const real = signedIn.admin.token;
  const claims = decodeJwt(real);
  const { privateKey } = generateKeyPairSync('ed25519');
  const withClaims = (jwt: SignJWT) =>
    jwt
      .setSubject(claims.sub!)
      .setIssuer('patient-portal')
      .setAudience('patient-portal-api')
      .setIssuedAt()
      .setExpirationTime('10m');
  const otherKey = await withClaims(new SignJWT({ tid: claims.tid, roles: ['admin'], sid: claims.sid }))
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .sign(privateKey);
  const hs256 = await withClaims(new SignJWT({ tid: claims.tid, roles: ['admin'], sid: claims.sid }))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('patient-portal'));
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, roles: ['admin'] })}.`;
  // A real patient token with its payload changed to the admin role, signature kept.
  const [head, , signature] = signedIn.patient.token.split('.');
  const tampered = `${head}.${b64({ ...decodeJwt(signedIn.patient.token), roles: ['admin'] })}.${signature}`;

  // The server's own key (as the app loads it), signing tokens that differ from a real one in one claim.
  const { signingKey } = await loadSecrets(h.db.owner, h.config);
  const now = Math.floor(Date.now() / 1000);
  const ownKey = (payload: Record<string, unknown>, iss = 'patient-portal', aud = 'patient-portal-api', iat = now) =>
    new SignJWT({ tid: claims.tid, roles: ['admin'], sid: claims.sid, ...payload })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(signingKey);
  authHeader['token of another issuer'] = { authorization: `Bearer ${await ownKey({}, 'someone-else')}` };
  authHeader['token for another audience'] = { authorization: `Bearer ${await ownKey({}, undefined, 'another-api')}` };
  authHeader['expired token'] = { authorization: `Bearer ${await ownKey({}, undefined, undefined, now - 3600)}` };
  authHeader['token with an unknown role'] = { authorization: `Bearer ${await ownKey({ roles: ['superuser'] })}` };
  // The same helper with nothing changed is accepted: the refusals above are about the one claim each.
  const control = await h.app.inject({ method: 'GET', url: '/api/stores', headers: { authorization: `Bearer ${await ownKey({})}` } });
  expect(control.statusCode, control.body).toBe(200);

  authHeader['no token'] = {};
  authHeader['garbage token'] = { authorization: 'Bearer not-a-jwt-at-all' };
  authHeader['token signed with another key'] = { authorization: `Bearer ${otherKey}` };
  authHeader['alg none token'] = { authorization: `Bearer ${algNone}` };
  authHeader['HS256 token'] = { authorization: `Bearer ${hs256}` };
  authHeader['tampered token'] = { authorization: `Bearer ${tampered}` };
});
afterAll(() => h.close());

function call(key: string, headers: Record<string, string>, ctx: Ctx): Promise<LightMyRequestResponse> {
  const spec = routes[key]!;
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  const body = spec.body?.(ctx);
  return h.app.inject({
    method,
    url: spec.url?.(ctx) ?? path,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

/** The caller's Authorization header; logout gets a fresh session so the walk does not end the shared one. */
async function headersFor(c: Caller, key: string): Promise<Record<string, string>> {
  if (key === 'POST /api/patient/logout' && isAccount(c)) return bearer(await signIn(h, accounts[c].username, accounts[c].extra));
  return authHeader[c];
}

// ---------------------------------------------------------------------------------------------------------------

/** Lists "METHOD /path" of every route in the text of app.printRoutes(). */
function routesInTree(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) found.push(`${method} ${path}`);
  }
  return found;
}

describe('the route table', () => {
  it('covers every /api route of the running app and nothing more (OpenAPI and router agree)', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await h.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const expected = Object.keys(routes);
    expect(documented.sort()).toEqual(expected.filter((k) => !HIDDEN_FROM_OPENAPI.includes(k)).sort());

    const routed = routesInTree(h.app.printRoutes({ commonPrefix: false })).filter(
      (r) => !r.startsWith('HEAD ') && / \/api\//.test(r) && !/ \/api\/docs/.test(r),
    );
    expect(routed.length).toBeGreaterThan(10);
    expect([...new Set(routed)].sort()).toEqual([...expected].sort());
  });

  it('documents bearer security on exactly the routes that need a token', async () => {
    const doc = json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      await h.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    for (const [key, spec] of Object.entries(routes)) {
      if (HIDDEN_FROM_OPENAPI.includes(key)) continue;
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      if (spec.access === 'public') expect(op!.security ?? [], key).toEqual([]);
      else expect(op!.security, key).toEqual([{ bearer: [] }]);
    }
  });
});

const walk = Object.entries(routes).flatMap(([route, spec]) => callers.map((caller) => ({ route, caller, access: spec.access })));

describe('every route with every caller', () => {
  it.each(walk)('$route as $caller', async ({ route, caller, access }) => {
    const spec = routes[route]!;
    const ctx = ctxFor(caller);
    const res = await call(route, await headersFor(caller, route), ctx);
    const context = `${route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, context).toBeLessThan(500);
    expectNoForeignBytes(res, caller, access, spec.platformMaySee);

    if (access === 'public') {
      expect(res.statusCode, context).toBe(spec.publicStatus);
      spec.check?.(res, caller, ctx);
    } else if (!isAccount(caller)) {
      expect(res.statusCode, context).toBe(401);
      expect(json(res), context).toEqual({ error: messages.notSignedIn, code: 'auth.notSignedIn' });
    } else if (!admits(access, caller)) {
      expect(res.statusCode, context).toBe(403);
      expect(json(res), context).toEqual({ error: messages.forbidden, code: 'auth.forbidden' });
    } else {
      expect(res.statusCode, context).toBe(spec.admitted!(caller));
      spec.check?.(res, caller, ctx);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const otherTenant = (c: AccountName) => (accounts[c].company === 'clearview' ? demoIds.brightsight : demoIds.clearview);
const admittedPairs = Object.entries(routes)
  .filter(([, spec]) => spec.access !== 'public')
  .flatMap(([route, spec]) => accountNames.filter((c) => admits(spec.access, c)).map((caller) => ({ route, caller })));

describe("the other company's ids", () => {
  it.each(admittedPairs)('$route as $caller with the other tenant in X-Tenant-ID: 403, nothing else', async ({ route, caller }) => {
    const headers = { ...(await headersFor(caller, route)), 'x-tenant-id': otherTenant(caller) };
    const res = await call(route, headers, ctxFor(caller));
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res)).toEqual({ error: messages.tenantMismatch, code: 'tenancy.tenantMismatch' });
  });

  const sessionCallers = accountNames.filter((c) => admits('session', c));
  it.each(sessionCallers)("%s cannot read the other company's store by id or slug (404)", async (caller) => {
    const other = companyOf(caller) === 'brightsight' ? ctxOf.clearview : ctxOf.brightsight;
    for (const url of [`/api/stores/${other.locationId}`, `/api/stores/by-slug/${other.store}`]) {
      const res = await h.app.inject({ method: 'GET', url, headers: authHeader[caller] });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
    }
  });

  it.each(sessionCallers.filter((c) => companyOf(c) === 'clearview'))('%s reads only the stores it is limited to', async (caller) => {
    const only: string[] | undefined = (accounts[caller] as Account).onlyStores;
    const res = await h.app.inject({ method: 'GET', url: `/api/stores/${demoIds.uptown}`, headers: authHeader[caller] });
    expect(res.statusCode, res.body).toBe(only && !only.includes(demoIds.uptown) ? 404 : 200);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const unregistered = Object.keys(routes).flatMap((key) => {
  const [method, path] = key.split(' ') as [string, string];
  return methods
    .filter((m) => m !== method && !Object.keys(routes).includes(`${m} ${path}`))
    .map((m) => ({ method: m, path: path.replace(':company', 'clearview').replace(':store', 'downtown').replace(':locationId', demoIds.downtown).replace(':slug', 'downtown') }));
});

describe('methods a route does not have', () => {
  it.each(unregistered)('$method $path: 404 JSON, even with an admin token', async ({ method, path }) => {
    const res = await h.app.inject({ method, url: path, headers: authHeader.admin });
    expect(res.statusCode, res.body).toBe(404);
    expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('tokens that were valid', () => {
  const dataRoutes = ['GET /api/patient/me', 'GET /api/stores', 'GET /api/stores/:locationId', 'POST /api/patient/savethemesettings'];

  it.each(dataRoutes)('%s refuses the access token of a session that was logged out (401)', async (route) => {
    const s = await signIn(h, 'patient@clearview.test');
    expect((await call(route, bearer(s), ctxOf.clearview)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: bearer(s) })).statusCode).toBe(200);
    const res = await call(route, bearer(s), ctxOf.clearview);
    expect(res.statusCode, res.body).toBe(401);
  });

  // Last: moves the clock past the 10-minute lifetime of every token signed so far.
  it('every route refuses an access token older than 10 minutes (401) and public ones still answer', async () => {
    const patient = await signIn(h, 'patient@clearview.test');
    const newUser = await signIn(h, 'newuser@clearview.test');
    h.advance(11 * 60_000);
    for (const [route, spec] of Object.entries(routes)) {
      const caller = spec.access === 'newuser' ? newUser : patient;
      const res = await call(route, bearer(caller), ctxOf.clearview);
      if (spec.access === 'public') expect(res.statusCode, route).toBe(spec.publicStatus);
      else expect(res.statusCode, `${route}: ${res.body}`).toBe(401);
    }
  });
});
