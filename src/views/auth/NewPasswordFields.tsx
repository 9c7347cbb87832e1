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
 * language); its length and the repetition are checked on submit (newPasswordChecks), not while the person is still
 * typing. `onEdit`: either was changed (the flow forgets its last refusal, as sign-in does).
 */
export function NewPasswordFields({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="password"
        type="password"
        autoComplete="new-password"
        isRequired
        onChange={onEdit}
        label={t('authFlows.newPassword')}
      />
      <TextField
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        onChange={onEdit}
        label={t('authFlows.confirmPassword')}
      />
    </>
  );
}

const keyOf = (text: string) => Object.entries(sessionMessages).find(([, value]) => value === text)?.[0] ?? 'unexpected';

/**
 * A ui/Form's `check`: the new password's own problem (too short or too long) at the password, and a repetition that
 * differs at the repetition, each in the reader's language.
 */
export function newPasswordChecks(form: FormData, i18n: I18n): Record<string, string> {
  const password = String(form.get('password') ?? '');
  const problem = newPasswordProblem(password);
  return {
    ...(problem ? { password: i18n.t(`errors.${keyOf(problem)}`) } : {}),
    ...(password !== String(form.get('confirmPassword') ?? '') ? { confirmPassword: i18n.t('authFlows.passwordsDiffer') } : {}),
  };
}
