import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ErrorResponse } from '../contract/common';
import type { KioskRegistered, KioskRegistration } from '../contract/patientsAdmin';

/**
 * The kiosk's sign-up at the store counter (/patient/register): one walk-in patient after another on the same
 * screen, so nothing of one person may stay for the next.
 *
 *   editing.pristine ── kiosk.activity ─► editing.filling ── 2 min without activity ─► reset ─► editing.pristine
 *   editing.* ── kiosk.submit ─► submitting ─┬─ registered ─► done ── 15 s, or kiosk.next ─► reset ─► editing.pristine
 *                                            └─ refused / failed ─► editing.filling (the answer's error and fields)
 *   editing.* or done ── kiosk.startOver (the toolbar's 'Start over') ─► reset
 *
 * Every reset increases `formKey` (the view remounts the form with it, so no field keeps a value) and clears the
 * registered person and the last error; the `forget` action (src/actors/kioskRegistration.ts) drops anything the app
 * cached of the person. The machine is pure: the POST is the `register` actor and the delays are named, so tests drive
 * it with a SimulatedClock and a fake actor.
 */

/**
 * What the form sends: the contract's registration with the privacy box as ticked or not and the contact channel as
 * chosen or not yet ('': the server refuses both, with every other problem of the form at once).
 */
export type KioskDraft = Omit<KioskRegistration, 'consentPrivacy' | 'preferredChannel'> & {
  consentPrivacy: boolean;
  preferredChannel: KioskRegistration['preferredChannel'] | '';
};

export const kioskDelays = {
  /** A half-filled form is cleared after this long without a key press, tap or change. */
  idle: 2 * 60_000,
  /** The thank-you screen clears itself after this long. */
  thankYou: 15_000,
} as const;

export interface KioskRegistrationContext {
  /** Changes at every reset: the view keys the form with it. */
  formKey: number;
  /** The values on their way to the server (only while submitting). */
  pending: KioskDraft | null;
  /** Who was just registered (only on the thank-you screen). */
  registered: KioskRegistered | null;
  /** The last refusal, shaped like the API's error answer (`fields` name the fields). */
  error: ErrorResponse | null;
}

export type KioskRegistrationEvent =
  | { type: 'kiosk.activity' }
  | { type: 'kiosk.submit'; values: KioskDraft }
  | { type: 'kiosk.next' }
  /** The toolbar's 'Start over': the person (or the next one) starts with an empty form, whatever is on screen. */
  | { type: 'kiosk.startOver' };

export type KioskRegistrationTag = 'editing' | 'submitting' | 'done';

/** Turns whatever the register call threw into the error the screen shows. */
export function errorOf(error: unknown): ErrorResponse {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body: unknown }).body;
    if (body && typeof body === 'object' && typeof (body as ErrorResponse).error === 'string') return body as ErrorResponse;
  }
  return { error: 'failed' };
}

export const kioskRegistrationMachine = setup({
  types: {
    context: {} as KioskRegistrationContext,
    events: {} as KioskRegistrationEvent,
    tags: {} as KioskRegistrationTag,
  },
  delays: {
    idle: kioskDelays.idle,
    thankYou: kioskDelays.thankYou,
  },
  actors: {
    /** POST /api/kiosk/patients (src/api/records.ts); supplied by the view. */
    register: fromPromise<KioskRegistered, KioskDraft>(() => {
      throw new Error('register is supplied by the view');
    }),
  },
  actions: {
    /** The view's: drop anything cached of the person (the query cache entry of the registration). */
    forget: () => {},
    reset: assign(({ context }) => ({
      formKey: context.formKey + 1,
      pending: null,
      registered: null,
      error: null,
    })),
    hold: assign(({ event }) => {
      assertEvent(event, 'kiosk.submit');
      return { pending: event.values, error: null };
    }),
  },
}).createMachine({
  id: 'kioskRegistration',
  context: { formKey: 0, pending: null, registered: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      initial: 'pristine',
      on: { 'kiosk.submit': { target: 'submitting', actions: 'hold' }, 'kiosk.startOver': '#kioskRegistration.reset' },
      states: {
        pristine: {
          on: { 'kiosk.activity': 'filling' },
        },
        filling: {
          // Each touch starts the two minutes again.
          on: { 'kiosk.activity': { target: 'filling', reenter: true } },
          after: { idle: { target: '#kioskRegistration.reset' } },
        },
      },
    },
    submitting: {
      tags: 'submitting',
      invoke: {
        src: 'register',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'done',
          actions: assign(({ event }) => ({ registered: event.output, pending: null })),
        },
        onError: {
          target: 'editing.filling',
          actions: assign(({ event }) => ({ error: errorOf(event.error), pending: null })),
        },
      },
    },
    done: {
      tags: 'done',
      on: { 'kiosk.next': 'reset', 'kiosk.startOver': 'reset' },
      after: { thankYou: 'reset' },
    },
    reset: {
      always: { target: 'editing.pristine', actions: ['reset', 'forget'] },
    },
  },
});
