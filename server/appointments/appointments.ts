/** Appointment reads of one patient, the store's cancel policy, the patient's own cancel, and a provider's booking lock. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveAppointmentStatuses, type Appointment, type AppointmentLists } from '../../src/contract/records';
import { queryRows, type Tx } from '../db/client';
import { appointments } from '../db/schema-records';
import { isoOrNull, localParts, num, rows } from '../db/values';
import type { Outcome, ReadContext } from '../scope/patientRecord';

export interface CancelPolicy {
  patientsMayCancel: boolean;
  cancelNoticeHours: number;
}

/** The store's cancel policy; a store without a row has the table's defaults. */
const policyColumns = sql`coalesce(lp.patients_may_cancel, true) as patients_may_cancel, coalesce(lp.cancel_notice_hours, 24) as cancel_notice_hours`;

/** Why a patient cannot cancel online now, or null when they can. */
export function cancelRefusal(a: { status: string; startsAt: Date }, policy: CancelPolicy, now: Date): 'not-upcoming' | 'not-allowed' | 'too-late' | null {
  if (!(['booked', 'confirmed'] as string[]).includes(a.status) || a.startsAt.getTime() <= now.getTime()) return 'not-upcoming';
  if (!policy.patientsMayCancel) return 'not-allowed';
  if (a.startsAt.getTime() - now.getTime() < policy.cancelNoticeHours * 3600_000) return 'too-late';
  return null;
}

export async function appointmentRows(tx: Tx, patientId: string, ctx: ReadContext, appointmentId?: string): Promise<Appointment[]> {
  const found = await rows(
    tx,
    sql`select a.id, a.patient_id, a.location_id, l.name as store_name, l.time_zone, a.provider_name, a.type, a.status,
        a.starts_at, a.duration_minutes, a.notes, a.cancelled_at, a.source, a.patient_reply, a.patient_reply_at, a.patient_reply_channel, ${policyColumns}
      from appointments a
      join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
      left join location_policies lp on lp.tenant_id = a.tenant_id and lp.location_id = a.location_id
      where a.patient_id = ${patientId} ${appointmentId ? sql`and a.id = ${appointmentId}` : sql``}
      order by a.starts_at, a.id`,
  );
  return found.map((r) => {
    const startsAt = new Date(r.starts_at as string | Date);
    const duration = num(r.duration_minutes);
    const timeZone = r.time_zone as string;
    const local = localParts(startsAt, timeZone);
    const policy = { patientsMayCancel: r.patients_may_cancel as boolean, cancelNoticeHours: num(r.cancel_notice_hours) };
    return {
      id: r.id as string,
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      timeZone,
      providerName: r.provider_name as string,
      type: r.type as Appointment['type'],
      status: r.status as Appointment['status'],
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + duration * 60_000).toISOString(),
      durationMinutes: duration,
      localDate: local.date,
      localTime: local.time,
      notes: r.notes as string,
      cancelledAt: isoOrNull(r.cancelled_at),
      canCancel: cancelRefusal({ status: r.status as string, startsAt }, policy, ctx.now) === null,
      cancelNoticeHours: policy.patientsMayCancel ? policy.cancelNoticeHours : null,
      source: r.source as Appointment['source'],
      patientReply: r.patient_reply
        ? { answer: r.patient_reply as 'confirmed' | 'cancelled', at: isoOrNull(r.patient_reply_at)!, channel: r.patient_reply_channel as 'link' | 'sms' }
        : null,
    };
  });
}

const isUpcoming = (a: Appointment, now: Date) =>
  (liveAppointmentStatuses as readonly string[]).includes(a.status) && new Date(a.endsAt).getTime() > now.getTime();

export async function readAppointments(tx: Tx, patientId: string, ctx: ReadContext): Promise<AppointmentLists> {
  const all = await appointmentRows(tx, patientId, ctx);
  return {
    upcoming: all.filter((a) => isUpcoming(a, ctx.now)),
    past: all.filter((a) => !isUpcoming(a, ctx.now)).reverse(),
  };
}

/** Cancels the patient's own upcoming appointment when the store allows it and the notice period has not begun. */
export async function cancelAppointment(
  tx: Tx,
  patientId: string,
  appointmentId: string,
  byUserId: string,
  ctx: ReadContext,
): Promise<Outcome<Appointment>> {
  // Locks the row: two cancels at once are decided one after the other.
  const [row] = await queryRows<{ status: string; starts_at: string | Date; patients_may_cancel: boolean; cancel_notice_hours: number }>(
    tx,
    sql`select a.status, a.starts_at, coalesce(lp.patients_may_cancel, true) as patients_may_cancel,
        coalesce(lp.cancel_notice_hours, 24) as cancel_notice_hours
      from appointments a
      left join location_policies lp on lp.tenant_id = a.tenant_id and lp.location_id = a.location_id
      where a.id = ${appointmentId} and a.patient_id = ${patientId}
      for update of a`,
  );
  if (!row) return { ok: false, status: 404, code: 'request.notFound', reason: 'not-found' };
  const policy = { patientsMayCancel: row.patients_may_cancel, cancelNoticeHours: Number(row.cancel_notice_hours) };
  const refusal = cancelRefusal({ status: row.status, startsAt: new Date(row.starts_at) }, policy, ctx.now);
  if (refusal === 'not-upcoming') return { ok: false, status: 409, code: 'records.cancelNotUpcoming', reason: refusal };
  if (refusal === 'not-allowed') return { ok: false, status: 409, code: 'records.cancelNotAllowed', reason: refusal };
  if (refusal === 'too-late') return { ok: false, status: 409, code: 'records.cancelTooLate', params: { hours: policy.cancelNoticeHours }, reason: refusal };
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: ctx.now, cancelledBy: byUserId, updatedAt: ctx.now })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientId, patientId), inArray(appointments.status, ['booked', 'confirmed'])));
  const [updated] = await appointmentRows(tx, patientId, ctx, appointmentId);
  return { ok: true, value: updated! };
}

/**
 * Serialises the bookings of one provider (staff and online) until commit: the second one's check (READ COMMITTED:
 * a fresh snapshot per statement) sees the first one's committed row.
 */
export async function lockProvider(tx: Tx, tenantId: string, providerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tenantId}::text || ${providerId}::text, 0))`);
}
