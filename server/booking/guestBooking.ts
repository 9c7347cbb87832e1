/**
 * A new patient books on the store's public page (/{company}/{store}/book). The person and the slot are checked as
 * the signed-in booking checks them (the store's rules, re-applied here on the server's clock), and the kiosk's rule
 * of a likely existing patient (likelyExistingPatient) turns a known person to sign-in or the store without saying
 * what was found, once the code proved they hold the address. A one-time code (the eForm gate's rules: 6 digits, 10 minutes, 5 tries, 5 sends an hour, locked
 * after 10 failures a day) goes to the address of the chosen channel; only a correct code creates the patient and
 * holds the slot, in one transaction, so nothing is held by someone who never confirmed. A slot taken meanwhile
 * rolls that transaction back whole (the code is not spent): the person chooses one of the next free slots and
 * confirms with the same code.
 */
import { bookingMessages, type BookedVisit, type GuestBookingConfirm, type GuestBookingRequest, type GuestBookingStore, type PatientBookingCreate } from '../../src/contract/booking';
import type { PortalMapping } from '../../src/contract/auth';
import { zonedDate } from '../../src/contract/zonedTime';
import { audit } from '../audit/audit';
import { CODE_TTL_MS, CodesLockedError, consumeCode, isLocked, issueCode, TooManyCodesError } from '../auth/codes';
import type { Tx } from '../db/client';
import type { Secrets } from '../db/secrets';
import { patients } from '../db/schema-records';
import { linkBookedForms } from '../eforms/eforms';
import { HttpError } from '../http/errors';
import { composePatientMessage, maskEmail, maskPhone } from '../messaging/messaging';
import { queueMessage } from '../messaging/outbox';
import { likelyExistingPatient } from '../patients/patients';
import { bookOnline, slotGone } from './patientBooking';
import { onlineStore, storeSlots, type OnlineStore } from './slots';

type Ref = { tenantId: string; id: string };

/** The store behind the address when it takes new patients online; otherwise the refusal that says why. */
export async function guestStore(tx: Tx, portal: PortalMapping, options: { forms?: boolean } = {}): Promise<OnlineStore> {
  const store = await onlineStore(tx, portal.locationid, options);
  if (!store || !store.types.length || !store.providers.length) throw new HttpError(409, 'booking.notOnline');
  if (!store.rules.newPatientsMayBook) throw new HttpError(409, 'booking.newPatientsOff');
  return store;
}

export function guestStoreView(portal: PortalMapping, store: OnlineStore): GuestBookingStore {
  return { companyName: portal.companyName, storeName: store.name, logo: portal.logo, timeZone: store.timeZone, types: store.types, providers: store.providers };
}

/** The code's subject: one store and one address (the send and failure limits count per address). */
function subjectOf(tenantId: string, storeId: string, person: GuestBookingRequest['person']) {
  const channel = person.preferredChannel;
  const address = channel === 'email' ? person.email.trim().toLowerCase() : person.phone.replace(/[^0-9]/g, '');
  return { tenantId, purpose: 'booking' as const, subjectId: `${storeId}:${channel}:${address}` };
}

/** The visit type and provider must be the store's online ones (a client's choice never widens them). */
function checkChoice(store: OnlineStore, input: { type: string; providerId: string }) {
  const fields: Record<string, string> = {};
  if (!store.types.some((t) => t.type === input.type)) fields.type = bookingMessages.typeNotOnline;
  if (!store.providers.some((p) => p.id === input.providerId)) fields.providerId = bookingMessages.provider;
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });
}

/** Whether the slot is free now (told early; nothing is held until the code is confirmed). */
async function slotIsFree(tx: Tx, tenantId: string, store: OnlineStore, input: GuestBookingRequest, now: Date): Promise<boolean> {
  const startsAt = new Date(input.startsAt);
  const date = zonedDate(startsAt, store.timeZone);
  const free = await storeSlots(tx, tenantId, store, { type: input.type, providerId: input.providerId, from: date, to: date }, now);
  return free.some((s) => s.startsAt === startsAt.toISOString());
}

/**
 * Sends the code for a booking by the person's chosen channel. Refused before any code: a store that takes no new
 * patients online, a type or provider it does not offer, a slot no longer free (with the next ones), too many
 * codes for the address.
 */
