/**
 * The new-user token (security.md, sessions): like every access token it belongs to a session, which logout ends;
 * the calls of the new-user flow then answer 401. A token without a session is not accepted at all.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../server/db/secrets';
import { codeIn, demo, DEMO_PASSWORD, lastMessageTo, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const signInNewUser = async () => {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username: 'newuser@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ access_token: string; user: { role: string[] } }>();
  expect(body.user.role).toEqual(['newuser']);
  return { authorization: `Bearer ${body.access_token}` };
};
const post = (url: string, headers: Record<string, string>, payload: object = {}) => h.app.inject({ method: 'POST', url, headers, payload });

describe('the new-user token', () => {
  it('works until logout, then every call of the new-user flow answers 401', async () => {
    const auth = await signInNewUser();
    expect((await post('/api/patient/sendotp', auth)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: auth })).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));

    expect((await post('/api/patient/logout', auth)).statusCode).toBe(200);

    const after = [
      await post('/api/patient/sendotp', auth),
      await post('/api/patient/cpassword', auth, { vcode: code, password: 'Brand-New-Pass-2026' }),
      await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: auth }),
    ];
    for (const res of after) expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status: 401, code: 'auth.notSignedIn' });
  });

  it('a token without a session, even signed with the server key, is refused', async () => {
    const auth = await signInNewUser();
    const claims = JSON.parse(Buffer.from(auth.authorization.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { signingKey } = await loadSecrets(h.db.owner, h.config);
    const iat = Math.floor(Date.now() / 1000);
    const sessionless = await new SignJWT({ tid: claims.tid, roles: ['newuser'] })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer('patient-portal')
      .setAudience('patient-portal-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(signingKey);
    const res = await post('/api/patient/sendotp', { authorization: `Bearer ${sessionless}` });
    expect(res.statusCode).toBe(401);
  });
  it('logout ends only its own session: signing in again runs the whole flow (last: the account is registered)', async () => {
    const auth = await signInNewUser();
    expect((await post('/api/patient/sendotp', auth)).statusCode).toBe(200);
    const code = codeIn(await lastMessageTo(h, 'newuser@clearview.test'));
    const done = await post('/api/patient/cpassword', auth, { vcode: code, password: 'Brand-New-Pass-2026' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ user: { role: string[] } }>().user.role).toEqual(['patient']);
    // Its session ended when the full one opened.
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/me', headers: auth })).statusCode).toBe(401);
  });

});
