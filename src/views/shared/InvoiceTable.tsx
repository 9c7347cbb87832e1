import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../../api/http';
import type { InvoiceLookupItem, InvoiceLookupPage } from '../../contract/invoiceLookup';
import { translateError } from '../../i18n/apiErrors';
import { Badge } from './records';
import { useFormats } from './format';
import { invoiceTone } from './links';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import * as styles from './invoices.css';
import { TableScroll } from '../ui/TableScroll';
import { LoadMore } from './LoadMore';
import { useStoreZones } from './storeZones';

/** The invoice screen of one invoice: its patient's invoices with this one selected. */
export const invoiceScreenHref = (invoice: Pick<InvoiceLookupItem, 'id'> & { patientId: string }) =>
  `/admin/reports/invoice/${encodeURIComponent(invoice.patientId)}?invoice=${encodeURIComponent(invoice.id)}`;

type Pages = UseInfiniteQueryResult<InfiniteData<InvoiceLookupPage>, Error>;

/** A lookup's rows with Load more (the server's cursor); loading, empty and failed states. */
export function InvoiceTable({ list, caption, empty }: { list: Pages; caption: string; empty: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const zoneOf = useStoreZones();
  if (list.isPending) {
    return (
      <div className={styles.state}>
        <Spinner label={t('invoiceScreen.loading')} />
      </div>
    );
  }
  if (list.isError && !list.isFetchNextPageError) {
    const message = list.error instanceof ApiError && list.error.status < 500 && list.error.body ? translateError(i18n, list.error) : t('invoiceScreen.loadFailedHint');
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('invoiceScreen.loadFailed')}</p>
        <p className={styles.muted}>{message}</p>
        <Button variant="secondary" onPress={() => void list.refetch()}>
          {t('invoiceScreen.retry')}
        </Button>
      </div>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className={styles.state}>
        <p className={styles.heading}>{empty}</p>
      </div>
    );
  }
  return (
    <>
      <TableScroll>
        <table className={styles.table}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('records.invoices.number')}</th>
              <th scope="col">{t('records.invoices.date')}</th>
              <th scope="col">{t('invoiceScreen.patient')}</th>
              <th scope="col">{t('records.invoices.store')}</th>
              <th scope="col">{t('records.invoices.status')}</th>
              <th scope="col" className={styles.number}>{t('records.invoices.total')}</th>
              <th scope="col" className={styles.number}>{t('records.invoices.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row">
                  {invoice.patientId === null ? (
                    // A walk-in's sale has no patient screen; the register's history shows it.
                    formats.number(invoice.number)
                  ) : (
                    <Link
                      href={invoiceScreenHref({ id: invoice.id, patientId: invoice.patientId })}
                      className={styles.link}
                      aria-label={t('records.invoices.view', { number: formats.number(invoice.number) })}
                    >
                      {formats.number(invoice.number)}
                    </Link>
                  )}
                </th>
                <td>{formats.dayOf(invoice.issuedAt, zoneOf(invoice.locationId))}</td>
                <td>{invoice.patientId === null ? t('invoiceScreen.walkIn') : <bdi>{invoice.patientName}</bdi>}</td>
                <td>
                  <bdi>{invoice.storeName}</bdi>
                </td>
                <td>
                  <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>
                  {invoice.relatedInvoiceId && <span className={styles.muted}> {t('invoiceScreen.creditRecord')}</span>}
                </td>
                <td className={styles.number}>{formats.money(invoice.total, invoice.currency)}</td>
                <td className={styles.number}>{formats.money(invoice.balance, invoice.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <LoadMore
        pages={list}
        classes={{ more: styles.more, muted: styles.muted, failed: styles.actions }}
        shown={list.hasNextPage ? t('invoiceScreen.shown', { number: formats.integer(items.length) }) : t('invoiceScreen.allShown', { number: formats.integer(items.length) })}
        failed={t('invoiceScreen.moreFailed')}
        retry={t('invoiceScreen.retry')}
        loadMore={t('invoiceScreen.loadMore')}
      />
    </>
  );
}
