import { assign, fromPromise, setup } from 'xstate';
import type { BookedVisit, FreeSlot, GuestBookingConfirm, GuestBookingRequest, GuestCodeSent } from '../contract/booking';
import type { AppointmentType } from '../contract/records';
import { lastDayFrom, slotDays, slotGoneOf } from './booking.machine';
import { failureOf, type CallFailure } from './otp.machine';

export { lastDayFrom, slotDays };

/**
 * A new patient books on the store's public page (/{company}/{store}/book): the booking machine's type and slot
 * steps, then the person's details, the one-time code sent to their email or phone, and the confirmation. Nothing is
 * held before the code is confirmed (the server creates the patient and books the slot only then). The calls are the
 * named actors `sendCode` and `confirm` (supplied with `.provide()`). Pure: today comes in as input; the code's
 * lifetime is the server's answer, run out by a delay (`codeLifetime`).
 *
 * type ─ chooseType ─► slot ─ chooseSlot ─► details ─ details ─► sendingCode ─► code.entering ─ code ─► code.confirming ─► confirmed (final)
 *                      ◄─ back ─            ◄─ back ─            ├─► slotGone                 ◄─ invalid/refused ─┤
 *                                                                 └─► details (refusal shown)                       ├─► slotGone
 *                                                                                                                   └─► details (a likely existing patient: sign in)
 * code ─ (lifetime) ─► expired ─ resend ─► sendingCode;  code ─ resend ─► sendingCode;  code | expired ─ back ─► details
 * slotGone ─ chooseSlot ─► code.confirming (a code was sent: it is still good) | details;  slotGone ─ back ─► slot
 */

export interface GuestBookingInput {
  /** The first day a person may look at (today, in the browser's calendar). */
  today: string;
}

export type GuestPerson = GuestBookingRequest['person'];

export interface GuestBookingContext {
  today: string;
  type: AppointmentType | null;
  /** Null: any provider. */
  providerId: string | null;
  from: string;
  slot: FreeSlot | null;
  person: GuestPerson | null;
  /** Where the code went and how long it is valid; null until one was sent. */
  codeSent: GuestCodeSent | null;
  /** The code as last entered (kept for a confirmation of another slot after a slot-gone refusal). */
  code: string;
  nextSlots: FreeSlot[];
  error: CallFailure | null;
  booked: BookedVisit | null;
}

export type GuestBookingEvent =
  | { type: 'guest.chooseType'; visitType: AppointmentType; providerId: string | null }
  | { type: 'guest.days'; from: string }
  | { type: 'guest.chooseSlot'; slot: FreeSlot }
  | { type: 'guest.details'; person: GuestPerson }
  | { type: 'guest.code'; code: string }
  | { type: 'guest.resend' }
  | { type: 'guest.back' };

const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied with .provide()`);
};

const requestOf = (context: GuestBookingContext): GuestBookingRequest => ({
  type: context.type!,
  providerId: context.slot!.providerId,
  startsAt: context.slot!.startsAt,
  person: context.person!,
});

const eventError = (event: unknown) => (event as { error?: unknown }).error;

export const guestBookingMachine = setup({
  types: {
    context: {} as GuestBookingContext,
    input: {} as GuestBookingInput,
    events: {} as GuestBookingEvent,
    tags: {} as 'busy',
  },
  actors: {
    sendCode: fromPromise<GuestCodeSent, GuestBookingRequest>(notSupplied('sendCode')),
    confirm: fromPromise<BookedVisit, GuestBookingConfirm>(notSupplied('confirm')),
  },
  guards: {
    notBeforeToday: ({ context, event }) => event.type === 'guest.days' && event.from >= context.today,
    slotGone: ({ event }) => slotGoneOf(eventError(event)) !== null,
    likelyExisting: ({ event }) => failureOf(eventError(event)).code === 'booking.likelyExisting',
    codeSent: ({ context }) => context.codeSent !== null && context.code !== '',
  },
  delays: {
    codeLifetime: ({ context }) => (context.codeSent?.expiresInSeconds ?? 600) * 1000,
  },
  actions: {
    slotGone: assign({ nextSlots: ({ event }) => slotGoneOf(eventError(event)) ?? [], slot: null }),
    refused: assign({ error: ({ event }) => failureOf(eventError(event)) }),
  },
}).createMachine({
  id: 'guestBooking',
  context: ({ input }) => ({
    today: input.today,
    type: null,
    providerId: null,
    from: input.today,
    slot: null,
    person: null,
    codeSent: null,
    code: '',
    nextSlots: [],
    error: null,
    booked: null,
  }),
  initial: 'type',
  states: {
    type: {
      on: {
        'guest.chooseType': {
          target: 'slot',
          actions: assign({ type: ({ event }) => event.visitType, providerId: ({ event }) => event.providerId, from: ({ context }) => context.today }),
        },
      },
    },
    slot: {
      on: {
        'guest.days': { guard: 'notBeforeToday', actions: assign({ from: ({ event }) => event.from }) },
        'guest.chooseSlot': { target: 'details', actions: assign({ slot: ({ event }) => event.slot }) },
        'guest.back': 'type',
      },
    },
    details: {
      on: {
        'guest.details': { target: 'sendingCode', actions: assign({ person: ({ event }) => event.person }) },
        'guest.back': { target: 'slot', actions: assign({ error: null }) },
      },
    },
    sendingCode: {
      tags: ['busy'],
      entry: assign({ error: null, code: '' }),
      invoke: {
        src: 'sendCode',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'code', actions: assign({ codeSent: ({ event }) => event.output }) },
        onError: [
          { guard: 'slotGone', target: 'slotGone', actions: ['slotGone', assign({ codeSent: null })] },
          { target: 'details', actions: 'refused' },
        ],
      },
    },
    code: {
      initial: 'entering',
      after: { codeLifetime: { target: 'expired', actions: assign({ code: '' }) } },
      on: {
        'guest.resend': 'sendingCode',
        'guest.back': { target: 'details', actions: assign({ error: null, code: '', codeSent: null }) },
      },
      states: {
        entering: {
          on: { 'guest.code': { target: 'confirming', actions: assign({ code: ({ event }) => event.code.trim() }) } },
        },
        confirming: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'confirm',
            input: ({ context }) => ({ ...requestOf(context), code: context.code }),
            onDone: { target: '#guestBooking.confirmed', actions: assign({ booked: ({ event }) => event.output }) },
            onError: [
              { guard: 'slotGone', target: '#guestBooking.slotGone', actions: 'slotGone' },
              // The code proved the address and the store may know the person: back to the details, where the
              // refusal offers the sign-in.
              { guard: 'likelyExisting', target: '#guestBooking.details', actions: ['refused', assign({ code: '', codeSent: null })] },
              // A wrong, expired or spent code (or any other refusal): said, and the field is entered again.
              { target: 'entering', actions: ['refused', assign({ code: '' })] },
            ],
          },
        },
      },
    },
    expired: {
      on: {
        'guest.resend': 'sendingCode',
        'guest.back': { target: 'details', actions: assign({ codeSent: null }) },
      },
    },
    slotGone: {
      on: {
        'guest.chooseSlot': [
          { guard: 'codeSent', target: 'code.confirming', actions: assign({ slot: ({ event }) => event.slot }) },
          { target: 'details', actions: assign({ slot: ({ event }) => event.slot }) },
        ],
        'guest.back': 'slot',
      },
    },
    confirmed: { type: 'final' },
  },
});
