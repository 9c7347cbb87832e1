/** Prescriptions, appointments and recalls written by staff. */
import { eq, sql } from 'drizzle-orm';
import {
  contactLensExpiry,
  spectacleExpiry,
  type ContactLensRxInput,
  type RxCreated,
  type SpectacleRxInput,
} from '../../src/contract/rx';
import {
  appointmentEdges,
  cannotMove,
  recallEdges,
  salesMessages,
  type AppointmentCreate,
  type AppointmentStatus,
  type AppointmentView,
  type RecallCreate,
  type RecallStatus,
  type RecallView,
} from '../../src/contract/sales';
import { queryRows, type Tx } from '../db/client';
import { appointments, contactLensRx, recalls, spectacleRx } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { notifyPatient } from '../messaging/notify';
import { NotVisible, pgError, providerFor, requireBodyStore, requireStore, visiblePatient, type AuditInfo, type Scope } from '../scope/scope';

type Done<T> = Promise<{ result: T; audit: AuditInfo; deliver?: { tenantId: string; id: string }[] }>;

export async function createSpectacleRx(tx: Tx, scope: Scope, patientId: string, input: SpectacleRxInput): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .insert(spectacleRx)
    .values({
      tenantId: scope.tenantId,
      patientId: patient.id,
      locationId,
      examDate: input.examDate,
      expiresOn: spectacleExpiry(input),
      prescriber: input.prescriber,
      source: input.source,
      right: input.right,
      left: input.left,
      notes: input.notes,
      createdBy: scope.userId,
    })
    .returning();
  const r = row!;
  return {
    result: { id: r.id, patientId: r.patientId, locationId: r.locationId, examDate: r.examDate, expiresOn: r.expiresOn },
    audit: { targetType: 'spectacle_rx', targetId: r.id, patientId: patient.id, details: { examDate: r.examDate, expiresOn: r.expiresOn } },
  };
}

export async function createContactLensRx(tx: Tx, scope: Scope, patientId: string, input: ContactLensRxInput): Done<RxCreated> {
  const patient = await visiblePatient(tx, scope, patientId);
  const locationId = input.locationId ?? patient.locationId;
  await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .insert(contactLensRx)
    .values({
      tenantId: scope.tenantId,
      patientId: patient.id,
      locationId,
      examDate: input.examDate,
      expiresOn: contactLensExpiry(input),
      prescriber: input.prescriber,
      brand: input.brand,
      manufacturer: input.manufacturer,
      replacement: input.replacement,
      right: input.right,
      left: input.left,
      notes: input.notes,
      createdBy: scope.userId,
    })
    .returning();
  const r = row!;
  return {
    result: { id: r.id, patientId: r.patientId, locationId: r.locationId, examDate: r.examDate, expiresOn: r.expiresOn },
    audit: { targetType: 'contact_lens_rx', targetId: r.id, patientId: patient.id, details: { examDate: r.examDate, expiresOn: r.expiresOn } },
  };
}

// ---------------------------------------------------------------------------------------------------------------

export const slotTakenMessage = 'This provider is already booked at that time. Please choose another time.';

