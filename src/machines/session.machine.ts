import { assign } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { Role } from '../contract/common';
import { messages } from '../contract/messages';
import { sessionMessages } from '../contract/sessionMessages';
import { forgotPasswordState, newUserState } from './session.flows';
import { accessTokenOf, pendingRequest, secondsOf, sessionSetup, startReset, startSignIn, toError, toSession } from './session.setup';

export type {
  AuthCodeAnswer,
  EndReason,
  LoadedFlow,
  RefreshAnswer,
  ResetRequest,
  Session,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SessionShared,
  StoreAddress,
} from './session.setup';
export { CODE_MIN_LENGTH, isCodeComplete, isSignInAddress } from './session.setup';
export { sessionMessages };

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    session: input.stored,
    loginUrl: input.loginUrl,
    error: null,
    lastStore: input.lastStore ?? null,
    pending: null,
    codeResent: false,
    companyChoice: null,
    resetRequest: null,
    forgotPassword: null,
    newUser: null,
    signInAddressOpened: false,
    endReason: null,
    now: input.now ?? (() => Date.now()),
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
                guard: 'refreshRefused',
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
                      expiresAt: secondsOf(context) + event.output.expiresIn,
                    },
                }),
              },
            ],
            onError: [
              { guard: 'noAnswer', target: '#session.signedIn' },
              {
                target: '#session.signedOut',
                actions: ['endSession', assign({ error: { error: messages.tokenRefreshFailed } }), 'persistSession'],
              },
            ],
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
                guard: 'isNewUser',
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
            onError: [
              { guard: 'noAnswer', target: '#session.signedIn' },
              {
                target: '#session.signedOut',
                actions: ['endSession', assign({ error: { error: sessionMessages.tokenInvalid } }), 'persistSession'],
              },
            ],
          },
        },
      },
    },
    signedOut: {
      initial: 'idle',
      entry: [assign({ signInAddressOpened: false }), { type: 'shareSession', params: { pending: false } }],
      states: {
        idle: {
          on: {
            'session.login': startSignIn,
            'password.resetRequested': startReset,
            'signIn.edited': { guard: ({ context }) => context.error !== null, actions: assign({ error: null }) },
          },
        },
        // The auth-code step: checks the credentials and says whether a code is needed or it is a new user.
        authorizing: {
          tags: 'busy',
          invoke: {
            src: 'authCode',
            input: ({ context }) => pendingRequest(context),
            onDone: [
              {
                guard: 'companyChoiceNeeded',
                target: 'choosingCompany',
                actions: assign({ companyChoice: ({ event }) => event.output.companies ?? null }),
              },
              { guard: 'isNewUser', target: 'signingIn' },
              { guard: 'codeRequired', target: 'awaitingCode' },
              { guard: 'credentialsAccepted', target: 'signingIn' },
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
        // Where no company is named, the password opened accounts in several: the sign-in goes on in the chosen one.
        choosingCompany: {
          tags: 'companyStep',
          on: {
            'signIn.companyChosen': {
              guard: 'offeredCompany',
              target: 'authorizing',
              actions: assign({
                pending: ({ context, event }) =>
                  context.pending && { ...context.pending, request: { ...context.pending.request, tenentID: event.tenantID } },
                companyChoice: null,
                error: null,
              }),
            },
            'signIn.companyCancelled': { target: 'idle', actions: assign({ pending: null, companyChoice: null, error: null }) },
          },
        },
        awaitingCode: {
          tags: 'codeStep',
          on: {
            'signIn.codeSubmitted': {
              guard: 'codeComplete',
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
              { guard: 'codeRequired', target: 'awaitingCode' },
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
                guard: 'registrationExpired',
                target: 'idle',
                actions: assign({ error: { error: messages.registrationExpired }, pending: null }),
              },
              {
                guard: 'isNewUser',
                target: '#session.newUser',
                actions: [assign({ session: ({ context, event }) => toSession(event.output, context) }), 'persistSession'],
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ session: ({ context, event }) => toSession(event.output, context) }),
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
                guard: 'registrationExpired',
                target: 'idle',
                actions: assign({ error: { error: messages.registrationExpired }, pending: null }),
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ session: ({ context, event }) => toSession(event.output, context) }),
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
        forgotPassword: forgotPasswordState,
      },
    },
    newUser: newUserState,
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
        'session.userChanged': {
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session && { ...context.session, user: { ...context.session.user, data: { ...context.session.user.data, ...event.data } } },
            }),
            'persistSession',
          ],
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
                    guard: 'refreshRefused',
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
                            expiresAt: secondsOf(context) + event.output.expiresIn,
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

