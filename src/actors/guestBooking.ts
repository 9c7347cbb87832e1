import { useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useConfirmGuestBooking, useSendGuestCode } from '../api/booking';
import { zonedDate } from '../contract/zonedTime';
import { guestBookingMachine } from '../machines/guestBooking.machine';

/**
 * The new patient's booking actor (the store's public page /{company}/{store}/book): the machine sends the code and
 * confirms through the page's mutations, and its days start at the reader's today.
 */
export function useGuestBookingActor(company: string, store: string) {
  const sendCode = useSendGuestCode(company, store);
  const confirm = useConfirmGuestBooking(company, store);
  // The mutation objects change on every render; the machine's actors call the current ones.
  const live = useRef({ sendCode, confirm });
  live.current = { sendCode, confirm };
  return useActorRef(
    guestBookingMachine.provide({
      actors: {
        sendCode: fromPromise(({ input }) => live.current.sendCode.mutateAsync(input)),
        confirm: fromPromise(({ input }) => live.current.confirm.mutateAsync(input)),
      },
    }),
    { input: { today: zonedDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone) } },
  );
}
