import type { i18n as I18n } from 'i18next';

/** An error answer of the API: the spec's English text, and its code (src/contract/errorCodes.ts) with its values. */
export type ApiErrorBody = { error: string; code?: string; params?: Record<string, string | number> };

/**
 * The error in the reader's language: the text of its code (`apiErrors.<code>`) when the current language has
 * one, else the server's own text, else `fallback` (no answer body). English texts are not in the start-up
 * groups, so before the rest of English arrives the server's text (the same words) is shown.
 */
export function translateApiError(i18n: I18n, body: ApiErrorBody | null, fallback: string): string {
  // Only a code's shape (`area.name`): a bare area would name a group of texts, not a text.
  const key = body?.code && /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(body.code) ? `apiErrors.${body.code}` : null;
  if (key && i18n.exists(key)) return i18n.t(key, { ...body?.params });
  return body?.error || fallback;
}
