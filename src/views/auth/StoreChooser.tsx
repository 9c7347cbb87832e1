import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreAddress } from '../../machines/session.machine';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import * as styles from './signIn.css';
import { Form } from '../ui/Form';

const slug = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/**
 * Asks for the store by its public sign-in address (/{company}/{store}); the portal look-up then says whether it
 * exists. Used by /login when this browser has not signed in at a store yet, and by /ForgotPassword.
 */
export function StoreChooser({ onChoose }: { onChoose: (address: StoreAddress) => void }) {
  const { t } = useTranslation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChoose({ company: slug(form.get('company')), store: slug(form.get('store')) });
  }

  return (
    <Form onSubmit={submit} className={styles.form} aria-label={t('signIn.chooseStore')}>
      <p className={styles.intro}>{t('signIn.chooseStoreIntro')}</p>
      <TextField name="company" label={t('signIn.company')} isRequired autoComplete="organization" />
      <TextField name="store" label={t('signIn.store')} isRequired />
      <Button type="submit">{t('signIn.continue')}</Button>
    </Form>
  );
}
