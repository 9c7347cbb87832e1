/** eForm messages: the template of a key and channel (the store's, else the company default, else built in), merged. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { messageTemplates } from '../db/schema-records';
import { eformTemplates } from '../messaging/templates';
import { queueMessage } from '../messaging/outbox';

export type EformTemplateKey = keyof typeof eformTemplates;
export type Channel = 'email' | 'sms';

export async function resolveTemplate(
  tx: Tx,
  key: EformTemplateKey,
  channel: Channel,
  locationId: string,
): Promise<{ subject: string; body: string }> {
  const [row] = await tx
    .select({ subject: messageTemplates.subject, body: messageTemplates.body })
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
  return row ?? eformTemplates[key][channel];
}

export function merge(text: string, fields: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => fields[name] ?? whole);
}

/**
 * Writes one eForm message to the communication log (the outbox). The field that matters (the code or the link)
 * is appended when a store's own template leaves it out, so a customised text can never lose it.
 */
export async function queueEformMessage(
  tx: Tx,
  m: {
    tenantId: string;
    locationId: string;
    key: EformTemplateKey;
    channel: Channel;
    recipient: string;
    fields: Record<string, string>;
  },
): Promise<{ tenantId: string; id: string }> {
  const template = await resolveTemplate(tx, m.key, m.channel, m.locationId);
  let body = merge(template.body, m.fields);
  const essential = m.key === 'eform.code' ? m.fields.code : m.fields.formLink;
  if (essential && !body.includes(essential)) body = `${body}\n${essential}`;
  return queueMessage(tx, {
    tenantId: m.tenantId,
    locationId: m.locationId,
    channel: m.channel,
    recipient: m.recipient,
    template: m.key,
    subject: merge(template.subject, m.fields),
    body,
  });
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(name.length - 1, 1))}@${domain}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 2, 1))}${digits.slice(-2)}`;
}
