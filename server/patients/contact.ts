/**
 * The two writes a patient makes on their own record: correcting contact details and cancelling an upcoming
 * appointment. Both return an outcome instead of throwing, so the route can audit a refusal in a transaction
 * that commits and answer after it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { contactUpdateFields, recordMessages, type Appointment, type ContactUpdate } from '../../src/contract/records';
import { queryRows, type Tx } from '../db/client';
import { appointments, patients } from '../db/schema-records';
import { appointmentRows, cancelRefusal, type ReadContext } from './records';

export type Outcome<T> = { ok: true; value: T; details?: Record<string, unknown> } | { ok: false; status: number; error: string; fields?: Record<string, string>; reason: string };

/** The patient row (for the contact fields), or null. */
async function contactRow(tx: Tx, patientId: string) {
  const [row] = await tx
    .select({
      phone: patients.phone,
      email: patients.email,
      addressLine: patients.addressLine,
      city: patients.city,
      postalCode: patients.postalCode,
      preferredChannel: patients.preferredChannel,
      preferredLanguage: patients.preferredLanguage,
    })
    .from(patients)
    .where(eq(patients.id, patientId))
    .for('update');
  return row;
}

/**
 * Applies a contact update: only fields that change are written; the preferred channel must have its address
 * (SMS needs a phone number, email an email address). Answers the names of the changed fields.
 */
export async function updateContact(tx: Tx, patientId: string, update: ContactUpdate, now: Date): Promise<Outcome<string[]>> {
  const current = await contactRow(tx, patientId);
  if (!current) return { ok: false, status: 404, error: 'Not found.', reason: 'no-patient' };
  const next = { ...current };
  for (const f of contactUpdateFields) {
    const v = update[f];
    if (v !== undefined) (next as Record<string, string>)[f] = v;
  }
  if (next.preferredChannel === 'sms' && next.phone === '') {
    return { ok: false, status: 400, error: 'Please correct the highlighted fields.', fields: { phone: recordMessages.smsNeedsPhone }, reason: 'channel-without-address' };
  }
  if (next.preferredChannel === 'email' && next.email === '') {
    return { ok: false, status: 400, error: 'Please correct the highlighted fields.', fields: { email: recordMessages.emailNeedsEmail }, reason: 'channel-without-address' };
  }
  const changed = contactUpdateFields.filter((f) => next[f] !== current[f]);
  if (changed.length) {
    const set = Object.fromEntries(changed.map((f) => [f, next[f]]));
    await tx.update(patients).set({ ...set, updatedAt: now }).where(eq(patients.id, patientId));
  }
  return { ok: true, value: changed, details: { changed } };
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
  if (!row) return { ok: false, status: 404, error: 'Not found.', reason: 'not-found' };
  const policy = { patientsMayCancel: row.patients_may_cancel, cancelNoticeHours: Number(row.cancel_notice_hours) };
  const refusal = cancelRefusal({ status: row.status, startsAt: new Date(row.starts_at) }, policy, ctx.now);
  if (refusal === 'not-upcoming') return { ok: false, status: 409, error: recordMessages.cancelNotUpcoming, reason: refusal };
  if (refusal === 'not-allowed') return { ok: false, status: 409, error: recordMessages.cancelNotAllowed, reason: refusal };
  if (refusal === 'too-late') return { ok: false, status: 409, error: recordMessages.cancelTooLate(policy.cancelNoticeHours), reason: refusal };
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: ctx.now, cancelledBy: byUserId, updatedAt: ctx.now })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientId, patientId), inArray(appointments.status, ['booked', 'confirmed'])));
  const [updated] = await appointmentRows(tx, patientId, ctx, appointmentId);
  return { ok: true, value: updated! };
}
