import { forwardRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { posQueries } from '../../../api/pos';
import type { Pricing, SaleResult } from '../../../contract/pos';
import { translateError } from '../../../i18n/apiErrors';
import type { SaleCustomer, SalePayment } from '../../../machines/posSale.machine';
import { Receipt } from '../../shared/Receipt';
import { QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import * as recordStyles from '../../shared/records.css';
import * as invoiceStyles from '../../shared/invoices.css';
import { Button } from '../../ui/Button';
import { ReceiptEmail } from '../../shared/sale/ReceiptEmail';
import { PageSize, PaperChoice } from '../../shared/paper';
import type { Paper } from '../../shared/paper';
import * as styles from './sale.css';
import { TableScroll } from '../../ui/TableScroll';

function Printable({ paper, children }: { paper: Paper; children: ReactNode }) {
  return (
    <>
      <PageSize paper={paper} />
      <div className={`${recordStyles.receipt} ${paper === 'roll' ? invoiceStyles.roll : invoiceStyles.a4}`} data-paper={paper}>
        {children}
      </div>
    </>
  );
}

/** The recorded sale: its receipt read from the server, print, email, the lab order made, and the next sale. */
export const CompletedSale = forwardRef<HTMLDivElement, { tenantId: string; result: SaleResult; customer: SaleCustomer | null; online: boolean; onNew: () => void }>(function CompletedSale(
  { tenantId, result, customer, online, onNew },
  newSaleRef,
) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [paper, setPaper] = useState<Paper>('roll');
  const invoice = useQuery(posQueries.invoice(tenantId, result.invoice.id));
  const patientId = customer?.kind === 'patient' ? customer.id : null;
  const money = (minor: number) => formats.money(minor, result.invoice.currency);
  return (
    <section className={styles.sale} aria-label={t('posSale.done.title')}>
      <p role="status" className={styles.heading}>
        {t('posSale.done.recorded', { number: formats.number(result.invoice.number) })}
        {result.change > 0 && ` ${t('posSale.done.change', { amount: money(result.change) })}`}
      </p>
      {result.invoice.balance > 0 && <p className={styles.muted}>{t('posSale.done.balanceDue', { amount: money(result.invoice.balance) })}</p>}
      {result.difference !== 0 && <p className={styles.warning}>{t('posSale.done.difference', { amount: money(result.difference) })}</p>}
      {result.labOrderIds.length > 0 && patientId && (
        <p>
          {t('posSale.done.labOrder', { count: result.labOrderIds.length })}{' '}
          <Link href={`/admin/patients/${encodeURIComponent(patientId)}/5`} className={recordStyles.link}>
            {t('posSale.done.openChart')}
          </Link>
        </p>
      )}
      <div ref={newSaleRef} className={`${styles.actions} ${recordStyles.noPrint}`}>
        <Button onPress={onNew}>
          {t('posSale.done.newSale')}
        </Button>
      </div>
      <QueryView query={invoice}>
        {(detail) => (
          <Printable paper={paper}>
            <Receipt
              invoice={detail}
              isOwn={false}
              actions={
                <>
                  <PaperChoice paper={paper} onPaper={setPaper} />
                  <Button onPress={() => window.print()}>{t('records.invoices.print')}</Button>
                  <ReceiptEmail key={result.invoice.id} invoiceId={result.invoice.id} patientId={patientId} online={online} />
                </>
              }
            />
          </Printable>
        )}
      </QueryView>
    </section>
  );
});

/**
 * A sale completed without a connection: its receipt from what the register knows, marked as waiting to be sent
 * (the server's invoice number comes when it is recorded).
 */
export const WaitingSaleReceipt = forwardRef<
  HTMLDivElement,
  { pricing: Pricing; payments: SalePayment[]; customer: SaleCustomer | null; currency: string; soldAt: string | null; clientSaleId: string; onNew: () => void }
>(function WaitingSaleReceipt({ pricing, payments, customer, currency, soldAt, clientSaleId, onNew }, newSaleRef) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [paper, setPaper] = useState<Paper>('roll');
  const money = (minor: number) => formats.money(minor, currency);
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  const change = payments.reduce((sum, p) => sum + (p.tendered !== undefined ? p.tendered - p.amount : 0), 0);
  return (
    <section className={styles.sale} aria-label={t('posSale.done.title')}>
      <p role="status" className={styles.heading}>
        {t('posSale.waiting.kept')}
        {change > 0 && ` ${t('posSale.done.change', { amount: money(change) })}`}
      </p>
      <div ref={newSaleRef} className={`${styles.actions} ${recordStyles.noPrint}`}>
        <Button onPress={onNew}>
          {t('posSale.done.newSale')}
        </Button>
        <PaperChoice paper={paper} onPaper={setPaper} />
        <Button variant="secondary" onPress={() => window.print()}>
          {t('records.invoices.print')}
        </Button>
      </div>
      <Printable paper={paper}>
        <article className={recordStyles.card} aria-label={t('records.invoices.receipt')}>
          <p className={styles.heading}>{t('posSale.waiting.receiptNote')}</p>
          <dl className={recordStyles.facts}>
            <dt>{t('records.invoices.date')}</dt>
            <dd>{soldAt ? formats.dateTime(soldAt) : ''}</dd>
            <dt>{t('records.profile.name')}</dt>
            <dd>{customer?.kind === 'patient' ? customer.name : t('posSale.customer.walkIn')}</dd>
            <dt>{t('posSale.waiting.reference')}</dt>
            <dd>
              <bdi dir="ltr">{clientSaleId.slice(0, 8)}</bdi>
            </dd>
          </dl>
          {/* The columns of the server's receipt (Receipt), so the 80 mm roll's print rules keep the same ones. */}
          <TableScroll>
            <table className={recordStyles.table}>
              <caption>{t('records.invoices.lines')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('records.invoices.description')}</th>
                  <th scope="col" className={recordStyles.number}>{t('records.invoices.quantity')}</th>
                  <th scope="col" className={recordStyles.number}>{t('records.invoices.unitPrice')}</th>
                  <th scope="col" className={recordStyles.number}>{t('records.invoices.discount')}</th>
                  <th scope="col" className={recordStyles.number}>{t('records.invoices.tax')}</th>
                  <th scope="col" className={recordStyles.number}>{t('records.invoices.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {pricing.lines.map((line) => (
                  <tr key={line.lineNo}>
                    <td>{line.description}</td>
                    <td className={recordStyles.number}>{formats.integer(line.quantity)}</td>
                    <td className={recordStyles.number}>{money(line.unitPrice)}</td>
                    <td className={recordStyles.number}>{line.discount ? money(-line.discount) : t('records.dash')}</td>
                    <td className={recordStyles.number}>{money(line.tax)}</td>
                    <td className={recordStyles.number}>{money(line.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <dl className={recordStyles.totals}>
            <dt className={recordStyles.grandTotal}>{t('records.invoices.total')}</dt>
            <dd className={recordStyles.grandTotal}>{money(pricing.total)}</dd>
            {payments.map((p, i) => (
              <Payment key={i} label={t(`records.invoices.methods.${p.method}`)} amount={money(p.amount)} />
            ))}
            <dt>{t('records.invoices.balanceDue')}</dt>
            <dd>{money(pricing.total - paid)}</dd>
          </dl>
        </article>
      </Printable>
    </section>
  );
});

function Payment({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </>
  );
}

/** The server refused the sale: why, and what the clerk can do (accept new prices, edit, try again). */
export function FailedSale({ error, serverPricing, shownTotal, currency, onAccept, onEdit, onRetry }: { error: unknown; serverPricing: Pricing | null; shownTotal: number; currency: string; onAccept: () => void; onEdit: () => void; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const money = (minor: number) => formats.money(minor, currency);
  return (
    <section className={styles.section} aria-label={t('posSale.failed.title')}>
      <p role="alert" className={styles.error}>
        {translateError(i18n, error)}
      </p>
      {serverPricing && (
        <>
          <p>{t('posSale.failed.priceChanged', { shown: money(shownTotal), server: money(serverPricing.total) })}</p>
          <ul className={styles.payments} aria-label={t('posSale.failed.serverLines')}>
            {serverPricing.lines.map((line) => (
              <li key={line.lineNo} className={styles.payment}>
                <span>
                  {line.description} × {formats.integer(line.quantity)}
                </span>
                <span className={styles.amount}>{money(line.total)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.actions}>
        {serverPricing ? (
          <Button onPress={onAccept}>{t('posSale.failed.accept')}</Button>
        ) : (
          <Button onPress={onRetry}>{t('posSale.failed.retry')}</Button>
        )}
        <Button variant="secondary" onPress={onEdit}>
          {t('posSale.failed.edit')}
        </Button>
      </div>
    </section>
  );
}
