/** A patient's demographics and contact details, and the contact corrections a patient makes on their own. */
import { eq, sql } from 'drizzle-orm';
import { contactUpdateFields, recordMessages, type ContactUpdate, type PatientProfile } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { patients } from '../db/schema-records';
import { iso, isoOrNull, rows } from '../db/values';
import type { Outcome, ReadContext } from '../scope/patientRecord';

export async function readProfile(tx: Tx, patientId: string, ctx: ReadContext): Promise<PatientProfile | null> {
  const [r] = await rows(
    tx,
    sql`select p.id, p.location_id, l.name as store_name, p.first_name, p.last_name, p.date_of_birth::text as date_of_birth, p.sex,
        p.phone, p.email, p.address_line, p.city, p.postal_code, p.preferred_channel, p.preferred_language, p.guardian_name,
        p.notes, p.user_id is not null as has_portal_account, p.consent_contact, p.consent_privacy, p.consent_at, p.sms_consent, p.sms_consent_source, p.sms_consent_at, p.created_via,
        p.created_at, p.updated_at
      from patients p join locations l on l.tenant_id = p.tenant_id and l.id = p.location_id
      where p.id = ${patientId}`,
  );
  if (!r) return null;
  return {
    id: r.id as string,
    locationId: r.location_id as string,
    storeName: r.store_name as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    dateOfBirth: r.date_of_birth as string,
    sex: r.sex as PatientProfile['sex'],
    phone: r.phone as string,
    email: r.email as string,
    addressLine: r.address_line as string,
    city: r.city as string,
    postalCode: r.postal_code as string,
    preferredChannel: r.preferred_channel as PatientProfile['preferredChannel'],
    preferredLanguage: r.preferred_language as PatientProfile['preferredLanguage'],
    guardianName: r.guardian_name as string,
    notes: ctx.viewer === 'staff' ? (r.notes as string) : '',
    hasPortalAccount: r.has_portal_account as boolean,
    consentContact: r.consent_contact as boolean,
    consentPrivacy: r.consent_privacy as boolean,
    consentAt: isoOrNull(r.consent_at),
    smsConsent: { given: r.sms_consent as boolean, source: r.sms_consent_source as string, at: isoOrNull(r.sms_consent_at) },
    createdVia: r.created_via as string,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The patient row (for the contact fields), or null. */
async function contactRow(tx: Tx, patientId: string) {
  const [row] = await tx
    .select({
      phone: patients.phone,
      email: patients.email,
      addressLine: patients.addressLine,
      city: patients.city,
      postalCode: patients.postalCode,
      preferredChannel: patients.preferredChannel,
      preferredLanguage: patients.preferredLanguage,
    })
    .from(patients)
    .where(eq(patients.id, patientId))
    .for('update');
  return row;
}

/**
 * Applies a contact update: only fields that change are written; the preferred channel must have its address
 * (SMS needs a phone number, email an email address). Answers the names of the changed fields.
 */
export async function updateContact(tx: Tx, patientId: string, update: ContactUpdate, now: Date): Promise<Outcome<string[]>> {
  const current = await contactRow(tx, patientId);
  if (!current) return { ok: false, status: 404, code: 'request.notFound', reason: 'no-patient' };
  const next = { ...current };
  for (const f of contactUpdateFields) {
    const v = update[f];
    if (v !== undefined) (next as Record<string, string>)[f] = v;
  }
  if (next.preferredChannel === 'sms' && next.phone === '') {
    return { ok: false, status: 400, code: 'request.fieldsInvalid', fields: { phone: recordMessages.smsNeedsPhone }, reason: 'channel-without-address' };
  }
  if (next.preferredChannel === 'email' && next.email === '') {
    return { ok: false, status: 400, code: 'request.fieldsInvalid', fields: { email: recordMessages.emailNeedsEmail }, reason: 'channel-without-address' };
  }
  const changed = contactUpdateFields.filter((f) => next[f] !== current[f]);
  if (changed.length) {
    const set = Object.fromEntries(changed.map((f) => [f, next[f]]));
    await tx.update(patients).set({ ...set, updatedAt: now }).where(eq(patients.id, patientId));
  }
  return { ok: true, value: changed, details: { changed } };
}
