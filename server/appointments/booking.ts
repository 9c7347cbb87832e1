/** Appointments booked and moved by staff: provider slots never overlap. */
import { eq, sql } from 'drizzle-orm';
import {
  appointmentEdges,
  salesMessages,
  type AppointmentCreate,
  type AppointmentStatus,
  type AppointmentView,
} from '../../src/contract/sales';
import { queryRows, type Tx } from '../db/client';
import { pgError } from '../db/pg';
import { appointments } from '../db/schema-records';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { storeSettingsOf } from '../settings/settings';
import { lockProvider } from './appointments';
import { NotVisible, providerFor, requireBodyStore, requireStore, visiblePatient, type Scope } from '../scope/scope';

/** The database's refusal of a second live booking of one provider slot, as a 409. */
export function slotTaken(err: unknown): HttpError | null {
  const e = pgError(err);
  if (e.code === '23505' && (e.constraint === undefined || e.constraint === 'appointments_provider_slot_key')) return new HttpError(409, 'appointments.slotTaken');
  return e.code === '23P01' ? new HttpError(409, 'appointments.slotTaken') : null;
}

function appointmentView(a: typeof appointments.$inferSelect): AppointmentView {
  return {
    id: a.id,
    locationId: a.locationId,
    patientId: a.patientId,
    providerId: a.providerId,
    providerName: a.providerName,
    type: a.type,
    startsAt: a.startsAt.toISOString(),
    durationMinutes: a.durationMinutes,
    status: a.status,
  };
}

/**
 * Whether the provider has a live appointment overlapping [startsAt, startsAt + minutes): one that starts before
 * the new one ends and ends after it starts (end == start is no overlap). "Live" is the WHERE clause of the unique
 * index appointments_provider_slot_key (status not cancelled or no-show), so this reads that index; the lower bound
 * uses the 480-minute maximum of the appointments_duration check to keep the index range short.
 *
 * The provider's lock (lockProvider) serialises the check and the insert of concurrent bookings of one provider; the
 * exclusion constraint appointments_provider_span_excl holds the time range itself whatever the order.
 */
async function providerBusy(tx: Tx, tenantId: string, providerId: string, startsAt: Date, minutes: number): Promise<boolean> {
  await lockProvider(tx, tenantId, providerId);
  const start = startsAt.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select ${appointments.id} as id from ${appointments}
        where ${appointments.tenantId} = ${tenantId}
          and ${appointments.providerId} = ${providerId}
          and ${appointments.status} not in ('cancelled', 'no-show')
          and ${appointments.startsAt} > ${start}::timestamptz - interval '480 minutes'
          and ${appointments.startsAt} < ${start}::timestamptz + ${minutes}::int * interval '1 minute'
          and ${appointments.startsAt} + ${appointments.durationMinutes} * interval '1 minute' > ${start}::timestamptz
        limit 1`,
  );
  return rows.length > 0;
}

export async function bookAppointment(tx: Tx, scope: Scope, input: AppointmentCreate, now: Date): Done<AppointmentView> {
  const patient = await visiblePatient(tx, scope, input.patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const provider = await providerFor(tx, input.providerId, locationId);
  if (!provider) throw new HttpError(400, 'request.fieldsInvalid', { fields: { providerId: 'Provider must be a staff member of this store' } });
  const startsAt = new Date(input.startsAt);
  // The contract admits years 0000..9999 with any offset; PostgreSQL has no year 0 and no 5-digit year input.
  const year = startsAt.getUTCFullYear();
  if (year < 1 || year > 9999) throw new HttpError(400, 'request.fieldsInvalid', { fields: { startsAt: salesMessages.startsAt } });
  // The store's appointment types (general settings): a type it does not offer is refused; its length is the default.
  const offered = (await storeSettingsOf(tx, locationId)).appointmentTypes[input.type];
  if (!offered.offered) throw new HttpError(400, 'request.fieldsInvalid', { fields: { type: 'This store does not offer this appointment type' } });
  const durationMinutes = input.durationMinutes ?? offered.minutes;
  if (await providerBusy(tx, scope.tenantId, provider.id, startsAt, durationMinutes)) throw new HttpError(409, 'appointments.slotTaken');
  const [row] = await tx
    .insert(appointments)
    .values({
      locationId,
      patientId: patient.id,
      providerId: provider.id,
      providerName: provider.name,
      type: input.type,
      startsAt,
      durationMinutes,
      notes: input.notes,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return {
    result: appointmentView(row!),
    audit: { targetType: 'appointment', targetId: row!.id, patientId: patient.id, details: { providerId: provider.id, startsAt: row!.startsAt.toISOString(), locationId } },
  };
}

/**
 * Moves an appointment along appointmentEdges. No edge leads from cancelled or no-show back to a live status, so a
 * move never re-activates an appointment and needs no overlap check (bookAppointment's providerBusy).
 */
export async function moveAppointment(tx: Tx, scope: Scope, appointmentId: string, to: AppointmentStatus, now: Date): Done<AppointmentView> {
  const [a] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for('update');
  if (!a) throw new NotVisible('appointment', appointmentId);
  requireStore(scope, a.locationId, 'appointment');
  if (!appointmentEdges[a.status].includes(to)) throw new HttpError(409, 'appointments.cannotMove', { params: { from: a.status, to } });
  const [row] = await tx
    .update(appointments)
    .set({ status: to, updatedAt: now, ...(to === 'cancelled' ? { cancelledAt: now, cancelledBy: scope.userId } : {}) })
    .where(eq(appointments.id, a.id))
    .returning();
  return { result: appointmentView(row!), audit: { targetType: 'appointment', targetId: a.id, patientId: a.patientId, details: { from: a.status, to } } };
}
