import { fromPromise } from 'xstate';
import * as api from '../api/authFlows';
import { forgotPasswordMachine } from '../machines/forgotPassword.machine';
import { newUserMachine } from '../machines/newUser.machine';

/**
 * The session's two side flows with their calls supplied. A chunk of its own, loaded by the session's
 * `loadForgotPassword` / `loadNewUser` actors (src/app/sessionActor.ts) when a flow starts, so that neither the
 * machines nor this wiring is in the sign-in page's entry; the session spawns the logic as its child.
 */
export const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: {
    requestReset: fromPromise(({ input, signal }) => api.requestPasswordReset(input, signal)),
    verifyResetCode: fromPromise(({ input, signal }) => api.verifyResetCode(input, signal)),
    resetPassword: fromPromise(({ input, signal }) => api.resetPassword(input, signal)),
  },
});

export const newUserLogic = newUserMachine.provide({
  actors: {
    sendNewUserCode: fromPromise(({ input, signal }) => api.sendNewUserCode(input.accessToken, signal)),
    changePassword: fromPromise(({ input, signal }) => api.changePassword(input, signal)),
  },
});
