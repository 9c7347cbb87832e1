import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCodeComplete } from '../../machines/session.machine';
import { TextField } from '../ui/TextField';


export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/**
 * The emailed code: 'OTP code is Incorrect' once the reader leaves a too-short entry (the same rule as the machines'
 * guard `codeComplete`, which decides whether Submit is enabled).
 */
export function CodeField({ value, onChange, autoFocus }: CodeFieldProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  return (
    <TextField
      name="vcode"
      label={t('auth.code')}
      value={value}
      onChange={onChange}
      onBlur={() => setTouched(true)}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={12}
      isRequired
      validationBehavior="aria"
      validate={(entry) => (touched && !isCodeComplete(entry) ? t('errors.codeIncorrect') : null)}
    />
  );
}