export async function sendGuestCode(
  tx: Tx,
  { secrets, tenantId, portal, input, now, ip }: { secrets: Secrets; tenantId: string; portal: PortalMapping; input: GuestBookingRequest; now: Date; ip: string },
): Promise<{ ref: Ref; channel: 'email' | 'sms'; destination: string; expiresInSeconds: number }> {
  const store = await guestStore(tx, portal);
  checkChoice(store, input);
  if (!(await slotIsFree(tx, tenantId, store, input, now))) {
    // The signed-in booking's refusal, with the next free slots; nothing was written.
    throw await slotGone(tx, tenantId, store, bookingOf(store, input), zonedDate(new Date(input.startsAt), store.timeZone), now);
  }
  const person = input.person;
  const event = { tenantId, action: 'booking.guest.code', targetType: 'location', targetId: store.id, ip };
  let code: string;
  try {
    code = await issueCode(tx, secrets.codeKey, subjectOf(tenantId, store.id, person), now);
  } catch (err) {
    if (err instanceof TooManyCodesError) throw new HttpError(429, 'auth.tooManyCodes');
    if (err instanceof CodesLockedError) throw new HttpError(429, 'auth.codeLocked');
    throw err;
  }
  const channel = person.preferredChannel;
  const recipient = channel === 'email' ? person.email.trim() : person.phone.trim();
  const message = await composePatientMessage(tx, {
    patient: { firstName: person.firstName, lastName: person.lastName, preferredLanguage: person.preferredLanguage },
    locationId: store.id,
    key: 'booking.code',
    channel,
    fields: { code },
  });
  // A store's own text that left the code out still carries it.
  const body = message.body.includes(code) ? message.body : `${message.body}\n${code}`;
  const ref = await queueMessage(tx, { tenantId, channel, recipient, template: 'booking.code', subject: message.subject, body, locationId: store.id });
  await audit(tx, { ...event, outcome: 'success', details: { channel, type: input.type, providerId: input.providerId, startsAt: new Date(input.startsAt).toISOString() } });
  return { ref, channel, destination: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient), expiresInSeconds: CODE_TTL_MS / 1000 };
}

const bookingOf = (store: OnlineStore, input: GuestBookingRequest): PatientBookingCreate => ({
  locationId: store.id,
  type: input.type,
  providerId: input.providerId,
  startsAt: input.startsAt,
});

export type GuestConfirmResult =
  | { kind: 'invalid' }
  | { kind: 'locked' }
  | { kind: 'booked'; booked: BookedVisit; deliver: Ref[] };

/**
 * Checks the code and, when it is right, creates the patient and books the slot in the caller's transaction. A wrong
 * code answers 'invalid' and the caller lets the transaction commit (the try is counted); any refusal after a right
 * code is thrown, which rolls back the patient, the booking and the code's spending alike.
 */
export async function confirmGuestBooking(
  tx: Tx,
  { secrets, publicUrl, tenantId, portal, input, now, ip }: { secrets: Secrets; publicUrl: string; tenantId: string; portal: PortalMapping; input: GuestBookingConfirm; now: Date; ip: string },
): Promise<GuestConfirmResult> {
  const store = await guestStore(tx, portal);
  checkChoice(store, input);
  const { code, ...request } = input;
  const person = request.person;
  const subject = subjectOf(tenantId, store.id, person);
  const event = { tenantId, action: 'booking.guest.confirm', targetType: 'location', targetId: store.id, ip };
  if (await isLocked(tx, subject, now)) {
    await audit(tx, { ...event, outcome: 'denied', details: { reason: 'locked' } });
    return { kind: 'locked' };
  }
  if (!(await consumeCode(tx, secrets.codeKey, subject, code, now))) {
    await audit(tx, { ...event, outcome: 'failure' });
    return { kind: 'invalid' };
  }
  // Only now, to whoever holds the address: before the code, the answer would tell anyone whether a person with
  // this name, birth date and address is a patient of the store.
  if (await likelyExistingPatient(tx, person)) throw new HttpError(409, 'booking.likelyExisting');
  const [patient] = await tx
    .insert(patients)
    .values({
      locationId: store.id,
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: person.dateOfBirth,
      phone: person.phone,
      email: person.email,
      preferredChannel: person.preferredChannel,
      preferredLanguage: person.preferredLanguage,
      consentContact: person.consentContact,
      consentPrivacy: true,
      consentAt: now,
      createdVia: 'online',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: patients.id });
  const patientId = patient!.id;
  const done = await bookOnline(tx, tenantId, patientId, null, bookingOf(store, request), now);
  const links = await linkBookedForms(tx, { secrets, publicUrl, tenantId, locationId: store.id, patientId, formsToLink: done.result.forms });
  await audit(tx, { tenantId, action: 'patient.create', outcome: 'success', targetType: 'patient', targetId: patientId, patientId, ip, details: { locationId: store.id, createdVia: 'online' } });
  await audit(tx, { tenantId, action: 'booking.guest.create', outcome: 'success', ip, ...done.audit });
  await audit(tx, { ...event, outcome: 'success', patientId });
  return { kind: 'booked', booked: done.result, deliver: [...(done.deliver ?? []), ...links] };
}
