import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { patientMessages } from '../../contract/patientsAdmin';
import { rxMessages } from '../../contract/rx';
import { salesMessages } from '../../contract/sales';
import { userMessages } from '../../contract/users';

/** The contract's field messages by group, so the server's English text is shown in the reader's language. */
const catalogues = { rx: rxMessages, patient: patientMessages, sales: salesMessages, user: userMessages } as const;
const keyOfMessage = new Map<string, string>();
for (const [group, messages] of Object.entries(catalogues)) {
  for (const [name, text] of Object.entries(messages)) if (!keyOfMessage.has(text)) keyOfMessage.set(text, `patientChart.fieldErrors.${group}.${name}`);
}

/** A failed call's field messages (`fields` of a 400), translated when the contract knows them, for a Form. */
export function useServerFields(error: unknown): Record<string, string> {
  const { t, i18n } = useTranslation();
  const fields = error instanceof ApiError && error.status === 400 ? error.body?.fields : undefined;
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fields ?? {}).map(([field, text]) => {
          const key = keyOfMessage.get(text);
          return [field, key && i18n.exists(key) ? t(key) : text];
        }),
      ),
    [fields, t, i18n],
  );
}

/** The save was made from a version someone else has since replaced (If-Match refused). */
export const changedMeanwhile = (error: unknown) => error instanceof ApiError && error.body?.code === 'records.changedMeanwhile';
