import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../i18n/apiErrors';
import { translateMessage } from '../../i18n/appI18n';
import { Alert } from '../ui/Alert';
import { useSessionActor } from '../ui/session';

/** The session's last failure, in the reader's language. */
export function SessionErrorAlert() {
  const { i18n } = useTranslation();
  const error = useSelector(useSessionActor(), (snapshot) => snapshot.context.error);
  return error ? <Alert>{translateError(i18n, error)}</Alert> : null;
}

/** The server's field messages (`fields`), translated when known, for a Form's validationErrors. */
export function useFieldErrors(): Record<string, string> {
  const { i18n } = useTranslation();
  const fields = useSelector(useSessionActor(), (snapshot) => snapshot.context.error?.fields);
  return Object.fromEntries(Object.entries(fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]));
}
