import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../contract/apiError';
import type { LoginRequest, LoginResponse, User } from '../contract/auth';
import { messages } from '../contract/messages';
import { sessionMessages } from '../contract/sessionMessages';
import type { ErrorResponse, Role } from '../contract/common';

/** What the browser keeps of a signed-in user. The refresh token is an HttpOnly cookie, never here. */
export interface Session {
  accessToken: string;
  tenantId: string;
  user: User;
  /** Epoch seconds after which the access token is no longer valid. */
  expiresAt: number;
}

/** A public sign-in address /{company}/{store}, by its two slugs. */
export interface StoreAddress {
  company: string;
  store: string;
}

/** The forgot-password flow's progress: who asked, for which tenant, and the grant the code was exchanged for. */
export interface PasswordReset {
  username: string;
  tenant: string;
  resetToken: string | null;
}

export type EndReason = 'logout' | 'signInAddress' | 'refreshFailed' | 'newUserCancelled';

export interface SessionContext {
  session: Session | null;
  /** The address the user signed in from; logout returns there. */
  loginUrl: string | null;
  /** The last failure, shaped like the API's error body so that field messages can be shown too. */
  error: ErrorResponse | null;
  /** The store last signed in at in this browser (local storage); /login offers it. */
  lastStore: StoreAddress | null;
  /** A sign-in on its way: the credentials wait here while the emailed code is asked for. */
  pending: { request: LoginRequest; store: StoreAddress | null } | null;
  /** A code (sign-in, new-user or reset) was sent again: the screens say 'Re-sent'. */
  codeResent: boolean;
  /** Where the new-user code went (masked by the server). */
  codeSentTo: string | null;
  reset: PasswordReset | null;
  /** An address ending in login or admin was opened while the stored session was being checked. */
  signInAddressOpened: boolean;
  endReason: EndReason | null;
}

export interface SessionInput {
  stored: Session | null;
  loginUrl: string | null;
  lastStore?: StoreAddress | null;
}

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest; loginUrl: string; store?: StoreAddress | null }
  | { type: 'signIn.codeSubmitted'; vcode: string }
  | { type: 'signIn.codeResent' }
  | { type: 'signIn.codeCancelled' }
  | { type: 'session.refreshRequested' }
  | { type: 'session.signInAddressOpened' }
  | { type: 'session.logout' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }
  | { type: 'logout.dispatch' }
  | { type: 'newUser.codeRequested' }
  | { type: 'newUser.passwordSubmitted'; vcode: string; password: string }
  | { type: 'newUser.cancel' }
  | { type: 'password.resetRequested'; username: string; tenant: string }
  | { type: 'password.codeResent' }
  | { type: 'password.codeSubmitted'; vcode: string }
  | { type: 'password.newPasswordSubmitted'; password: string }
  | { type: 'password.resetCancelled' };

/**
 * The session is over. `reason` tells the app what to do: after a logout the user goes to the login url (or '/');
 * after an automatic logout on a sign-in address, or a failed refresh, the route guard decides.
 */
export type SessionEmitted = { type: 'session.ended'; loginUrl: string | null; reason: EndReason };

export { sessionMessages };

export interface AuthCodeAnswer {
  role: Role | Role[] | null;
  isauth: boolean;
  codeRequired: boolean;
  error: string | null;
}

/** A refreshed access token, or null when the server answered without one (refused cookie). */
export type RefreshAnswer = { accessToken: string; expiresIn: number } | null;

/** An address that ends with login or admin (optional trailing slash): a valid session there is ended. */
export const isSignInAddress = (path: string) => /(login|admin)\/?$/i.test(path);

const nowInSeconds = () => Math.floor(Date.now() / 1000);

function toSession(response: LoginResponse): Session {
  return {
    accessToken: response.access_token,
    tenantId: response.tenantID,
    user: response.user,
    expiresAt: nowInSeconds() + response.expiresIn,
  };
}

