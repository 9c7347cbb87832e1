import { useId } from 'react';
import * as styles from './invoices.css';

/**
 * A labelled text input (or, `multiline`, a two-row text area: a reason) with its hint and its message (the form's own
 * or the server's), tied to it for assistive tech.
 */
export function Field(props: {
  label: string;
  /** The name an error summary's link finds the field by. */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  ltr?: boolean;
  maxLength?: number;
  multiline?: boolean;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          id={id}
          name={props.name}
          className={styles.input}
          rows={2}
          maxLength={props.maxLength ?? 500}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          name={props.name}
          className={styles.input}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          dir={props.ltr ? 'ltr' : undefined}
          autoComplete="off"
          maxLength={props.maxLength ?? 100}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.hint && (
        <span id={`${id}-hint`} className={styles.muted}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span id={`${id}-error`} className={styles.error}>
          {props.error}
        </span>
      )}
    </div>
  );
}

