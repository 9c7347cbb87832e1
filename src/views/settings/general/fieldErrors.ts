import { useCallback, useMemo, useRef, useState } from 'react';
import { useFieldErrors } from '../../shared/fieldErrors';

const noneEdited: ReadonlySet<string> = new Set();

/**
 * A failed save's field messages (`fields` of a 400) in the reader's language, for a Form's `validationErrors`, and
 * a ref for the Form: a field's message goes as soon as the person edits that field (not on blur, where the
 * message's removal would move the buttons from under the pointer).
 */
export function useSettingsFields(error: unknown): { fields: Record<string, string>; formRef: (form: HTMLFormElement | null) => () => void } {
  const serverFields = useFieldErrors(error);
  const [edited, setEdited] = useState<{ error: unknown; names: ReadonlySet<string> }>({ error, names: noneEdited });
  const names = edited.error === error ? edited.names : noneEdited;
  const fields = useMemo(() => Object.fromEntries(Object.entries(serverFields).filter(([field]) => !names.has(field))), [serverFields, names]);
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
