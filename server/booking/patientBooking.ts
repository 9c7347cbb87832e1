/**
 * A patient books a free slot online. The rules are applied again here, on the server's clock and the store's
 * rules as stored (a client's slot or date never switches one off); the database holds the slot (the exclusion
 * constraint appointments_provider_span_excl), so of two patients racing for one slot one gets it and the other a
 * 409 with the next free slots.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, bookingMessages, type BookedVisit, type FreeSlot, type PatientBookingCreate } from '../../src/contract/booking';
import type { AppointmentType } from '../../src/contract/records';
import { zonedDate } from '../../src/contract/zonedTime';
import { queryRows, type Tx } from '../db/client';
import { pgError } from '../db/pg';
import { appointments, patients } from '../db/schema-records';
import { localParts } from '../db/values';
import { HttpError } from '../http/errors';
import { appointmentRows, lockProvider } from '../appointments/appointments';
import { assignWithBooking } from '../eforms/eforms';
import { appointmentTypeName, notifyPatient } from '../messaging/messaging';
import type { Done } from '../scope/audited';
import { NotVisible } from '../scope/scope';
import { onlineStore, storeSlots, type OnlineStore } from './slots';

/** How many free slots a refusal offers instead, and how far ahead it looks for them. */
const nextSlotCount = 5;
const nextSlotDays = 14;

/** The 409 of a slot that is not free (any more), with the next free ones of that store, type and provider. */
export async function slotGone(tx: Tx, tenantId: string, store: OnlineStore, input: PatientBookingCreate, date: string, now: Date): Promise<HttpError> {
  const later = await storeSlots(tx, tenantId, store, { type: input.type, providerId: input.providerId, from: date, to: addDays(date, nextSlotDays - 1) }, now);
  const nextSlots: FreeSlot[] = later.filter((s) => s.startsAt > new Date(input.startsAt).toISOString()).slice(0, nextSlotCount);
  return new HttpError(409, 'booking.slotGone', { details: { nextSlots } });
}

/** Whether the patient has been seen at the company before (a completed visit): others are new patients. */
async function seenBefore(tx: Tx, patientId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(tx, sql`select 1 as one from ${appointments} where ${appointments.patientId} = ${patientId} and ${appointments.status} = 'completed' limit 1`);
  return rows.length > 0;
}

/**
 * Takes the locks a booking holds a slot with (one online booking of the store at a time, for the daily cap, and
 * the provider's lock that staff bookings take) and checks the slot is free by the store's rules on the server's
 * clock; a slot that is not is 409 booking.slotGone with the next free ones.
 */
export async function lockFreeSlot(tx: Tx, tenantId: string, store: OnlineStore, input: PatientBookingCreate, now: Date): Promise<{ startsAt: Date; date: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tenantId}::text || ${store.id}::text || 'online', 0))`);
  await lockProvider(tx, tenantId, input.providerId);
  const startsAt = new Date(input.startsAt);
  const date = zonedDate(startsAt, store.timeZone);
  const free = await storeSlots(tx, tenantId, store, { type: input.type, providerId: input.providerId, from: date, to: date }, now);
  if (!free.some((s) => s.startsAt === startsAt.toISOString())) throw await slotGone(tx, tenantId, store, input, date, now);
  return { startsAt, date };
}

/** The visit's time confirmed by the patient's channel, in their language (template appointment.booked). */
export async function confirmByMessage(
  tx: Tx,
  tenantId: string,
  store: OnlineStore,
  visit: { patientId: string; type: AppointmentType; startsAt: Date; providerName: string },
) {
  const [patient] = await tx.select().from(patients).where(eq(patients.id, visit.patientId));
  const at = localParts(visit.startsAt, store.timeZone);
  return notifyPatient(tx, {
    tenantId,
    patient: patient!,
    locationId: store.id,
    key: 'appointment.booked',
    fields: (language) => ({ appointmentTime: `${at.date} ${at.time}`, appointmentType: appointmentTypeName(visit.type, language), providerName: visit.providerName }),
  });
}

/**
 * Books the slot for the patient (`by`: their account), assigns the forms the store sends with this visit type (to a
 * patient not seen before, also those for new patients only) and confirms the visit by the patient's channel.
 */
export async function bookOnline(tx: Tx, tenantId: string, patientId: string, by: string | null, input: PatientBookingCreate, now: Date): Done<BookedVisit> {
  const store = await onlineStore(tx, input.locationId);
  if (store === null) {
    const visible = await queryRows(tx, sql`select 1 from locations where id = ${input.locationId}`);
    if (!visible.length) throw new NotVisible('location', input.locationId);
    throw new HttpError(409, 'booking.notOnline');
  }
  const length = store.types.find((t) => t.type === input.type);
  if (!length) throw new HttpError(400, 'request.fieldsInvalid', { fields: { type: bookingMessages.typeNotOnline } });
  const provider = store.providers.find((p) => p.id === input.providerId);
  if (!provider) throw new HttpError(400, 'request.fieldsInvalid', { fields: { providerId: bookingMessages.provider } });
  const seen = await seenBefore(tx, patientId);
  if (!store.rules.newPatientsMayBook && !seen) throw new HttpError(409, 'booking.newPatientsOff');

  const { startsAt, date } = await lockFreeSlot(tx, tenantId, store, input, now);
  let id: string;
  try {
    id = await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(appointments)
        .values({
          locationId: store.id,
          patientId,
          providerId: provider.id,
          providerName: provider.name,
          type: input.type,
          startsAt,
          durationMinutes: length.minutes,
          source: 'online',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: appointments.id });
      return row!.id;
    });
  } catch (err) {
    // Held by someone else after all (a booking that took no lock): the constraint said so.
    const code = pgError(err).code;
    if (code === '23P01' || code === '23505') throw await slotGone(tx, tenantId, store, input, date, now);
    throw err;
  }
  const [booked] = await appointmentRows(tx, patientId, { now, viewer: 'self' }, id);
  const formIds = store.rules.intakeForms.filter((f) => f.type === input.type && (!f.newPatientsOnly || !seen)).map((f) => f.formId);
  const visitEnds = new Date(startsAt.getTime() + length.minutes * 60_000);
  const forms = await assignWithBooking(tx, { locationId: store.id, patientId, formIds, until: visitEnds, at: now, by });
  const sent = await confirmByMessage(tx, tenantId, store, { patientId, type: input.type, startsAt, providerName: provider.name });
  return {
    deliver: sent ? [sent.ref] : [],
    result: { appointment: booked!, forms },
    audit: {
      targetType: 'appointment',
      targetId: id,
      patientId,
      details: { source: 'online', providerId: provider.id, startsAt: startsAt.toISOString(), locationId: store.id, intakeForms: forms.map((f) => f.id), confirmedBy: sent?.channel ?? null },
    },
  };
}
