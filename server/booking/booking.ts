/**
 * The booking feature's public module: what other features may use of it. A store's online offer and free slots
 * (./slots.ts), and moving a live appointment to another free time by the same rules (a reminder's link moves the
 * patient's visit so, server/reminders).
 */
import { sql } from 'drizzle-orm';
import type { AppointmentType } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { pgError } from '../db/pg';
import { HttpError } from '../http/errors';
import { confirmByMessage, lockFreeSlot, slotGone } from './patientBooking';
import type { OnlineStore } from './slots';

export { onlineStore, storeSlots, type OnlineStore } from './slots';

/**
 * Moves the appointment to a free time of the store's online rules (lead time, horizon, hours, blocked times, the
 * daily cap, applied again on the server's clock) with the chosen provider, held as a booking's time is held (its
 * locks and the exclusion constraint): a time no longer free is 409 booking.slotGone with the next free ones. The
 * new time is confirmed by the patient's channel; answers the message to deliver once the transaction commits.
 */
export async function moveOnline(
  tx: Tx,
  tenantId: string,
  appointment: { id: string; patientId: string; type: AppointmentType },
  store: OnlineStore,
  to: { providerId: string; startsAt: string },
  now: Date,
): Promise<{ startsAt: Date; providerName: string; deliver: { tenantId: string; id: string }[] }> {
  const provider = store.providers.find((p) => p.id === to.providerId);
  if (!provider) throw new HttpError(400, 'request.fieldsInvalid', { fields: { providerId: 'Choose one of the store’s providers' } });
  const length = store.types.find((t) => t.type === appointment.type);
  if (!length) throw new HttpError(409, 'booking.notOnline');
  const booking = { locationId: store.id, type: appointment.type, providerId: provider.id, startsAt: to.startsAt };
  const { startsAt, date } = await lockFreeSlot(tx, tenantId, store, booking, now);
  try {
    await tx.transaction((inner) =>
      inner.execute(
        sql`update appointments set starts_at = ${startsAt.toISOString()}::timestamptz, duration_minutes = ${length.minutes},
              provider_id = ${provider.id}, provider_name = ${provider.name}, updated_at = ${now.toISOString()}::timestamptz
            where id = ${appointment.id}`,
      ),
    );
  } catch (err) {
    const code = pgError(err).code;
    if (code === '23P01' || code === '23505') throw await slotGone(tx, tenantId, store, booking, date, now);
    throw err;
  }
  const sent = await confirmByMessage(tx, tenantId, store, { patientId: appointment.patientId, type: appointment.type, startsAt, providerName: provider.name });
  return { startsAt, providerName: provider.name, deliver: sent ? [sent.ref] : [] };
}
