import { assign, stopChild } from 'xstate';
import type { ActorRefFromLogic, AnyActorLogic, InputFrom } from 'xstate';
import { sessionMessages } from '../contract/sessionMessages';
import { accessTokenOf, cancelNewUser, resetRequestOf, sessionSetup, startReset, startSignIn, toSession } from './session.setup';

/**
 * Where the session runs its two side flows (signed out: forgot password; signed in with a temporary password: the
 * new user's code and password), as state configs of the session machine (src/machines/session.machine.ts). Each
 * flow is a child machine (src/machines/forgotPassword.machine.ts, src/machines/newUser.machine.ts) whose code the
 * session does not import: `loading` asks the named loader actor for its logic (a dynamic import, supplied at app
 * start), then spawns it with its systemId; the session reacts to the child's end. A chunk that fails to load
 * (offline, a new deployment) leaves the flow with the generic message.
 */

/**
 * assign's `spawn`, with the id the child's done event is named by (`xstate.done.actor.<id>`). XState's types only
 * take an id for logic named in setup(); these children come loaded at run time (spawn itself takes it for any logic).
 */
type SpawnFlow = <T extends AnyActorLogic>(
  logic: T,
  options: { id: string; systemId: string; input: InputFrom<T> },
) => ActorRefFromLogic<T>;

/** The forgot-password child, spawned with the request the reader sent from /ForgotPassword. */
export const forgotPasswordState = sessionSetup.createStateConfig({
  initial: 'loading',
  exit: [stopChild('forgotPassword'), assign({ forgotPassword: null, resetRequest: null })],
  on: {
    'password.resetCancelled': { target: 'idle', actions: assign({ error: null, codeResent: false }) },
    'session.login': startSignIn,
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadForgotPassword',
        onDone: {
          target: 'running',
          actions: assign({
            forgotPassword: ({ context, event, spawn }) =>
              (spawn as SpawnFlow)(event.output.logic, { id: 'forgotPassword', systemId: 'forgotPassword', input: resetRequestOf(context) }),
          }),
        },
        onError: { target: 'failed', actions: assign({ error: { error: sessionMessages.unexpected } }) },
      },
    },
    running: {
      on: { 'xstate.done.actor.forgotPassword': 'done' },
    },
    // The request form shows again with the error; sending it tries the load again.
    failed: { tags: 'flowFailed', on: { 'password.resetRequested': startReset } },
    done: { tags: 'resetDone' },
  },
});

/** Signed in with the temporary password: a restricted token that only admits the new-user calls. */
export const newUserState = sessionSetup.createStateConfig({
  tags: 'newUser',
  initial: 'loading',
  entry: { type: 'shareSession', params: { pending: false } },
  exit: [stopChild('newUser'), assign({ newUser: null })],
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
    loading: {
      invoke: {
        src: 'loadNewUser',
        onDone: {
          target: 'running',
          actions: assign({
            newUser: ({ context, event, spawn }) =>
              (spawn as SpawnFlow)(event.output.logic, { id: 'newUser', systemId: 'newUser', input: accessTokenOf(context) }),
          }),
        },
        // Without the flow's code the temporary password cannot be changed: back to sign-in, which shows the error.
        onError: {
          target: '#session.signedOut',
          actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.unexpected } })],
        },
      },
    },
    running: {
      on: {
        'xstate.done.actor.newUser': [
          {
            guard: 'newUserSignedIn',
            target: '#session.signedIn',
            actions: [
              assign({
                session: ({ context, event }) => (event.output.outcome === 'signedIn' ? toSession(event.output.login, context) : null),
                codeResent: false,
              }),
              'persistSession',
              { type: 'rememberStore' },
              'persistStore',
              assign({ pending: null }),
            ],
          },
          {
            guard: 'newUserTokenRefused',
            target: '#session.signedOut',
            actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.tokenInvalid } })],
          },
          cancelNewUser,
        ],
      },
    },
  },
});
