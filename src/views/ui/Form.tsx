import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form as AriaForm } from 'react-aria-components';
import type { FormProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from './ErrorSummary';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The required controls left empty (a box not ticked), in the form's order. */
function emptyRequired(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>('input[name][aria-required="true"], textarea[name][aria-required="true"], select[name][aria-required="true"]')].filter(
    (control) => !control.disabled && (control instanceof HTMLInputElement && control.type === 'checkbox' ? !control.checked : !control.value.trim()),
  );
}

const labelOf = (control: Control) =>
  control.labels?.[0]?.textContent?.trim() ||
  (control.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ')
    .trim() ||
  undefined;

interface Refusal {
  fields: { name: string; label: string | undefined; message: string }[];
}

/**
 * React Aria's Form for forms whose only own check is 'required': instead of the browser's bubble (its words, in the
 * browser's language), an empty required field is refused in the reader's language ('Required') at the field and in
 * an error summary that takes the focus; nothing is submitted. Other messages (the server's) come in
 * `validationErrors` as before; a refused field loses its message as soon as something is typed into it.
 */
export function Form({ onSubmit, validationErrors, children, ...props }: Omit<FormProps, 'validationBehavior'>) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [left, setLeft] = useState<readonly string[]>([]);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    const typed = (event: Event) => {
      const name = (event.target as Partial<Control>).name;
      if (name) setLeft((names) => (names.includes(name) ? names.filter((each) => each !== name) : names));
    };
    element?.addEventListener('input', typed);
    return () => element?.removeEventListener('input', typed);
  }, []);
  const local = Object.fromEntries((refusal?.fields ?? []).filter((field) => left.includes(field.name)).map((field) => [field.name, field.message]));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const empty = emptyRequired(event.currentTarget);
    if (empty.length > 0) {
      event.preventDefault();
      const fields = empty.map((control) => ({ name: control.name, label: labelOf(control), message: t('errors.required') }));
      setRefusal({ fields });
      setLeft(fields.map((field) => field.name));
      return;
    }
    setRefusal(null);
    onSubmit?.(event);
  };
  return (
    <AriaForm
      {...props}
      ref={form}
      validationBehavior="aria"
      validationErrors={{ ...validationErrors, ...local }}
      onSubmit={submit}
    >
      {refusal && <ErrorSummary title={t('errors.fieldsInvalid')} fields={refusal.fields} refusal={refusal} />}
      {children}
    </AriaForm>
  );
}
