/**
 * What other features read of eForms and ask of them: the forms a patient still has to fill in (the patient's home),
 * a store's published forms and the forms sent with a booking (online booking).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FormToFill } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { formAssignments, forms } from '../db/schema-eforms';
import { patients, type ContactChannel } from '../db/schema-records';
import { iso, isoOrNull, rows } from '../db/values';
import type { Secrets } from '../db/secrets';
import { locations } from '../db/schema';
import { snapshotOf } from './assignments';
import { namesFrom, nameTranslationsSql } from './names';
import type { FormNames } from '../../src/contract/eformTexts';
import { newLinkToken } from './crypto';
import { sendLink } from './staffAccess';

/** eForm assignments the patient still has to fill in: not submitted, not revoked, not expired. */
export async function formsToFill(tx: Tx, patientId: string, now: Date): Promise<FormToFill[]> {
  const found = await rows(
    tx,
    sql`select f.id, f.form_snapshot->>'name' as name, f.form_snapshot->>'language' as language,
        ${nameTranslationsSql(sql`f.form_snapshot->'translations'`)} as name_translations, f.location_id, l.name as store_name, f.expires_at, f.requires_code, f.sent_at
      from form_assignments f join locations l on l.tenant_id = f.tenant_id and l.id = f.location_id
      where f.patient_id = ${patientId} and f.submitted_at is null and f.revoked_at is null
        and f.expires_at > ${now.toISOString()}::timestamptz
      order by f.expires_at, f.id`,
  );
  return found.map((f) => ({
    id: f.id as string,
    name: (f.name as string | null) ?? '',
    names: namesFrom(f.language, f.name_translations),
    locationId: f.location_id as string,
    storeName: f.store_name as string,
    expiresAt: iso(f.expires_at),
    requiresCode: f.requires_code as boolean,
    sentAt: isoOrNull(f.sent_at),
  }));
}

/** The store's published forms, by name (with their names in the form's other languages): what a store may send with a booking. */
export async function publishedFormsOf(tx: Tx, locationId: string): Promise<{ id: string; name: string; names: FormNames }[]> {
  const found = await tx
    .select({ id: forms.id, name: forms.name, language: forms.language, nameTranslations: sql<unknown>`${nameTranslationsSql(sql`${forms.translations}`)}` })
    .from(forms)
    .where(and(eq(forms.locationId, locationId), eq(forms.status, 'published')))
    .orderBy(forms.name, forms.id);
  return found.map(({ language, nameTranslations, ...f }) => ({ ...f, names: namesFrom(language, nameTranslations) }));
}

export { nameTranslationsSql, namesFrom } from './names';

/**
 * Assigns the forms a booking sends (those of `formIds` still published at the store) to the patient, to fill in
 * signed in until the visit ends: no link goes out now (its hash is random, so no link opens them; staff's 'Resend'
 * sends one).
 */
export async function assignWithBooking(
  tx: Tx,
  { locationId, patientId, formIds, until, at, by }: { locationId: string; patientId: string; formIds: string[]; until: Date; at: Date; by: string | null },
): Promise<FormToFill[]> {
  if (!formIds.length) return [];
  const sent = await tx
    .select()
    .from(forms)
    .where(and(inArray(forms.id, formIds), eq(forms.locationId, locationId), eq(forms.status, 'published')))
    .orderBy(forms.name, forms.id);
  if (!sent.length) return [];
  // The channels a staff member's 'Resend' would use (it sends a link then); none is used now.
  const [p] = await tx.select({ email: patients.email, phone: patients.phone }).from(patients).where(eq(patients.id, patientId));
  const channels: ContactChannel[] = [...(p?.email.trim() ? (['email'] as const) : []), ...(p?.phone.trim() ? (['sms'] as const) : [])];
  const ids = await tx
    .insert(formAssignments)
    .values(
      sent.map((f) => ({
        formId: f.id,
        locationId,
        patientId,
        linkTokenHash: randomBytes(32).toString('base64url'),
        formSnapshot: snapshotOf(f),
        requiresCode: false,
        channels,
        expiresAt: until,
        sentAt: at,
        createdBy: by,
        createdAt: at,
      })),
    )
    .returning({ id: formAssignments.id });
  const assigned = new Set(ids.map((r) => r.id));
  return (await formsToFill(tx, patientId, at)).filter((f) => assigned.has(f.id));
}

/**
 * A new patient who booked on the store's public page has no account to fill the booked forms in: each gets a link
 * of its own (the public eForm page) by the patient's channel, valid until the visit ends, as staff's 'Resend' sends
 * one. Answers the messages to deliver once the transaction commits.
 */
export async function linkBookedForms(
  tx: Tx,
  { secrets, publicUrl, tenantId, locationId, patientId, formsToLink }: { secrets: Secrets; publicUrl: string; tenantId: string; locationId: string; patientId: string; formsToLink: FormToFill[] },
): Promise<{ tenantId: string; id: string }[]> {
  if (!formsToLink.length) return [];
  const [p] = await tx.select().from(patients).where(eq(patients.id, patientId));
  const [store] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  if (!p) return [];
  const channel = p.preferredChannel;
  if (!(channel === 'email' ? p.email : p.phone).trim()) return [];
  const refs: { tenantId: string; id: string }[] = [];
  for (const f of formsToLink) {
    const link = newLinkToken(secrets);
    await tx.update(formAssignments).set({ linkTokenHash: link.hash }).where(eq(formAssignments.id, f.id));
    refs.push(...(await sendLink(tx, publicUrl, { tenantId, locationId, patientId, expiresAt: new Date(f.expiresAt), formName: f.name, formNames: f.names }, p, [channel], store?.name ?? '', link.token)));
  }
  return refs;
}
