/**
 * A patient moves the visit of a reminder's link to another free time. Moving gives the old time up, so it follows
 * the store's cancel policy (as a cancel by the link does), and the new time is one the store offers online for the
 * visit's type (server/booking's `moveOnline`: the booking rules and the slot's locks). The visit keeps its id (its
 * link, its forms); the patient chose the time, so it counts as confirmed by the link.
 */
import { sql } from 'drizzle-orm';
import type { FreeSlot } from '../../src/contract/booking';
import type { VisitReschedule, VisitSlotsQuery } from '../../src/contract/visitReply';
import { cancelRefusal } from '../appointments/appointments';
import { moveOnline, onlineStore, storeSlots, type OnlineStore } from '../booking/booking';
import type { Tx } from '../db/client';
import type { VisitRow } from './visit';

export type RescheduleRefusal = 'started' | 'cancelled' | 'not-allowed' | 'too-late' | 'not-online';

/** Why the visit cannot move now, or null. `store`: the store that may take it online (null: none). */
export function rescheduleRefusal(v: VisitRow, store: OnlineStore | null, now: Date): RescheduleRefusal | null {
  if (v.status === 'cancelled' || v.status === 'no-show') return 'cancelled';
  const refusal = cancelRefusal(v, v.policy, now);
  if (refusal === 'not-upcoming') return 'started';
  if (refusal) return refusal;
  if (!store || !store.types.some((t) => t.type === v.type)) return 'not-online';
  return null;
}

/** The store that may take the visit online (null: none). */
export const storeOf = (tx: Tx, v: VisitRow) => onlineStore(tx, v.locationId);

/** The free times of [from, to] the visit may move to. */
export function visitSlots(tx: Tx, tenantId: string, v: VisitRow, store: OnlineStore, query: VisitSlotsQuery, now: Date): Promise<FreeSlot[]> {
  return storeSlots(tx, tenantId, store, { type: v.type, providerId: query.providerId, from: query.from, to: query.to }, now);
}

/** Moves the (locked) visit and records the patient's answer; answers the moved visit and the message to deliver. */
export async function rescheduleVisit(tx: Tx, tenantId: string, v: VisitRow, store: OnlineStore, input: VisitReschedule, now: Date) {
  const moved = await moveOnline(tx, tenantId, v, store, input, now);
  await tx.execute(
    sql`update appointments set status = case when status = 'booked' then 'confirmed' else status end, patient_reply = 'confirmed',
          patient_reply_at = ${now.toISOString()}::timestamptz, patient_reply_channel = 'link'
        where id = ${v.id}`,
  );
  const visit: VisitRow = { ...v, startsAt: moved.startsAt, providerName: moved.providerName, patientReply: 'confirmed', status: v.status === 'booked' ? 'confirmed' : v.status };
  return { visit, deliver: moved.deliver, from: v.startsAt.toISOString() };
}
