import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import type { ActorRefFrom } from 'xstate';
import type { ForgotPasswordLogic } from '../../machines/forgotPassword.machine';
import type { StoreAddress } from '../../machines/session.machine';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useSessionActor } from '../ui/session';
import { ErrorAlert, useErrorFields } from './ErrorAlert';
import { NewPasswordFields, newPasswordChecks } from './NewPasswordFields';
import { CodeForm } from './CodeStep';
import { SignInFrame } from './SignInFrame';
import { StoreChooser } from './StoreChooser';
import { StoreGate } from './StoreSignInPage';
import * as styles from './signIn.css';
import { Form as RequiredForm } from '../ui/Form';

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
  const store = storeFromSearch(usePageSearch());
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

type ForgotPasswordActor = ActorRefFrom<ForgotPasswordLogic>;

/** The forgot-password child of the session (systemId `forgotPassword`), while the flow runs. */
const useForgotPasswordActor = () => useSelector(useSessionActor(), (snapshot) => snapshot.context.forgotPassword);

/**
 * The email and store. The first request goes to the session (which loads the flow and spawns its child); after a
 * failure the child asks again. Only this flow's own failure shows here (not an earlier sign-in's).
 */
function RequestStep({ flow }: { flow: ForgotPasswordActor | null }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const lastStore = useSelector(session, (snapshot) => snapshot.context.lastStore);
  const isLoading = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const loadError = useSelector(session, (snapshot) => (snapshot.hasTag('flowFailed') ? snapshot.context.error : null));
  const isSending = useSelector(flow ?? undefined, (snapshot) => snapshot?.hasTag('busy') ?? false);
  const flowError = useSelector(flow ?? undefined, (snapshot) => snapshot?.context.error ?? null);
  const error = flow ? flowError : loadError;
  const isBusy = isLoading || isSending;
  const fieldErrors = useErrorFields(error);
  const [chosen, setChosen] = useState<StoreAddress | null>(storeFromSearch(usePageSearch()) ?? lastStore);
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
        <RequiredForm
          className={styles.form}
          aria-label={title}
          validationErrors={fieldErrors}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const request = { type: 'password.resetRequested', username: String(form.get('username') ?? ''), tenant: tenantID } as const;
            if (flow) flow.send(request);
            else session.send(request);
          }}
        >
          <p className={styles.intro}>{t('authFlows.forgotIntro')}</p>
          <ErrorAlert error={error} />
          <TextField
            name="username"
            type="email"
            autoComplete="username"
            isRequired
            onChange={() => flow?.send({ type: 'password.edited' })}
            label={t('signIn.username')}
          />
          <Button type="submit" isPending={isBusy}>
            {t('authFlows.sendCode')}
          </Button>
          <BackToSignIn />
        </RequiredForm>
      )}
    </StoreGate>
  );
}

function CodeStep({ flow }: { flow: ForgotPasswordActor }) {
  const { t } = useTranslation();
  return (
    <SignInFrame title={t('authFlows.forgotTitle')}>
      <CodeForm
        actor={flow}
        label={t('authFlows.forgotTitle')}
        sentText={t('authFlows.forgotCodeSent')}
        submitEvent={(vcode) => ({ type: 'password.codeSubmitted', vcode })}
        resendEvent={{ type: 'password.codeResent' }}
      >
        <BackToSignIn />
      </CodeForm>
    </SignInFrame>
  );
}

function PasswordStep({ flow }: { flow: ForgotPasswordActor }) {
  const { t, i18n } = useTranslation();
  const isBusy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(flow, (snapshot) => snapshot.context.error);
  const fieldErrors = useErrorFields(error);
  return (
    <SignInFrame title={t('authFlows.forgotTitle')}>
      <RequiredForm
        className={styles.form}
        aria-label={t('authFlows.forgotTitle')}
        validationErrors={fieldErrors}
        check={(form) => newPasswordChecks(form, i18n)}
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          flow.send({ type: 'password.newPasswordSubmitted', password: String(new FormData(event.currentTarget).get('password')) });
        }}
      >
        <p className={styles.intro}>{t('authFlows.choosePassword')}</p>
        <ErrorAlert error={error} />
        <NewPasswordFields onEdit={() => flow.send({ type: 'password.edited' })} />
        <Button type="submit" isPending={isBusy}>
          {t('authFlows.setPassword')}
        </Button>
        <BackToSignIn />
      </RequiredForm>
    </SignInFrame>
  );
}

/** /ForgotPassword: email and store -> the emailed code -> a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const done = useSelector(useSessionActor(), (snapshot) => snapshot.hasTag('resetDone'));
  const flow = useForgotPasswordActor();
  const step = useSelector(flow ?? undefined, (snapshot) =>
    snapshot?.hasTag('resetPassword') ? 'password' : snapshot?.hasTag('resetCode') ? 'code' : 'request',
  );
  if (flow && step === 'code') return <CodeStep flow={flow} />;
  if (flow && step === 'password') return <PasswordStep flow={flow} />;
  if (done) {
    return (
      <SignInFrame title={t('authFlows.forgotTitle')}>
        <p className={styles.notice} role="status">
          {t('authFlows.passwordChanged')}
        </p>
        <BackToSignIn />
      </SignInFrame>
    );
  }
  return <RequestStep flow={flow} />;
}
