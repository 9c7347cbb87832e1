/**
 * The patient's answer to a reminder, by the link's page or by an SMS reply: confirm or cancel one appointment.
 * Both channels go through `answerVisit`, which locks the appointment's row, so two answers at once are decided one
 * after the other and a second confirm (or cancel) finds it done already and changes nothing. A cancel follows the
 * store's cancel policy (location_policies: whether patients may cancel online and the notice in hours), the same
 * rule as a signed-in patient's cancel (server/appointments).
 */
import { sql } from 'drizzle-orm';
import type { PreferredLanguage } from '../../src/contract/records';
import type { VisitPage, VisitState } from '../../src/contract/visitReply';
import { queryRows, type Tx } from '../db/client';
import { localParts } from '../db/values';
import { cancelRefusal, type CancelPolicy } from '../appointments/appointments';
import type { OnlineStore } from '../booking/booking';
import { rescheduleRefusal } from './reschedule';

export interface VisitRow {
  id: string;
  patientId: string;
  locationId: string;
  status: string;
  startsAt: Date;
  type: VisitPage['type'];
  providerName: string;
  patientReply: 'confirmed' | 'cancelled' | null;
  storeName: string;
  storePhone: string;
  storeAddress: string;
  timeZone: string;
  language: PreferredLanguage;
  policy: CancelPolicy;
}

const visitColumns = sql`a.id, a.patient_id, a.location_id, a.status, a.starts_at, a.type, a.provider_name, a.patient_reply,
  l.name as store_name, l.phone as store_phone, l.address as store_address, l.time_zone, p.preferred_language,
  coalesce(lp.patients_may_cancel, true) as patients_may_cancel, coalesce(lp.cancel_notice_hours, 24) as cancel_notice_hours`;
const visitJoins = sql`join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id
  join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
  left join location_policies lp on lp.tenant_id = a.tenant_id and lp.location_id = a.location_id`;

function visitOf(r: Record<string, unknown>): VisitRow {
  return {
    id: r.id as string,
    patientId: r.patient_id as string,
    locationId: r.location_id as string,
    status: r.status as string,
    startsAt: new Date(r.starts_at as string | Date),
    type: r.type as VisitPage['type'],
    providerName: r.provider_name as string,
    patientReply: (r.patient_reply as VisitRow['patientReply']) ?? null,
    storeName: r.store_name as string,
    storePhone: r.store_phone as string,
    storeAddress: r.store_address as string,
    timeZone: r.time_zone as string,
    language: r.preferred_language as PreferredLanguage,
    policy: { patientsMayCancel: r.patients_may_cancel as boolean, cancelNoticeHours: Number(r.cancel_notice_hours) },
  };
}

/** The appointment of a link (by its key's hash), locked when `lock` (an answer follows). */
export async function visitByLink(tx: Tx, hash: string, lock: boolean): Promise<VisitRow | null> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${visitColumns} from appointment_links k join appointments a on a.tenant_id = k.tenant_id and a.id = k.appointment_id
        ${visitJoins} where k.token_hash = ${hash} ${lock ? sql`for update of a` : sql``}`,
  );
  return r ? visitOf(r) : null;
}

/** One appointment by id (an SMS reply's), locked. */
export async function visitById(tx: Tx, appointmentId: string): Promise<VisitRow | null> {
  const [r] = await queryRows<Record<string, unknown>>(tx, sql`select ${visitColumns} from appointments a ${visitJoins} where a.id = ${appointmentId} for update of a`);
  return r ? visitOf(r) : null;
}

export function visitState(v: Pick<VisitRow, 'status' | 'patientReply'>): VisitState {
  if (v.status === 'cancelled' || v.status === 'no-show') return 'cancelled';
  if (v.patientReply === 'confirmed' || v.status !== 'booked') return 'confirmed';
  return 'unconfirmed';
}

/** The page of the visit; `store`: the store that may take it online (moving it is offered then). */
export function visitPage(v: VisitRow, now: Date, store: OnlineStore | null): VisitPage {
  const local = localParts(v.startsAt, v.timeZone);
  const state = visitState(v);
  const upcoming = v.startsAt.getTime() > now.getTime();
  return {
    storeName: v.storeName,
    storePhone: v.storePhone,
    storeAddress: v.storeAddress,
    timeZone: v.timeZone,
    localDate: local.date,
    localTime: local.time,
    startsAt: v.startsAt.toISOString(),
    type: v.type,
    providerName: v.providerName,
    state,
    language: v.language,
    canConfirm: upcoming && state === 'unconfirmed',
    canCancel: state !== 'cancelled' && cancelRefusal(v, v.policy, now) === null,
    cancelNoticeHours: v.policy.patientsMayCancel ? v.policy.cancelNoticeHours : null,
    canReschedule: rescheduleRefusal(v, store, now) === null,
  };
}

export type AnswerOutcome =
  | { kind: 'done'; visit: VisitRow }
  | { kind: 'already'; visit: VisitRow }
  | { kind: 'refused'; reason: 'started' | 'cancelled' | 'not-allowed' | 'too-late'; visit: VisitRow };

/** Confirms or cancels the (locked) appointment for the patient by `channel`; a refusal writes nothing. */
export async function answerVisit(tx: Tx, v: VisitRow, action: 'confirm' | 'cancel', channel: 'link' | 'sms', now: Date): Promise<AnswerOutcome> {
  const state = visitState(v);
  if (action === 'confirm') {
    if (state === 'confirmed' && v.patientReply === 'confirmed') return { kind: 'already', visit: v };
    if (state === 'cancelled') return { kind: 'refused', reason: 'cancelled', visit: v };
    if (v.startsAt.getTime() <= now.getTime()) return { kind: 'refused', reason: 'started', visit: v };
    await tx.execute(
      sql`update appointments set patient_reply = 'confirmed', patient_reply_at = ${now.toISOString()}::timestamptz, patient_reply_channel = ${channel},
            status = case when status = 'booked' then 'confirmed' else status end, updated_at = ${now.toISOString()}::timestamptz
          where id = ${v.id}`,
    );
    return { kind: 'done', visit: { ...v, patientReply: 'confirmed', status: v.status === 'booked' ? 'confirmed' : v.status } };
  }
  if (state === 'cancelled') return { kind: 'already', visit: v };
  const refusal = cancelRefusal(v, v.policy, now);
  if (refusal === 'not-upcoming') return { kind: 'refused', reason: 'started', visit: v };
  if (refusal) return { kind: 'refused', reason: refusal, visit: v };
  await tx.execute(
    sql`update appointments set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, patient_reply = 'cancelled',
          patient_reply_at = ${now.toISOString()}::timestamptz, patient_reply_channel = ${channel}, updated_at = ${now.toISOString()}::timestamptz
        where id = ${v.id} and status in ('booked', 'confirmed')`,
  );
  return { kind: 'done', visit: { ...v, status: 'cancelled', patientReply: 'cancelled' } };
}
