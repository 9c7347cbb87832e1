/** eForm messages: the link and the code, from the key's template (server/messaging), merged and queued. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { patients } from '../db/schema-records';
import type { TemplateLanguage } from '../../src/contract/messageTemplates';
import { languageOrder, mergeTemplate, resolveTemplate, type Channel } from '../messaging/messaging';
import { queueMessage } from '../messaging/outbox';

export type EformTemplateKey = 'eform.link' | 'eform.code';

/**
 * Writes one eForm message to the communication log (the outbox). The field that matters (the code or the link)
 * is appended when a store's own template leaves it out, so a customised text can never lose it.
 */
export async function queueEformMessage(
  tx: Tx,
  m: {
    tenantId: string;
    locationId: string;
    patientId: string;
    key: EformTemplateKey;
    channel: Channel;
    recipient: string;
    /** The merge fields, or the fields for the language the template is in (a link that opens the page in it). */
    fields: Record<string, string> | ((language: TemplateLanguage) => Record<string, string>);
  },
): Promise<{ tenantId: string; id: string }> {
  const [patient] = await tx.select({ language: patients.preferredLanguage }).from(patients).where(eq(patients.id, m.patientId));
  const [store] = await tx.select({ language: locations.language }).from(locations).where(eq(locations.id, m.locationId));
  const template = await resolveTemplate(tx, m.key, m.channel, m.locationId, languageOrder(patient?.language, store?.language));
  const fields = typeof m.fields === 'function' ? m.fields(template.language) : m.fields;
  let body = mergeTemplate(template.body, fields);
  const essential = m.key === 'eform.code' ? fields.code : fields.formLink;
  if (essential && !body.includes(essential)) body = `${body}\n${essential}`;
  return queueMessage(tx, {
    tenantId: m.tenantId,
    locationId: m.locationId,
    patientId: m.patientId,
    channel: m.channel,
    recipient: m.recipient,
    template: m.key,
    subject: mergeTemplate(template.subject, fields),
    body,
  });
}
