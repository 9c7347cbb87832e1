import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { enterpriseMessages } from '../../../contract/enterprise';
import { settingsMessages } from '../../../contract/generalSettings';

/** The contract's field messages of the settings and stores screens, so the server's English is shown translated. */
const keyOfMessage = new Map<string, string>();
for (const [name, text] of Object.entries(settingsMessages)) keyOfMessage.set(text, `generalSettings.fieldErrors.${name}`);
for (const [name, text] of Object.entries(enterpriseMessages)) if (!keyOfMessage.has(text)) keyOfMessage.set(text, `storesAdmin.fieldErrors.${name}`);

/** A failed save's field messages (`fields` of a 400) in the reader's language, for a Form. */
export function useSettingsFields(error: unknown): Record<string, string> {
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
