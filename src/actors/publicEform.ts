import { fromPromise } from 'xstate';
import {
  getEncryptedTenant,
  getPublicForm,
  requestFormCode,
  submitPublicForm,
  verifyFormCode,
} from '../api/eformsPublic';
import { ApiError } from '../api/http';
import { eformMachine } from '../machines/eform.machine';
import { otpMachine } from '../machines/otp.machine';

/**
 * A call stopped on purpose never settles: React may stop the page's actor and start it again on the same
 * component (a Suspense boundary hiding and showing the page, StrictMode), and the restarted actor makes the call
 * afresh; the stopped call's AbortError must not reach it as a failure. Any other failure that is not the API's
 * answer (offline, an answer without the contract's shape) shows as 'Something went wrong', and the console keeps
 * what it was, for whoever helps the reader.
 */
const reported = <T>(signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> =>
  call(signal).catch((error: unknown) => {
    if (signal.aborted) return new Promise<never>(() => {});
    if (!(error instanceof ApiError)) console.error('eForm page:', error);
    throw error;
  });

/** The public eForm machine with its calls (src/api/eformsPublic.ts): the page makes one actor of it per visit. */
export const publicEformMachine = eformMachine.provide({
  actors: {
    getTenant: fromPromise(({ input, signal }) => reported(signal, (callSignal) => getEncryptedTenant(input, callSignal))),
    getForm: fromPromise(({ input, signal }) => reported(signal, (callSignal) => getPublicForm(input, callSignal))),
    submitForm: fromPromise(({ input, signal }) => reported(signal, (callSignal) => submitPublicForm(input, callSignal))),
    otp: otpMachine.provide({
      actors: {
        requestCode: fromPromise(({ input, signal }) => reported(signal, (callSignal) => requestFormCode(input, callSignal))),
        verifyCode: fromPromise(({ input, signal }) => reported(signal, (callSignal) => verifyFormCode(input, callSignal))),
      },
    }),
  },
});
