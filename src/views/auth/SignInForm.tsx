import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { LoginRequest } from '../../contract/auth';
import { translateMessage } from '../../i18n/i18n';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { useSessionActor } from '../ui/session';
import * as styles from './signIn.css';

/** What the sign-in address adds to the typed credentials (store ids, patient or kiosk flag). */
export type AddressFields = Pick<LoginRequest, 'tenentID' | 'locationid' | 'isPatient' | 'isKiosk'>;

export interface SignInFormProps {
  addressFields: AddressFields;
  /** Admin sign-in only: lets an enterprise admin say so. */
  offerEnterpriseAdmin?: boolean;
}

export function SignInForm({ addressFields, offerEnterpriseAdmin = false }: SignInFormProps) {
  const { t, i18n } = useTranslation();
  const session = useSessionActor();
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const [location] = useLocation();

  const fieldErrors = Object.fromEntries(
    Object.entries(error?.fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'session.login',
      loginUrl: location,
      request: {
        ...addressFields,
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(offerEnterpriseAdmin && { isEnterpriseAdmin: form.has('isEnterpriseAdmin') }),
      },
    });
  }

  return (
    <Form onSubmit={submit} validationErrors={fieldErrors} className={styles.form}>
      {error && <Alert>{translateMessage(i18n, error.error)}</Alert>}
      <TextField name="username" type="email" autoComplete="username" isRequired label={t('signIn.username')} />
      <TextField
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        label={t('signIn.password')}
      />
      {offerEnterpriseAdmin && <Checkbox name="isEnterpriseAdmin">{t('signIn.enterpriseAdmin')}</Checkbox>}
      <Button type="submit" isPending={isBusy}>
        {t('signIn.submit')}
      </Button>
    </Form>
  );
}
