/**
 * The session's model for the model-based tests (session.model.test.tsx): a small pure machine of the states and
 * events the reader meets in src/machines/session.machine.ts and its child flows forgotPassword and newUser, with the
 * API's answers as events and bounded boolean context; and the paths through it (`xstate/graph`) that cover every
 * state and every transition. The model stays flat: its `forgotPassword` and `newUser` states are the session's
 * state with the child's state inside. Pure: no screen, no API.
 */
import { assign, setup } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';

export const model = setup({
  types: {
    context: {} as { onForgotPage: boolean; autoLogout: boolean; newUserCodeSent: boolean; resetCodeResent: boolean },
  },
}).createMachine({
  id: 'session',
  context: { onForgotPage: false, autoLogout: false, newUserCodeSent: false, resetCodeResent: false },
  initial: 'boot',
  states: {
    // Not a state of the app: what is in storage and which address is opened.
    boot: {
      on: {
        'boot.noToken': 'signedOut',
        'boot.validToken': 'checking.loadingUser',
        'boot.validTokenAtSignInAddress': { target: 'checking.loadingUser', actions: assign({ autoLogout: true }) },
        'boot.expiredToken': 'checking.refreshing',
      },
    },
    checking: {
      initial: 'loadingUser',
      states: {
        refreshing: {
          on: {
            'api.refresh.ok': 'loadingUser',
            'api.refresh.refused': '#session.signedOut',
            'api.refresh.failed': '#session.signedOut',
          },
        },
        loadingUser: {
          on: {
            'api.me.ok': [{ guard: ({ context }) => context.autoLogout, target: '#session.autoLoggingOut' }, '#session.signedIn'],
            'api.me.newUser': [
              { guard: ({ context }) => context.autoLogout, target: '#session.autoLoggingOut' },
              '#session.newUser',
            ],
            'api.me.refused': '#session.signedOut',
          },
        },
      },
    },
    signedOut: {
      initial: 'idle',
      entry: assign({ autoLogout: false, newUserCodeSent: false }),
      states: {
        idle: {
          entry: assign({ resetCodeResent: false }),
          on: {
            'session.login': { guard: ({ context }) => !context.onForgotPage, target: 'authorizing' },
            'ui.openForgotPassword': {
              guard: ({ context }) => !context.onForgotPage,
              actions: assign({ onForgotPage: true }),
            },
            'password.resetRequested': {
              guard: ({ context }) => context.onForgotPage,
              target: 'forgotPassword.sendingRequest',
              actions: assign({ resetCodeResent: false }),
            },
            'password.resetCancelled': {
              guard: ({ context }) => context.onForgotPage,
              actions: assign({ onForgotPage: false }),
            },
          },
        },
        authorizing: {
          on: {
            'api.authCode.ok': 'signingIn',
            'api.authCode.codeRequired': 'awaitingCode',
            'api.authCode.newUser': 'signingIn',
            'api.authCode.refused': 'idle',
          },
        },
        awaitingCode: {
          on: {
            'signIn.codeSubmitted': 'signingInWithCode',
            'signIn.codeResent': 'resendingCode',
            'signIn.codeCancelled': 'idle',
          },
        },
        resendingCode: {
          on: { 'api.authCode.codeRequired': 'awaitingCode', 'api.authCode.refused': 'awaitingCode' },
        },
        signingIn: {
          on: {
            'api.login.ok': '#session.signedIn',
            'api.login.newUser': '#session.newUser',
            'api.login.registrationExpired': 'idle',
            'api.login.refused': 'idle',
          },
        },
        signingInWithCode: {
          on: { 'api.login.ok': '#session.signedIn', 'api.login.refused': 'awaitingCode' },
        },
        forgotPassword: {
          initial: 'enteringEmail',
          on: { 'password.resetCancelled': { target: 'idle', actions: assign({ onForgotPage: false }) } },
          states: {
            enteringEmail: {
              on: {
                'password.resetRequested': { target: 'sendingRequest', actions: assign({ resetCodeResent: false }) },
              },
            },
            sendingRequest: {
              on: {
                'api.forgot.ok': 'awaitingCode',
                'api.forgot.failed': [
                  { guard: ({ context }) => context.resetCodeResent, target: 'awaitingCode' },
                  { target: 'enteringEmail' },
                ],
              },
            },
            awaitingCode: {
              on: {
                'password.codeSubmitted': { target: 'verifyingCode', actions: assign({ resetCodeResent: false }) },
                'password.codeResent': { target: 'sendingRequest', actions: assign({ resetCodeResent: true }) },
              },
            },
            verifyingCode: { on: { 'api.otp.ok': 'choosingPassword', 'api.otp.refused': 'awaitingCode' } },
            choosingPassword: { on: { 'password.newPasswordSubmitted': 'resetting' } },
            resetting: {
              on: {
                'api.reset.ok': 'done',
                'api.reset.expired': 'enteringEmail',
                'api.reset.refused': 'choosingPassword',
              },
            },
            done: {},
          },
        },
      },
    },
    newUser: {
      initial: 'ready',
      entry: assign({ autoLogout: false }),
      states: {
        ready: { on: { 'newUser.codeRequested': 'sendingCode', 'newUser.cancel': '#session.signedOut' } },
        sendingCode: {
          on: {
            'api.sendOtp.ok': { target: 'codeSent', actions: assign({ newUserCodeSent: true }) },
            'api.sendOtp.failed': [
              { guard: ({ context }) => context.newUserCodeSent, target: 'codeSent' },
              { target: 'ready' },
            ],
            'api.sendOtp.unauthorized': { target: '#session.signedOut', actions: assign({ newUserCodeSent: false }) },
          },
        },
        codeSent: {
          on: {
            'newUser.codeRequested': 'sendingCode',
            'newUser.passwordSubmitted': 'changingPassword',
            'newUser.cancel': '#session.signedOut',
          },
        },
        changingPassword: {
          on: {
            'api.cpassword.ok': { target: '#session.signedIn', actions: assign({ newUserCodeSent: false }) },
            'api.cpassword.wrongCode': 'codeSent',
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: assign({ autoLogout: false }),
      on: {
        'logout.dispatch': '#session.loggingOut',
        'session.signInAddressOpened': '#session.autoLoggingOut',
      },
      states: {
        token: {
          initial: 'valid',
          states: {
            valid: { on: { 'session.refreshRequested': 'refreshing' } },
            refreshing: { on: { 'api.refresh.ok': 'valid', 'api.refresh.refused': '#session.signedOut' } },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: { on: { 'session.logout': 'confirming' } },
            confirming: { on: { 'logout.confirm': '#session.loggingOut', 'logout.cancel': 'idle' } },
          },
        },
      },
    },
    loggingOut: { on: { 'api.logout.ok': 'signedOut', 'api.logout.failed': 'signedOut' } },
    autoLoggingOut: { on: { 'api.logout.ok': 'signedOut' } },
  },
});

export type ModelSnapshot = SnapshotFrom<typeof model>;

// ---- the paths ---------------------------------------------------------------------------------------------------

export const testModel = createTestModel(model);
/** A node of the model is its state value and context (not the way it was reached). */
const serializeState = (state: ModelSnapshot) => JSON.stringify({ value: state.value, context: state.context });
export type ModelPath = StatePath<ModelSnapshot, EventFrom<typeof model>>;

// The function form: a shortest path to every node; then each transition of the model appended to the path of the
// node it leaves, so every transition is driven too. A path that is the start of a longer one adds nothing.
const toNode = new Map<string, ModelPath>(
  getShortestPaths(model, { serializeState }).map((path) => [serializeState(path.state), path]),
);
const adjacency = getAdjacencyMap(model, { serializeState, events: testModel.options.events });
export const transitionPaths: ModelPath[] = [];
for (const [node, { transitions }] of Object.entries(adjacency)) {
  for (const { event, state } of Object.values(transitions) as { event: EventFrom<typeof model>; state: ModelSnapshot }[]) {
    const prefix = toNode.get(node);
    if (!prefix || serializeState(state) === node) continue;
    transitionPaths.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
  }
}
export const key = (path: ModelPath) => path.steps.map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
export const paths = candidates.filter(
  (_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)),
);
export const transitionCount = transitionPaths.length;
