import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { sessionMessages } from '../../machines/session.machine';
import { TextField } from '../ui/TextField';

/** security.md: at least 12, at most 128 characters, no composition rules (the server checks the rest). */
export function newPasswordProblem(password: string): string | null {
  if (password.length < 12) return sessionMessages.passwordTooShort;
  if (password.length > 128) return sessionMessages.passwordTooLong;
  return null;
}

/**
 * New password and its repetition, for a ui/Form: an empty one is refused there ('Required', in the reader's
 * language); its length is checked on submit (passwordFieldErrors), not while the person is still typing.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="password"
        type="password"
        autoComplete="new-password"
        isRequired
        label={t('authFlows.newPassword')}
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

/** On submit: the new password's own problem (too short or too long) as the form's message at the field, else none. */
export function passwordFieldErrors(form: FormData, i18n: I18n): Record<string, string> {
  const problem = newPasswordProblem(String(form.get('password') ?? ''));
  return problem ? { password: i18n.t(`errors.${keyOf(problem)}`) } : {};
}

/** The two entries must match; returns the translated message when they do not. */
export function passwordsDiffer(form: FormData) {
  return String(form.get('password') ?? '') !== String(form.get('confirmPassword') ?? '');
}
