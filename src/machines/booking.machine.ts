import { assign, fromPromise, setup } from 'xstate';
import { addDays, SlotGone, type BookedVisit, type FreeSlot, type PatientBookingCreate } from '../contract/booking';
import type { AppointmentType } from '../contract/records';
import { failureOf, type CallFailure } from './otp.machine';

/**
 * A patient books a visit (/patient/appointment, 'Book a visit'): the visit type, then the store and optionally the
 * provider, then a free slot from the days shown, then a confirmation that books it. The booking is the named actor
 * `book` (supplied with `.provide()`: the api hook, or a test's). A slot someone took meanwhile (409
 * booking.slotGone) shows the next free ones the server offers; any other refusal shows its message and may be tried
 * again. Pure: today's date (the first day shown) comes in as input.
 *
 * type ─ chooseType ─► store ─ chooseStore ─► slot ─ chooseSlot ─► confirm ─ confirm ─► booking ─► confirmed (final)
 *                       ◄─ back ──            ◄─ back ─           ◄─ back ─                    ├─► slotGone ─ chooseSlot ─► confirm
 *                                           (days: another week)                             └─► failed ─ confirm ─► booking
 * slotGone | failed ─ back ─► slot
 */

/** How many days the slot step shows at once. */
export const slotDays = 7;

export interface BookingInput {
  /** The first day a patient may look at (today, in the browser's calendar). */
  today: string;
}

export interface BookingContext {
  today: string;
  type: AppointmentType | null;
  storeId: string | null;
  /** Null: any provider. */
  providerId: string | null;
  /** The first of the days shown. */
  from: string;
  slot: FreeSlot | null;
  /** The next free slots the server offered when the chosen one was gone. */
  nextSlots: FreeSlot[];
  error: CallFailure | null;
  /** The booked visit and the forms the store sent with it. */
  booked: BookedVisit | null;
}

export type BookingEvent =
  | { type: 'booking.chooseType'; visitType: AppointmentType }
  | { type: 'booking.chooseStore'; storeId: string; providerId: string | null }
  | { type: 'booking.days'; from: string }
  | { type: 'booking.chooseSlot'; slot: FreeSlot }
  | { type: 'booking.confirm' }
  | { type: 'booking.back' };

const notSupplied = async (): Promise<never> => {
  throw new Error('The book actor is supplied with .provide()');
};

/** The next slots of a 409 booking.slotGone, or null when the refusal is another one. */
export function slotGoneOf(error: unknown): FreeSlot[] | null {
  const failure = failureOf(error);
  if (failure.code !== 'booking.slotGone') return null;
  const body = error && typeof error === 'object' && 'body' in error ? (error.body as { details?: unknown } | null) : null;
  const parsed = SlotGone.safeParse(body?.details);
  return parsed.success ? parsed.data.nextSlots : [];
}

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    input: {} as BookingInput,
    events: {} as BookingEvent,
    tags: {} as 'busy',
  },
  actors: { book: fromPromise<BookedVisit, PatientBookingCreate>(notSupplied) },
  guards: {
    /** No day before today. */
    notBeforeToday: ({ context, event }) => event.type === 'booking.days' && event.from >= context.today,
    slotGone: ({ event }) => slotGoneOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({ today: input.today, type: null, storeId: null, providerId: null, from: input.today, slot: null, nextSlots: [], error: null, booked: null }),
  initial: 'type',
  states: {
    type: {
      on: { 'booking.chooseType': { target: 'store', actions: assign({ type: ({ event }) => event.visitType }) } },
    },
    store: {
      on: {
        'booking.chooseStore': { target: 'slot', actions: assign({ storeId: ({ event }) => event.storeId, providerId: ({ event }) => event.providerId, from: ({ context }) => context.today }) },
        'booking.back': 'type',
      },
    },
    slot: {
      on: {
        'booking.days': { guard: 'notBeforeToday', actions: assign({ from: ({ event }) => event.from }) },
        'booking.chooseSlot': { target: 'confirm', actions: assign({ slot: ({ event }) => event.slot }) },
        'booking.back': 'store',
      },
    },
    confirm: {
      on: { 'booking.confirm': 'booking', 'booking.back': 'slot' },
    },
    booking: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'book',
        input: ({ context }) => ({ locationId: context.storeId!, type: context.type!, providerId: context.slot!.providerId, startsAt: context.slot!.startsAt }),
        onDone: { target: 'confirmed', actions: assign({ booked: ({ event }) => event.output }) },
        onError: [
          { guard: 'slotGone', target: 'slotGone', actions: assign({ nextSlots: ({ event }) => slotGoneOf(event.error) ?? [], slot: null }) },
          { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    slotGone: {
      on: {
        'booking.chooseSlot': { target: 'confirm', actions: assign({ slot: ({ event }) => event.slot }) },
        'booking.back': 'slot',
      },
    },
    failed: {
      on: { 'booking.confirm': 'booking', 'booking.back': 'slot' },
    },
    confirmed: { type: 'final' },
  },
});

/** The last of the days shown from `from`. */
export const lastDayFrom = (from: string) => addDays(from, slotDays - 1);
