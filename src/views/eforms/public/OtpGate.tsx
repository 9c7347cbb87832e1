import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Dialog, FieldError, Form, Heading, Input, Label, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { isOtpValid } from '../../../machines/otp';
import type { otpMachine } from '../../../machines/otp';
import type { CallFailure } from '../../../machines/otp';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import * as dialogStyles from '../../ui/dialog.css';
import * as fieldStyles from '../../ui/field.css';
import { messageText } from './messageText';
import * as styles from './publicEform.css';
import { ScreenTitle } from './ScreenTitle';

/**
 * The authentication (OTP) screen of spec 2.6: 'Click to Get OTP', then a dialog that says where the code went
 * ('Re-sent' after Resend), the code field ('OTP code is Incorrect' under 6 characters; Submit disabled until the
 * trimmed entry is long enough) and the server's refusal, after which the field is empty again.
 */
export function OtpGate({ otp, notice }: { otp: ActorRefFrom<typeof otpMachine>; notice: CallFailure | null }) {
  const { t } = useTranslation();
  const requesting = useSelector(otp, (s) => s.matches('requesting'));
  const dialogOpen = useSelector(otp, (s) => s.hasTag('dialogOpen'));
  const error = useSelector(otp, (s) => (s.matches('idle') ? s.context.error : null));
  const shown = messageText(t, error ?? notice);

  return (
    <div className={styles.card}>
      <ScreenTitle>{t('eformPublic.codeTitle')}</ScreenTitle>
      <p className={styles.text}>{t('eformPublic.codeIntro')}</p>
      {shown && <Alert>{shown}</Alert>}
      <Button onPress={() => otp.send({ type: 'otp.request' })} isPending={requesting}>
        {t('eformPublic.getOtp')}
      </Button>
      <ModalOverlay
        isOpen={dialogOpen}
        isDismissable
        onOpenChange={(open) => !open && otp.send({ type: 'otp.close' })}
        className={dialogStyles.overlay}
      >
        <Modal className={dialogStyles.modal}>
          <Dialog className={dialogStyles.dialog}>
            <CodeDialogBody otp={otp} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}

function CodeDialogBody({ otp }: { otp: ActorRefFrom<typeof otpMachine> }) {
  const { t } = useTranslation();
  const vCode = useSelector(otp, (s) => s.context.vCode);
  const resent = useSelector(otp, (s) => s.context.resent);
  const error = useSelector(otp, (s) => s.context.error);
  const verifying = useSelector(otp, (s) => s.matches('verifying'));
  const resending = useSelector(otp, (s) => s.matches('resending'));
  const [touched, setTouched] = useState(false);

  const input = useRef<HTMLInputElement>(null);

  // A refused code empties the field: the next one is typed afresh, without the 'too short' message.
  useEffect(() => {
    if (vCode === '') setTouched(false);
  }, [vCode]);

  // When the dialog opens and after each call (a code re-sent, a code refused) the focus is in the field again.
  useEffect(() => {
    if (!verifying && !resending) input.current?.focus();
  }, [verifying, resending]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    otp.send({ type: 'otp.submit' });
  }

  const failure = messageText(t, error);
  return (
    <>
      <Heading slot="title" className={dialogStyles.heading}>
        {t('eformPublic.codeDialogTitle')}
      </Heading>
      <Form onSubmit={submit} className={styles.dialogForm} validationBehavior="aria">
        <p className={styles.notice} role="status">
          {resent ? t('eformPublic.resent') : t('eformPublic.codeSent')}
        </p>
        {failure && <Alert>{failure}</Alert>}
        <TextField
          className={fieldStyles.field}
          name="vCode"
          value={vCode}
          onChange={(value) => otp.send({ type: 'otp.codeChanged', value })}
          onBlur={() => setTouched(true)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          isRequired
          validate={(entry) => (touched && !isOtpValid(entry) ? t('eformPublic.otpIncorrect') : null)}
        >
          <Label className={fieldStyles.label}>{t('eformPublic.codeLabel')}</Label>
          <Input ref={input} className={fieldStyles.input} />
          <FieldError className={fieldStyles.error} />
        </TextField>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => otp.send({ type: 'otp.close' })} isDisabled={verifying}>
            {t('eformPublic.cancel')}
          </Button>
          <Button variant="secondary" onPress={() => otp.send({ type: 'otp.resend' })} isPending={resending} isDisabled={verifying}>
            {t('eformPublic.resend')}
          </Button>
          <Button type="submit" isDisabled={!isOtpValid(vCode) || resending} isPending={verifying}>
            {t('eformPublic.submit')}
          </Button>
        </div>
      </Form>
    </>
  );
}
