/**
 * The session machine where no company is named (/admin, /kiosk/login) and the password opened accounts in more
 * than one: it asks which company, goes on with only an offered one (its tenant id on the request), and Back
 * returns to the form with the credentials dropped.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginRequest } from '../../src/contract/auth';
import { sessionMachine } from '../../src/machines/session.machine';
import type { AuthCodeAnswer } from '../../src/machines/session.machine';
import { janeLogin } from '../fixtures/auth';

const companies = [
  { tenantID: 'b0000000-0000-4000-8000-000000000002', companyName: 'Brightsight Eyecare' },
  { tenantID: 'c1ea0000-0000-4000-8000-000000000001', companyName: 'Clearview Optical' },
];
const credentials: LoginRequest = { username: 'admin2@clearview.test', password: 'Demo-Pass-2026!' };

function start() {
  const authCode = vi.fn(async (request: LoginRequest): Promise<AuthCodeAnswer> =>
    request.tenentID ? { role: ['admin'], isauth: true, codeRequired: false, error: null } : { role: null, isauth: false, codeRequired: false, error: null, companies },
  );
  const login = vi.fn(async (_request: LoginRequest) => janeLogin);
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        authCode: fromPromise(({ input }) => authCode(input)),
        login: fromPromise(({ input }) => login(input)),
      },
    }),
    { input: { stored: null, loginUrl: null } },
  );
  actor.start();
  actor.send({ type: 'session.login', request: credentials, loginUrl: '/admin' });
  return { actor, authCode, login };
}

describe('session machine: choosing the company', () => {
  it('asks which company, ignores one not offered, and signs in to the chosen one', async () => {
    const { actor, login } = start();
    await waitFor(actor, (s) => s.hasTag('companyStep'));
    expect(actor.getSnapshot().context.companyChoice).toEqual(companies);
    actor.send({ type: 'signIn.companyChosen', tenantID: 'ffffffff-0000-4000-8000-000000000009' });
    expect(actor.getSnapshot().hasTag('companyStep')).toBe(true);
    actor.send({ type: 'signIn.companyChosen', tenantID: companies[1]!.tenantID });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    expect(login).toHaveBeenCalledWith({ ...credentials, tenentID: companies[1]!.tenantID });
    expect(actor.getSnapshot().context.companyChoice).toBeNull();
  });

  it('Back returns to the form and forgets the credentials', async () => {
    const { actor, login } = start();
    await waitFor(actor, (s) => s.hasTag('companyStep'));
    actor.send({ type: 'signIn.companyCancelled' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ pending: null, companyChoice: null, error: null });
    expect(login).not.toHaveBeenCalled();
  });
});
