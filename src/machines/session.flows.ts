import { assign } from 'xstate';
import { sessionMessages } from '../contract/sessionMessages';
import { accessTokenOf, cancelNewUser, resetOf, sessionSetup, startReset, startSignIn, toSession } from './session.setup';

/**
 * The two side flows of the session (signed out: forgot password; signed in with a temporary password: the new
 * user's code and password), as state configs of the session machine (src/machines/session.machine.ts).
 */

/** Forgot password: email + store -> code -> new password. */
export const forgotPasswordState = sessionSetup.createStateConfig({
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
            guard: 'codeWasResent',
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
            guard: 'resetGrantSpent',
            target: 'enteringEmail',
            actions: 'keepError',
          },
          { target: 'choosingPassword', actions: 'keepError' },
        ],
      },
    },
    done: { tags: 'resetDone' },
  },
});

/** Signed in with the temporary password: a restricted token that only admits the new-user calls. */
export const newUserState = sessionSetup.createStateConfig({
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
            guard: 'unauthorized',
            target: '#session.signedOut',
            actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.tokenInvalid } })],
          },
          {
            guard: 'codeWasSent',
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
            guard: 'unauthorized',
            target: '#session.signedOut',
            actions: ['endSession', 'persistSession', assign({ error: { error: sessionMessages.tokenInvalid } })],
          },
          { target: 'codeSent', actions: 'keepError' },
        ],
      },
    },
  },
});
