import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '../../contract/records';
import { Button } from '../ui/Button';
import { TableScroll } from '../ui/TableScroll';
import { Badge } from './records';
import { useFormats } from './format';
import { invoiceTone } from './links';
import { receiptLines } from './invoices.css';
import * as styles from './records.css';

/**
 * The receipt of one invoice (the portal's invoice page, the staff invoice screen and the register show it): `actions` replaces the default
 * Print (and Back) buttons above it, which never print.
 */
export function Receipt({ invoice, isOwn, actions }: { invoice: InvoiceDetail; isOwn: boolean; actions?: ReactNode }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const money = (minor: number) => formats.money(minor, invoice.currency);
  const { store } = invoice;
  // A credit record (a refund or a void) says which invoice it gives back and how the money went back.
  const credit = invoice.relatedInvoiceId !== null;
  return (
    <>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        {actions ?? (
          <>
            <Button onPress={() => window.print()}>{t('records.invoices.print')}</Button>
            {isOwn && (
              <Link href="/patient/invoice" className={styles.link}>
                {t('records.invoices.back')}
              </Link>
            )}
          </>
        )}
      </div>

      <article className={styles.card} aria-label={t('records.invoices.receipt')}>
        <header className={styles.cardHeader}>
          {store.logo && <img src={store.logo} alt={t('records.invoices.logoOf', { name: store.companyName })} className={styles.receiptLogo} />}
          <div>
            <p className={styles.heading}>
              <bdi>{store.companyName}</bdi>
            </p>
            <p className={styles.muted}>
              <bdi>{store.name}</bdi>
            </p>
            <p className={styles.muted}>
              <bdi>{store.address}</bdi>
            </p>
            <p className={styles.muted}>
              <bdi dir="ltr">{store.phone}</bdi>
            </p>
            {store.taxNumber && (
              <p className={styles.muted}>
                {t('records.invoices.taxNumber')} <bdi dir="ltr">{store.taxNumber}</bdi>
              </p>
            )}
          </div>
        </header>
        {credit && invoice.relatedInvoiceNumber !== null && (
          <p className={styles.heading}>
            {t(`records.invoices.creditOf.${invoice.status === 'void' ? 'void' : 'refunded'}`, { number: formats.number(invoice.relatedInvoiceNumber) })}
          </p>
        )}
        <dl className={styles.facts}>
          <dt>{t('records.invoices.number')}</dt>
          <dd>{formats.number(invoice.number)}</dd>
          <dt>{t('records.invoices.date')}</dt>
          <dd>{formats.dayOf(invoice.issuedAt, store.timeZone)}</dd>
          <dt>{t('records.profile.name')}</dt>
          <dd>
            <bdi>{invoice.patientName}</bdi>
          </dd>
          <dt>{t('records.invoices.status')}</dt>
          <dd>
            <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>
          </dd>
        </dl>

        <TableScroll label={t('records.invoices.lines')}>
          <table className={`${styles.table} ${receiptLines}`}>
            <caption>{t('records.invoices.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.invoices.description')}</th>
                <th scope="col" className={styles.number}>{t('records.invoices.quantity')}</th>
                <th scope="col" className={styles.number}>{t('records.invoices.unitPrice')}</th>
                <th scope="col" className={styles.number}>{t('records.invoices.discount')}</th>
                <th scope="col" className={styles.number}>{t('records.invoices.tax')}</th>
                <th scope="col" className={styles.number}>{t('records.invoices.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.lineNo}>
                  <td>{line.description}</td>
                  <td className={styles.number}>{formats.integer(line.quantity)}</td>
                  <td className={styles.number}>{money(line.unitPrice)}</td>
                  <td className={styles.number}>{line.discount ? money(-line.discount) : t('records.dash')}</td>
                  <td className={styles.number}>{money(line.tax)}</td>
                  <td className={styles.number}>{money(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>

        <dl className={styles.totals}>
          <dt>{t('records.invoices.subtotal')}</dt>
          <dd>{money(invoice.subtotal)}</dd>
          {invoice.discountTotal !== 0 && (
            <>
              <dt>{t('records.invoices.discountTotal')}</dt>
              <dd>{money(-invoice.discountTotal)}</dd>
            </>
          )}
          <dt>{t('records.invoices.taxTotal')}</dt>
          <dd>{money(invoice.taxTotal)}</dd>
          <dt className={styles.grandTotal}>{t('records.invoices.total')}</dt>
          <dd className={styles.grandTotal}>{money(invoice.total)}</dd>
          <dt>{t('records.invoices.paidTotal')}</dt>
          <dd>{money(invoice.paidTotal)}</dd>
          <dt className={styles.grandTotal}>{t('records.invoices.balanceDue')}</dt>
          <dd className={styles.grandTotal}>{money(invoice.balance)}</dd>
        </dl>

        <ReceiptMoney invoice={invoice} credit={credit} />

        {invoice.orders.length > 0 && (
          <div className={styles.noPrint}>
            <h2 className={styles.heading}>{t('records.titles.orderStatus')}</h2>
            <ul>
              {invoice.orders.map((order) => (
                <li key={order.id}>
                  {isOwn ? (
                    <Link href="/patient/orderstatus" className={styles.link}>
                      {t('records.orders.number', { number: formats.number(order.number) })}
                    </Link>
                  ) : (
                    t('records.orders.number', { number: formats.number(order.number) })
                  )}{' '}
                  {t(`records.orders.statuses.${order.status}`)}
                  {order.expectedOn && ` · ${t('records.orders.expectedOn', { date: formats.date(order.expectedOn) })}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        {store.receiptFooter && (
          <footer className={styles.receiptFooter} data-testid="receipt-footer">
            {store.receiptFooter}
          </footer>
        )}
      </article>
    </>
  );
}

/**
 * The receipt's money: what was paid, by method with the card reference (cash handed over beyond the amount prints
 * with its change), or on a credit record what went back and where (the card, the drawer, store credit), as positive
 * amounts and without the stored reference, which only repeats the invoice the heading names.
 */
function ReceiptMoney({ invoice, credit }: { invoice: InvoiceDetail; credit: boolean }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const money = (minor: number) => formats.money(minor, invoice.currency);
  const title = t(credit ? 'records.invoices.givenBack' : 'records.invoices.payments');
  if (invoice.payments.length === 0) {
    return (
      <>
        <h2 className={styles.heading}>{title}</h2>
        <p className={styles.muted}>{t(credit ? 'records.invoices.nothingGivenBack' : 'records.invoices.noPayments')}</p>
      </>
    );
  }
  const tendered = credit ? [] : invoice.payments.filter((payment) => payment.tendered !== null);
  return (
    <>
      <TableScroll label={title}>
        <table className={styles.table}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t(credit ? 'records.invoices.givenBackOn' : 'records.invoices.paidOn')}</th>
              <th scope="col">{t('records.invoices.method')}</th>
              {!credit && <th scope="col">{t('records.invoices.reference')}</th>}
              <th scope="col" className={styles.number}>{t('records.invoices.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{formats.dateTime(payment.paidAt, invoice.store.timeZone)}</td>
                <td>{t(`records.invoices.methods.${payment.method}`)}</td>
                {!credit && <td>{payment.reference ? <bdi dir="ltr">{payment.reference}</bdi> : t('records.dash')}</td>}
                <td className={styles.number}>{money(credit ? -payment.amount : payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {tendered.length > 0 && (
        <dl className={styles.totals} aria-label={t('records.invoices.cashTendered')}>
          <dt>{t('records.invoices.cashTendered')}</dt>
          <dd>{money(tendered.reduce((sum, payment) => sum + payment.tendered!, 0))}</dd>
          <dt>{t('records.invoices.change')}</dt>
          <dd>{money(tendered.reduce((sum, payment) => sum + payment.tendered! - payment.amount, 0))}</dd>
        </dl>
      )}
    </>
  );
}
