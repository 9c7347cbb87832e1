import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/TextField';

/** Spec 5 and 9: the code is trimmed and at least 6 characters long. */
export const CODE_MIN_LENGTH = 6;
export const isCodeValid = (value: string) => value.trim().length >= CODE_MIN_LENGTH;

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** The emailed code: 'OTP code is Incorrect' once the reader leaves a too-short entry. */
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
      validate={(entry) => (touched && !isCodeValid(entry) ? t('errors.codeIncorrect') : null)}
    />
  );
}
