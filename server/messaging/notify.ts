/**
 * Patient messages of the record workflows (order ready for pickup, recall due): the template is the store's own
 * row of message_templates, else the company's (no store), else the built-in text; merge fields are filled in and
 * the message is written to the communication log through the outbox, on the patient's preferred channel.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { messageTemplates } from '../db/schema-records';
import { builtInTemplates } from './templates';
import { queueMessage } from './outbox';
import type { PatientRow } from '../scope/scope';

export type Channel = 'email' | 'sms';

export async function resolveTemplate(tx: Tx, key: string, channel: Channel, locationId: string): Promise<{ subject: string; body: string; source: 'store' | 'company' | 'built-in' }> {
  const rows = await tx
    .select({ locationId: messageTemplates.locationId, subject: messageTemplates.subject, body: messageTemplates.body })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.key, key),
        eq(messageTemplates.channel, channel),
        or(eq(messageTemplates.locationId, locationId), isNull(messageTemplates.locationId)),
      ),
    )
    .orderBy(sql`${messageTemplates.locationId} nulls last`)
    .limit(1);
  const row = rows[0];
  if (row) return { subject: row.subject, body: row.body, source: row.locationId ? 'store' : 'company' };
  const builtIn = builtInTemplates[key]?.[channel];
  if (!builtIn) throw new Error(`no built-in template ${key}/${channel}`);
  return { ...builtIn, source: 'built-in' };
}

/** Replaces {{field}} with its value; unknown fields become empty. */
export function merge(text: string, fields: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => fields[name] ?? '');
}

/**
 * Queues one message to the patient on their preferred channel. Answers null (and sends nothing) when the patient
 * has no address on that channel.
 */
export async function notifyPatient(
  tx: Tx,
  p: { tenantId: string; patient: PatientRow; locationId: string; key: string; fields: Record<string, string> },
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
    subject: merge(template.subject, fields),
    body: merge(template.body, fields),
    userId: p.patient.userId ?? undefined,
    locationId: p.locationId,
  });
  return { ref, channel, template: template.source };
}
