import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { enterpriseMessages } from '../../../contract/enterprise';
import { settingsMessages } from '../../../contract/generalSettings';

/** The contract's field messages of the settings and stores screens, so the server's English is shown translated. */
const keyOfMessage = new Map<string, string>();
for (const [name, text] of Object.entries(settingsMessages)) keyOfMessage.set(text, `generalSettings.fieldErrors.${name}`);
for (const [name, text] of Object.entries(enterpriseMessages)) if (!keyOfMessage.has(text)) keyOfMessage.set(text, `storesAdmin.fieldErrors.${name}`);

const noneEdited: ReadonlySet<string> = new Set();

/**
 * A failed save's field messages (`fields` of a 400) in the reader's language, for a Form's `validationErrors`, and
 * a ref for the Form: a field's message goes as soon as the person edits that field (not on blur, where the
 * message's removal would move the buttons from under the pointer).
 */
export function useSettingsFields(error: unknown): { fields: Record<string, string>; formRef: (form: HTMLFormElement | null) => () => void } {
  const { t, i18n } = useTranslation();
  const serverFields = error instanceof ApiError && error.status === 400 ? error.body?.fields : undefined;
  const [edited, setEdited] = useState<{ error: unknown; names: ReadonlySet<string> }>({ error, names: noneEdited });
  const names = edited.error === error ? edited.names : noneEdited;
  const fields = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(serverFields ?? {})
          .filter(([field]) => !names.has(field))
          .map(([field, text]) => {
            const key = keyOfMessage.get(text);
            return [field, key && i18n.exists(key) ? t(key) : text];
          }),
      ),
    [serverFields, names, t, i18n],
  );
  const latest = useRef({ error, names, fields });
  latest.current = { error, names, fields };
  const formRef = useCallback((form: HTMLFormElement | null) => {
    const edit = (event: Event) => {
      const name = (event.target as { name?: unknown }).name;
      const now = latest.current;
      if (typeof name !== 'string' || !(name in now.fields)) return;
      // After the event: a render before React's own input handling would put the controlled field's old value back.
      setTimeout(() => setEdited({ error: now.error, names: new Set([...now.names, name]) }));
    };
    form?.addEventListener('input', edit);
    return () => form?.removeEventListener('input', edit);
  }, []);
  return { fields, formRef };
}
