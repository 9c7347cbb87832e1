import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { usePageTexts } from '../../../i18n/pageTexts';
import type { ActorRefFrom } from 'xstate';
import { isOtpValid } from '../../../machines/otp.machine';
import type { otpMachine } from '../../../machines/otp.machine';
import type { CallFailure } from '../../../machines/otp.machine';
import { Alert } from '../../ui/Alert';
import { ErrorSummary } from '../../ui/ErrorSummary';
import * as fieldStyles from '../eformSections.css';
import { PageButton } from '../../shared/publicPage/controls';
import { messageText } from './messageText';
import * as styles from '../../shared/publicPage/publicPage.css';
import { ScreenTitle } from '../../shared/publicPage/ScreenTitle';

/**
 * The authentication (OTP) screen of spec 2.6: 'Click to Get OTP', then a dialog that says where the code went
 * ('Re-sent' after Resend), the code field ('OTP code is Incorrect' under 6 characters; Submit disabled until the
 * trimmed entry is long enough) and the server's refusal, after which the field is empty again.
 *
 * The dialog is the browser's modal <dialog> (showModal: the rest of the page is inert, the focus stays inside,
 * Escape closes it), named by its heading. Escape, Cancel and a click on the backdrop all ask the machine to close.
 */
export function OtpGate({ otp, notice }: { otp: ActorRefFrom<typeof otpMachine>; notice: CallFailure | null }) {
  const { t } = usePageTexts();
  const requesting = useSelector(otp, (s) => s.matches('requesting'));
  const dialogOpen = useSelector(otp, (s) => s.hasTag('dialogOpen'));
  const error = useSelector(otp, (s) => (s.matches('idle') ? s.context.error : null));
  const shown = messageText(t, error ?? notice);

  return (
    <div className={styles.card}>
      <ScreenTitle>{t('eformPublic.codeTitle')}</ScreenTitle>
      <p className={styles.text}>{t('eformPublic.codeIntro')}</p>
      {shown && <Alert>{shown}</Alert>}
      <PageButton onPress={() => otp.send({ type: 'otp.request' })} pending={requesting}>
        {t('eformPublic.getOtp')}
      </PageButton>
      {dialogOpen && <CodeDialog otp={otp} />}
    </div>
  );
}

/** Mounted while the machine has the dialog open: shown as a modal on mount, closed (focus returns) on unmount. */
function CodeDialog({ otp }: { otp: ActorRefFrom<typeof otpMachine> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Before the body's effects run, so the field it focuses is already in the shown dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A browser without showModal (jsdom in the unit tests) shows it non-modally.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.codeDialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the machine closes the dialog (this component unmounts), so the page and the machine agree.
        event.preventDefault();
        otp.send({ type: 'otp.close' });
      }}
      onClick={(event) => {
        // The dialog has no padding of its own: a click on it, not on its body, is a click on the backdrop.
        if (event.target === event.currentTarget) otp.send({ type: 'otp.close' });
      }}
    >
      <div className={styles.codeDialogBody}>
        <CodeDialogBody otp={otp} titleId={titleId} />
      </div>
    </dialog>
  );
}

function CodeDialogBody({ otp, titleId }: { otp: ActorRefFrom<typeof otpMachine>; titleId: string }) {
  const { t } = usePageTexts();
  const vCode = useSelector(otp, (s) => s.context.vCode);
  const resent = useSelector(otp, (s) => s.context.resent);
  const error = useSelector(otp, (s) => s.context.error);
  const verifying = useSelector(otp, (s) => s.matches('verifying'));
  const resending = useSelector(otp, (s) => s.matches('resending'));
  // The machine's guard `entryIsValid` decides whether Submit is enabled (not while a code is re-sent).
  const canSubmit = useSelector(otp, (s) => s.can({ type: 'otp.submit' }));
  const [touched, setTouched] = useState(false);

  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();

  // A refused code empties the field: the next one is typed afresh, without the 'too short' message.
  useEffect(() => {
    if (vCode === '') setTouched(false);
  }, [vCode]);

  // When the dialog opens and after a code is re-sent the focus is in the field; a refusal's summary takes it instead,
  // as every form's does.
  useEffect(() => {
    if (!verifying && !resending && !error) input.current?.focus();
  }, [verifying, resending, error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    otp.send({ type: 'otp.submit' });
  }

  const failure = messageText(t, error);
  // The field's message follows the same rule as the guard.
  const tooShort = touched && !isOtpValid(vCode);
  return (
    <>
      <h2 id={titleId} className={styles.dialogHeading}>
        {t('eformPublic.codeDialogTitle')}
      </h2>
      <form onSubmit={submit} className={styles.dialogForm} noValidate>
        <p className={styles.notice} role="status">
          {resent ? t('eformPublic.resent') : t('eformPublic.codeSent')}
        </p>
        {failure && <ErrorSummary title={failure} fields={[]} refusal={error} />}
        <div className={fieldStyles.field}>
          <label htmlFor={fieldId} className={fieldStyles.groupLabel}>
            {t('eformPublic.codeLabel')}
          </label>
          <input
            ref={input}
            id={fieldId}
            className={fieldStyles.input}
            name="vCode"
            value={vCode}
            onChange={(event) => otp.send({ type: 'otp.codeChanged', value: event.currentTarget.value })}
            onBlur={() => setTouched(true)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            aria-required="true"
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? errorId : undefined}
          />
          {tooShort && (
            <div id={errorId} className={styles.fieldError}>
              {t('eformPublic.otpIncorrect')}
            </div>
          )}
        </div>
        <div className={styles.dialogActions}>
          <PageButton variant="secondary" onPress={() => otp.send({ type: 'otp.close' })} disabled={verifying}>
            {t('eformPublic.cancel')}
          </PageButton>
          <PageButton variant="secondary" onPress={() => otp.send({ type: 'otp.resend' })} pending={resending} disabled={verifying}>
            {t('eformPublic.resend')}
          </PageButton>
          {/* While the code is checked the button shows its progress rather than going grey. */}
          <PageButton type="submit" disabled={!canSubmit && !verifying} pending={verifying}>
            {t('eformPublic.submit')}
          </PageButton>
        </div>
      </form>
    </>
  );
}
