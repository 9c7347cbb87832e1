/**
 * Patient messages of the record workflows (order ready for pickup, recall due): the key's template (messaging.ts)
 * merged and written to the communication log through the outbox, on the patient's preferred channel.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import type { PatientRow } from '../scope/scope';
import { mergeTemplate, resolveTemplate, type Channel, type TemplateKey } from './messaging';
import { queueMessage } from './outbox';

/**
 * Queues one message to the patient on their preferred channel. Answers null (and sends nothing) when the patient
 * has no address on that channel.
 */
export async function notifyPatient(
  tx: Tx,
  p: { tenantId: string; patient: PatientRow; locationId: string; key: TemplateKey; fields: Record<string, string> },
): Promise<{ ref: { tenantId: string; id: string }; channel: Channel; template: string } | null> {
  const channel = p.patient.preferredChannel;
  const recipient = channel === 'email' ? p.patient.email : p.patient.phone;
  if (!recipient) return null;
  const [store] = await tx.select({ name: locations.name, phone: locations.phone }).from(locations).where(eq(locations.id, p.locationId));
  const fields = {
    patientName: `${p.patient.firstName} ${p.patient.lastName}`,
    storeName: store?.name ?? '',
    storePhone: store?.phone ?? '',
    ...p.fields,
  };
  const template = await resolveTemplate(tx, p.key, channel, p.locationId);
  const ref = await queueMessage(tx, {
    tenantId: p.tenantId,
    channel,
    recipient,
    template: p.key,
    subject: mergeTemplate(template.subject, fields),
    body: mergeTemplate(template.body, fields),
    userId: p.patient.userId ?? undefined,
    locationId: p.locationId,
  });
  return { ref, channel, template: template.source };
}
