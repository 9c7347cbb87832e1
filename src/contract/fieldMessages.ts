/**
 * The field messages of the API (the `fields` of a 400) under stable codes `<group>.<name>`, as ./errorCodes.ts
 * names the top-level errors. Each contract module words its own fields (rxMessages, patientMessages, ...); this is
 * the one catalogue of them. The server sends each field's code beside its English text (`fieldCodes`, by
 * `fieldCodesOf`), and the browser says the field in the reader's language by that code (`fieldErrors.<code>` in
 * src/i18n/locales): never by its English.
 */
import { bookingMessages, guestBookingMessages } from './booking';
import { eformTextMessages } from './eforms';
import { enterpriseMessages } from './enterprise';
import { settingsMessages } from './generalSettings';
import { inboxMessages } from './inbox';
import { patientMessages } from './patientsAdmin';
import { rxMessages } from './rx';
import { salesMessages } from './sales';
import { userMessages } from './users';

/** The groups of field messages by code prefix. A text two groups share is one message: it takes the first one's code. */
export const fieldMessageGroups = {
  rx: rxMessages,
  patient: patientMessages,
  sales: salesMessages,
  user: userMessages,
  settings: settingsMessages,
  enterprise: enterpriseMessages,
  inbox: inboxMessages,
  eform: eformTextMessages,
  booking: bookingMessages,
  guestBooking: guestBookingMessages,
} as const;

/** Every field message by its code. */
export const fieldTexts: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(fieldMessageGroups).flatMap(([group, texts]) => Object.entries(texts).map(([name, text]) => [`${group}.${name}`, text])),
);

// A zod refusal carries only its message, so the server finds the code by the text (unique per code, see above).
const codeOfText = new Map<string, string>();
for (const [code, text] of Object.entries(fieldTexts)) if (!codeOfText.has(text)) codeOfText.set(text, code);

/** The codes of a refusal's field messages, for the fields whose message the catalogue has; none: undefined. */
export function fieldCodesOf(fields: Readonly<Record<string, string>>): Record<string, string> | undefined {
  const codes = Object.entries(fields).flatMap(([field, text]) => {
    const code = codeOfText.get(text);
    return code ? [[field, code] as const] : [];
  });
  return codes.length > 0 ? Object.fromEntries(codes) : undefined;
}
