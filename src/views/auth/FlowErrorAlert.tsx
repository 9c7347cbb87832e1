import { useTranslation } from 'react-i18next';
import type { ErrorResponse } from '../../contract/common';
import { translateMessage } from '../../i18n/appI18n';
import { Alert } from '../ui/Alert';

/**
 * A flow's last failure (the session's or a child flow's `error`), in the reader's language; SessionErrorAlert
 * (ErrorAlert.tsx) is the same for the session's own.
 */
export function FlowErrorAlert({ error }: { error: ErrorResponse | null }) {
  const { i18n } = useTranslation();
  return error ? <Alert>{translateMessage(i18n, error.error)}</Alert> : null;
}

/** A flow's field messages (`fields` of its error), translated when known, for a Form's validationErrors. */
export function useFlowFieldErrors(error: ErrorResponse | null): Record<string, string> {
  const { i18n } = useTranslation();
  return Object.fromEntries(Object.entries(error?.fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]));
}
