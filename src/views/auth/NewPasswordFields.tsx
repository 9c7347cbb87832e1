import { useTranslation } from 'react-i18next';
import { sessionMessages } from '../../machines/session.machine';
import { TextField } from '../ui/TextField';

/** security.md: at least 12, at most 128 characters, no composition rules (the server checks the rest). */
export function newPasswordProblem(password: string): string | null {
  if (password.length < 12) return sessionMessages.passwordTooShort;
  if (password.length > 128) return sessionMessages.passwordTooLong;
  return null;
}

/** New password and its repetition; the form's native validation shows the messages on submit. */
export function NewPasswordFields() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <TextField
        name="password"
        type="password"
        autoComplete="new-password"
        isRequired
        label={t('authFlows.newPassword')}
        validate={(value) => {
          const problem = newPasswordProblem(value);
          return problem && i18n.t(`errors.${keyOf(problem)}`);
        }}
      />
      <TextField
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        label={t('authFlows.confirmPassword')}
      />
    </>
  );
}

const keyOf = (text: string) => Object.entries(sessionMessages).find(([, value]) => value === text)?.[0] ?? 'unexpected';

/** The two entries must match; returns the translated message when they do not. */
export function passwordsDiffer(form: FormData) {
  return String(form.get('password') ?? '') !== String(form.get('confirmPassword') ?? '');
}
