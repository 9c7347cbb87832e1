import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { CodeField, isCodeValid } from './CodeField';
import { SessionErrorAlert, useFieldErrors } from './ErrorAlert';
import { NewPasswordFields, passwordsDiffer } from './NewPasswordFields';
import { SignInFrame } from './SignInFrame';
import * as styles from './signIn.css';

/**
 * Where a user signed in with a temporary password lands (role newuser): 'Click to Get OTP' emails a code; the
 * code and a new password then open the full session.
 */
export function NewUserPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isNewUser = useSelector(session, (snapshot) => snapshot.hasTag('newUser'));
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const codeSent = useSelector(session, (snapshot) => snapshot.hasTag('codeSent'));
  const resent = useSelector(session, (snapshot) => snapshot.context.codeResent);
  const sentTo = useSelector(session, (snapshot) => snapshot.context.codeSentTo);
  const name = useSelector(session, (snapshot) => snapshot.context.session?.user.data.displayName ?? '');
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const fieldErrors = useFieldErrors();
  const [code, setCode] = useState('');
  const [mismatch, setMismatch] = useState(false);

  useEffect(() => {
    if (error?.fields?.vcode) setCode('');
  }, [error]);

  if (!isNewUser) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const differ = passwordsDiffer(form);
    setMismatch(differ);
    if (differ || !isCodeValid(code)) return;
    session.send({ type: 'newUser.passwordSubmitted', vcode: code.trim(), password: String(form.get('password')) });
  }

  const cancel = (
    <Button variant="secondary" onPress={() => session.send({ type: 'newUser.cancel' })} isDisabled={isBusy}>
      {t('authFlows.backToSignIn')}
    </Button>
  );

  return (
    <SignInFrame title={t('authFlows.newUserTitle')}>
      <p className={styles.intro}>{t('authFlows.newUserIntro', { name })}</p>
      {!codeSent ? (
        <>
          <SessionErrorAlert />
          <Button onPress={() => session.send({ type: 'newUser.codeRequested' })} isPending={isBusy}>
            {t('authFlows.getCode')}
          </Button>
          {cancel}
        </>
      ) : (
        <Form onSubmit={submit} validationErrors={fieldErrors} className={styles.form} aria-label={t('authFlows.newUserTitle')}>
          <SessionErrorAlert />
          <p className={styles.notice} role="status">
            {resent ? t('auth.codeResent') : t('auth.codeSent')}
            {sentTo ? ` ${t('authFlows.sentTo', { email: sentTo })}` : ''}
          </p>
          <CodeField value={code} onChange={setCode} autoFocus />
          <NewPasswordFields />
          {mismatch && <Alert>{t('authFlows.passwordsDiffer')}</Alert>}
          <Button type="submit" isPending={isBusy} isDisabled={!isCodeValid(code)}>
            {t('authFlows.setPassword')}
          </Button>
          <div className={styles.actions}>
            {cancel}
            <Button variant="secondary" onPress={() => session.send({ type: 'newUser.codeRequested' })} isDisabled={isBusy}>
              {t('auth.resend')}
            </Button>
          </div>
        </Form>
      )}
    </SignInFrame>
  );
}
