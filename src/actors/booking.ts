import { useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useBookVisit } from '../api/booking';
import { zonedDate } from '../contract/zonedTime';
import { bookingMachine } from '../machines/booking.machine';

/**
 * The patient's booking actor ('Book a visit' on /patient/appointment): the machine books through the portal's
 * booking mutation (useBookVisit, which refreshes the appointments), and its days start at the reader's today.
 */
export function useBookingActor(tenantId: string) {
  const book = useBookVisit(tenantId);
  // The mutation object changes on every render; the machine's actor calls the current one.
  const live = useRef(book);
  live.current = book;
  return useActorRef(bookingMachine.provide({ actors: { book: fromPromise(({ input }) => live.current.mutateAsync(input)) } }), {
    input: { today: zonedDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone) },
  });
}