/** The database's refusal of a second live booking of one provider slot, as a 409. */
export function slotTaken(err: unknown): HttpError | null {
  const e = pgError(err);
  return e.code === '23505' && (e.constraint === undefined || e.constraint === 'appointments_provider_slot_key') ? new HttpError(409, slotTakenMessage) : null;
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
 * A transaction-scoped advisory lock on (tenant, provider), held until commit, serialises the check and the insert
 * of concurrent bookings of one provider: the second one's check (READ COMMITTED: a fresh snapshot per statement)
 * sees the first one's committed row. The unique index stays as the last line of defence for an identical start.
 */
async function providerBusy(tx: Tx, tenantId: string, providerId: string, startsAt: Date, minutes: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tenantId}::text || ${providerId}::text, 0))`);
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
  if (!provider) throw new HttpError(400, 'Please correct the highlighted fields.', { providerId: 'Provider must be a staff member of this store' });
  const startsAt = new Date(input.startsAt);
  // The contract admits years 0000..9999 with any offset; PostgreSQL has no year 0 and no 5-digit year input.
  const year = startsAt.getUTCFullYear();
  if (year < 1 || year > 9999) throw new HttpError(400, 'Please correct the highlighted fields.', { startsAt: salesMessages.startsAt });
  if (await providerBusy(tx, scope.tenantId, provider.id, startsAt, input.durationMinutes)) throw new HttpError(409, slotTakenMessage);
  const [row] = await tx
    .insert(appointments)
    .values({
      tenantId: scope.tenantId,
      locationId,
      patientId: patient.id,
      providerId: provider.id,
      providerName: provider.name,
      type: input.type,
      startsAt,
      durationMinutes: input.durationMinutes,
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
  if (!appointmentEdges[a.status].includes(to)) throw new HttpError(409, cannotMove('an appointment', a.status, to));
  const [row] = await tx
    .update(appointments)
    .set({ status: to, updatedAt: now, ...(to === 'cancelled' ? { cancelledAt: now, cancelledBy: scope.userId } : {}) })
    .where(eq(appointments.id, a.id))
    .returning();
  return { result: appointmentView(row!), audit: { targetType: 'appointment', targetId: a.id, patientId: a.patientId, details: { from: a.status, to } } };
}

// ---------------------------------------------------------------------------------------------------------------

function recallView(r: typeof recalls.$inferSelect): RecallView {
  return {
    id: r.id,
    patientId: r.patientId,
    locationId: r.locationId,
    type: r.type,
    dueOn: r.dueOn,
    status: r.status,
    channel: r.channel,
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
  };
}

export async function createRecall(tx: Tx, scope: Scope, input: RecallCreate, now: Date): Done<RecallView> {
  const patient = await visiblePatient(tx, scope, input.patientId);
  const [row] = await tx
    .insert(recalls)
    .values({
      tenantId: scope.tenantId,
      patientId: patient.id,
      locationId: patient.locationId,
      type: input.type,
      dueOn: input.dueOn,
      channel: input.channel ?? patient.preferredChannel,
      notes: input.notes,
      createdAt: now,
    })
    .returning();
  return { result: recallView(row!), audit: { targetType: 'recall', targetId: row!.id, patientId: patient.id, details: { type: input.type, dueOn: input.dueOn } } };
}

/**
 * Moves a recall. Moving it to 'sent' sends the reminder (template 'recall.due') on the recall's channel; a patient
 * who has not agreed to be contacted is not sent one.
 */
export async function moveRecall(tx: Tx, scope: Scope, recallId: string, to: RecallStatus, now: Date): Done<RecallView> {
  const [r] = await tx.select().from(recalls).where(eq(recalls.id, recallId)).for('update');
  if (!r) throw new NotVisible('recall', recallId);
  requireStore(scope, r.locationId, 'recall');
  if (!recallEdges[r.status].includes(to)) throw new HttpError(409, cannotMove('a recall', r.status, to));
  const deliver: { tenantId: string; id: string }[] = [];
  if (to === 'sent') {
    const patient = await visiblePatient(tx, { ...scope, allowed: [] }, r.patientId);
    if (!patient.consentContact) throw new HttpError(409, 'This patient has not agreed to be contacted; the recall was not sent.');
    const sent = await notifyPatient(tx, {
      tenantId: scope.tenantId,
      patient: { ...patient, preferredChannel: r.channel },
      locationId: r.locationId,
      key: 'recall.due',
      fields: { dueDate: r.dueOn },
    });
    if (!sent) throw new HttpError(409, `This patient has no ${r.channel === 'email' ? 'email address' : 'phone number'} to send the recall to.`);
    deliver.push(sent.ref);
  }
  const [row] = await tx
    .update(recalls)
    .set({ status: to, ...(to === 'sent' ? { lastSentAt: now } : {}) })
    .where(eq(recalls.id, r.id))
    .returning();
  return { result: recallView(row!), audit: { targetType: 'recall', targetId: r.id, patientId: r.patientId, details: { from: r.status, to } }, deliver };
}
