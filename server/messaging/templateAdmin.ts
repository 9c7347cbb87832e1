/**
 * The template editor's work (/admin/template/email and /sms): the texts of a key, saving and removing the
 * company's or a store's text in one language, and a preview or test message made from an unsaved draft with the
 * sample patient. A draft naming a merge field its key does not fill is refused (400, the field named).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  templateFields,
  templateKeys,
  templateLanguages,
  type TemplateChannel,
  type TemplateDetail,
  type TemplateDraft,
  type TemplateKey,
  type TemplateLanguage,
  type TemplateList,
  type TemplatePreview,
  type TemplateTestResult,
} from '../../src/contract/messageTemplates';
import type { Tx } from '../db/client';
import { companies, locations, users } from '../db/schema';
import { messageTemplates } from '../db/schema-records';
import { queryRows } from '../db/client';
import { iso } from '../db/values';
import { HttpError } from '../http/errors';
import { canSeeStore, requireBodyStore, type Scope } from '../scope/scope';
import type { Done } from '../scope/audited';
import { maskEmail, maskPhone, mergeTemplate, templateFieldErrors } from './messaging';
import { queueMessage } from './outbox';
import { builtInTemplates, sampleFields } from './templates';

export async function listTemplates(tx: Tx, channel: TemplateChannel): Promise<TemplateList> {
  const counts = await queryRows<{ key: string; n: number }>(
    tx,
    sql`select key, count(*)::int as n from message_templates where channel = ${channel} group by key`,
  );
  return { templates: templateKeys.map((key) => ({ key, channel, overrides: counts.find((c) => c.key === key)?.n ?? 0 })) };
}

export async function templateDetail(tx: Tx, scope: Scope, channel: TemplateChannel, key: TemplateKey): Promise<TemplateDetail> {
  const stores = (
    await tx
      .select({ id: locations.id, name: locations.name, language: locations.language })
      .from(locations)
      .orderBy(asc(locations.name))
  ).filter((s) => canSeeStore(scope.stores, s.id));
  const rows = await tx
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.key, key), eq(messageTemplates.channel, channel)));
  return {
    key,
    channel,
    fields: [...templateFields[key]],
    builtIn: Object.fromEntries(templateLanguages.map((l) => [l, builtInTemplates[key][channel][l]])) as TemplateDetail['builtIn'],
    texts: rows
      .filter((r) => r.locationId === null || canSeeStore(scope.stores, r.locationId))
      .map((r) => ({ locationId: r.locationId, language: r.language, subject: r.subject, body: r.body, updatedAt: iso(r.updatedAt) })),
    stores,
  };
}

/** Refuses a draft its key cannot fill, or an email without a subject; answers the draft as it is stored. */
function checkedDraft(channel: TemplateChannel, key: TemplateKey, draft: TemplateDraft): TemplateDraft {
  const text = { subject: channel === 'sms' ? '' : draft.subject, body: draft.body };
  const fields = templateFieldErrors(key, text);
  if (channel === 'email' && !text.subject.trim()) fields.subject = 'An email needs a subject';
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });
  return { ...draft, ...text };
}

const ownerOf = (locationId: string | null) =>
  locationId === null ? isNull(messageTemplates.locationId) : eq(messageTemplates.locationId, locationId);

export async function saveTemplate(
  tx: Tx,
  scope: Scope,
  channel: TemplateChannel,
  key: TemplateKey,
  input: TemplateDraft,
  now: Date,
): Done<TemplateDetail> {
  const draft = checkedDraft(channel, key, input);
  if (draft.locationId) await requireBodyStore(tx, scope, draft.locationId);
  const where = and(eq(messageTemplates.key, key), eq(messageTemplates.channel, channel), eq(messageTemplates.language, draft.language), ownerOf(draft.locationId));
  const [existing] = await tx.select({ id: messageTemplates.id }).from(messageTemplates).where(where).for('update');
  const text = { subject: draft.subject, body: draft.body, updatedBy: scope.userId, updatedAt: now };
  const [row] = existing
    ? await tx.update(messageTemplates).set(text).where(eq(messageTemplates.id, existing.id)).returning({ id: messageTemplates.id })
    : await tx
        .insert(messageTemplates)
        .values({ locationId: draft.locationId, key, channel, language: draft.language, ...text })
        .returning({ id: messageTemplates.id });
  return {
    result: await templateDetail(tx, scope, channel, key),
    audit: { targetType: 'message_template', targetId: row!.id, details: { key, channel, language: draft.language, locationId: draft.locationId, created: !existing } },
  };
}

