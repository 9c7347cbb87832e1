import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Form, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { StoreAddress } from '../../machines/session.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useSessionActor } from '../ui/session';
import { SessionErrorAlert, useFieldErrors } from './ErrorAlert';
import { NewPasswordFields, passwordsDiffer } from './NewPasswordFields';
import { CodeForm } from './CodeStep';
import { SignInFrame } from './SignInFrame';
import { StoreChooser } from './StoreChooser';
import { StoreGate } from './StoreSignInPage';
import * as styles from './signIn.css';

/** `?store=company/store` (from a store's sign-in page), else the store last signed in at, else a chooser. */
function storeFromSearch(search: string): StoreAddress | null {
  const [company, store, ...rest] = (new URLSearchParams(search).get('store') ?? '').split('/');
  return company && store && !rest.length ? { company, store } : null;
}

/** Leaves the flow: the machine forgets it; the link goes back to where the reader signed in, or the store's page. */
function BackToSignIn() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const loginUrl = useSelector(session, (snapshot) => snapshot.context.loginUrl);
  const store = storeFromSearch(useSearch());
  const back = loginUrl ?? (store ? `/${encodeURIComponent(store.company)}/${encodeURIComponent(store.store)}` : '/login');
  return (
    <div className={styles.links}>
      <Link
        href={back}
        className={styles.link}
        onPress={() => session.send({ type: 'password.resetCancelled' })}
      >
        {t('authFlows.backToSignIn')}
      </Link>
    </div>
  );
}

function RequestStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const lastStore = useSelector(session, (snapshot) => snapshot.context.lastStore);
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const inReset = useSelector(session, (snapshot) => snapshot.hasTag('resetRequest'));
  const fieldErrors = useFieldErrors();
  const [chosen, setChosen] = useState<StoreAddress | null>(storeFromSearch(useSearch()) ?? lastStore);
  const title = t('authFlows.forgotTitle');

  if (!chosen) {
    return (
      <SignInFrame title={title}>
        <StoreChooser onChoose={setChosen} />
        <BackToSignIn />
      </SignInFrame>
    );
  }

  return (
    <StoreGate key={`${chosen.company}/${chosen.store}`} address={chosen} title={title} onChangeStore={() => setChosen(null)}>
      {({ tenantID }) => (
        <Form
          className={styles.form}
          aria-label={title}
          validationErrors={inReset ? fieldErrors : {}}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            session.send({ type: 'password.resetRequested', username: String(form.get('username') ?? ''), tenant: tenantID });
          }}
        >
          <p className={styles.intro}>{t('authFlows.forgotIntro')}</p>
          {inReset && <SessionErrorAlert />}
          <TextField name="username" type="email" autoComplete="username" isRequired label={t('signIn.username')} />
          <Button type="submit" isPending={isBusy}>
            {t('authFlows.sendCode')}
          </Button>
          <BackToSignIn />
        </Form>
      )}
    </StoreGate>
  );
}

function CodeStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  return (
    <SignInFrame title={t('authFlows.forgotTitle')}>
      <CodeForm
        label={t('authFlows.forgotTitle')}
        sentText={t('authFlows.forgotCodeSent')}
        onSubmit={(vcode) => session.send({ type: 'password.codeSubmitted', vcode })}
        onResend={() => session.send({ type: 'password.codeResent' })}
      >
        <BackToSignIn />
      </CodeForm>
    </SignInFrame>
  );
}

function PasswordStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useFieldErrors();
  const [mismatch, setMismatch] = useState(false);
  return (
    <SignInFrame title={t('authFlows.forgotTitle')}>
      <Form
        className={styles.form}
        aria-label={t('authFlows.forgotTitle')}
        validationErrors={fieldErrors}
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const differ = passwordsDiffer(form);
          setMismatch(differ);
          if (!differ) session.send({ type: 'password.newPasswordSubmitted', password: String(form.get('password')) });
        }}
      >
        <p className={styles.intro}>{t('authFlows.choosePassword')}</p>
        <SessionErrorAlert />
        <NewPasswordFields />
        {mismatch && <Alert>{t('authFlows.passwordsDiffer')}</Alert>}
        <Button type="submit" isPending={isBusy}>
          {t('authFlows.setPassword')}
        </Button>
        <BackToSignIn />
      </Form>
    </SignInFrame>
  );
}

/** /ForgotPassword: email and store -> the emailed code -> a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const step = useSelector(session, (snapshot) =>
    snapshot.hasTag('resetDone')
      ? 'done'
      : snapshot.hasTag('resetPassword')
        ? 'password'
        : snapshot.hasTag('resetCode')
          ? 'code'
          : 'request',
  );
  if (step === 'code') return <CodeStep />;
  if (step === 'password') return <PasswordStep />;
  if (step === 'done') {
    return (
      <SignInFrame title={t('authFlows.forgotTitle')}>
        <p className={styles.notice} role="status">
          {t('authFlows.passwordChanged')}
        </p>
        <BackToSignIn />
      </SignInFrame>
    );
  }
  return <RequestStep />;
}
