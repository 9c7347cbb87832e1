import { useMemo } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';

/**
 * A field message in the reader's language: by its catalogue code (src/contract/fieldMessages.ts, `fieldErrors.<code>`
 * in the locales) when it has one, else as the server worded it.
 */
export function fieldErrorText(i18n: I18n, code: string | undefined, text: string, t: TFunction = i18n.t.bind(i18n)): string {
  const key = code && `fieldErrors.${code}`;
  return key && i18n.exists(key) ? t(key) : text;
}

/** The field messages of a refusal body (`fields`, with their `fieldCodes`), each in the reader's language. */
export function fieldErrorsOf(
  i18n: I18n,
  body: { fields?: Record<string, string>; fieldCodes?: Record<string, string> } | null | undefined,
  t: TFunction = i18n.t.bind(i18n),
): Record<string, string> {
  return Object.fromEntries(Object.entries(body?.fields ?? {}).map(([field, text]) => [field, fieldErrorText(i18n, body?.fieldCodes?.[field], text, t)]));
}

/** A failed call's field messages (`fields` of a 400) in the reader's language, for a Form. */
export function useFieldErrors(error: unknown): Record<string, string> {
  const { t, i18n } = useTranslation();
  const body = error instanceof ApiError && error.status === 400 ? error.body : null;
  // The same object while the refusal and the language are the same.
  return useMemo(() => fieldErrorsOf(i18n, body, t), [body, i18n, t]);
}

// The save hooks of src/api read it too (they fetch the newer version at once).
export { changedMeanwhile } from '../../api/mutations';
