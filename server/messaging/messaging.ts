/**
 * Patient and account message texts. A message's text is chosen by language first (the patient's preferred one,
 * then the store's, then English) and within a language by owner: the store's own row of message_templates, else
 * the company's (no store), else the built-in text (server/messaging/templates.ts). `mergeTemplate` is the one
 * merge of their {{placeholders}}; where a text is saved, `templateFieldErrors` answers the fields to refuse
 * (400). Whatever a stored text holds, a placeholder without a value is dropped when a message is made, so no
 * {{...}} ever reaches a patient. `notifyPatient` queues the record workflows' messages on the patient's preferred
 * channel, through the outbox.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  placeholderPattern,
  templateLanguages,
  unknownFieldMessage,
  unknownFields,
  type TemplateChannel,
  type TemplateKey,
  type TemplateLanguage,
} from '../../src/contract/messageTemplates';
import type { Tx } from '../db/client';
import { companies, locations, users } from '../db/schema';
import { messageTemplates, patients } from '../db/schema-records';
import type { PatientRow } from '../scope/scope';
import { queueMessage } from './outbox';
import { builtInTemplates, walkInGreeting } from './templates';

export type Channel = TemplateChannel;
export type { TemplateKey };

const isLanguage = (value: unknown): value is TemplateLanguage => templateLanguages.includes(value as TemplateLanguage);

/** The languages to try, best first: the recipient's, the store's, English; each once. */
export function languageOrder(...preferred: (string | null | undefined)[]): TemplateLanguage[] {
  return [...new Set([...preferred.filter(isLanguage), 'en' as const])];
}

export interface ResolvedTemplate {
  subject: string;
  body: string;
  language: TemplateLanguage;
  source: 'store' | 'company' | 'built-in';
}

/** The text a message of `key` on `channel` is made from, for a store (or the company when null) and languages. */
export async function resolveTemplate(
  tx: Tx,
  key: TemplateKey,
  channel: Channel,
  locationId: string | null,
  languages: TemplateLanguage[] = ['en'],
): Promise<ResolvedTemplate> {
  const rows = await tx
    .select({ locationId: messageTemplates.locationId, language: messageTemplates.language, subject: messageTemplates.subject, body: messageTemplates.body })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.key, key),
        eq(messageTemplates.channel, channel),
        inArray(messageTemplates.language, languages),
        locationId ? or(eq(messageTemplates.locationId, locationId), isNull(messageTemplates.locationId)) : isNull(messageTemplates.locationId),
      ),
    );
  for (const language of languages) {
    const own = rows.find((r) => r.language === language && r.locationId !== null);
    if (own) return { subject: own.subject, body: own.body, language, source: 'store' };
    const company = rows.find((r) => r.language === language && r.locationId === null);
    if (company) return { subject: company.subject, body: company.body, language, source: 'company' };
    const text = builtInTemplates[key][channel][language];
    return { ...text, language, source: 'built-in' };
  }
  throw new Error(`no template ${key}/${channel}`);
}

/** Replaces each {{field}} with its value; a placeholder without a value becomes empty. */
export function mergeTemplate(text: string, fields: Record<string, string>): string {
  return text.replace(placeholderPattern, (_whole, name: string) => (Object.hasOwn(fields, name) ? fields[name]! : ''));
}