export async function removeTemplate(
  tx: Tx,
  scope: Scope,
  channel: TemplateChannel,
  key: TemplateKey,
  which: { locationId?: string; language: TemplateLanguage },
): Done<TemplateDetail> {
  const locationId = which.locationId ?? null;
  if (locationId) await requireBodyStore(tx, scope, locationId);
  const [row] = await tx
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.key, key), eq(messageTemplates.channel, channel), eq(messageTemplates.language, which.language), ownerOf(locationId)))
    .returning({ id: messageTemplates.id });
  if (!row) throw new HttpError(404, 'request.notFound');
  return {
    result: await templateDetail(tx, scope, channel, key),
    audit: { targetType: 'message_template', targetId: row.id, details: { key, channel, language: which.language, locationId } },
  };
}

/** The sample patient's fields with the store's own details and links to this installation. */
async function sampleFor(tx: Tx, scope: Scope, locationId: string | null, publicUrl: string): Promise<Record<string, string>> {
  const storeId = locationId ?? (scope.signedInAt && canSeeStore(scope.stores, scope.signedInAt) ? scope.signedInAt : null);
  const [store] = await tx
    .select({ name: locations.name, phone: locations.phone, address: locations.address })
    .from(locations)
    .where(storeId ? eq(locations.id, storeId) : sql`true`)
    .orderBy(asc(locations.name))
    .limit(1);
  const [company] = await tx.select({ name: companies.name }).from(companies);
  const link = (path: string) => new URL(path, publicUrl).toString();
  return {
    ...sampleFields,
    storeName: store?.name ?? '',
    storePhone: store?.phone ?? '',
    storeAddress: store?.address ?? '',
    companyName: company?.name ?? '',
    formLink: link('/eforms?tenantid=sample&uri=sample'),
    signInLink: link('/admin'),
    trackingLink: link('/pr/sample'),
    visitLink: link('/visit/sample'),
    inboxLink: link('/apps/mail'),
  };
}

export async function previewTemplate(
  tx: Tx,
  scope: Scope,
  channel: TemplateChannel,
  key: TemplateKey,
  input: TemplateDraft,
  publicUrl: string,
): Promise<TemplatePreview> {
  const draft = checkedDraft(channel, key, input);
  if (draft.locationId) await requireBodyStore(tx, scope, draft.locationId);
  const fields = await sampleFor(tx, scope, draft.locationId, publicUrl);
  return { subject: mergeTemplate(draft.subject, fields), body: mergeTemplate(draft.body, fields), sampleName: sampleFields.patientFirstName! };
}

/** A test message of the draft to the signed-in user: by email to their address, by SMS to the number given. */
export async function sendTestTemplate(
  tx: Tx,
  scope: Scope,
  channel: TemplateChannel,
  key: TemplateKey,
  input: TemplateDraft & { to?: string },
  publicUrl: string,
): Done<TemplateTestResult> {
  const preview = await previewTemplate(tx, scope, channel, key, input, publicUrl);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, scope.userId));
  const recipient = channel === 'email' ? user!.email : input.to;
  if (!recipient) throw new HttpError(400, 'request.fieldsInvalid', { fields: { to: 'Enter the mobile number to send the test SMS to' } });
  const ref = await queueMessage(tx, {
    tenantId: scope.tenantId,
    channel,
    recipient,
    template: key,
    subject: preview.subject,
    body: preview.body,
    userId: scope.userId,
    locationId: input.locationId ?? undefined,
  });
  return {
    result: { messageId: ref.id, recipient: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient) },
    audit: { targetType: 'message_template', details: { key, channel, language: input.language, locationId: input.locationId, messageId: ref.id, test: true } },
    deliver: [ref],
  };
}
