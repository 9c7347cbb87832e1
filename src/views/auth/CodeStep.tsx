import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { CodeField, isCodeValid } from './CodeField';
import { SessionErrorAlert } from './ErrorAlert';
import * as styles from './signIn.css';

/** The auth-code step of sign-in: the account needs the code that was just emailed. */
export function CodeStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const resent = useSelector(session, (snapshot) => snapshot.context.codeResent);
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const [code, setCode] = useState('');

  // A refused code is cleared so the next one is typed afresh.
  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCodeValid(code)) session.send({ type: 'signIn.codeSubmitted', vcode: code.trim() });
  }

  return (
    <Form onSubmit={submit} className={styles.form} aria-label={t('auth.codeTitle')}>
      <SessionErrorAlert />
      <p className={styles.notice} role="status">
        {resent ? t('auth.codeResent') : t('auth.codeSent')}
      </p>
      <CodeField value={code} onChange={setCode} autoFocus />
      <Button type="submit" isPending={isBusy} isDisabled={!isCodeValid(code)}>
        {t('auth.submit')}
      </Button>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => session.send({ type: 'signIn.codeCancelled' })} isDisabled={isBusy}>
          {t('auth.back')}
        </Button>
        <Button variant="secondary" onPress={() => session.send({ type: 'signIn.codeResent' })} isDisabled={isBusy}>
          {t('auth.resend')}
        </Button>
      </div>
    </Form>
  );
}
