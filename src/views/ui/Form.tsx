import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Form as AriaForm } from 'react-aria-components';
import type { FormProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { controlNamed, ErrorSummary } from './ErrorSummary';

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

const labelOfNamed = (name: string, form: HTMLFormElement) => {
  const control = controlNamed(name, form);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? labelOf(control) : undefined;
};

/** The summary lists the refused fields in the order the form shows them. */
const inFormOrder = (form: HTMLFormElement, a: string, b: string) => {
  const first = controlNamed(a, form);
  const second = controlNamed(b, form);
  return first && second && first !== second ? (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1) : 0;
};

interface Refusal {
  fields: { name: string; label: string | undefined; message: string }[];
}

export interface OwnFormProps extends Omit<FormProps, 'validationBehavior'> {
  /** The form's checks beyond 'required', on submit: each refused field's message by its name (none when it passes). */
  check?: (form: FormData) => Readonly<Record<string, string>>;
}

/**
 * React Aria's Form with the form's own checks: instead of the browser's bubble (its words, in the browser's
 * language), an empty required field is refused in the reader's language ('Required'), and a field `check` refuses
 * with its message, at the field and in an error summary that takes the focus; nothing is submitted. Other messages
 * (the server's) come in `validationErrors` as before; a refused field loses its message as soon as something is
 * typed into it.
 */
export function Form({ onSubmit, validationErrors, check, children, ...props }: OwnFormProps) {
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
    const element = event.currentTarget;
    const empty = emptyRequired(element);
    const required = empty.map((control) => ({ name: control.name, label: labelOf(control), message: t('errors.required') }));
    // An empty field is told 'Required' only, whatever else its check says of it.
    const checked = Object.entries(check?.(new FormData(element)) ?? {})
      .filter(([name]) => !empty.some((control) => control.name === name))
      .map(([name, message]) => ({ name, label: labelOfNamed(name, element), message }));
    const fields = [...required, ...checked].sort((a, b) => inFormOrder(element, a.name, b.name));
    if (fields.length > 0) {
      event.preventDefault();
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
