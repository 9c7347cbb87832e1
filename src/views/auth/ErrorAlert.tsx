import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ErrorResponse } from '../../contract/common';
import { translateError } from '../../i18n/apiErrors';
import { translateMessage } from '../../i18n/appI18n';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useSessionActor } from '../ui/session';

/**
 * A flow's last failure (the session's or a child flow's `error`), in the reader's language: an answer by its code.
 * An error summary: each refusal takes the focus, and a field message the title does not already say links to its
 * field.
 */
export function ErrorAlert({ error }: { error: ErrorResponse | null }) {
  const { i18n } = useTranslation();
  if (!error) return null;
  const title = translateError(i18n, error);
  const fields = Object.entries(error.fields ?? {})
    .map(([name, text]) => ({ name, message: translateMessage(i18n, text) }))
    .filter((field) => field.message !== title);
  return <ErrorSummary title={title} fields={fields} refusal={error} />;
}

/** A flow's field messages (`fields` of its error), translated when known, for a Form's validationErrors. */
export function useErrorFields(error: ErrorResponse | null | undefined): Record<string, string> {
  const { i18n } = useTranslation();
  return Object.fromEntries(Object.entries(error?.fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]));
}

/** The session's own last failure. */
export function SessionErrorAlert() {
  return <ErrorAlert error={useSelector(useSessionActor(), (snapshot) => snapshot.context.error)} />;
}

/** The session's own field messages. */
export function useSessionFieldErrors(): Record<string, string> {
  return useErrorFields(useSelector(useSessionActor(), (snapshot) => snapshot.context.error));
}
