import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import type { TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import * as styles from './field.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children'> {
  label: string;
  /** A hint under the input, read with it by screen readers. */
  description?: string;
}

/** A labelled input; its messages (required, or the server's `fields` through Form) show under it. */
export function TextField({ label, description, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error} />
    </AriaTextField>
  );
}
