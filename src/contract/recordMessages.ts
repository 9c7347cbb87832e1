/**
 * The texts of the patient-portal records (src/contract/records.ts re-exports them under the same name). Zod-free,
 * so the error-code catalogue (./errorCodes.ts) can use them without the schema library.
 */
export const recordMessages = {
  noPatientRecord: 'Your account has no patient record yet. Please contact the store.',
  smsNeedsPhone: 'Enter a phone number to get messages by SMS',
  emailNeedsEmail: 'Enter an email address to get messages by email',
  cancelNotAllowed: 'This store does not allow cancelling online. Please call the store.',
  cancelTooLate: (hours: number) =>
    `Appointments can be cancelled online up to ${hours} hours before the start. Please call the store.`,
  cancelNotUpcoming: 'Only an upcoming appointment can be cancelled.',
} as const;
