import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { LoginRequest, LoginResponse, User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword.machine';
import { newUserMachine } from '../../src/machines/newUser.machine';
import { sessionMachine, sessionMessages } from '../../src/machines/session.machine';
import type {
  AuthCodeAnswer,
  LoadedFlow,
  RefreshAnswer,
  Session,
  SessionContext,
  SessionInput,
} from '../../src/machines/session.machine';
import { janeDoe, janeLogin, newUser as newUserFixture, newUserLogin } from '../fixtures/auth';

const nowInSeconds = () => Math.floor(Date.now() / 1000);
const storedSession = (expiresAt: number): Session => ({
  accessToken: 'stored-token',
  tenantId: janeDoe.tenantId,
  user: janeDoe,
  expiresAt,
});
const credentials: LoginRequest = { username: 'patient@clearview.test', password: 'Demo-Pass-2026!' };

interface Fakes {
  authCode?: (request: LoginRequest) => Promise<AuthCodeAnswer>;
  refresh?: (input: { accessToken: string | null }) => Promise<RefreshAnswer>;
  login?: (request: LoginRequest) => Promise<LoginResponse>;
  loadMe?: (input: { accessToken: string }) => Promise<User>;
  logout?: (input: { accessToken: string }) => Promise<unknown>;
  loadForgotPassword?: () => Promise<LoadedFlow<typeof forgotPasswordMachine>>;
  loadNewUser?: () => Promise<LoadedFlow<typeof newUserMachine>>;
}

/** The machine with fake actors; `persisted` records every context the app would mirror to storage. */
function start(input: SessionInput, fakes: Fakes = {}) {
  const persisted: SessionContext[] = [];
  const unexpectedCall = () => Promise.reject(new Error('not expected in this test'));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        authCode: fromPromise(({ input: request }) =>
          (fakes.authCode ?? (async () => ({ role: ['patient'], isauth: true, codeRequired: false, error: null })))(
            request,
          ),
        ),
        refresh: fromPromise(({ input: token }) => (fakes.refresh ?? unexpectedCall)(token)),
        login: fromPromise(({ input: request }) => (fakes.login ?? unexpectedCall)(request)),
        loadMe: fromPromise(({ input: token }) => (fakes.loadMe ?? unexpectedCall)(token)),
        logout: fromPromise(({ input: token }) => (fakes.logout ?? unexpectedCall)(token)),
        loadForgotPassword: fromPromise(() => (fakes.loadForgotPassword ?? unexpectedCall)()),
        loadNewUser: fromPromise(() => (fakes.loadNewUser ?? unexpectedCall)()),
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
  await waitFor(started.actor, (snapshot) => snapshot.hasTag('signedIn'));
  return started;
}

describe('session machine: checking at start-up', () => {
  it('without a stored token it is signed out at once', () => {
    const { actor } = start({ stored: null, loginUrl: null });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reads the time from the clock it is given: a token valid by that clock is used as it is, and a sign-in expires by it', async () => {
    const clock = Date.parse('2020-01-01T12:00:00Z');
    const loadMe = vi.fn(async () => janeDoe);
    const { actor } = start({ stored: storedSession(clock / 1000 + 300), loginUrl: '/login', now: () => clock }, { loadMe });
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(loadMe).toHaveBeenCalledWith({ accessToken: 'stored-token' });

    const login = vi.fn(async (): Promise<LoginResponse> => ({ access_token: 'new', tenantID: janeDoe.tenantId, user: janeDoe, expiresIn: 600 }) as LoginResponse);
    const signingIn = start({ stored: null, loginUrl: '/login', now: () => clock }, { login });
    signingIn.actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(signingIn.actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(signingIn.actor.getSnapshot().context.session?.expiresAt).toBe(clock / 1000 + 600);
  });

  it('with an expired stored token it refreshes, then loads the user with the new token', async () => {
    const loadMe = vi.fn(async () => janeDoe);
    const refresh = vi.fn(async () => ({ accessToken: 'renewed', expiresIn: 600 }));
    const { actor } = start({ stored: storedSession(nowInSeconds() - 1), loginUrl: '/login' }, { loadMe, refresh });
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(refresh).toHaveBeenCalledWith({ accessToken: 'stored-token' });
    expect(loadMe).toHaveBeenCalledWith({ accessToken: 'renewed' });
  });

  it.each([
    ['refused (no data)', async (): Promise<RefreshAnswer> => null, sessionMessages.tokenExpired],
    // (No answer at all keeps the session: see 'a reload with no connection' below.)
    ['failing', (): Promise<RefreshAnswer> => Promise.reject(new ApiError(503, null)), messages.tokenRefreshFailed],
  ] as const)('with an expired stored token and a %s refresh it logs out with the message', async (_, refresh, text) => {
    const { actor, persisted } = start({ stored: storedSession(nowInSeconds() - 1), loginUrl: '/login' }, { refresh });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ error: text });
    expect(persisted.at(-1)).toMatchObject({ session: null, loginUrl: '/login' });
  });

  it('logs out instead of signing in when a sign-in address was opened during the check', async () => {
    const logout = vi.fn(async () => null);
    const { actor } = start(
      { stored: storedSession(nowInSeconds() + 300), loginUrl: '/login' },
      { loadMe: async () => janeDoe, logout },
    );
    const ended = vi.fn();
    actor.on('session.ended', ended);
    actor.send({ type: 'session.signInAddressOpened' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(logout).toHaveBeenCalledOnce();
    expect(ended).toHaveBeenCalledWith({ type: 'session.ended', loginUrl: '/login', reason: 'signInAddress' });
  });

  it('with a valid stored token it loads the user with that token and signs in', async () => {
    const freshUser = { ...janeDoe, data: { ...janeDoe.data, displayName: 'Jane M. Doe' } };
    const loadMe = vi.fn(async () => freshUser);
    const valid = storedSession(nowInSeconds() + 300);
    const { actor, persisted } = start({ stored: valid, loginUrl: '/login' }, { loadMe });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
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

describe('session machine: a reload with no connection (the register offline)', () => {
  it('stays signed in with the stored user when the check gets no answer, with a valid token', async () => {
    const valid = storedSession(nowInSeconds() + 300);
    const { actor, persisted } = start({ stored: valid, loginUrl: '/login' }, { loadMe: () => Promise.reject(new TypeError('Failed to fetch')) });
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(actor.getSnapshot().context.session).toEqual(valid);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(persisted.every((context) => context.session !== null)).toBe(true);
  });

  it('stays signed in when the token has run out and the refresh gets no answer', async () => {
    const expired = storedSession(nowInSeconds() - 60);
    const { actor } = start({ stored: expired, loginUrl: '/login' }, { refresh: () => Promise.reject(new TypeError('Failed to fetch')) });
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(actor.getSnapshot().context.session).toEqual(expired);
  });
});

describe('session machine: signing in', () => {
  it('keeps the server error body (text and fields) and stays signed out', async () => {
    const body = { error: 'Invalid request', fields: { username: 'Enter the user name (email)' } };
    const login = () => Promise.reject(new ApiError(400, body));
    const { actor } = start({ stored: null, loginUrl: null }, { login });
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual(body);
  });

  it('turns a failure without an API error body into the generic message', async () => {
    const login = () => Promise.reject(new TypeError('offline'));
    const { actor } = start({ stored: null, loginUrl: null }, { login });
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
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
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));

    expect(login).toHaveBeenLastCalledWith(credentials);
    const { context } = actor.getSnapshot();
    expect(context.error).toBeNull();
    expect(persisted.at(-1)).toMatchObject({
      session: {
        accessToken: janeLogin.access_token,
        tenantId: janeLogin.tenantID,
        user: janeDoe,
        expiresAt: expect.any(Number),
      },
      loginUrl: '/clearview/downtown',
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
    expect(actor.getSnapshot().hasTag('confirmingLogout')).toBe(true);
    actor.send({ type: 'logout.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: { logout: 'idle' } })).toBe(true);
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
    expect(ended).toHaveBeenCalledWith({ type: 'session.ended', loginUrl: '/clearview/downtown', reason: 'logout' });
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

describe('session machine: the auth-code step and the new-user flow', () => {
  it('asks for the emailed code, then signs in with vcode and isauth', async () => {
    const login = vi.fn(async () => janeLogin);
    const { actor } = start(
      { stored: null, loginUrl: null },
      { authCode: async () => ({ role: ['patient'], isauth: true, codeRequired: true, error: null }), login },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('codeStep') && !snapshot.hasTag('busy'));
    expect(login).not.toHaveBeenCalled();
    actor.send({ type: 'signIn.codeSubmitted', vcode: ' 123456 ' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(login).toHaveBeenCalledWith({ ...credentials, vcode: '123456', isauth: true });
  });

  it("uses the auth-code step's own error when it neither authorises nor names a new user", async () => {
    const { actor } = start(
      { stored: null, loginUrl: null },
      { authCode: async () => ({ role: null, isauth: false, codeRequired: false, error: messages.registrationExpired }) },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ error: messages.registrationExpired });
  });

  it('refuses a temporary password that expired before today, whatever the server said', async () => {
    const expiredUser: User = { ...janeDoe, isRegistered: 0, tempPwdExpiryDate: '2000-01-01' };
    const { actor, persisted } = start(
      { stored: null, loginUrl: null },
      { login: async () => ({ ...janeLogin, user: expiredUser }) },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ error: messages.registrationExpired });
    expect(persisted.every((context) => context.session === null)).toBe(true);
  });

  it('a newuser login opens the new-user flow, not a session', async () => {
    const newUser: User = { ...janeDoe, role: ['newuser'], isRegistered: 0, tempPwdExpiryDate: '2999-01-01' };
    const { actor } = start(
      { stored: null, loginUrl: null },
      {
        authCode: async () => ({ role: 'newuser', isauth: false, codeRequired: false, error: null }),
        login: async () => ({ ...janeLogin, user: newUser }),
      },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('newUser'));
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
  });
});

describe('session machine: rules of the signed-in session', () => {
  it('a user with an empty role list cannot log out (ignored)', async () => {
    const { actor } = await signedInActor({ login: async () => ({ ...janeLogin, user: { ...janeDoe, role: [] } }) });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'logout.dispatch' });
    expect(actor.getSnapshot().matches({ signedIn: { logout: 'idle' } })).toBe(true);
  });

  it('one refresh for many requests; a refused refresh ends the session with "Token refresh failed"', async () => {
    let answer: (value: RefreshAnswer) => void = () => {};
    const refresh = vi.fn(() => new Promise<RefreshAnswer>((resolve) => (answer = resolve)));
    const { actor } = await signedInActor({ refresh });
    const ended = vi.fn();
    actor.on('session.ended', ended);
    actor.send({ type: 'session.refreshRequested' });
    actor.send({ type: 'session.refreshRequested' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    answer(null);
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(refresh).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.error).toEqual({ error: messages.tokenRefreshFailed });
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'refreshFailed' }));
  });
});

describe('session machine: the side flows are child machines, loaded when they start', () => {
  const lostChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  it('forgot password: the request spawns the child forgotPassword, whose end is the done step', async () => {
    const requestReset = vi.fn(async (_input: { username: string; tenant: string }) => ({ sent: true }));
    const resetPassword = vi.fn(async (_input: { resetToken: string; password: string }) => ({ changed: true }));
    const logic = forgotPasswordMachine.provide({
      actors: {
        requestReset: fromPromise(({ input }) => requestReset(input)),
        verifyResetCode: fromPromise(async () => ({ resetToken: 'grant-1' })),
        resetPassword: fromPromise(({ input }) => resetPassword(input)),
      },
    });
    const { actor } = start({ stored: null, loginUrl: null }, { loadForgotPassword: async () => ({ logic }) });
    actor.send({ type: 'password.resetRequested', username: 'jane@clearview.test', tenant: 'tenant-1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await waitFor(actor, (snapshot) => snapshot.context.forgotPassword !== null);
    const child = actor.getSnapshot().context.forgotPassword!;
    expect(actor.system.get('forgotPassword')).toBe(child);
    expect(requestReset).toHaveBeenCalledWith({ username: 'jane@clearview.test', tenant: 'tenant-1' });
    await waitFor(child, (snapshot) => snapshot.hasTag('resetCode'));

    // The guard codeComplete: a code is trimmed and at least 6 characters long.
    expect(child.getSnapshot().can({ type: 'password.codeSubmitted', vcode: ' 12345 ' })).toBe(false);
    expect(child.getSnapshot().can({ type: 'password.codeSubmitted', vcode: ' 123456 ' })).toBe(true);
    child.send({ type: 'password.codeSubmitted', vcode: '12345' });
    expect(child.getSnapshot().hasTag('busy')).toBe(false);
    child.send({ type: 'password.codeSubmitted', vcode: ' 123456 ' });
    await waitFor(child, (snapshot) => snapshot.hasTag('resetPassword'));
    child.send({ type: 'password.newPasswordSubmitted', password: 'a-long-new-password' });

    await waitFor(actor, (snapshot) => snapshot.hasTag('resetDone'));
    expect(resetPassword).toHaveBeenCalledWith({ resetToken: 'grant-1', password: 'a-long-new-password' });
    expect(actor.getSnapshot().matches({ signedOut: { forgotPassword: 'done' } })).toBe(true);

    actor.send({ type: 'password.resetCancelled' });
    expect(actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.forgotPassword).toBeNull();
    expect(actor.system.get('forgotPassword')).toBeUndefined();
  });

  it("forgot password: a chunk that fails to load shows the generic message; asking again loads again", async () => {
    const loadForgotPassword = vi.fn(lostChunk);
    const { actor } = start({ stored: null, loginUrl: null }, { loadForgotPassword });
    actor.send({ type: 'password.resetRequested', username: 'jane@clearview.test', tenant: 'tenant-1' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('flowFailed'));
    expect(actor.getSnapshot().context.error).toEqual({ error: sessionMessages.unexpected });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);

    actor.send({ type: 'password.resetRequested', username: 'jane@clearview.test', tenant: 'tenant-1' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.hasTag('flowFailed'));
    expect(loadForgotPassword).toHaveBeenCalledTimes(2);
  });

  it('new user: the child newUser ends signed in, and the session takes the session its output carries', async () => {
    const changePassword = vi.fn(async (_input: { accessToken: string; vcode: string; password: string }) => janeLogin);
    const logic = newUserMachine.provide({
      actors: {
        sendNewUserCode: fromPromise(async () => ({ sentTo: 'n******@clearview.test' as string | null })),
        changePassword: fromPromise(({ input }) => changePassword(input)),
      },
    });
    const { actor, persisted } = start(
      { stored: null, loginUrl: null },
      {
        authCode: async () => ({ role: 'newuser', isauth: false, codeRequired: false, error: null }),
        login: async () => newUserLogin,
        loadNewUser: async () => ({ logic }),
      },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.context.newUser !== null);
    const child = actor.getSnapshot().context.newUser!;
    expect(actor.system.get('newUser')).toBe(child);
    expect(actor.getSnapshot().hasTag('newUser')).toBe(true);

    child.send({ type: 'newUser.codeRequested' });
    await waitFor(child, (snapshot) => snapshot.hasTag('codeSent') && !snapshot.hasTag('busy'));
    expect(child.getSnapshot().context.codeSentTo).toBe('n******@clearview.test');
    expect(child.getSnapshot().can({ type: 'newUser.passwordSubmitted', vcode: '123', password: 'x' })).toBe(false);
    child.send({ type: 'newUser.passwordSubmitted', vcode: ' 123456 ', password: 'a-long-new-password' });

    await waitFor(actor, (snapshot) => snapshot.hasTag('signedIn'));
    expect(changePassword).toHaveBeenCalledWith({
      accessToken: newUserLogin.access_token,
      vcode: '123456',
      password: 'a-long-new-password',
    });
    expect(actor.getSnapshot().context.session?.accessToken).toBe(janeLogin.access_token);
    expect(persisted.at(-1)?.session?.user).toEqual(janeLogin.user);
    expect(actor.getSnapshot().context.newUser).toBeNull();
  });

  it('new user: cancelling ends the restricted session; a refused token signs out with the spec message', async () => {
    const stored = { ...storedSession(nowInSeconds() + 300), user: newUserFixture };
    const refusing = newUserMachine.provide({
      actors: { sendNewUserCode: fromPromise(() => Promise.reject(new ApiError(401, { error: messages.notSignedIn }))) },
    });
    const cancelled = start({ stored, loginUrl: '/login' }, { loadMe: async () => newUserFixture, loadNewUser: async () => ({ logic: newUserMachine }) });
    const ended = vi.fn();
    cancelled.actor.on('session.ended', ended);
    await waitFor(cancelled.actor, (snapshot) => snapshot.context.newUser !== null);
    cancelled.actor.getSnapshot().context.newUser!.send({ type: 'newUser.cancel' });
    expect(cancelled.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'newUserCancelled' }));

    const refused = start({ stored, loginUrl: '/login' }, { loadMe: async () => newUserFixture, loadNewUser: async () => ({ logic: refusing }) });
    await waitFor(refused.actor, (snapshot) => snapshot.context.newUser !== null);
    refused.actor.getSnapshot().context.newUser!.send({ type: 'newUser.codeRequested' });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('signedOut'));
    expect(refused.actor.getSnapshot().context.error).toEqual({ error: sessionMessages.tokenInvalid });
    expect(refused.actor.getSnapshot().context.session).toBeNull();
  });

  it('new user: a chunk that fails to load signs out with the generic message', async () => {
    const stored = { ...storedSession(nowInSeconds() + 300), user: newUserFixture };
    const { actor, persisted } = start({ stored, loginUrl: '/login' }, { loadMe: async () => newUserFixture, loadNewUser: lostChunk });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toEqual({ error: sessionMessages.unexpected });
    expect(persisted.at(-1)?.session).toBeNull();
  });

  it('the sign-in code step takes only a complete code (guard codeComplete)', async () => {
    const { actor } = start(
      { stored: null, loginUrl: null },
      { authCode: async () => ({ role: ['patient'], isauth: true, codeRequired: true, error: null }) },
    );
    actor.send({ type: 'session.login', request: credentials, loginUrl: '/login' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('codeStep'));
    expect(actor.getSnapshot().can({ type: 'signIn.codeSubmitted', vcode: ' 12345 ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'signIn.codeSubmitted', vcode: '123456' })).toBe(true);
  });
});
