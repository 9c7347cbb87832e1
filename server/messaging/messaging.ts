/**
 * Patient message texts. The template of a key and channel is the store's own row of message_templates, else the
 * company's (no store), else the built-in text; `mergeTemplate` is the one merge of its {{placeholders}}. A template
 * names only the placeholders of its key: where a template text is saved, `templateFieldErrors` answers the fields
 * to refuse (400). Whatever a stored text holds, a placeholder without a value is dropped when a message is made,
 * so no {{...}} ever reaches a patient. `notifyPatient` sends the record workflows' messages (order ready for pickup,
 * recall due) on the patient's preferred channel, through the outbox.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { messageTemplates } from '../db/schema-records';
import type { PatientRow } from '../scope/scope';
import { queueMessage } from './outbox';
import { builtInTemplates, eformTemplates, templateFields } from './templates';

export type Channel = 'email' | 'sms';
export type TemplateKey = keyof typeof templateFields;

const builtIn: Record<string, Record<Channel, { subject: string; body: string }>> = { ...builtInTemplates, ...eformTemplates };

export async function resolveTemplate(
  tx: Tx,
  key: TemplateKey,
  channel: Channel,
  locationId: string,
): Promise<{ subject: string; body: string; source: 'store' | 'company' | 'built-in' }> {
  const [row] = await tx
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
  if (row) return { subject: row.subject, body: row.body, source: row.locationId ? 'store' : 'company' };
  const text = builtIn[key]?.[channel];
  if (!text) throw new Error(`no built-in template ${key}/${channel}`);
  return { ...text, source: 'built-in' };
}

/** Any {{...}}, also a malformed one, so that none is left in a message. */
const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Replaces each {{field}} with its value; a placeholder without a value becomes empty. */
export function mergeTemplate(text: string, fields: Record<string, string>): string {
  return text.replace(placeholder, (_whole, name: string) => (Object.hasOwn(fields, name) ? fields[name]! : ''));
}

/** The placeholders of a template text that its key does not fill, as field errors ({} when there are none). */
export function templateFieldErrors(key: TemplateKey, text: { subject: string; body: string }): Record<string, string> {
  const known: readonly string[] = templateFields[key];
  const errors: Record<string, string> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = [...text[field].matchAll(placeholder)].map((m) => m[1]!).filter((name) => !known.includes(name));
    if (unknown.length) errors[field] = `Unknown placeholder {{${unknown[0]}}}. Use one of: ${known.map((k) => `{{${k}}}`).join(', ')}`;
  }
  return errors;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 2, 1))}${digits.slice(-2)}`;
}

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
    patientId: p.patient.id,
  });
  return { ref, channel, template: template.source };
}
