import { useRef } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { LoginRequest } from '../../contract/auth';
import type { Role } from '../../contract/common';
import type { StoreAddress } from '../../machines/session.machine';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { useSessionActor } from '../ui/session';
import { CodeStep } from './CodeStep';
import { CompanyStep } from './CompanyStep';
import { SessionErrorAlert, useSessionFieldErrors } from './ErrorAlert';
import { usePreloadHome } from './preloadHome';
import * as styles from './signIn.css';
import { Form } from '../ui/Form';

/** What the sign-in address adds to the typed credentials (store ids, patient or kiosk flag). */
export type AddressFields = Pick<LoginRequest, 'tenentID' | 'locationid' | 'isPatient' | 'isKiosk'>;

export interface SignInFormProps {
  addressFields: AddressFields;
  /** Admin sign-in only: lets an enterprise admin say so. */
  offerEnterpriseAdmin?: boolean;
  /** The store signed in at; remembered in this browser for /login when the sign-in succeeds. */
  store?: StoreAddress | null;
  /** Where 'Forgot password?' leads; no link when absent (kiosk). */
  forgotPasswordHref?: string | null;
}

/** Who most likely signs in at this address: a store's own address is the one its patients are sent. */
const likelyRoles = (fields: AddressFields): Role[] =>
  fields.isKiosk ? ['kiosk'] : fields.isPatient || fields.tenentID ? ['patient'] : ['staff'];

/** The credentials, or the emailed-code step when the account needs one, or which company when that is asked. */
export function SignInForm({ addressFields, offerEnterpriseAdmin = false, store = null, forgotPasswordHref }: SignInFormProps) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const isCodeStep = useSelector(session, (snapshot) => snapshot.hasTag('codeStep'));
  const isCompanyStep = useSelector(session, (snapshot) => snapshot.hasTag('companyStep'));
  // A forgot-password flow left half-way keeps its own messages to itself.
  const inReset = useSelector(session, (snapshot) => snapshot.matches({ signedOut: 'forgotPassword' }));
  const fieldErrors = useSessionFieldErrors();
  const [location] = useLocation();
  const preloadHome = usePreloadHome();
  const typing = useRef(false);

  if (isCodeStep) return <CodeStep />;
  if (isCompanyStep) return <CompanyStep />;

  function startedTyping() {
    session.send({ type: 'signIn.edited' });
    if (typing.current) return;
    typing.current = true;
    preloadHome(likelyRoles(addressFields));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'session.login',
      loginUrl: location,
      store,
      request: {
        ...addressFields,
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(offerEnterpriseAdmin && { isEnterpriseAdmin: form.has('isEnterpriseAdmin') }),
      },
    });
  }

  return (
    <Form onSubmit={submit} validationErrors={inReset ? {} : fieldErrors} className={styles.form}>
      {!inReset && <SessionErrorAlert />}
      <TextField name="username" type="email" autoComplete="username" isRequired onChange={startedTyping} label={t('signIn.username')} />
      <TextField
        name="password"
        type="password"
        autoComplete="current-password"
        isRequired
        onChange={startedTyping}
        label={t('signIn.password')}
      />
      {offerEnterpriseAdmin && <Checkbox name="isEnterpriseAdmin">{t('signIn.enterpriseAdmin')}</Checkbox>}
      <Button type="submit" isPending={isBusy}>
        {t('signIn.signIn')}
      </Button>
      {forgotPasswordHref && (
        <div className={styles.links}>
          <Link href={forgotPasswordHref} className={styles.link}>
            {t('signIn.forgotPassword')}
          </Link>
        </div>
      )}
    </Form>
  );
}