/** The placeholders of a template text that its key does not fill, as field errors ({} when there are none). */
export function templateFieldErrors(key: TemplateKey, text: { subject: string; body: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['subject', 'body'] as const) {
    const [unknown] = unknownFields(key, text[field]);
    if (unknown !== undefined) errors[field] = unknownFieldMessage(unknown);
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

/** The store's name, phone, address and language: the fields every patient message may name. */
async function storeOf(tx: Tx, locationId: string) {
  const [store] = await tx
    .select({ name: locations.name, phone: locations.phone, address: locations.address, language: locations.language })
    .from(locations)
    .where(eq(locations.id, locationId));
  return store;
}

/** Words for the appointment types in each language (the {{appointmentType}} of a reminder or a booking). */
const appointmentTypeNames: Record<string, Record<TemplateLanguage, string>> = {
  'eye-exam': { en: 'eye exam', tr: 'göz muayenesi', ar: 'فحص النظر' },
  'contact-lens-fitting': { en: 'contact lens fitting', tr: 'kontakt lens uygulaması', ar: 'تركيب العدسات اللاصقة' },
  pickup: { en: 'pickup', tr: 'teslim alma', ar: 'الاستلام' },
  repair: { en: 'repair', tr: 'onarım', ar: 'الإصلاح' },
};
export const appointmentTypeName = (type: string, language: TemplateLanguage): string => appointmentTypeNames[type]?.[language] ?? type;

/**
 * A message's own fields, or a function of the template's language for fields written in it (a receipt's amounts
 * and dates, as the reader of that language writes them).
 */
export type MessageFields = Record<string, string> | ((language: TemplateLanguage) => Record<string, string>);

/**
 * Merges a patient message of `key` for a store in the patient's language (then the store's, then English) and
 * answers its subject and body with the template's source and language; nothing is queued. A null patient is a
 * walk-in customer (a receipt sent to a typed address): greeted with the template language's word for a customer.
 */
export async function composePatientMessage(
  tx: Tx,
  p: { patient: Pick<PatientRow, 'firstName' | 'lastName' | 'preferredLanguage'> | null; locationId: string; key: TemplateKey; channel: Channel; fields: MessageFields },
): Promise<ResolvedTemplate> {
  const store = await storeOf(tx, p.locationId);
  const template = await resolveTemplate(tx, p.key, p.channel, p.locationId, languageOrder(p.patient?.preferredLanguage, store?.language));
  const fields = {
    patientName: p.patient ? `${p.patient.firstName} ${p.patient.lastName}` : walkInGreeting[template.language],
    patientFirstName: p.patient ? p.patient.firstName : walkInGreeting[template.language],
    storeName: store?.name ?? '',
    storePhone: store?.phone ?? '',
    storeAddress: store?.address ?? '',
    ...(typeof p.fields === 'function' ? p.fields(template.language) : p.fields),
  };
  return { ...template, subject: mergeTemplate(template.subject, fields), body: mergeTemplate(template.body, fields) };
}

/**
 * Queues one message to the patient on their preferred channel (or the one asked for, e.g. a receipt by email),
 * or to `recipient` when given (an address the clerk typed; the patient may then be null, a walk-in). Answers null
 * (and sends nothing) when there is no address on that channel, or for a text to a patient without SMS consent.
 */
export async function notifyPatient(
  tx: Tx,
  p:
    | { tenantId: string; patient: PatientRow; locationId: string; key: TemplateKey; fields: MessageFields; channel?: Channel; recipient?: string }
    | { tenantId: string; patient: PatientRow | null; locationId: string; key: TemplateKey; fields: MessageFields; channel: Channel; recipient?: string },
): Promise<{ ref: { tenantId: string; id: string }; channel: Channel; template: string; recipient: string } | null> {
  const channel = p.channel ?? p.patient!.preferredChannel;
  const recipient = p.recipient || (channel === 'email' ? p.patient?.email : p.patient?.phone);
  if (!recipient) return null;
  // A patient who replied STOP gets no text to their number on record (a number the clerk typed is the clerk's ask).
  if (channel === 'sms' && !p.recipient && p.patient && !p.patient.smsConsent) return null;
  const message = await composePatientMessage(tx, { patient: p.patient, locationId: p.locationId, key: p.key, channel, fields: p.fields });
  const ref = await queueMessage(tx, {
    tenantId: p.tenantId,
    channel,
    recipient,
    template: p.key,
    subject: message.subject,
    body: message.body,
    userId: p.patient?.userId ?? undefined,
    locationId: p.locationId,
    patientId: p.patient?.id,
  });
  return { ref, channel, template: message.source, recipient };
}

/**
 * An account message (a sign-in or reset code) to a user by email, in the language of the patient record linked
 * to the account (else their store's, else English), from the company's or their store's template.
 */
export async function composeAccountMessage(
  tx: Tx,
  p: { userId: string; key: 'auth.code' | 'auth.reset' | 'user.invite'; fields: Record<string, string> },
): Promise<{ template: TemplateKey; subject: string; body: string }> {
  const [user] = await tx
    .select({ displayName: users.displayName, locationId: users.defaultLocationId, company: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.tenantId, users.tenantId))
    .where(eq(users.id, p.userId));
  const [patient] = await tx.select({ language: patients.preferredLanguage }).from(patients).where(eq(patients.userId, p.userId)).limit(1);
  const store = user?.locationId ? await storeOf(tx, user.locationId) : undefined;
  const fields = { userName: user?.displayName ?? '', companyName: user?.company ?? '', ...p.fields };
  const template = await resolveTemplate(tx, p.key, 'email', user?.locationId ?? null, languageOrder(patient?.language, store?.language));
  return { template: p.key, subject: mergeTemplate(template.subject, fields), body: mergeTemplate(template.body, fields) };
}
