import { assign, fromPromise, setup } from 'xstate';
import type { ErrorResponse } from '../contract/common';
import { ApiError } from '../contract/apiError';
import { isCodeComplete, notSupplied, toError } from './session.setup';

/**
 * Forgot password: the emailed code for a single-use reset grant, then a new password. A child of the session
 * (systemId `forgotPassword`), spawned when the reader sends the request from /ForgotPassword; it ends (final) when
 * the password is changed. Its code comes in its own chunk: the session's `loadForgotPassword` actor (supplied in
 * src/app/sessionActor.ts) imports this module and src/api/authFlows.ts together.
 */
export interface ForgotPasswordInput {
  username: string;
  tenant: string;
}

export interface ForgotPasswordContext extends ForgotPasswordInput {
  resetToken: string | null;
  /** The last failure, shaped like the API's error body so that field messages can be shown too. */
  error: ErrorResponse | null;
  /** The code was sent again: the code step says 'Re-sent'. */
  codeResent: boolean;
}

export type ForgotPasswordEvent =
  | { type: 'password.resetRequested'; username: string; tenant: string }
  | { type: 'password.codeResent' }
  | { type: 'password.codeSubmitted'; vcode: string }
  | { type: 'password.newPasswordSubmitted'; password: string }
  /** The person changed what the step's form holds: the last refusal no longer describes it. */
  | { type: 'password.edited' };

const errorOf = (event: object) => (event as { error: unknown }).error;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    input: {} as ForgotPasswordInput,
    events: {} as ForgotPasswordEvent,
    /** busy: a call the reader waits for; the other tags name the step the page shows. */
    tags: {} as 'busy' | 'resetRequest' | 'resetCode' | 'resetPassword',
  },
  actors: {
    requestReset: fromPromise<unknown, { username: string; tenant: string }>(notSupplied('requestReset')),
    verifyResetCode: fromPromise<{ resetToken: string }, { username: string; tenant: string; vcode: string }>(
      notSupplied('verifyResetCode'),
    ),
    resetPassword: fromPromise<unknown, { resetToken: string; password: string }>(notSupplied('resetPassword')),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: ({ event }) => toError(errorOf(event)) }),
  },
  guards: {
    /** Spec 5 and 9: the code is trimmed and at least 6 characters long (the page's Submit asks this). */
    codeComplete: ({ event }) => event.type === 'password.codeSubmitted' && isCodeComplete(event.vcode),
    codeWasResent: ({ context }) => context.codeResent,
    hasError: ({ context }) => context.error !== null,
    /** The reset grant was used or ran out: the flow starts again from the email. */
    resetGrantSpent: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && Boolean(error.body?.fields?.resetToken);
    },
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ ...input, resetToken: null, error: null, codeResent: false }),
  initial: 'sendingRequest',
  states: {
    enteringEmail: {
      tags: 'resetRequest',
      on: {
        'password.resetRequested': {
          target: 'sendingRequest',
          actions: assign(({ event }) => ({ username: event.username, tenant: event.tenant, error: null, codeResent: false })),
        },
        'password.edited': { guard: 'hasError', actions: 'clearError' },
      },
    },
    sendingRequest: {
      tags: ['busy', 'resetRequest'],
      invoke: {
        src: 'requestReset',
        input: ({ context: { username, tenant } }) => ({ username, tenant }),
        onDone: 'awaitingCode',
        onError: [
          { guard: 'codeWasResent', target: 'awaitingCode', actions: 'keepError' },
          { target: 'enteringEmail', actions: 'keepError' },
        ],
      },
    },
    awaitingCode: {
      tags: 'resetCode',
      on: {
        'password.codeSubmitted': { guard: 'codeComplete', target: 'verifyingCode', actions: 'clearError' },
        'password.codeResent': { target: 'sendingRequest', actions: assign({ codeResent: true, error: null }) },
      },
    },
    verifyingCode: {
      tags: ['busy', 'resetCode'],
      invoke: {
        src: 'verifyResetCode',
        input: ({ context: { username, tenant }, event }) => ({
          username,
          tenant,
          vcode: event.type === 'password.codeSubmitted' ? event.vcode.trim() : '',
        }),
        onDone: { target: 'choosingPassword', actions: assign({ resetToken: ({ event }) => event.output.resetToken }) },
        onError: { target: 'awaitingCode', actions: 'keepError' },
      },
    },
    choosingPassword: {
      tags: 'resetPassword',
      on: {
        'password.newPasswordSubmitted': { target: 'resetting', actions: 'clearError' },
        'password.edited': { guard: 'hasError', actions: 'clearError' },
      },
    },
    resetting: {
      tags: ['busy', 'resetPassword'],
      invoke: {
        src: 'resetPassword',
        input: ({ context, event }) => ({
          resetToken: context.resetToken ?? '',
          password: event.type === 'password.newPasswordSubmitted' ? event.password : '',
        }),
        onDone: 'passwordChanged',
        onError: [
          // The grant was used or ran out: start again from the email.
          { guard: 'resetGrantSpent', target: 'enteringEmail', actions: 'keepError' },
          { target: 'choosingPassword', actions: 'keepError' },
        ],
      },
    },
    // The session takes it from here (its `done` step says so and offers the way back to sign-in).
    passwordChanged: { type: 'final' },
  },
});

export type ForgotPasswordLogic = typeof forgotPasswordMachine;
