import { useState } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import * as styles from './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children'> {
  label: string;
  /** A hint under the input, read with it by screen readers. */
  description?: string;
  /** Several lines (notes): a text area that grows to `rows`, where Enter starts a new line. */
  rows?: number;
}

/** A labelled input (a value isolated: dir=auto); its messages (required, or the server's `fields` through Form) show under it. */
export function TextField({ label, description, onChange, rows, ...props }: TextFieldProps) {
  const [typed, setTyped] = useState(props.defaultValue ?? '');
  const text = props.value ?? typed;
  return (
    <AriaTextField
      {...props}
      onChange={(value) => {
        setTyped(value);
        onChange?.(value);
      }}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      {/* A value keeps its own direction ('42 Elm Street' in an Arabic form reads as typed, not 'Elm Street 42');
          an empty field keeps the page's, so its caret starts on the reading side. */}
      {rows ? (
        <TextArea className={styles.input} dir={text ? 'auto' : undefined} rows={rows} />
      ) : (
        <Input className={styles.input} dir={text ? 'auto' : undefined} />
      )}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error} />
    </AriaTextField>
  );
}
