/**
 * Quiet hours: no automated text is sent between 20:00 and 08:00 store time; one made then waits until 08:00 (its
 * log row's next attempt), and the outbox sends it when it is due.
 */
import { addDays } from '../../src/contract/booking';
import { zonedDate, zonedToIso } from '../../src/contract/zonedTime';
import { localParts } from '../db/values';

export const quietHours = { from: '20:00', to: '08:00' } as const;

/** When a text made at `now` may go in the store's zone: `now` outside quiet hours, else the quiet hours' end. */
export function sendableAt(now: Date, timeZone: string): Date {
  const { time } = localParts(now, timeZone);
  if (time >= quietHours.to && time < quietHours.from) return now;
  const today = zonedDate(now, timeZone);
  const day = time >= quietHours.from ? addDays(today, 1) : today;
  return new Date(zonedToIso(day, quietHours.to, timeZone)!);
}
