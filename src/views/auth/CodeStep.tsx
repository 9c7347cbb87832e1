import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef, EventObject } from 'xstate';
import type { ErrorResponse } from '../../contract/common';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { CodeField } from './CodeField';
import { ErrorAlert } from './ErrorAlert';
import * as styles from './signIn.css';

/** What the code form reads of the machine that asks for the code (the session, or the forgot-password child). */
interface CodeAskingSnapshot {
  hasTag(tag: 'busy'): boolean;
  can(event: EventObject): boolean;
  context: { error: ErrorResponse | null; codeResent: boolean };
}

/**
 * Asks for an emailed code: what was sent (or 'Re-sent'), the code field, Submit, Resend and the step's own
 * extra actions. Submit is enabled when the machine would take the code (its guard `codeComplete`). A refused code
 * is cleared so the next one is typed afresh.
 */
export function CodeForm(props: {
  actor: AnyActorRef;
  label: string;
  sentText: string;
  submitEvent: (vcode: string) => EventObject;
  resendEvent: EventObject;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { actor, submitEvent } = props;
  const [code, setCode] = useState('');
  const isBusy = useSelector(actor, (snapshot: CodeAskingSnapshot) => snapshot.hasTag('busy'));
  const resent = useSelector(actor, (snapshot: CodeAskingSnapshot) => snapshot.context.codeResent);
  const error = useSelector(actor, (snapshot: CodeAskingSnapshot) => snapshot.context.error);
  const canSubmit = useSelector(actor, (snapshot: CodeAskingSnapshot) => snapshot.can(submitEvent(code.trim())));

  useEffect(() => {
    if (error) setCode('');
  }, [error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) actor.send(submitEvent(code.trim()));
  }

  return (
    <Form onSubmit={submit} className={styles.form} aria-label={props.label}>
      <ErrorAlert error={error} />
      <p className={styles.notice} role="status">
        {resent ? t('auth.codeResent') : props.sentText}
      </p>
      <CodeField value={code} onChange={setCode} autoFocus />
      {/* While the code is checked the button shows its progress (and takes no press) rather than going grey. */}
      <Button type="submit" isPending={isBusy} isDisabled={!isBusy && !canSubmit} disabledReason={t('auth.codeTitle')}>
        {t('auth.submit')}
      </Button>
      <div className={styles.actions}>
        {props.actions}
        <Button variant="secondary" onPress={() => actor.send(props.resendEvent)} isDisabled={isBusy}>
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
      actor={session}
      label={t('auth.codeTitle')}
      sentText={t('auth.codeSent')}
      submitEvent={(vcode) => ({ type: 'signIn.codeSubmitted', vcode })}
      resendEvent={{ type: 'signIn.codeResent' }}
      actions={
        <Button variant="secondary" onPress={() => session.send({ type: 'signIn.codeCancelled' })} isDisabled={isBusy}>
          {t('auth.back')}
        </Button>
      }
    />
  );
}
