import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { posQueries } from '../../../api/pos';
import { paymentMethods } from '../../../contract/sales';
import type { PaymentMethod } from '../../../contract/records';
import type { PaymentMethodBlocker, SaleCustomer, SalePayment } from '../../../machines/posSale.machine';
import { useFormats } from '../../shared/format';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { amountText, parseAmount } from '../../shared/money';
import { quickCash } from '../../../contract/money';
import * as styles from './sale.css';

const needsOf: Partial<Record<PaymentMethod, string>> = { insurance: 'posSale.needs.insurance', 'store-credit': 'posSale.needs.storeCredit' };

/**
 * Taking the money (F4): payments split over cash (the change shown), card (its reference), cheque, insurance (plan
 * and authorisation) and store credit (the balance read); a deposit when the sale allows one. Escape closes it and
 * drops what was entered. Without a connection only the methods recorded by hand are offered; the others say why.
 */
export function PayDialog(props: {
  isOpen: boolean;
  total: number;
  payments: SalePayment[];
  currency: string;
  online: boolean;
  customer: SaleCustomer | null;
  /** Why a method cannot be taken now (the machine's paymentMethodBlockers); none: it can. */
  methodBlockers: (method: PaymentMethod) => readonly PaymentMethodBlocker[];
  tenantId: string;
  deposit: boolean;
  depositAllowed: boolean;
  canComplete: boolean;
  busy: boolean;
  onAdd: (payment: SalePayment) => boolean;
  onRemove: (index: number) => void;
  onDeposit: (deposit: boolean) => void;
  onComplete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const money = (minor: number) => formats.money(minor, props.currency);
  const paid = props.payments.reduce((sum, p) => sum + p.amount, 0);
  const balance = props.total - paid;
  const change = props.payments.reduce((sum, p) => sum + (p.tendered !== undefined ? p.tendered - p.amount : 0), 0);
  const actions = useRef<HTMLDivElement>(null);
  const nextAmount = useRef<HTMLInputElement>(null);
  const added = useRef(false);
  // After a payment is added the focus goes where the clerk's next Enter belongs: Complete sale once the sale can be
  // completed, else the next payment's amount (never the Remove button that took the place of the form's field).
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    if (props.canComplete) actions.current?.querySelector('button')?.focus();
    else nextAmount.current?.focus();
  }, [props.payments.length, props.canComplete]);
  const add = (payment: SalePayment) => {
    added.current = props.onAdd(payment);
    return added.current;
  };
  return (
    <ModalOverlay isOpen={props.isOpen} isDismissable={!props.busy} onOpenChange={(open) => !open && !props.busy && props.onCancel()} className={styles.overlay}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog}>
          <Heading slot="title" className={styles.heading}>
            {t('posSale.pay.title', { total: money(props.total) })}
          </Heading>
          <dl className={styles.totals}>
            <dt>{t('posSale.pay.paid')}</dt>
            <dd>{money(paid)}</dd>
            <dt className={styles.grand}>{t('posSale.pay.balance')}</dt>
            <dd className={styles.grand}>{money(balance)}</dd>
            {change > 0 && (
              <>
                <dt className={styles.grand}>{t('posSale.pay.change')}</dt>
                <dd className={styles.grand}>{money(change)}</dd>
              </>
            )}
          </dl>
          {props.payments.length > 0 && (
            <ul className={styles.payments} aria-label={t('posSale.pay.taken')}>
              {props.payments.map((payment, index) => (
                <li key={index} className={styles.payment}>
                  <span>
                    {t(`records.invoices.methods.${payment.method}`)} {money(payment.amount)}
                    {payment.tendered !== undefined && ` · ${t('posSale.pay.tenderedWas', { amount: money(payment.tendered) })}`}
                    {payment.reference && ` · ${payment.reference}`}
                  </span>
                  <Button variant="secondary" isDisabled={props.busy} onPress={() => props.onRemove(index)} aria-label={t('posSale.pay.removeOne', { method: t(`records.invoices.methods.${payment.method}`), amount: money(payment.amount) })}>
                    {t('posSale.lines.removeShort')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {balance > 0 && <PaymentForm key={`${props.payments.length}-${balance}`} {...props} onAdd={add} amountRef={nextAmount} balance={balance} />}
          {props.depositAllowed && balance > 0 && (
            <label className={styles.check}>
              <input type="checkbox" checked={props.deposit} onChange={(event) => props.onDeposit(event.target.checked)} />
              {t('posSale.pay.deposit', { balance: money(balance) })}
            </label>
          )}
          <div className={styles.actions} ref={actions}>
            <Button isDisabled={!props.canComplete} isPending={props.busy} onPress={props.onComplete}>
              {props.deposit && balance > 0 ? t('posSale.pay.completeDeposit') : t('posSale.pay.complete')}
            </Button>
            <Button variant="secondary" isDisabled={props.busy} onPress={props.onCancel}>
              {t('posSale.pay.cancel')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PaymentForm({
  balance,
  currency,
  online,
  customer,
  methodBlockers,
  tenantId,
  onAdd,
  amountRef,
}: {
  balance: number;
  currency: string;
  online: boolean;
  customer: SaleCustomer | null;
  methodBlockers: (method: PaymentMethod) => readonly PaymentMethodBlocker[];
  tenantId: string;
  onAdd: (payment: SalePayment) => boolean;
  amountRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [amount, setAmount] = useState(amountText(balance, currency));
  const [reference, setReference] = useState('');
  const [plan, setPlan] = useState('');
  const [authorisation, setAuthorisation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const patientId = customer?.kind === 'patient' ? customer.id : null;
  const credit = useQuery({ ...posQueries.storeCredit(tenantId, patientId ?? ''), enabled: method === 'store-credit' && online && patientId !== null });
  const blockers = methodBlockers(method);
  const reason = needsOf[method];

  const minor = parseAmount(amount, currency);
  const amountLabel = method === 'cash' ? t('posSale.pay.received', { currency }) : t('invoiceScreen.amount', { currency });
  const { summary, refuse, accept } = useErrorSummary({
    error: null,
    fields: errors,
    labels: {
      amount: amountLabel,
      reference: method === 'card' ? t('posSale.pay.cardRef') : t('posSale.pay.chequeNumber'),
      plan: t('posSale.pay.plan'),
      authorisation: t('posSale.pay.authorisation'),
    },
  });
  const cashChange = method === 'cash' && minor !== null && minor > balance ? minor - balance : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (minor === null || minor < 1) next.amount = t('invoiceScreen.amountInvalid');
    else if (method !== 'cash' && minor > balance) next.amount = t('invoiceScreen.amountOverBalance', { amount: formats.money(balance, currency) });
    if (method === 'card' && !reference.trim()) next.reference = t('posSale.pay.cardReference');
    if (method === 'insurance' && !plan.trim()) next.plan = t('posSale.pay.planRequired');
    if (method === 'insurance' && !authorisation.trim()) next.authorisation = t('posSale.pay.authorisationRequired');
    if (method === 'store-credit' && credit.data && minor !== null && minor > credit.data.balance) next.amount = t('apiErrors.pos.storeCreditInsufficient', { balance: formats.money(credit.data.balance, currency) });
    setErrors(next);
    if (Object.keys(next).length) return refuse();
    if (minor === null || blockers.length > 0) return;
    // Cash: what was handed over is the tendered amount; the payment settles at most the balance, the rest is change.
    const payment: SalePayment =
      method === 'cash'
        ? { method, amount: Math.min(minor, balance), tendered: minor, reference: '', insurancePlan: '', authorisation: '' }
        : { method, amount: minor, reference: reference.trim(), insurancePlan: plan.trim(), authorisation: authorisation.trim() };
    if (onAdd(payment)) return accept();
    setErrors({ amount: t('posSale.pay.refused') });
    refuse();
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void, extra: { ltr?: boolean; hint?: string } = {}) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`} className={styles.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        ref={name === 'amount' ? amountRef : undefined}
        name={name}
        className={styles.input}
        autoComplete="off"
        maxLength={100}
        dir={extra.ltr ? 'ltr' : undefined}
        inputMode={extra.ltr ? 'decimal' : undefined}
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[errors[name] ? `${id}-${name}-error` : '', extra.hint ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => set(event.target.value)}
      />
      {extra.hint && (
        <span id={`${id}-${name}-hint`} className={styles.muted}>
          {extra.hint}
        </span>
      )}
      {errors[name] && (
        <span id={`${id}-${name}-error`} className={styles.error}>
          {errors[name]}
        </span>
      )}
    </div>
  );

  return (
    <form className={styles.form} aria-label={t('posSale.pay.add')} onSubmit={submit} noValidate>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-method`} className={styles.label}>
            {t('records.invoices.method')}
          </label>
          <select id={`${id}-method`} className={styles.input} value={method} autoFocus onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {t(`records.invoices.methods.${m}`)}
              </option>
            ))}
          </select>
        </div>
        {field('amount', amountLabel, amount, setAmount, { ltr: true })}
        {(method === 'card' || method === 'cheque') && field('reference', method === 'card' ? t('posSale.pay.cardRef') : t('posSale.pay.chequeNumber'), reference, setReference)}
        {method === 'insurance' && field('plan', t('posSale.pay.plan'), plan, setPlan)}
        {method === 'insurance' && field('authorisation', t('posSale.pay.authorisation'), authorisation, setAuthorisation)}
      </div>
      {method === 'cash' && blockers.length === 0 && balance > 0 && (
        <div className={styles.actions} role="group" aria-label={t('posSale.pay.quickCash')}>
          {quickCash(balance, currency).map((handed, index) => (
            <Button
              key={handed}
              variant="secondary"
              onPress={() => {
                // What was handed over: the payment settles the balance, the rest is change (as the form's cash).
                if (onAdd({ method: 'cash', amount: Math.min(handed, balance), tendered: handed, reference: '', insurancePlan: '', authorisation: '' })) accept();
              }}
            >
              {index === 0 ? t('posSale.pay.exact', { amount: formats.money(handed, currency) }) : formats.money(handed, currency)}
            </Button>
          ))}
        </div>
      )}
      {cashChange > 0 && (
        <p className={styles.grand} role="status">
          {t('posSale.pay.changeDue', { amount: formats.money(cashChange, currency) })}
        </p>
      )}
      {method === 'store-credit' && patientId && credit.data && <p className={styles.muted}>{t('posSale.pay.creditBalance', { amount: formats.money(credit.data.balance, currency) })}</p>}
      {blockers.includes('needsPatient') && (
        <p id={`${id}-needsPatient`} className={styles.warning}>
          {t('apiErrors.pos.storeCreditNeedsPatient')}
        </p>
      )}
      {blockers.includes('offline') && reason && (
        <p id={`${id}-offline`} className={styles.warning}>
          {t('apiErrors.pos.needsConnection', { what: t(reason) })}
        </p>
      )}
      <div className={styles.actions}>
        {/* Disabled for the method chosen: the warning above says why, and is the button's description. */}
        <Button
          type="submit"
          variant="secondary"
          isDisabled={blockers.length > 0}
          aria-describedby={blockers.length > 0 ? `${id}-${blockers[0]}` : undefined}
        >
          {t('posSale.pay.add')}
        </Button>
      </div>
    </form>
  );
}
