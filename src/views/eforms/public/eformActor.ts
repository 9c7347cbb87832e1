import { fromPromise } from 'xstate';
import {
  getEncryptedTenant,
  getPublicForm,
  requestFormCode,
  submitPublicForm,
  verifyFormCode,
} from '../../../api/eformsPublic';
import { eformMachine } from '../../../machines/eform';
import { otpMachine } from '../../../machines/otp';

/** The public eForm machine with its calls (src/api/eformsPublic.ts): the page makes one actor of it per visit. */
export const publicEformMachine = eformMachine.provide({
  actors: {
    getTenant: fromPromise(({ input, signal }) => getEncryptedTenant(input, signal)),
    getForm: fromPromise(({ input, signal }) => getPublicForm(input, signal)),
    submitForm: fromPromise(({ input, signal }) => submitPublicForm(input, signal)),
    otp: otpMachine.provide({
      actors: {
        requestCode: fromPromise(({ input, signal }) => requestFormCode(input, signal)),
        verifyCode: fromPromise(({ input, signal }) => verifyFormCode(input, signal)),
      },
    }),
  },
});
