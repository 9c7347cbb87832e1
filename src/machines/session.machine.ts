import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ApiError } from '../api/http';
import type { LoginRequest, LoginResponse, User } from '../contract/auth';
import type { ErrorResponse } from '../contract/common';

/** What the browser keeps of a signed-in user. The refresh token is an HttpOnly cookie, never here. */
export interface Session {
  accessToken: string;
  tenantId: string;
  user: User;
  /** Epoch seconds after which the access token is no longer valid. */
  expiresAt: number;
}

export interface SessionContext {
  session: Session | null;
  /** The address the user signed in from; logout returns there. */
  loginUrl: string | null;
  /** The last failure, shaped like the API's error body so that field messages can be shown too. */
  error: ErrorResponse | null;
}

export interface SessionInput {
  stored: Session | null;
  loginUrl: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest; loginUrl: string }
  | { type: 'session.logout' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' };

/** Tells the app to clear cached server data and go back to the login url. */
export type SessionEmitted = { type: 'session.ended'; loginUrl: string | null };

/** Texts of failures the browser detects itself (the spec's wording); views translate them. */
export const sessionMessages = {
  tokenInvalid: 'Token is invalid or expired',
  unexpected: 'Something went wrong. Please try again.',
} as const;

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

/** The states that call this are only entered with a session (a guard or a successful login led there). */
function accessTokenOf(context: SessionContext) {
  if (!context.session) throw new Error('This state needs a session');
  return { accessToken: context.session.accessToken };
}

const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied at app start with .provide()`);
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /** busy: a call is running; signedIn: a session exists (also while asking about and doing logout). */
    tags: {} as 'busy' | 'signedIn',
  },
  actors: {
    login: fromPromise<LoginResponse, LoginRequest>(notSupplied('login')),
    loadMe: fromPromise<User, { accessToken: string }>(notSupplied('loadMe')),
    logout: fromPromise<unknown, { accessToken: string }>(notSupplied('logout')),
  },
  actions: {
    /** Mirrors session and login url into session storage; supplied at app start. */
    persistSession: () => {},
    endSession: assign({ session: null }),
    announceEnd: emit(({ context }) => ({ type: 'session.ended' as const, loginUrl: context.loginUrl })),
  },
  guards: {
    hasValidStoredToken: ({ context }) => context.session !== null && context.session.expiresAt > nowInSeconds(),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored, loginUrl: input.loginUrl, error: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      initial: 'validatingToken',
      states: {
        validatingToken: {
          always: [
            { guard: 'hasValidStoredToken', target: 'loadingUser' },
            { target: '#session.signedOut', actions: ['endSession', 'persistSession'] },
          ],
        },
        // The stored user may be stale (roles, store); the server's answer also proves the token still works.
        loadingUser: {
          invoke: {
            src: 'loadMe',
            input: ({ context }) => accessTokenOf(context),
            onDone: {
              target: '#session.signedIn',
              actions: [
                assign({
                  session: ({ context, event }) => context.session && { ...context.session, user: event.output },
                }),
                'persistSession',
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: ['endSession', assign({ error: { error: sessionMessages.tokenInvalid } }), 'persistSession'],
            },
          },
        },
      },
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign({ loginUrl: ({ event }) => event.loginUrl, error: null }),
        },
      },
    },
    signingIn: {
      tags: 'busy',
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return event.request;
        },
        onDone: {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => toSession(event.output) }), 'persistSession'],
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => toError(event.error) }),
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      on: { 'session.logout': 'confirmingLogout' },
    },
    confirmingLogout: {
      tags: 'signedIn',
      on: {
        'logout.confirm': 'loggingOut',
        'logout.cancel': 'signedIn',
      },
    },
    loggingOut: {
      tags: ['busy', 'signedIn'],
      invoke: {
        src: 'logout',
        input: ({ context }) => accessTokenOf(context),
        // The user asked to leave: the browser forgets the session even if the server could not be told
        // (offline, token already gone); the refresh cookie then dies with its family's idle timeout.
        onDone: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd'] },
        onError: { target: 'signedOut', actions: ['endSession', 'persistSession', 'announceEnd'] },
      },
    },
  },
});
