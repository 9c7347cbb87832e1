import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useEmailReceipt } from '../../../api/pos';
import { receiptEmailMessages } from '../../../contract/invoiceLookup';
import { translateError } from '../../../i18n/apiErrors';
import { Field } from '../Field';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { useOneAtATime } from '../../ui/useOneAtATime';
import * as styles from './saleForms.css';

/**
 * Emailing a receipt (the sale's outcome and the history tab through the register, the invoice screen `via` its own). A patient's sale sends to their
 * email on file in one click, or to another address the clerk types; a walk-in's sale asks for the address at once.
 * When the patient turns out to have no email the address field opens. Email needs the connection.
 */
export function ReceiptEmail({
  invoiceId,
  patientId,
  online = true,
  via = 'register',
}: {
  invoiceId: string;
  patientId: string | null;
  online?: boolean;
  via?: 'register' | 'invoice';
}) {
  const { t, i18n } = useTranslation();
  const once = useOneAtATime();
  const offlineId = useId();
  const [typing, setTyping] = useState(patientId === null);
  const [address, setAddress] = useState('');
  const [missing, setMissing] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const email = useEmailReceipt(invoiceId, via, {
    onError: (error) => {
      if (error instanceof ApiError && error.body?.code === 'sales.noEmailAddress') openField();
    },
  });
  const body = email.error instanceof ApiError ? email.error.body : null;
  const serverField = body?.fields?.email;
  const fieldError = missing
    ? t('posSale.receiptEmail.required')
    : serverField === undefined
      ? undefined
      : serverField === receiptEmailMessages.email
        ? t('posSale.receiptEmail.invalid')
        : serverField;
  // A refusal of the typed address is the form's (its summary); one of the one-click send is said beside the buttons.
  const typed = email.variables !== undefined;
  const failure = email.isError && !typed ? translateError(i18n, email.error) : null;
  const { summary, refuse, accept } = useErrorSummary({
    error: typed ? email.error : null,
    fields: { email: fieldError },
    labels: { email: t('posSale.receiptEmail.address') },
  });

  function openField() {
    setTyping(true);
    // After the field is drawn: the clerk types straight away.
    requestAnimationFrame(() => form.current?.querySelector('input')?.focus());
  }
  const send = (to?: string) => once((done) => email.mutate(to, { onSettled: done }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = address.trim();
    setMissing(to === '');
    if (to === '') return refuse();
    accept();
    send(to);
  };

  return (
    <div className={styles.receiptEmail}>
      {patientId && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            isDisabled={!online}
            aria-describedby={online ? undefined : offlineId}
            isPending={email.isPending && email.variables === undefined}
            onPress={() => send()}
          >
            {t('invoiceScreen.email')}
          </Button>
          {!typing && (
            <Button variant="secondary" isDisabled={!online} aria-describedby={online ? undefined : offlineId} onPress={openField}>
              {t('posSale.receiptEmail.another')}
            </Button>
          )}
        </div>
      )}
      {typing && (
        <form ref={form} className={styles.receiptEmailForm} onSubmit={submit} noValidate>
          {summary && <ErrorSummary {...summary} />}
          <Field
            name="email"
            label={t('posSale.receiptEmail.address')}
            type="email"
            ltr
            maxLength={254}
            value={address}
            onChange={(value) => {
              setAddress(value);
              setMissing(false);
            }}
            error={fieldError}
          />
          <Button
            type="submit"
            variant="secondary"
            isDisabled={!online}
            aria-describedby={online ? undefined : offlineId}
            isPending={email.isPending && email.variables !== undefined}
          >
            {t('posSale.receiptEmail.send')}
          </Button>
        </form>
      )}
      <span role="status" className={styles.muted}>
        {email.isSuccess && t('invoiceScreen.emailed', { recipient: email.data.recipient })}
        {/* Email needs the connection: the buttons stay disabled and this says why. */}
        {!online && <span id={offlineId}>{t('apiErrors.pos.needsConnection', { what: t('posSale.needs.email') })}</span>}
      </span>
      {failure && (
        <span role="alert" className={styles.error}>
          {failure}
        </span>
      )}
    </div>
  );
}
