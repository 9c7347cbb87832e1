/**
 * How a logged message is shown by the API (security.md: codes and link tokens are never returned). The log keeps
 * what was sent, because the outbox sends (and resends) from it; every answer that shows a message's subject or
 * body reads it through `shownText`, which masks what would let the reader act as the recipient: the one-time
 * code, an eForm link's, a tracking link's or a visit link's token, a temporary password. Masking by the message's kind and the
 * shapes this product writes also covers messages logged before the rule, and a store's own template text.
 */
import { templateFields, type TemplateKey } from '../../src/contract/messageTemplates';

export const MASK = '••••••';

/** Kinds whose text carries a one-time code: the template keys with a `code` field, and the fixed account notices. */
const codeKinds = new Set<string>([
  ...Object.entries(templateFields)
    .filter(([, fields]) => (fields as readonly string[]).includes('code'))
    .map(([key]) => key as TemplateKey),
  'auth.email-change-code',
]);
/** Kinds whose text carries a temporary password (120 or 128 random bits, base64url). */
const passwordKinds = new Set<string>([
  ...Object.entries(templateFields)
    .filter(([, fields]) => (fields as readonly string[]).includes('temporaryPassword'))
    .map(([key]) => key),
  'enterprise.company-invite',
]);

const code = /(?<!\d)\d{6}(?!\d)/g;
// 20 or more base64url characters in a row: in an invitation only the password is (addresses and links hold dots).
const temporaryPassword = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g;
const eformToken = /(\/eforms\?tenantid=[0-9A-Za-z-]*&uri=)[A-Za-z0-9_-]+/g;
const trackingKey = /(\/pr\/)[A-Za-z0-9_-]+/g;
const visitKey = /(\/visit\/)[A-Za-z0-9_-]+/g;

/** The text of a message of kind `template` as the API shows it. */
export function shownText(template: string, text: string): string {
  let shown = text.replace(eformToken, `$1${MASK}`).replace(trackingKey, `$1${MASK}`).replace(visitKey, `$1${MASK}`);
  if (codeKinds.has(template)) shown = shown.replace(code, MASK);
  if (passwordKinds.has(template)) shown = shown.replace(temporaryPassword, MASK);
  return shown;
}
