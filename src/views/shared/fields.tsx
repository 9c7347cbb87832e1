import { useId } from 'react';
import * as fieldStyles from '../ui/field.css';
import { select } from './listPage.css';

/**
 * A labelled native select (small on a phone, the platform's own picker) with the server's message under it, the
 * way the chart's text fields show theirs (react-aria Form's validationErrors). An option whose label is a value (a
 * store's or a person's name) has dir 'auto': an option holds text only, no <bdi>.
 */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  isDisabled,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string; dir?: 'auto'; lang?: string }[];
  error?: string;
  isDisabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={select}
        value={value}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} dir={option.dir} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/** A typed number: empty is null; text that is not a number is sent as typed, so the server names the field's rule. */
export function numberOrText(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/** A value as a form field shows it. */
export const fieldText = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
