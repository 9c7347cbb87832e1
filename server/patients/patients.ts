/** Staff and kiosk writes of patient demographics. */
import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  channelProblem,
  type KioskRegistration,
  type PatientAdminView,
  type PatientInput,
  type PatientUpdate,
} from '../../src/contract/patientsAdmin';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { assertVersion, type Done } from '../scope/audited';
import { canSeeStore, requireBodyStore, visiblePatient, type PatientRow, type Scope } from '../scope/scope';


export function toAdminView(p: PatientRow): PatientAdminView {
  return {
    id: p.id,
    locationId: p.locationId,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    sex: p.sex,
    phone: p.phone,
    email: p.email,
    addressLine: p.addressLine,
    city: p.city,
    postalCode: p.postalCode,
    preferredChannel: p.preferredChannel,
    preferredLanguage: p.preferredLanguage,
    guardianName: p.guardianName,
    notes: p.notes,
    consentContact: p.consentContact,
    consentPrivacy: p.consentPrivacy,
    createdVia: p.createdVia,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function createPatient(tx: Tx, scope: Scope, input: PatientInput, now: Date): Done<PatientAdminView> {
  await requireBodyStore(tx, scope, input.locationId);
  const [row] = await tx
    .insert(patients)
    .values({
      ...input,
      consentAt: input.consentContact || input.consentPrivacy ? now : null,
      createdVia: 'staff',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { result: toAdminView(row!), audit: { targetType: 'patient', targetId: row!.id, patientId: row!.id, details: { locationId: row!.locationId } } };
}

export async function updatePatient(tx: Tx, scope: Scope, patientId: string, input: PatientUpdate, now: Date, ifMatch?: string): Done<PatientAdminView> {
  const current = await visiblePatient(tx, scope, patientId, { lock: true });
  assertVersion(ifMatch, current.updatedAt);
  if (input.locationId && input.locationId !== current.locationId) await requireBodyStore(tx, scope, input.locationId);
  const merged = { ...current, ...input };
  const problem = channelProblem(merged);
  if (problem) throw new HttpError(400, 'request.fieldsInvalid', { fields: { [problem.field]: problem.message } });
  const consentGiven = (input.consentContact && !current.consentContact) || (input.consentPrivacy && !current.consentPrivacy);
  const [row] = await tx
    .update(patients)
    .set({ ...input, ...(consentGiven ? { consentAt: now } : {}), updatedAt: now })
    .where(eq(patients.id, patientId))
    .returning();
  const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== (current as Record<string, unknown>)[k]);
  return { result: toAdminView(row!), audit: { targetType: 'patient', targetId: patientId, patientId, details: { changed } } };
}

/** The kiosk's store: the one it signed in at if it may, else its only store, else its default store. */
export async function kioskStore(tx: Tx, scope: Scope): Promise<string> {
  const stores = scope.stores;
  if (scope.signedInAt && canSeeStore(stores, scope.signedInAt)) return scope.signedInAt;
  if (stores !== 'all' && stores.length === 1) return stores[0]!;
  const [user] = await tx.select({ loc: users.defaultLocationId }).from(users).where(eq(users.id, scope.userId));
  if (user?.loc && canSeeStore(stores, user.loc)) return user.loc;
  throw new HttpError(409, 'patients.kioskNotAssigned');
}

/** A name as the duplicate rule compares it: case and runs of spaces do not count. */
const nameKey = (column: SQLWrapper) => sql`lower(regexp_replace(btrim(${column}), '\s+', ' ', 'g'))`;

/** What the duplicate rule reads of a person: a patient row's columns, or the values a kiosk was given. */
export interface Identity {
  firstName: SQLWrapper;
  lastName: SQLWrapper;
  dateOfBirth: SQLWrapper;
  /** Lower-case email ('' for none) and the phone's digits ('' for none), as patients.email_key and phone_digits. */
  emailKey: SQLWrapper;
  phoneDigits: SQLWrapper;
}

/**
 * The one rule of "the same person": the same first and last name (case and spaces aside), the same birth date,
 * and the same email or the same phone digits. The kiosk's likely existing patient and the staff's possible
 * duplicates (merge.ts) both ask it.
 */
export function samePerson(a: Identity, b: Identity): SQL {
  return sql`(${a.dateOfBirth} = ${b.dateOfBirth}
    and ((${a.emailKey} <> '' and ${a.emailKey} = ${b.emailKey}) or (${a.phoneDigits} <> '' and ${a.phoneDigits} = ${b.phoneDigits}))
    and ${nameKey(a.firstName)} = ${nameKey(b.firstName)} and ${nameKey(a.lastName)} = ${nameKey(b.lastName)})`;
}

/** A patient row of `alias` (or of the patients table) as an Identity. */
export const rowIdentity = (alias?: string): Identity => {
  const c = (name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(`patients.${name}`));
  return { firstName: c('first_name'), lastName: c('last_name'), dateOfBirth: c('date_of_birth'), emailKey: c('email_key'), phoneDigits: c('phone_digits') };
};

/** A likely existing patient of the company (not one merged away), across its stores: one person visits several. */
export async function likelyExistingPatient(tx: Tx, p: { firstName: string; lastName: string; dateOfBirth: string; email: string; phone: string }): Promise<boolean> {
  const given: Identity = {
    firstName: sql`${p.firstName}::text`,
    lastName: sql`${p.lastName}::text`,
    dateOfBirth: sql`${p.dateOfBirth}::date`,
    emailKey: sql`${p.email.toLowerCase()}::text`,
    phoneDigits: sql`${p.phone.replace(/[^0-9]/g, '')}::text`,
  };
  const [hit] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(isNull(patients.mergedInto), samePerson(given, rowIdentity())))
    .limit(1);
  return hit !== undefined;
}

/** A likely existing patient is not registered again: the kiosk says so without showing any of the record. */
export async function kioskRegister(tx: Tx, scope: Scope, input: KioskRegistration, now: Date): Done<{ id: string; firstName: string }> {
  const locationId = await kioskStore(tx, scope);
  if (await likelyExistingPatient(tx, input)) throw new HttpError(409, 'patients.kioskLikelyRegistered');
  const [row] = await tx
    .insert(patients)
    .values({
      locationId,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      phone: input.phone,
      email: input.email,
      preferredChannel: input.preferredChannel,
      preferredLanguage: input.preferredLanguage,
      consentContact: input.consentContact,
      consentPrivacy: true,
      consentAt: now,
      createdVia: 'kiosk',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: patients.id, firstName: patients.firstName });
  return { result: row!, audit: { targetType: 'patient', targetId: row!.id, patientId: row!.id, details: { locationId, createdVia: 'kiosk' } } };
}
