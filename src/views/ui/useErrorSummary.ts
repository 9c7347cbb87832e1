import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../i18n/apiErrors';
import type { ErrorSummaryProps } from './ErrorSummary';

export interface ErrorSummaryOptions {
  /** The last call's failure (a mutation's error), null while none. */
  error: unknown;
  /** The messages the fields show, by field name (the server's 400 `fields` and the form's own checks). */
  fields: Readonly<Record<string, string | undefined>>;
  /** Each field's label, by name; a field without one is listed by its message alone. */
  labels: Readonly<Record<string, string | undefined>>;
  /** The summary's title while fields are refused (else the failure's own message is); by default the shared one. */
  title?: string;
}

/**
 * The glue between a form and its ErrorSummary: the summary's props after a refused submit (null before), for the
 * server's 400 and for the form's own checks alike. `refuse()` marks a submit the form refused itself (a fresh
 * refusal each time, so focus moves to the summary again even when the message is the same); `accept()` forgets it
 * when a submit goes to the server.
 */
export function useErrorSummary({ error, fields, labels, title }: ErrorSummaryOptions) {
  const { t, i18n } = useTranslation();
  const [local, setLocal] = useState<object | null>(null);
  const refused = Object.entries(fields).flatMap(([name, message]) => (message ? [{ name, label: labels[name], message }] : []));
  const refusal = local ?? error;
  const summary: ErrorSummaryProps | null =
    refusal && (refused.length > 0 || error)
      ? { title: refused.length > 0 ? (title ?? t('errors.fieldsInvalid')) : translateError(i18n, error), fields: refused, refusal }
      : null;
  return { summary, refuse: () => setLocal({}), accept: () => setLocal(null) };
}
