/**
 * An SMS reply (the provider's signed inbound webhook, ./routes.ts): matched to the company and store that last
 * texted the number (app_sms_reply_target), then, inside that company, to the patient with that number and their
 * next live appointment at the store. The reply is recorded once by the provider's message id (sms_replies: a
 * replayed webhook finds it and does nothing again), acted on as `decideReply` says, answered by SMS through the
 * outbox (in the patient's messages), and written into the store's inbox: a reply that was acted on into a
 * conversation that is done, anything else into an open one for staff to answer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../audit/audit';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { inboxConversations, inboxMessages } from '../db/schema-inbox';
import { smsReplies } from '../db/schema-reminders';
import { localParts } from '../db/values';
import { languageOrder, mergeTemplate } from '../messaging/messaging';
import { queueMessage } from '../messaging/outbox';
import { decideReply, type ReplyDecision } from './replies';
import { replyTexts } from './replyTexts';
import { answerVisit, visitById } from './visit';

export interface InboundSms {
  sid: string;
  from: string;
  body: string;
}

export interface InboundResult {
  /** Whether this message id was seen before (nothing was done again). */
  replay: boolean;
  decision: ReplyDecision | null;
  deliver: { tenantId: string; id: string }[];
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** The patient of the number at the company: the one with the soonest live appointment at the store, else the oldest record. */
async function matchPatient(tx: Tx, phone: string, locationId: string, now: Date) {
  const [p] = await queryRows<{ id: string; first_name: string; last_name: string; user_id: string | null; preferred_language: string; sms_consent: boolean; store_language: string | null }>(
    tx,
    sql`select p.id, p.first_name, p.last_name, p.user_id, p.preferred_language, p.sms_consent,
          (select language from locations where id = ${locationId}) as store_language
        from patients p
        where p.phone_digits = ${digits(phone)} and p.merged_into is null
        order by (select min(a.starts_at) from appointments a where a.patient_id = p.id and a.location_id = ${locationId}
                    and a.status in ('booked', 'confirmed') and a.starts_at > ${now.toISOString()}::timestamptz) nulls last, p.created_at, p.id
        limit 1`,
  );
  return p ?? null;
}

async function nextAppointmentId(tx: Tx, patientId: string, locationId: string, now: Date): Promise<string | null> {
  const [a] = await queryRows<{ id: string }>(
    tx,
    sql`select id from appointments where patient_id = ${patientId} and location_id = ${locationId} and status in ('booked', 'confirmed')
          and starts_at > ${now.toISOString()}::timestamptz order by starts_at, id limit 1`,
  );
  return a?.id ?? null;
}

/** Writes the reply into the patient's conversation at the store: an open one takes it, else a new one. */
async function intoInbox(tx: Tx, patientId: string, locationId: string, name: string, body: string, open: boolean, now: Date) {
  const [current] = await tx
    .select({ id: inboxConversations.id })
    .from(inboxConversations)
    .where(and(eq(inboxConversations.patientId, patientId), eq(inboxConversations.locationId, locationId), eq(inboxConversations.status, 'open')))
    .limit(1);
  const conversationId =
    current?.id ??
    (await tx
      .insert(inboxConversations)
      .values({ patientId, locationId, status: open ? 'open' : 'done', createdAt: now, lastMessageAt: now })
      .returning({ id: inboxConversations.id }))[0]!.id;
  if (current) await tx.update(inboxConversations).set({ lastMessageAt: now }).where(eq(inboxConversations.id, conversationId));
  await tx.insert(inboxMessages).values({ conversationId, author: 'patient', authorName: name, body: body.slice(0, 5000) || '(empty)', createdAt: now });
}

export async function receiveSms(db: Database, sms: InboundSms, now: Date): Promise<InboundResult> {
  const [target] = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; location_id: string }>(tx, sql`select tenant_id, location_id from app_sms_reply_target(${sms.from})`),
  );
  if (!target) return { replay: false, decision: null, deliver: [] };
  const { tenant_id: tenantId, location_id: locationId } = target;
  return withTenant(db, tenantId, async (tx) => {
    const [row] = await tx
      .insert(smsReplies)
      .values({ providerId: sms.sid, fromPhone: sms.from, body: sms.body, locationId, outcome: 'received', receivedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: smsReplies.id });
    if (!row) return { replay: true, decision: null, deliver: [] };
    const patient = await matchPatient(tx, sms.from, locationId, now);
    const appointmentId = patient ? await nextAppointmentId(tx, patient.id, locationId, now) : null;
    const visit = appointmentId ? await visitById(tx, appointmentId) : null;
    const [policy] = await queryRows<{ patients_may_cancel: boolean | null; cancel_notice_hours: number | null }>(
      tx,
      sql`select patients_may_cancel, cancel_notice_hours from location_policies where location_id = ${locationId}`,
    );
    const cancelPolicy = { patientsMayCancel: policy?.patients_may_cancel ?? true, cancelNoticeHours: Number(policy?.cancel_notice_hours ?? 24) };
    const decision = decideReply(sms.body, {
      patient: patient && { smsConsent: patient.sms_consent },
      appointment: visit && { status: visit.status, startsAt: visit.startsAt, patientReply: visit.patientReply },
      policy: cancelPolicy,
      now,
    });
    let outcome: string = decision.outcome;
    if (visit && (decision.action === 'confirm' || decision.action === 'cancel')) {
      const done = await answerVisit(tx, visit, decision.action, 'sms', now);
      // The decision read the same locked row: a refusal here means the rules disagree, recorded as such.
      if (done.kind === 'refused') outcome = 'cancelRefused';
    }
    if (patient && (decision.action === 'optOut' || decision.action === 'optIn')) {
      await tx.execute(
        sql`update patients set sms_consent = ${decision.action === 'optIn'}, sms_consent_source = 'sms', sms_consent_at = ${now.toISOString()}::timestamptz
            where id = ${patient.id}`,
      );
    }
    await tx
      .update(smsReplies)
      .set({ outcome, patientId: patient?.id ?? null, appointmentId: visit?.id ?? null })
      .where(eq(smsReplies.id, row.id));
    const deliver: { tenantId: string; id: string }[] = [];
    if (patient) {
      await intoInbox(tx, patient.id, locationId, `${patient.first_name} ${patient.last_name}`, sms.body.trim(), decision.action === 'inbox', now);
      if (decision.answer) {
        const language = languageOrder(patient.preferred_language, patient.store_language)[0]!;
        const [store] = await queryRows<{ name: string; phone: string; time_zone: string }>(tx, sql`select name, phone, time_zone from locations where id = ${locationId}`);
        const at = visit ? localParts(visit.startsAt, store!.time_zone) : null;
        const body = mergeTemplate(replyTexts[decision.answer][language], {
          storeName: store?.name ?? '',
          storePhone: store?.phone ?? '',
          appointmentTime: at ? `${at.date} ${at.time}` : '',
          hours: String(cancelPolicy.cancelNoticeHours),
        });
        deliver.push(
          await queueMessage(tx, { tenantId, channel: 'sms', recipient: sms.from, template: 'sms.reply', subject: '', body, userId: patient.user_id ?? undefined, locationId, patientId: patient.id }),
        );
      }
      await audit(tx, {
        tenantId,
        action: 'sms.reply',
        outcome: 'success',
        targetType: visit ? 'appointment' : 'patient',
        targetId: visit?.id ?? patient.id,
        patientId: patient.id,
        details: { outcome },
      });
    }
    return { replay: false, decision: { ...decision, outcome: outcome as ReplyDecision['outcome'] }, deliver };
  });
}
