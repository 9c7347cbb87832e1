import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmGuestBooking, sendGuestCode } from '../api/guestBooking';
import { zonedDate } from '../contract/zonedTime';
import { guestBookingMachine } from '../machines/guestBooking.machine';

/**
 * The new patient's booking actor (the store's public page /{company}/{store}/book): the machine sends the code and
 * confirms through the page's calls (src/api/guestBooking.ts: no query cache; the slot step reads the slots afresh
 * each time it shows), and its days start at the reader's today.
 */
export function useGuestBookingActor(company: string, store: string) {
  return useActorRef(
    guestBookingMachine.provide({
      actors: {
        sendCode: fromPromise(({ input }) => sendGuestCode(company, store, input)),
        confirm: fromPromise(({ input }) => confirmGuestBooking(company, store, input)),
      },
    }),
    { input: { today: zonedDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone) } },
  );
}
