import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { CodeField, isCodeValid } from './CodeField';
import { SessionErrorAlert } from './ErrorAlert';
import * as styles from './signIn.css';

/**
 * Asks for an emailed code: what was sent (or 'Re-sent'), the code field, Submit, Resend and the step's own
 * extra actions. A refused code is cleared so the next one is typed afresh.
 */
export function CodeForm(props: {
  label: string;
  sentText: string;
  onSubmit: (vcode: string) => void;
  onResend: () => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const resent = useSelector(session, (snapshot) => snapshot.context.codeResent);
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const [code, setCode] = useState('');

  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isCodeValid(code)) props.onSubmit(code.trim());
  }

  return (
    <Form onSubmit={submit} className={styles.form} aria-label={props.label}>
      <SessionErrorAlert />
      <p className={styles.notice} role="status">
        {resent ? t('auth.codeResent') : props.sentText}
      </p>
      <CodeField value={code} onChange={setCode} autoFocus />
      <Button type="submit" isPending={isBusy} isDisabled={!isCodeValid(code)}>
        {t('auth.submit')}
      </Button>
      <div className={styles.actions}>
        {props.actions}
        <Button variant="secondary" onPress={props.onResend} isDisabled={isBusy}>
          {t('auth.resend')}
        </Button>
      </div>
      {props.children}
    </Form>
  );
}

/** The auth-code step of sign-in: the account needs the code that was just emailed. */
export function CodeStep() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  return (
    <CodeForm
      label={t('auth.codeTitle')}
      sentText={t('auth.codeSent')}
      onSubmit={(vcode) => session.send({ type: 'signIn.codeSubmitted', vcode })}
      onResend={() => session.send({ type: 'signIn.codeResent' })}
      actions={
        <Button variant="secondary" onPress={() => session.send({ type: 'signIn.codeCancelled' })} isDisabled={isBusy}>
          {t('auth.back')}
        </Button>
      }
    />
  );
}
