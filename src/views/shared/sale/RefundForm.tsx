import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useRefundSale } from '../../../api/pos';
import type { RefundInput } from '../../../contract/pos';
import type { InvoiceDetail } from '../../../contract/records';
import { translateMessage } from '../../../i18n/appI18n';
import { useTenantId } from '../useTenant';
import { Field } from '../Field';
import { useFormats } from '../format';
import { useUnsavedChanges } from '../useUnsavedChanges';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { TableScroll } from '../../ui/TableScroll';
import { useOneAtATime } from '../../ui/useOneAtATime';
import * as styles from './saleForms.css';

type Draft = Omit<RefundInput, 'clientRefundId' | 'registerSessionId'>;

/**
 * A POS refund of a sale: the whole sale or some of its lines (a quantity per line), to the original method or to
 * the patient's store credit, with a reason, counted in the open session's totals. One `clientRefundId` per attempt:
 * the same values sent again (a double click, a lost answer) reuse it, so the server records one refund.
 */
export function RefundForm({ invoice, registerSessionId }: { invoice: InvoiceDetail; registerSessionId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const money = (minor: number) => formats.money(minor, invoice.currency);
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(invoice.lines.map((line) => [line.lineNo, ''])));
  const [refundTo, setRefundTo] = useState<RefundInput['refundTo']>('original');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<{ lines?: string; reason?: string }>({});
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const once = useOneAtATime();
  const refund = useRefundSale(useTenantId(), invoice.id);
  // The view's own steps; what a refund changes is read again by the hook (src/api/pos.ts).
  const refunded = () => {
    attempt.current = null;
    setQuantities(Object.fromEntries(invoice.lines.map((line) => [line.lineNo, ''])));
    setReason('');
  };
  const body = refund.error instanceof ApiError ? refund.error.body : null;
  const serverFields = Object.fromEntries(Object.entries(body?.fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]));
  const touched = Object.values(quantities).some((q) => q.trim() !== '') || reason.trim() !== '';
  useUnsavedChanges(touched && !refund.isSuccess);

  // What is left of a line to give back: earlier refunds and voids took the rest (the server's count).
  const left = (line: InvoiceDetail['lines'][number]) => line.quantity - line.givenBack;
  const refundAll = () => setQuantities(Object.fromEntries(invoice.lines.map((line) => [line.lineNo, left(line) > 0 ? String(left(line)) : ''])));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines: Draft['lines'] = [];
    let invalid = false;
    for (const line of invoice.lines) {
      const text = (quantities[line.lineNo] ?? '').trim();
      if (text === '' || text === '0') continue;
      const quantity = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(quantity >= 1 && quantity <= left(line))) invalid = true;
      else lines.push({ lineNo: line.lineNo, quantity });
    }
    const errors = {
      lines: invalid ? t('posRegister.refund.quantityInvalid') : lines.length === 0 ? t('posRegister.refund.chooseLines') : undefined,
      reason: reason.trim() ? undefined : t('posRegister.reasonRequired'),
    };
    setLocal(errors);
    if (errors.lines || errors.reason) {
      refund.reset();
      return refuse();
    }
    accept();
    const draft: Draft = { lines, refundTo, reason: reason.trim() };
    const values = JSON.stringify(draft);
    if (attempt.current?.values !== values) attempt.current = { key: crypto.randomUUID(), values };
    const input: RefundInput = { ...draft, clientRefundId: attempt.current.key, registerSessionId };
    once((done) => refund.mutate(input, { onSuccess: refunded, onSettled: done }));
  };

  const linesError = local.lines ?? serverFields.lines;
  const reasonError = local.reason ?? serverFields.reason;
  const { summary, refuse, accept } = useErrorSummary({
    error: refund.error,
    fields: { lines: linesError, refundTo: serverFields.refundTo, reason: reasonError },
    labels: { lines: t('posRegister.refund.lines'), refundTo: t('posRegister.refund.to'), reason: t('posRegister.reason') },
  });
  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId} className={styles.heading}>
        {t('posRegister.refund.title', { number: formats.number(invoice.number) })}
      </h2>
      <p className={styles.muted}>{t('posRegister.refund.hint', { amount: money(invoice.paidTotal) })}</p>
      {summary && <ErrorSummary {...summary} />}
      <TableScroll label={t('posRegister.refund.lines')}>
        <table className={styles.table}>
          <caption>{t('posRegister.refund.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('records.invoices.description')}</th>
              <th scope="col" className={styles.number}>
                {t('records.invoices.quantity')}
              </th>
              <th scope="col" className={styles.number}>
                {t('records.invoices.amount')}
              </th>
              <th scope="col" className={styles.number}>
                {t('posRegister.refund.givenBack')}
              </th>
              <th scope="col">{t('posRegister.refund.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.lineNo}>
                <th scope="row">{line.description}</th>
                <td className={styles.number}>{formats.integer(line.quantity)}</td>
                <td className={styles.number}>{money(line.total)}</td>
                <td className={styles.number}>{formats.integer(line.givenBack)}</td>
                <td>
                  <input
                    name={`lines.${line.lineNo}`}
                    className={styles.input}
                    inputMode="numeric"
                    dir="ltr"
                    size={3}
                    maxLength={3}
                    aria-label={t('posRegister.refund.quantityOf', { line: line.description })}
                    aria-invalid={linesError ? true : undefined}
                    disabled={left(line) === 0}
                    value={quantities[line.lineNo] ?? ''}
                    onChange={(event) => setQuantities({ ...quantities, [line.lineNo]: event.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {linesError && <p className={styles.error}>{linesError}</p>}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={refundAll}>
          {t('posRegister.refund.all')}
        </Button>
      </div>
      <div className={styles.fields}>
        <label className={styles.field}>
          <span className={styles.label}>{t('posRegister.refund.to')}</span>
          <select name="refundTo" className={styles.input} value={refundTo} onChange={(event) => setRefundTo(event.target.value === 'store-credit' ? 'store-credit' : 'original')}>
            <option value="original">{t('posRegister.refund.toOriginal')}</option>
            {invoice.patientId && <option value="store-credit">{t('posRegister.refund.toCredit')}</option>}
          </select>
        </label>
        <Field name="reason" label={t('posRegister.reason')} value={reason} onChange={setReason} error={reasonError ?? undefined} maxLength={500} multiline />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isPending={refund.isPending}>
          {t('posRegister.refund.submit')}
        </Button>
        <span role="status" className={styles.muted}>
          {refund.isSuccess &&
            t('posRegister.refund.done', {
              amounts: refund.data.refunded.map((r) => `${t(`records.invoices.methods.${r.method}`)} ${money(r.amount)}`).join(', '),
            })}
        </span>
      </div>
    </form>
  );
}
