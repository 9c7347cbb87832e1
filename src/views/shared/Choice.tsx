import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import type { RadioGroupProps } from 'react-aria-components';
import * as styles from './records.css';

export interface ChoiceProps extends Omit<RadioGroupProps, 'className' | 'style' | 'children'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled set of radio buttons (large targets); its message (the server's `fields`) shows under it. */
export function Choice({ label, options, ...props }: ChoiceProps) {
  return (
    <RadioGroup {...props} className={styles.fieldset} orientation="horizontal">
      <Label className={styles.legend}>{label}</Label>
      <div className={styles.radios}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={styles.radio}>
            <span className={styles.radioMark} aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className={styles.fieldError} />
    </RadioGroup>
  );
}
