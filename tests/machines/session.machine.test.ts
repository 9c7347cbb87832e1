import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { LoginRequest, LoginResponse, User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { sessionMachine, sessionMessages } from '../../src/machines/session.machine';
import type { Session, SessionContext, SessionInput } from '../../src/machines/session.machine';
import { janeDoe, janeLogin } from '../fixtures/auth';

const nowInSeconds = () => Math.floor(Date.now() / 1000);
const storedSession = (expiresAt: number): Session => ({
  accessToken: 'stored-token',
  tenantId: janeDoe.tenantId,
  user: janeDoe,
  expiresAt,
});
const credentials: LoginRequest = { username: 'patient@clearview.test', password: 'Demo-Pass-2026!' };

interface Fakes {
  login?: (request: LoginRequest) => Promise<LoginResponse>;
  loadMe?: (input: { accessToken: string }) => Promise<User>;
  logout?: (input: { accessToken: string }) => Promise<unknown>;
}

/** The machine with fake actors; `persisted` records every context the app would mirror to storage. */
function start(input: SessionInput, fakes: Fakes = {}) {
  const persisted: SessionContext[] = [];
  const unexpectedCall = () => Promise.reject(new Error('not expected in this test'));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input: request }) => (fakes.login ?? unexpectedCall)(request)),
        loadMe: fromPromise(({ input: token }) => (fakes.loadMe ?? unexpectedCall)(token)),
        logout: fromPromise(({ input: token }) => (fakes.logout ?? unexpectedCall)(token)),
      },
      actions: { persistSession: ({ context }) => void persisted.push(context) },
    }),
    { input },
  );
  actor.start();
  return { actor, persisted };
}

async function signedInActor(fakes: Fakes = {}) {
  const started = start({ stored: null, loginUrl: null }, { login: async () => janeLogin, ...fakes });
  started.actor.send({ type: 'session.login', request: credentials, loginUrl: '/clearview/downtown' });
  await waitFor(started.actor, (snapshot) => snapshot.matches('signedIn'));
  return started;
}

describe('session machine: checking at start-up', () => {
  it('without a stored token it is signed out at once', () => {
    const { actor } = start({ stored: null, loginUrl: null });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('with an expired stored token it forgets the session without asking the server', () => {
    const loadMe = vi.fn();
    const expired = storedSession(nowInSeconds() - 1);
    const { actor, persisted } = start({ stored: expired, loginUrl: '/login' }, { loadMe });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(loadMe).not.toHaveBeenCalled();
    expect(persisted.at(-1)).toMatchObject({ session: null, loginUrl: '/login' });
  });

  it('with a valid stored token it loads the user with that token and signs in', async () => {
    const freshUser = { ...janeDoe, data: { ...janeDoe.data, displayName: 'Jane M. Doe' } };
    const loadMe = vi.fn(async () => freshUser);
    const valid = storedSession(nowInSeconds() + 300);
    const { actor, persisted } = start({ stored: valid, loginUrl: '/login' }, { loadMe });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
    expect(loadMe).toHaveBeenCalledWith({ accessToken: 'stored-token' });
    expect(actor.getSnapshot().context.session?.user.data.displayName).toBe('Jane M. Doe');
    expect(persisted.at(-1)?.session?.user).toBe(freshUser);
  });

  it('signs out with the spec message when the server refuses the stored token', async () => {
    const { actor, persisted } = start(
      { stored: storedSession(nowInSeconds() + 300), loginUrl: null },
      { loadMe: () => Promise.reject(new ApiError(401, { error: messages.notSignedIn })) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ error: sessionMessages.tokenInvalid });
    expect(persisted.at(-1)?.session).toBeNull();
  });
});

describe('session machine: signing in', () => {
  it('keeps the server error body (text and fields) and stays signed out', async () => {
    const body = { error: 'Invalid request', fields: { username: 'Enter the user name (email)' } };
    const login = () => Promise.reject(new ApiError(400, body));
    const { actor } = start({ stored: null, loginUrl: null }, { login });
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual(body);
  });

  it('turns a failure without an API error body into the generic message', async () => {
    const login = () => Promise.reject(new TypeError('offline'));
    const { actor } = start({ stored: null, loginUrl: null }, { login });
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ error: sessionMessages.unexpected });
  });

  it('on success stores the token, tenant, user, expiry and login url, and clears an earlier error', async () => {
    let failOnce = true;
    const login = vi.fn(async () => {
      if (!failOnce) return janeLogin;
      failOnce = false;
      throw new ApiError(401, { error: messages.invalidLogin });
    });
    const { actor, persisted } = start({ stored: null, loginUrl: null }, { login });
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/clearview/downtown' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);

    const before = nowInSeconds();
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/clearview/downtown' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));

    expect(login).toHaveBeenLastCalledWith(credentials);
    const { context } = actor.getSnapshot();
    expect(context.error).toBeNull();
    expect(persisted.at(-1)).toEqual({
      session: {
        accessToken: janeLogin.access_token,
        tenantId: janeLogin.tenantID,
        user: janeDoe,
        expiresAt: expect.any(Number),
      },
      loginUrl: '/clearview/downtown',
      error: null,
    });
    expect(context.session!.expiresAt - before).toBeGreaterThanOrEqual(janeLogin.expiresIn);
    expect(context.session!.expiresAt - before).toBeLessThanOrEqual(janeLogin.expiresIn + 1);
  });
});

describe('session machine: logout', () => {
  it('"No" keeps the session', async () => {
    const logout = vi.fn();
    const { actor } = await signedInActor({ logout });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('confirmingLogout');
    actor.send({ type: 'logout.cancel' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(logout).not.toHaveBeenCalled();
  });

  it('"Yes" tells the server, forgets the session and announces the login url to return to', async () => {
    const logout = vi.fn(async () => null);
    const { actor, persisted } = await signedInActor({ logout });
    const ended = vi.fn();
    actor.on('session.ended', ended);

    actor.send({ type: 'session.logout' });
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));

    expect(logout).toHaveBeenCalledWith({ accessToken: janeLogin.access_token });
    expect(persisted.at(-1)).toMatchObject({ session: null, loginUrl: '/clearview/downtown' });
    expect(ended).toHaveBeenCalledWith({ type: 'session.ended', loginUrl: '/clearview/downtown' });
  });

  it('still signs out when the server cannot be told', async () => {
    const { actor } = await signedInActor({ logout: () => Promise.reject(new TypeError('offline')) });
    const ended = vi.fn();
    actor.on('session.ended', ended);
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'logout.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });
});
