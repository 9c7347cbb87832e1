import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { NewUserLogic } from '../../machines/newUser.machine';
import { Button } from '../ui/Button';
import { Form } from '../ui/Form';
import { Isolated } from '../ui/Isolated';
import { useSessionActor } from '../ui/session';
import { CodeField } from './CodeField';
import { ErrorAlert, useErrorFields } from './ErrorAlert';
import { NewPasswordFields, newPasswordChecks } from './NewPasswordFields';
import { SignInFrame } from './SignInFrame';
import * as styles from './signIn.css';

/**
 * Where a user signed in with a temporary password lands (role newuser): 'Click to Get OTP' emails a code; the
 * code and a new password then open the full session. The steps are the session's child `newUser`
 * (src/machines/newUser.machine.ts); until its code has loaded the page shows its title and a waiting button.
 */
export function NewUserPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isNewUser = useSelector(session, (snapshot) => snapshot.hasTag('newUser'));
  const name = useSelector(session, (snapshot) => snapshot.context.session?.user.data.displayName ?? '');
  const flow = useSelector(session, (snapshot) => snapshot.context.newUser);

  if (!isNewUser) return null;
  return (
    <SignInFrame title={t('authFlows.newUserTitle')}>
      <p className={styles.intro}>{t('authFlows.newUserIntro', { name })}</p>
      {flow ? (
        <NewUserSteps flow={flow} />
      ) : (
        <Button isPending>{t('authFlows.getCode')}</Button>
      )}
    </SignInFrame>
  );
}

function NewUserSteps({ flow }: { flow: ActorRefFrom<NewUserLogic> }) {
  const { t, i18n } = useTranslation();
  const isBusy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const codeSent = useSelector(flow, (snapshot) => snapshot.hasTag('codeSent'));
  const resent = useSelector(flow, (snapshot) => snapshot.context.codeResent);
  const sentTo = useSelector(flow, (snapshot) => snapshot.context.codeSentTo);
  const error = useSelector(flow, (snapshot) => snapshot.context.error);
  const fieldErrors = useErrorFields(error);
  const [code, setCode] = useState('');
  // The machine's guard `codeComplete` decides whether the code may be sent (the password is the form's to check).
  const canSubmit = useSelector(flow, (snapshot) =>
    snapshot.can({ type: 'newUser.passwordSubmitted', vcode: code.trim(), password: '' }),
  );

  useEffect(() => {
    if (error?.fields?.vcode) setCode('');
  }, [error]);

  const edited = () => flow.send({ type: 'newUser.edited' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const form = new FormData(event.currentTarget);
    flow.send({ type: 'newUser.passwordSubmitted', vcode: code.trim(), password: String(form.get('password')) });
  }

  const cancel = (
    <Button variant="secondary" onPress={() => flow.send({ type: 'newUser.cancel' })} isDisabled={isBusy}>
      {t('authFlows.backToSignIn')}
    </Button>
  );

  return !codeSent ? (
    <>
      <ErrorAlert error={error} />
      <Button onPress={() => flow.send({ type: 'newUser.codeRequested' })} isPending={isBusy}>
        {t('authFlows.getCode')}
      </Button>
      {cancel}
    </>
  ) : (
    <Form
      onSubmit={submit}
      check={(form) => newPasswordChecks(form, i18n)}
      validationErrors={fieldErrors}
      className={styles.form}
      aria-label={t('authFlows.newUserTitle')}
    >
      <ErrorAlert error={error} />
      <p className={styles.notice} role="status">
        {resent ? t('auth.codeResent') : t('auth.codeSent')}
        {sentTo && (
          <>
            {' '}
            <Isolated values={{ email: sentTo }}>{(v) => t('authFlows.sentTo', v)}</Isolated>
          </>
        )}
      </p>
      <CodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          edited();
        }}
        autoFocus
      />
      <NewPasswordFields onEdit={edited} />
      {/* While a call runs the button shows its progress (and takes no press) rather than going grey. */}
      <Button type="submit" isPending={isBusy} isDisabled={!isBusy && !canSubmit} disabledReason={t('auth.codeTitle')}>
        {t('authFlows.setPassword')}
      </Button>
      <div className={styles.actions}>
        {cancel}
        <Button variant="secondary" onPress={() => flow.send({ type: 'newUser.codeRequested' })} isDisabled={isBusy}>
          {t('auth.resend')}
        </Button>
      </div>
    </Form>
  );
}
