/**
 * Amounts as a clerk types them ("12", "12.5", "12,50"; Western or Arabic-Indic digits) to integer minor units of
 * the currency, and back to the plain text a field starts with. Null when the text is not an amount.
 */
import { minorDigits } from '../../contract/money';

export function parseAmount(text: string, currency: string): number | null {
  const western = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('\u066b', '.');
  const digits = minorDigits(currency);
  const match = new RegExp(`^(-?)(\\d{1,10})(?:[.,](\\d{1,${Math.max(digits, 1)}}))?$`).exec(western);
  if (!match || (digits === 0 && match[3])) return null;
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
  return sign ? -minor : minor;
}

/** Minor units as a field's text (12345 -> "123.45"), Latin digits, no grouping. */
export function amountText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
