/** Recalls created and moved by staff; moving one to sent sends the reminder on its channel. */
import { eq } from 'drizzle-orm';
import { recallEdges, type RecallCreate, type RecallStatus, type RecallView } from '../../src/contract/sales';
import type { Tx } from '../db/client';
import { recalls } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { notifyPatient } from '../messaging/messaging';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';

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
 * Moves a recall. Moving it to 'sent' sends the reminder (template 'recall.reminder') on the recall's channel; a patient
 * who has not agreed to be contacted is not sent one.
 */
export async function moveRecall(tx: Tx, scope: Scope, recallId: string, to: RecallStatus, now: Date): Done<RecallView> {
  const [r] = await tx.select().from(recalls).where(eq(recalls.id, recallId)).for('update');
  if (!r) throw new NotVisible('recall', recallId);
  requireStore(scope, r.locationId, 'recall');
  if (!recallEdges[r.status].includes(to)) throw new HttpError(409, 'recalls.cannotMove', { params: { from: r.status, to } });
  const deliver: { tenantId: string; id: string }[] = [];
  if (to === 'sent') {
    const patient = await visiblePatient(tx, { ...scope, stores: 'all' }, r.patientId);
    if (!patient.consentContact) throw new HttpError(409, 'recalls.noConsent');
    const sent = await notifyPatient(tx, {
      tenantId: scope.tenantId,
      patient: { ...patient, preferredChannel: r.channel },
      locationId: r.locationId,
      key: 'recall.reminder',
      fields: { dueDate: r.dueOn },
    });
    if (!sent) throw new HttpError(409, r.channel === 'email' ? 'recalls.noEmailAddress' : 'recalls.noPhoneNumber');
    deliver.push(sent.ref);
  }
  const [row] = await tx
    .update(recalls)
    .set({ status: to, ...(to === 'sent' ? { lastSentAt: now } : {}) })
    .where(eq(recalls.id, r.id))
    .returning();
  return { result: recallView(row!), audit: { targetType: 'recall', targetId: r.id, patientId: r.patientId, details: { from: r.status, to } }, deliver };
}
