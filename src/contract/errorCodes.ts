/**
 * The error codes of the API: every top-level error text the server answers with (`{ error }`), under a stable code
 * `<area>.<name>`. The client translates an error by its code (`apiErrors.<code>` in src/i18n/locales); the English
 * text here is the spec's text, which the server keeps sending beside the code.
 *
 * A text with a value in it is a template with i18next-style `{{name}}` placeholders; `errorText(code, params)`
 * gives the text the server sends. Field messages (the `fields` map of a 400) are not codes.
 *
 * Zod-free (like ./messages.ts): only zod-free modules are imported, so the browser can use it without the schema
 * library.
 */
import { eformMessages } from './eformRules';
import { messages } from './messages';
import { recordMessages } from './recordMessages';

export const errorTexts = {
  // ---- The request itself (the error handler, Fastify's own errors) ----
  'request.fieldsInvalid': 'Please correct the highlighted fields.',
  'request.addressTooLong': 'The address is too long.',
  'request.addressInvalid': 'The address is not valid.',
  'request.unstorableCharacters': 'The request contains characters that cannot be stored.',
  'request.notFound': messages.notFound,
  'request.tooManyRequests': messages.tooManyRequests,
  'request.bodyTooLarge': 'The request is too large.',
  'request.unsupportedMediaType': 'The request is in a format that is not accepted.',
  'request.malformedJson': 'The data of the request could not be read.',
  'request.headersTooLarge': 'The request headers are too large.',
  'request.timeout': 'The request took too long. Please try again.',
  'request.invalid': 'The request is not valid.',
  'request.concurrentChange': 'This record was changed at the same time by someone else. Please try again.',

  // ---- The server ----
  'server.unexpected': 'Something went wrong on our side. Please try again.',
  'server.busy': messages.serverBusy,
  'server.databaseUnavailable': 'The service is unavailable for a moment. Please try again shortly.',

  // ---- Signing in, codes, passwords ----
  'auth.invalidCredentials': messages.invalidLogin,
  'auth.registrationExpired': messages.registrationExpired,
  'auth.companySuspended': "This company's accounts are suspended for now, so no one can sign in. Please contact the store.",
  'auth.invalidCode': messages.invalidCode,
  'auth.tokenRefreshFailed': messages.tokenRefreshFailed,
  'auth.notSignedIn': messages.notSignedIn,
  'auth.forbidden': messages.forbidden,
  'auth.tooManyCodes': messages.tooManyCodes,
  'auth.codeLocked': messages.codeLocked,
  'auth.resetInvalid': 'This reset request is no longer valid. Please ask for a new code.',
  'auth.chooseCompany': 'This email address and password sign in to more than one company. Please choose which one.',
  'auth.passwordTooCommon': 'This password is too common. Please choose another one.',
  'auth.passwordIsUserName': 'The password must not be your user name.',
  'auth.passwordTooSimple': 'The password repeats too few characters. Please choose another one.',

  // ---- Users and permissions (admins), My Profile ----
  'access.lastAdmin': 'This is the last active admin of the company. Make another person an admin first.',
  'access.emailTaken': 'An account with the email address {{email}} exists already.',
  'access.notYourself': 'You cannot deactivate your own account.',
  'access.alreadyRegistered': 'This person has finished their registration; no invitation is needed.',
  'access.notRegistered': 'This person has not finished their registration yet. Send the invitation again instead.',
  'access.deactivated': 'This account is deactivated. Reactivate it first.',
  'profile.wrongPassword': 'The current password is not correct.',
  'profile.noPendingEmail': 'No new email address is waiting for a code. Enter the new address first.',

  // ---- Companies and their sign-in addresses ----
  'tenancy.tenantMismatch': messages.tenantMismatch,
  'tenancy.unknownPortal': messages.unknownPortal,

  // ---- General settings: what the store lets patients do online ----
  'portal.notAllowed': 'Your store does not offer this online. Please contact the store.',

  // ---- Patients (staff and kiosk) ----
  'patients.kioskNotAssigned': 'This kiosk is not assigned to a store. Please ask the store to set it up.',
  'patients.kioskLikelyRegistered': 'We may already have your details. Please ask at the desk and our staff will help you.',
  'patients.mergeSelf': 'A patient cannot be merged into themselves. Choose two different patients.',
  'patients.mergedAlready': 'One of these patients was merged into another patient already. Refresh the list of possible duplicates.',
  'patients.mergeNotSamePerson': 'These two patients do not look like the same person (name, date of birth and email or phone differ), so they were not merged.',
  'patients.merged': 'This patient was merged into another patient; their records are on the kept chart.',
  'patients.mergeBothPortal': 'Both patients have a patient portal account, so they cannot be merged. Ask the patient which account to keep and remove the other first.',

  // ---- Appointments and recalls (front desk) ----
  'appointments.slotTaken': 'This provider is already booked at that time. Please choose another time.',
  'appointments.cannotMove': 'Cannot move an appointment from {{from}} to {{to}}',
  'booking.notOnline': 'This store does not take bookings online. Please call the store.',
  'booking.slotGone': 'This time has just been taken. Please choose another time.',
  'booking.newPatientsOff': 'This store books first visits by phone. Please call the store.',
  'booking.likelyExisting': 'We may already have your details. Please sign in to book, or call the store.',
  'visit.linkNotFound': 'This link is not valid. Please call the store.',
  'visit.linkExpired': 'This visit has already started or passed. Please call the store.',
  'visit.cancelled': 'This visit is cancelled. Please call the store to book again.',
  'rx.alreadyGiven': 'This prescription was already marked as given to the patient.',
  'recalls.cannotMove': 'Cannot move a recall from {{from}} to {{to}}',
  'recalls.noConsent': 'This patient has not agreed to be contacted; the recall was not sent.',
  'recalls.noEmailAddress': 'This patient has no email address to send the recall to.',
  'recalls.noPhoneNumber': 'This patient has no phone number to send the recall to.',

  // ---- Invoices and payments ----
  'sales.idempotencyKeyReused': 'This idempotency key was already used for a different payment.',
  'sales.invoiceNotOpen': 'This invoice is {{status}}: it takes no more payments.',
  'sales.creditRecordNotVoidable': 'This is a credit record of another invoice; it cannot be voided.',
  'sales.invoiceAlreadyClosed': 'This invoice is already {{status}}.',
  'sales.cashNeedsRegister': 'Cash is taken into a register’s drawer: open a register at this store on this device first, or take the payment another way.',
  'sales.priceNotCatalogue': 'Staff invoice the store’s products at the catalogue price; only an admin can set another price or add a line of their own.',
  'sales.noEmailAddress': 'There is no email address to send this receipt to. Type one for the receipt.',

  // ---- Lab orders ----
  'pos.priceChanged': 'Prices changed since this sale was started. Please check the new total.',
  'pos.noOpenSession': 'This register has no open session. Open the register first.',
  'pos.sessionAlreadyOpen': 'This register already has an open session.',
  'pos.sessionClosed': 'This register session is closed.',
  'pos.discountOverLimit': 'This discount is over your limit of {{limit}} %.',
  'pos.paymentsOverTotal': 'The payments add up to more than the total.',
  'pos.notPaidInFull': 'The sale is not paid in full. Take the rest or complete it as a deposit.',
  'pos.depositNotAllowed': 'A deposit needs a patient and a line that is made or ordered (lenses, or a product sold to order).',
  'pos.productUnavailable': 'A product of this sale is not sold at this store: {{name}}.',
  'pos.rxNotOfPatient': 'The prescription is not this patient’s.',
  'pos.needsConnection': 'This needs a connection: {{what}}.',
  'pos.storeCreditNeedsPatient': 'Store credit needs a patient.',
  'pos.storeCreditInsufficient': 'The patient has {{balance}} of store credit.',
  'pos.refundOverSold': 'Line {{lineNo}} can be refunded at most {{quantity}} more.',
  'pos.refundOverPaid': 'Only {{amount}} was paid and not yet refunded.',
  'pos.barcodeNotFound': 'No product has the barcode {{barcode}}.',
  'pos.quoteExpired': 'This quote expired on {{date}}.',
  'pos.cashNeedsRegister': 'Cash goes back through a register: open a register at this store first, or give the money back another way.',
  'pos.payOutOverCash': 'The drawer should hold only {{amount}}.',
  'pos.parkedGone': 'This parked sale was already completed or removed. Check the register’s history before selling it again.',

  'labOrders.cannotMove': 'Cannot move an order from {{from}} to {{to}}',
  'labOrders.invoiceNotOpen': 'The invoice is {{status}}: no lab order can be made from it.',
  'labOrders.invoiceIsCreditRecord': 'The invoice is a credit record: no lab order can be made from it.',
  'tracking.expired': 'This link has expired. Please contact the store.',
  'labOrders.movedOn': 'Someone else moved this order meanwhile: it is now {{status}}.',
  'eforms.submissionNotCopyable': 'This answer cannot be copied into {{field}}.',
  'eforms.alreadyReviewed': 'This submission was already reviewed.',

  // ---- The patient portal's records ----
  'records.changedMeanwhile': 'Someone else saved this record while you were editing it. Nothing was saved: load their version, then make your changes again.',
  'records.noPatientRecord': recordMessages.noPatientRecord,
  'records.cancelNotAllowed': recordMessages.cancelNotAllowed,
  'records.cancelTooLate': 'Appointments can be cancelled online up to {{hours}} hours before the start. Please call the store.',
  'records.cancelNotUpcoming': recordMessages.cancelNotUpcoming,

  // ---- eForms: the public link ----
  'eforms.tenantMissing': eformMessages.tenantMissing,
  'eforms.formNotFound': eformMessages.formNotFound,
  'eforms.alreadyReceived': eformMessages.alreadyReceived,
  'eforms.expired': eformMessages.expiredBody,
  'eforms.noCodeNeeded': eformMessages.noCodeNeeded,
  'eforms.noContact': eformMessages.noContact,
  'eforms.tooManyCodes': eformMessages.tooManyCodes,
  'eforms.codeLocked': eformMessages.codeLocked,
  // The same words as auth.invalidCode (eformMessages.invalidCode is messages.invalidCode): its own code so the
  // eForm page's translations (its own groups) and wording can differ from the sign-in's.
  'eforms.invalidCode': eformMessages.invalidCode,
  'eforms.formTokenRequired': eformMessages.formTokenRequired,

  // ---- eForms: the staff's boards, forms and assignments ----
  'eforms.boardNotFound': eformMessages.boardNotFound,
  'eforms.cardNotFound': eformMessages.cardNotFound,
  'eforms.assignmentNotFound': eformMessages.assignmentNotFound,
  'eforms.boardUriTaken': 'A board with this address exists in this store.',
  'eforms.boardNotEmpty': 'Move or remove the forms of this board first.',
  'eforms.onlyPublished': eformMessages.onlyPublished,
  'eforms.submittedNotRevocable': 'This form was already submitted; it cannot be revoked.',
  'eforms.alreadySubmitted': 'This form was already submitted.',
  'eforms.assignmentRevoked': 'This assignment was revoked; send the form again instead.',
} as const;

export type ErrorCode = keyof typeof errorTexts;

export const errorCodes = Object.keys(errorTexts) as ErrorCode[];

/** The English text of `code`, its `{{name}}` placeholders filled from `params` (a missing one stays as it is). */
export function errorText(code: ErrorCode, params?: Record<string, string | number>): string {
  const template: string = errorTexts[code];
  return template.replace(/{{(\w+)}}/g, (placeholder, name: string) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
