import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { emailPosReceipt } from '../../api/pos';
import { receiptEmailMessages } from '../../contract/invoiceLookup';
import { translateError } from '../../i18n/apiErrors';
import { Field } from '../invoices/Field';
import { Button } from '../ui/Button';
import { useOneAtATime } from '../ui/useOneAtATime';
import * as styles from './pos.css';

/**
 * Emailing a receipt (the sale's outcome, the history tab and the invoice screen, each with its own `send`). A patient's sale sends to their
 * email on file in one click, or to another address the clerk types; a walk-in's sale asks for the address at once.
 * When the patient turns out to have no email the address field opens. Email needs the connection.
 */
export function ReceiptEmail({
  invoiceId,
  patientId,
  online = true,
  send: sendTo = (to) => emailPosReceipt(invoiceId, to),
}: {
  invoiceId: string;
  patientId: string | null;
  online?: boolean;
  send?: (to?: string) => Promise<{ recipient: string }>;
}) {
  const { t, i18n } = useTranslation();
  const once = useOneAtATime();
  const [typing, setTyping] = useState(patientId === null);
  const [address, setAddress] = useState('');
  const [missing, setMissing] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const email = useMutation({
    mutationFn: (to?: string) => sendTo(to),
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
  const failure = email.isError && serverField === undefined ? translateError(i18n, email.error) : null;

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
    if (to !== '') send(to);
  };

  return (
    <div className={styles.receiptEmail}>
      {patientId && (
        <div className={styles.actions}>
          <Button variant="secondary" isDisabled={!online} isPending={email.isPending && email.variables === undefined} onPress={() => send()}>
            {t('invoiceScreen.email')}
          </Button>
          {!typing && (
            <Button variant="secondary" isDisabled={!online} onPress={openField}>
              {t('posSale.receiptEmail.another')}
            </Button>
          )}
        </div>
      )}
      {typing && (
        <form ref={form} className={styles.receiptEmailForm} onSubmit={submit} noValidate>
          <Field
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
          <Button type="submit" variant="secondary" isDisabled={!online} isPending={email.isPending && email.variables !== undefined}>
            {t('posSale.receiptEmail.send')}
          </Button>
        </form>
      )}
      <span role="status" className={styles.muted}>
        {email.isSuccess && t('invoiceScreen.emailed', { recipient: email.data.recipient })}
        {!online && t('apiErrors.pos.needsConnection', { what: t('posSale.needs.email') })}
      </span>
      {failure && (
        <span role="alert" className={styles.error}>
          {failure}
        </span>
      )}
    </div>
  );
}