function toError(error: unknown): ErrorResponse {
  return error instanceof ApiError && error.body ? error.body : { error: sessionMessages.unexpected };
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

const rolesOf = (answer: AuthCodeAnswer | User) =>
  ('data' in answer ? answer.role : Array.isArray(answer.role) ? answer.role : [answer.role]) as (Role | null)[];

/** Local date as YYYY-MM-DD, the form of `tempPwdExpiryDate`. */
function today() {
  const date = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The states that call this are only entered with a session (a guard or a successful login led there). */
function accessTokenOf(context: SessionContext) {
  if (!context.session) throw new Error('This state needs a session');
  return { accessToken: context.session.accessToken };
}

function pendingRequest(context: SessionContext): LoginRequest {
  if (!context.pending) throw new Error('This state needs a pending sign-in');
  return context.pending.request;
}

function resetOf(context: SessionContext): PasswordReset {
  if (!context.reset) throw new Error('This state needs a password reset');
  return context.reset;
}

const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied at app start with .provide()`);
};

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /**
     * busy: a call the user waits for; signedIn: a full session exists (also while asking about and doing
     * logout); refreshing: the access token is being renewed (silently); newUser: the new-user flow;
     * codeStep: the sign-in asks for the emailed code; codeSent: the new-user code was sent;
     * confirmingLogout / loggingOut: the logout question and its call; reset*: the forgot-password steps.
     */
    tags: {} as
      | 'busy'
      | 'signedIn'
      | 'refreshing'
      | 'newUser'
      | 'codeStep'
      | 'codeSent'
      | 'confirmingLogout'
      | 'loggingOut'
      | 'resetRequest'
      | 'resetCode'
      | 'resetPassword'
      | 'resetDone',
  },
  actors: {
    authCode: fromPromise<AuthCodeAnswer, LoginRequest>(notSupplied('authCode')),
    login: fromPromise<LoginResponse, LoginRequest>(notSupplied('login')),
    loadMe: fromPromise<User, { accessToken: string }>(notSupplied('loadMe')),
    refresh: fromPromise<RefreshAnswer, { accessToken: string | null }>(notSupplied('refresh')),
    logout: fromPromise<unknown, { accessToken: string }>(notSupplied('logout')),
    sendNewUserCode: fromPromise<{ sentTo: string | null }, { accessToken: string }>(notSupplied('sendNewUserCode')),
    changePassword: fromPromise<LoginResponse, { accessToken: string; vcode: string; password: string }>(
      notSupplied('changePassword'),
    ),
    requestReset: fromPromise<unknown, { username: string; tenant: string }>(notSupplied('requestReset')),
    verifyResetCode: fromPromise<{ resetToken: string }, { username: string; tenant: string; vcode: string }>(
      notSupplied('verifyResetCode'),
    ),
    resetPassword: fromPromise<unknown, { resetToken: string; password: string }>(notSupplied('resetPassword')),
  },
  actions: {
    /** Mirrors session and login url into session storage; supplied at app start. */
    persistSession: () => {},
    /** Mirrors `lastStore` into local storage; supplied at app start. */
    persistStore: () => {},
    endSession: assign({ session: null, pending: null, codeResent: false, codeSentTo: null }),
    announceEnd: emit(({ context }) => ({
      type: 'session.ended' as const,
      loginUrl: context.loginUrl,
      reason: context.endReason ?? 'logout',
    })),
    /** The route guard (a sibling in the app's actor system) forgets the user: the app is about to leave. */
    endRouteAccess: ({ system }) => system.get('routeAccess')?.send({ type: 'session.ended' }),
    /**
     * Tells the session's siblings who is there now (the route guard the roles, the settings the user); supplied at
     * app start, which knows the guest's stored settings. `pending`: the roles are not known (being checked or ended).
     */
    shareSession: (_, _params: { pending: boolean }) => {},
    clearError: assign({ error: null }),
    /** Keeps the failed call's error for the view (the server's text, or a known message). */
    keepError: assign({ error: ({ event }) => toError((event as { error?: unknown }).error) }),
    rememberStore: assign({ lastStore: ({ context }) => context.pending?.store ?? context.lastStore }),
  },
  guards: {
    hasValidStoredToken: ({ context }) => context.session !== null && context.session.expiresAt > nowInSeconds(),
    hasStoredSession: ({ context }) => context.session !== null,
    /** A user with an empty role list cannot log out (the request is ignored). */
    hasRoles: ({ context }) => (context.session?.user.role.length ?? 0) > 0,
    signInAddressWasOpened: ({ context }) => context.signInAddressOpened,
  },
});

/** A sign-in begins with the auth-code step; the address it came from becomes the login url. */
const startSignIn = {
  target: '#session.signedOut.authorizing',
  actions: sessionSetup.assign({
    loginUrl: ({ event }) => (event.type === 'session.login' ? event.loginUrl : null),
    pending: ({ event }) => (event.type === 'session.login' ? { request: event.request, store: event.store ?? null } : null),
    error: null,
    codeResent: false,
  }),
} as const;

const startReset = {
  target: '#session.signedOut.forgotPassword.sendingRequest',
  actions: sessionSetup.assign({
    reset: ({ event }) =>
      event.type === 'password.resetRequested' ? { username: event.username, tenant: event.tenant, resetToken: null } : null,
    error: null,
    codeResent: false,
  }),
} as const;

/** Back to sign-in from the new-user page: the restricted token is dropped (it has no session on the server). */
const cancelNewUser = {
  target: '#session.signedOut',
  actions: [
    'endSession',
    'persistSession',
    sessionSetup.assign({ endReason: 'newUserCancelled' as const }),
    'announceEnd', 'endRouteAccess',
  ],
} as const;

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: input.stored,
    loginUrl: input.loginUrl,
    error: null,
    lastStore: input.lastStore ?? null,
    pending: null,
    codeResent: false,
    codeSentTo: null,
    reset: null,
    signInAddressOpened: false,
    endReason: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      initial: 'validatingToken',
      on: { 'session.signInAddressOpened': { actions: assign({ signInAddressOpened: true }) } },
      states: {
        validatingToken: {
          always: [
            { guard: 'hasValidStoredToken', target: 'loadingUser' },
            { guard: 'hasStoredSession', target: 'refreshing' },
            { target: '#session.signedOut', actions: ['endSession', 'persistSession'] },
          ],
        },
        // The access token has run out: the refresh cookie may still hold a session.
        refreshing: {
          invoke: {
            src: 'refresh',
            input: ({ context }) => accessTokenOf(context),
            onDone: [
              {
                guard: ({ event }) => event.output === null,
                target: '#session.signedOut',
                actions: ['endSession', assign({ error: { error: sessionMessages.tokenExpired } }), 'persistSession'],
              },
              {
                target: 'loadingUser',
                actions: assign({
                  session: ({ context, event }) =>
                    context.session &&
                    event.output && {
                      ...context.session,
                      accessToken: event.output.accessToken,
                      expiresAt: nowInSeconds() + event.output.expiresIn,
                    },
                }),
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: ['endSession', assign({ error: { error: messages.tokenRefreshFailed } }), 'persistSession'],
            },
          },
        },
        // The stored user may be stale (roles, store); the server's answer also proves the token still works.
        loadingUser: {
          invoke: {
            src: 'loadMe',
            input: ({ context }) => accessTokenOf(context),
            onDone: [
              {
                guard: 'signInAddressWasOpened',
                target: '#session.autoLoggingOut',
                actions: [assign({ endReason: 'signInAddress' })],
              },
              {
                guard: ({ event }) => event.output.role.includes('newuser'),
                target: '#session.newUser',
                actions: [
                  assign({ session: ({ context, event }) => context.session && { ...context.session, user: event.output } }),
                  'persistSession',
                ],
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ session: ({ context, event }) => context.session && { ...context.session, user: event.output } }),
                  'persistSession',
                ],
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: ['endSession', assign({ error: { error: sessionMessages.tokenInvalid } }), 'persistSession'],
            },
          },
        },
      },
    },
    signedOut: {
      initial: 'idle',
      entry: [assign({ signInAddressOpened: false }), { type: 'shareSession', params: { pending: false } }],
      states: {
        idle: { on: { 'session.login': startSignIn, 'password.resetRequested': startReset } },
        // The auth-code step: checks the credentials and says whether a code is needed or it is a new user.
        authorizing: {
          tags: 'busy',
          invoke: {
            src: 'authCode',
            input: ({ context }) => pendingRequest(context),
            onDone: [
              { guard: ({ event }) => rolesOf(event.output).includes('newuser'), target: 'signingIn' },
              { guard: ({ event }) => event.output.isauth && event.output.codeRequired, target: 'awaitingCode' },
              { guard: ({ event }) => event.output.isauth, target: 'signingIn' },
              {
                target: 'idle',
                actions: assign({
                  error: ({ event }) => ({ error: event.output.error ?? messages.invalidLogin }),
                  pending: null,
                }),
              },
            ],
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toError(event.error), pending: null }) },
          },
        },
        awaitingCode: {
          tags: 'codeStep',
          on: {
            'signIn.codeSubmitted': {
              target: 'signingInWithCode',
              actions: assign({
                pending: ({ context, event }) =>
                  context.pending && {
                    ...context.pending,
                    request: { ...context.pending.request, vcode: event.vcode.trim(), isauth: true },
                  },
                error: null,
              }),
            },
            'signIn.codeResent': { target: 'resendingCode', actions: assign({ codeResent: true, error: null }) },
            'signIn.codeCancelled': { target: 'idle', actions: assign({ pending: null, error: null, codeResent: false }) },
            'password.resetRequested': startReset,
          },
        },
        // The same auth-code call again: a new code is emailed.
        resendingCode: {
          tags: ['busy', 'codeStep'],
          invoke: {
            src: 'authCode',
            input: ({ context }) => pendingRequest(context),
            onDone: [
              { guard: ({ event }) => event.output.isauth && event.output.codeRequired, target: 'awaitingCode' },
              {
                target: 'idle',
                actions: assign({
                  error: ({ event }) => ({ error: event.output.error ?? messages.invalidLogin }),
                  pending: null,
                }),
              },
            ],
            onError: { target: 'awaitingCode', actions: 'keepError' },
          },
        },
        signingIn: {
          tags: 'busy',
          invoke: {
            src: 'login',
            input: ({ context }) => pendingRequest(context),
            onDone: [
              {
                guard: ({ event }) => registrationExpired(event.output.user),
                target: 'idle',
                actions: assign({ error: { error: messages.registrationExpired }, pending: null }),
              },
              {
                guard: ({ event }) => event.output.user.role.includes('newuser'),
                target: '#session.newUser',
                actions: [assign({ session: ({ event }) => toSession(event.output) }), 'persistSession'],
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ session: ({ event }) => toSession(event.output) }),
                  'persistSession',
                  { type: 'rememberStore' },
                  'persistStore',
                  assign({ pending: null }),
                ],
              },
            ],
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toError(event.error), pending: null }) },
          },
        },
        signingInWithCode: {
          tags: ['busy', 'codeStep'],
          invoke: {
            src: 'login',
            input: ({ context }) => pendingRequest(context),
            onDone: [
              {
                guard: ({ event }) => registrationExpired(event.output.user),
                target: 'idle',
                actions: assign({ error: { error: messages.registrationExpired }, pending: null }),
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ session: ({ event }) => toSession(event.output) }),
                  'persistSession',
                  { type: 'rememberStore' },
                  'persistStore',
                  assign({ pending: null }),
                ],
              },
            ],
            // A wrong code: the user may try again or ask for a new one.
            onError: { target: 'awaitingCode', actions: 'keepError' },
          },
        },
        // Forgot password: email + store -> code -> new password.
        forgotPassword: {
          initial: 'enteringEmail',
          exit: assign({ reset: null }),
          on: {
            'password.resetCancelled': { target: 'idle', actions: assign({ error: null, codeResent: false }) },
            'session.login': startSignIn,
          },
          states: {
            enteringEmail: {
              tags: 'resetRequest',
              on: { 'password.resetRequested': { ...startReset, target: 'sendingRequest' } },
            },
            sendingRequest: {
              tags: ['busy', 'resetRequest'],
              invoke: {
                src: 'requestReset',
                input: ({ context }) => {
                  const { username, tenant } = resetOf(context);
                  return { username, tenant };
                },
                onDone: 'awaitingCode',
                onError: [
                  {
                    guard: ({ context }) => context.codeResent,
                    target: 'awaitingCode',
                    actions: 'keepError',
                  },
                  { target: 'enteringEmail', actions: 'keepError' },
                ],
              },
            },
            awaitingCode: {
              tags: 'resetCode',
              on: {
                'password.codeSubmitted': { target: 'verifyingCode', actions: 'clearError' },
                'password.codeResent': { target: 'sendingRequest', actions: assign({ codeResent: true, error: null }) },
              },
            },
            verifyingCode: {
              tags: ['busy', 'resetCode'],
              invoke: {
                src: 'verifyResetCode',
                input: ({ context, event }) => {
                  const { username, tenant } = resetOf(context);
                  return { username, tenant, vcode: event.type === 'password.codeSubmitted' ? event.vcode.trim() : '' };
                },
                onDone: {
                  target: 'choosingPassword',
                  actions: assign({
                    reset: ({ context, event }) => ({ ...resetOf(context), resetToken: event.output.resetToken }),
                  }),
                },
                onError: { target: 'awaitingCode', actions: 'keepError' },
              },
            },
            choosingPassword: {
              tags: 'resetPassword',
              on: { 'password.newPasswordSubmitted': { target: 'resetting', actions: 'clearError' } },
            },
            resetting: {
              tags: ['busy', 'resetPassword'],
              invoke: {
                src: 'resetPassword',
                input: ({ context, event }) => ({
                  resetToken: resetOf(context).resetToken ?? '',
                  password: event.type === 'password.newPasswordSubmitted' ? event.password : '',
                }),
                onDone: 'done',
                onError: [
                  // The grant was used or ran out: start again from the email.
                  {
                    guard: ({ event }) => event.error instanceof ApiError && Boolean(event.error.body?.fields?.resetToken),
                    target: 'enteringEmail',
                    actions: 'keepError',
                  },
                  { target: 'choosingPassword', actions: 'keepError' },
                ],
              },
            },
            done: { tags: 'resetDone' },
          },
        },
      },
    },
    // Signed in with the temporary password: a restricted token that only admits the new-user calls.
    newUser: {
      tags: 'newUser',
      initial: 'ready',
      entry: { type: 'shareSession', params: { pending: false } },
      on: {
        'session.signInAddressOpened': {
          target: 'signedOut',
          actions: ['endSession', 'persistSession', assign({ endReason: 'signInAddress' }), 'announceEnd', 'endRouteAccess'],
        },
        // The restricted token has no session on the server to end.
        'logout.dispatch': {
          target: 'signedOut',
          actions: ['endSession', 'persistSession', assign({ endReason: 'logout' }), 'announceEnd', 'endRouteAccess'],
        },
      },
      states: {
        ready: { on: { 'newUser.codeRequested': 'sendingCode', 'newUser.cancel': cancelNewUser } },
        sendingCode: {
          tags: 'busy',
          invoke: {
            src: 'sendNewUserCode',
            input: ({ context }) => accessTokenOf(context),
            onDone: {
              target: 'codeSent',
              actions: assign({
                codeResent: ({ context }) => context.codeSentTo !== null,
                codeSentTo: ({ event, context }) => event.output.sentTo ?? context.codeSentTo ?? '',
                error: null,
              }),
            },
            onError: [
              {
                guard: ({ event }) => isUnauthorized(event.error),
                target: '#session.signedOut',
                actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.tokenInvalid } })],
              },
              {
                guard: ({ context }) => context.codeSentTo !== null,
                target: 'codeSent',
                actions: 'keepError',
              },
              { target: 'ready', actions: 'keepError' },
            ],
          },
        },
        codeSent: {
          tags: 'codeSent',
          on: {
            'newUser.codeRequested': 'sendingCode',
            'newUser.passwordSubmitted': { target: 'changingPassword', actions: 'clearError' },
            'newUser.cancel': cancelNewUser,
          },
        },
        changingPassword: {
          tags: ['busy', 'codeSent'],
          invoke: {
            src: 'changePassword',
            input: ({ context, event }) => ({
              ...accessTokenOf(context),
              vcode: event.type === 'newUser.passwordSubmitted' ? event.vcode.trim() : '',
              password: event.type === 'newUser.passwordSubmitted' ? event.password : '',
            }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                assign({ session: ({ event }) => toSession(event.output), codeSentTo: null, codeResent: false }),
                'persistSession',
                { type: 'rememberStore' },
                'persistStore',
                assign({ pending: null }),
              ],
            },
            onError: [
              {
                guard: ({ event }) => isUnauthorized(event.error),
                target: '#session.signedOut',
                actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.tokenInvalid } })],
              },
              { target: 'codeSent', actions: 'keepError' },
            ],
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      tags: 'signedIn',
      entry: [
        assign({ error: null, signInAddressOpened: false, endReason: null }),
        { type: 'shareSession', params: { pending: false } },
      ],
      on: {
        'logout.dispatch': {
          guard: 'hasRoles',
          target: 'loggingOut',
          actions: assign({ endReason: 'logout' }),
        },
        'session.signInAddressOpened': {
          target: 'autoLoggingOut',
          actions: assign({ endReason: 'signInAddress' }),
        },
      },
      states: {
        // A 401 anywhere asks for one refresh (the http layer waits for its outcome).
        token: {
          initial: 'valid',
          states: {
            valid: { on: { 'session.refreshRequested': 'refreshing' } },
            refreshing: {
              tags: 'refreshing',
              invoke: {
                src: 'refresh',
                input: ({ context }) => accessTokenOf(context),
                onDone: [
                  {
                    guard: ({ event }) => event.output === null,
                    target: '#session.signedOut',
                    actions: [
                      'endSession',
                      'persistSession',
                      assign({ error: { error: messages.tokenRefreshFailed }, endReason: 'refreshFailed' }),
                      'announceEnd', 'endRouteAccess',
                    ],
                  },
                  {
                    target: 'valid',
                    actions: [
                      assign({
                        session: ({ context, event }) =>
                          context.session &&
                          event.output && {
                            ...context.session,
                            accessToken: event.output.accessToken,
                            expiresAt: nowInSeconds() + event.output.expiresIn,
                          },
                      }),
                      'persistSession',
                    ],
                  },
                ],
                onError: {
                  target: '#session.signedOut',
                  actions: [
                    'endSession',
                    'persistSession',
                    assign({ error: { error: messages.tokenRefreshFailed }, endReason: 'refreshFailed' }),
                    'announceEnd', 'endRouteAccess',
                  ],
                },
              },
            },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: { on: { 'session.logout': { guard: 'hasRoles', target: 'confirming' } } },
            confirming: {
              tags: 'confirmingLogout',
              on: {
                'logout.confirm': { target: '#session.loggingOut', actions: assign({ endReason: 'logout' }) },
                'logout.cancel': 'idle',
              },
            },
          },
        },
      },
    },
    loggingOut: {
      tags: ['busy', 'signedIn', 'loggingOut'],
      invoke: {
        src: 'logout',
        input: ({ context }) => accessTokenOf(context),
        // The user asked to leave: the browser forgets the session even if the server could not be told
        // (offline, token already gone); the refresh cookie then dies with its family's idle timeout.
        onDone: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd', 'endRouteAccess'] },
        onError: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd', 'endRouteAccess'] },
      },
    },
    // A sign-in address was opened with a valid session: the session ends there, and the sign-in form shows.
    autoLoggingOut: {
      tags: 'busy',
      entry: { type: 'shareSession', params: { pending: true } },
      invoke: {
        src: 'logout',
        input: ({ context }) => accessTokenOf(context),
        onDone: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd', 'endRouteAccess'] },
        onError: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd', 'endRouteAccess'] },
      },
    },
  },
});

/**
 * The roles the route guard works with: null while the stored session is checked (or, having been opened on a
 * sign-in address, is being ended), [] for a guest, else the signed-in user's roles (newuser during the new-user flow).
 */
export function sessionRoles(snapshot: SnapshotFrom<typeof sessionMachine>): readonly Role[] | null {
  if (snapshot.matches('checking') || snapshot.matches('autoLoggingOut')) return null;
  return snapshot.context.session?.user.role ?? [];
}

/** Spec 5: a temporary password whose expiry date is before today, on an unregistered account, is refused. */
function registrationExpired(user: User) {
  return user.isRegistered === 0 && user.tempPwdExpiryDate !== null && user.tempPwdExpiryDate < today();
}
