import { assign, fromPromise, setup } from 'xstate';
import type { LoginResponse } from '../contract/auth';
import type { ErrorResponse } from '../contract/common';
import { isCodeComplete, isUnauthorized, notSupplied, toError } from './session.setup';

/**
 * The new user's flow: signed in with a temporary password (a restricted token that only admits these calls),
 * 'Click to Get OTP' emails a code; the code and a new password open the full session. A child of the session
 * (systemId `newUser`), spawned when the session meets the role newuser. Its output tells the session how it
 * ended: signed in (with the login answer, which the session takes), cancelled, or the token refused. Its code
 * comes in its own chunk (the session's `loadNewUser` actor, supplied in src/app/sessionActor.ts).
 */
export interface NewUserInput {
  /** The restricted token of the temporary password. */
  accessToken: string;
}

export type NewUserOutput =
  | { outcome: 'signedIn'; login: LoginResponse }
  | { outcome: 'cancelled' }
  /** The restricted token was refused (ran out or revoked): the reader signs in again. */
  | { outcome: 'tokenRefused' };

export interface NewUserContext extends NewUserInput {
  /** Where the code went (masked by the server); null until a code was sent. */
  codeSentTo: string | null;
  /** A code was sent again: the page says 'Re-sent'. */
  codeResent: boolean;
  error: ErrorResponse | null;
  outcome: NewUserOutput | null;
}

export type NewUserEvent =
  | { type: 'newUser.codeRequested' }
  | { type: 'newUser.passwordSubmitted'; vcode: string; password: string }
  /** The person changed the code or a password: the last refusal no longer describes what the form holds. */
  | { type: 'newUser.edited' }
  | { type: 'newUser.cancel' };

const errorOf = (event: object) => (event as { error: unknown }).error;

export const newUserMachine = setup({
  types: {
    context: {} as NewUserContext,
    input: {} as NewUserInput,
    events: {} as NewUserEvent,
    output: {} as NewUserOutput,
    /** busy: a call the reader waits for; codeSent: the code and new-password form shows. */
    tags: {} as 'busy' | 'codeSent',
  },
  actors: {
    sendNewUserCode: fromPromise<{ sentTo: string | null }, { accessToken: string }>(notSupplied('sendNewUserCode')),
    changePassword: fromPromise<LoginResponse, { accessToken: string; vcode: string; password: string }>(
      notSupplied('changePassword'),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: ({ event }) => toError(errorOf(event)) }),
    tokenRefused: assign({ outcome: { outcome: 'tokenRefused' } as NewUserOutput }),
    cancelled: assign({ outcome: { outcome: 'cancelled' } as NewUserOutput }),
  },
  guards: {
    /** Spec 5 and 9: the code is trimmed and at least 6 characters long (the page's button asks this). */
    codeComplete: ({ event }) => event.type === 'newUser.passwordSubmitted' && isCodeComplete(event.vcode),
    codeWasSent: ({ context }) => context.codeSentTo !== null,
    hasError: ({ context }) => context.error !== null,
    /** The restricted token was refused. */
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'newUser',
  context: ({ input }) => ({ accessToken: input.accessToken, codeSentTo: null, codeResent: false, error: null, outcome: null }),
  initial: 'ready',
  output: ({ context }) => context.outcome ?? { outcome: 'cancelled' },
  states: {
    ready: {
      on: {
        'newUser.codeRequested': 'sendingCode',
        'newUser.cancel': { target: 'ended', actions: 'cancelled' },
      },
    },
    sendingCode: {
      tags: 'busy',
      invoke: {
        src: 'sendNewUserCode',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: {
          target: 'codeSent',
          actions: assign({
            codeResent: ({ context }) => context.codeSentTo !== null,
            codeSentTo: ({ event, context }) => event.output.sentTo ?? context.codeSentTo ?? '',
            error: null,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'ended', actions: 'tokenRefused' },
          { guard: 'codeWasSent', target: 'codeSent', actions: 'keepError' },
          { target: 'ready', actions: 'keepError' },
        ],
      },
    },
    codeSent: {
      tags: 'codeSent',
      on: {
        'newUser.codeRequested': 'sendingCode',
        'newUser.passwordSubmitted': { guard: 'codeComplete', target: 'changingPassword', actions: 'clearError' },
        'newUser.edited': { guard: 'hasError', actions: 'clearError' },
        'newUser.cancel': { target: 'ended', actions: 'cancelled' },
      },
    },
    changingPassword: {
      tags: ['busy', 'codeSent'],
      invoke: {
        src: 'changePassword',
        input: ({ context, event }) => ({
          accessToken: context.accessToken,
          vcode: event.type === 'newUser.passwordSubmitted' ? event.vcode.trim() : '',
          password: event.type === 'newUser.passwordSubmitted' ? event.password : '',
        }),
        onDone: {
          target: 'ended',
          actions: assign({ outcome: ({ event }) => ({ outcome: 'signedIn' as const, login: event.output }) }),
        },
        onError: [
          { guard: 'unauthorized', target: 'ended', actions: 'tokenRefused' },
          { target: 'codeSent', actions: 'keepError' },
        ],
      },
    },
    ended: { type: 'final' },
  },
});

export type NewUserLogic = typeof newUserMachine;
