import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { posQueries, useMarkSaleReviewed } from '../../api/pos';
import type { SaleToReview } from '../../contract/salesToReview';
import { translateError } from '../../i18n/apiErrors';
import { invoiceScreenHref } from '../shared/InvoiceTable';
import { useFormats } from '../shared/format';
import * as list from '../shared/listPage.css';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../ui/Switch';
import { TableScroll } from '../ui/TableScroll';
import { reasonSentence } from '../shared/reviewReasons';
import * as styles from './salesToReview.css';

/**
 * The work desk's 'Sales to review': offline sales the server recorded otherwise than the register sent them (change
 * taken as payment, prices changed, a method that needs the connection...), each reason with its figure, until
 * someone marks the sale reviewed. Times are the store's (`timeZoneOf`), money the invoice's currency.
 */
export function SalesToReview({ tenantId, locationId, timeZoneOf }: { tenantId: string; locationId: string | undefined; timeZoneOf: (locationId: string) => string | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [showAll, setShowAll] = useState(false);
  const sales = useQuery(posQueries.salesToReview(tenantId, locationId, showAll ? 'all' : 'open'));
  const mark = useMarkSaleReviewed(tenantId);
  // The row is gone once the list loads again: the confirmation keeps the number it had.
  const [marked, setMarked] = useState<string | null>(null);
  const formats = useFormats();

  const markReviewed = (sale: SaleToReview) => {
    setMarked(null);
    mark.mutate(sale.invoiceId, {
      onSuccess: () => {
        setMarked(formats.number(sale.number));
        // The row's button goes away with the row: focus stays in the view, at its heading.
        heading.current?.focus();
      },
    });
  };

  return (
    <section aria-labelledby={titleId} className={styles.view}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={list.heading}>
        {t('salesToReview.title')}
      </h2>
      <p className={list.muted}>{t('salesToReview.hint')}</p>
      <Switch isSelected={showAll} onChange={setShowAll}>
        {t('salesToReview.showAll')}
      </Switch>
      <p role="status" className={list.muted}>
        {marked && t('salesToReview.marked', { number: marked })}
      </p>
      {mark.isError && (
        <p role="alert" className={styles.error}>
          {translateError(i18n, mark.error)}
        </p>
      )}
      {sales.isPending ? (
        <div className={list.state}>
          <Spinner label={t('salesToReview.loading')} />
        </div>
      ) : sales.isError ? (
        <div role="alert" className={list.state}>
          <p className={list.heading}>{t('salesToReview.loadFailed')}</p>
          <p className={list.muted}>{translateError(i18n, sales.error)}</p>
          <Button variant="secondary" onPress={() => void sales.refetch()}>
            {t('salesToReview.retry')}
          </Button>
        </div>
      ) : sales.data.items.length === 0 ? (
        <div className={list.state}>
          <p className={list.heading}>{showAll ? t('salesToReview.noneAll') : t('salesToReview.none')}</p>
          <p className={list.muted}>{t('salesToReview.noneHint')}</p>
        </div>
      ) : (
        <TableScroll cards>
          <table className={list.table}>
            <caption className={styles.caption}>{t('salesToReview.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('salesToReview.columns.sale')}</th>
                <th scope="col">{t('salesToReview.columns.where')}</th>
                <th scope="col">{t('salesToReview.columns.when')}</th>
                <th scope="col">{t('salesToReview.columns.patient')}</th>
                <th scope="col">{t('salesToReview.columns.amounts')}</th>
                <th scope="col">{t('salesToReview.columns.reasons')}</th>
                <th scope="col">{t('salesToReview.columns.review')}</th>
              </tr>
            </thead>
            <tbody>
              {sales.data.items.map((sale) => (
                <SaleRow
                  key={sale.invoiceId}
                  sale={sale}
                  timeZone={timeZoneOf(sale.locationId)}
                  isMarking={mark.isPending && mark.variables === sale.invoiceId}
                  onMark={() => markReviewed(sale)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function SaleRow({ sale, timeZone, isMarking, onMark }: { sale: SaleToReview; timeZone: string | undefined; isMarking: boolean; onMark: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const number = formats.number(sale.number);
  const money = (minor: number) => formats.money(minor, sale.currency);
  return (
    <tr>
      <th scope="row">
        {sale.patientId === null ? (
          // A walk-in's sale has no patient screen (as in the invoice lookup); the register's history shows it.
          t('salesToReview.invoice', { number })
        ) : (
          <Link href={invoiceScreenHref({ id: sale.invoiceId, patientId: sale.patientId })} className={list.link}>
            {t('salesToReview.invoice', { number })}
          </Link>
        )}
      </th>
      <td>
        <bdi>{sale.storeName}</bdi>
        <br />
        {sale.registerName ? <bdi>{sale.registerName}</bdi> : t('salesToReview.noRegister')}
      </td>
      <td>{formats.dateTime(sale.issuedAt, timeZone)}</td>
      <td>{sale.patientName === null ? t('invoiceScreen.walkIn') : <bdi>{sale.patientName}</bdi>}</td>
      <td className={styles.amounts}>
        {t('salesToReview.total', { amount: money(sale.total) })}
        <br />
        {t('salesToReview.paid', { amount: money(sale.paidTotal) })}
      </td>
      <td>
        <ul className={styles.reasons}>
          {sale.reasons.map((reason) => (
            <li key={reason}>{reasonSentence(t, formats, sale, reason, timeZone)}</li>
          ))}
        </ul>
      </td>
      <td>
        {sale.reviewedAt ? (
          sale.reviewedBy ? (
            t('salesToReview.reviewedBy', { name: sale.reviewedBy, time: formats.dateTime(sale.reviewedAt, timeZone) })
          ) : (
            t('salesToReview.reviewedAt', { time: formats.dateTime(sale.reviewedAt, timeZone) })
          )
        ) : (
          <Button variant="secondary" isPending={isMarking} onPress={onMark} aria-label={t('salesToReview.markReviewedOf', { number })}>
            {t('salesToReview.markReviewed')}
          </Button>
        )}
      </td>
    </tr>
  );
}
