import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { translateError } from '../../i18n/apiErrors';
import { Alert } from '../ui/Alert';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import type { ErrorSummaryOptions } from '../ui/useErrorSummary';

/**
 * A failed call's alert: a refusal of the form's fields says `fixFields` (the summary beside the form names them),
 * anything else the error's own text. `refusesFields` tells a fields refusal (by default every 400).
 */
export function ErrorOf({
  error,
  fixFields,
  refusesFields = (failed) => failed.status === 400,
}: {
  error: unknown;
  fixFields: string;
  refusesFields?: (error: ApiError) => boolean;
}) {
  const { i18n } = useTranslation();
  if (!error) return null;
  return <Alert>{error instanceof ApiError && refusesFields(error) ? fixFields : translateError(i18n, error as Error)}</Alert>;
}

/** A refused save of a form: the summary focused in place of its button, linking to each refused field. */
export function RefusalSummary({ children, ...options }: ErrorSummaryOptions & { children?: ReactNode }) {
  const { summary } = useErrorSummary(options);
  return summary && <ErrorSummary {...summary}>{children}</ErrorSummary>;
}
