/**
 * The access-token check keeps the tokens it accepted until they expire (server/auth/tokens.ts,
 * createAccessTokenVerifier): a kept token is refused once expired, a session that ended is refused whatever the
 * verifier kept, and a refused token is never kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, signAccessToken } from '../../server/auth/tokens';
import { bearer, signIn, startHarness, type Harness } from './harness';
import { loadSecrets } from '../../server/db/secrets';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const me = (token: string) => h.app.inject({ method: 'GET', url: '/api/patient/me', headers: bearer({ token }) });

describe('the access-token check', () => {
  it('accepts a kept token until it expires, then refuses it', async () => {
    const jane = await signIn(h, 'patient@clearview.test');
    expect((await me(jane.token)).statusCode).toBe(200);
    expect((await me(jane.token)).statusCode).toBe(200);
    h.advance(10 * 60 * 1000 + 1000);
    expect((await me(jane.token)).statusCode).toBe(401);
  });

  it('refuses a kept token once its session has ended', async () => {
    const jane = await signIn(h, 'patient@clearview.test');
    expect((await me(jane.token)).statusCode).toBe(200);
    const logout = await h.app.inject({ method: 'POST', url: '/api/patient/logout', headers: bearer(jane) });
    expect(logout.statusCode).toBe(200);
    expect((await me(jane.token)).statusCode).toBe(401);
  });

  it('refuses a forged signature and an expired token, whatever it keeps (here at most 2)', async () => {
    const secrets = await loadSecrets(h.db.owner, h.config);
    const verify = createAccessTokenVerifier(secrets, 2);
    const now = h.config.now();
    const claims = () => ({ sub: randomUUID(), tid: randomUUID(), roles: ['patient' as const], sid: randomUUID() });
    const tokens = await Promise.all([claims(), claims(), claims()].map((c) => signAccessToken(secrets, c, now)));
    for (const token of tokens) expect(await verify(token, now)).not.toBeNull();
    // A forged signature is refused, however close to a kept token.
    const forged = `${tokens[2]!.slice(0, -4)}AAAA`;
    expect(await verify(forged, now)).toBeNull();
    // Expired: refused even though it was kept.
    expect(await verify(tokens[2]!, new Date(now.getTime() + 11 * 60 * 1000))).toBeNull();
  });
});
