import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionReport } from '../../contract/pos';
import { useFormats } from '../shared/format';
import { useStoreZones } from '../shared/storeZones';
import * as recordStyles from '../shared/records.css';
import * as invoiceStyles from '../shared/invoices.css';
import { Button } from '../ui/Button';
import { Isolated } from '../ui/Isolated';
import { TableScroll } from '../ui/TableScroll';
import { reasonName } from '../shared/reviewReasons';
import { StepHeading } from './StepHeading';
import * as styles from '../shared/sale/saleForms.css';
import { PageSize, PaperChoice } from '../shared/paper';
import type { Paper } from '../shared/paper';

/**
 * The X report (an open session so far) or the Z report (a closed one): float, cash in and out, pay-ins and
 * pay-outs, expected and counted cash with the difference, totals by method, sales, refunds, discounts, tax and
 * each cash movement, and the session's sales to review (offline sales the server recorded otherwise than sent).
 * Printable on an 80 mm roll or A4 like a receipt: only the report prints.
 */
export function SessionReportView({ report, onBack }: { report: SessionReport; onBack?: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const timeZone = useStoreZones()(report.locationId);
  const [paper, setPaper] = useState<Paper>('roll');
  const money = (minor: number) => formats.money(minor, report.currency);
  const title = report.status === 'closed' ? t('posRegister.report.z') : t('posRegister.report.x');
  const rows: [string, string, boolean?][] = [
    [t('posRegister.report.float'), money(report.floatTotal)],
    [t('posRegister.report.cashIn'), money(report.cashIn)],
    [t('posRegister.report.cashOut'), money(-report.cashOut)],
    [t('posRegister.report.payIns'), money(report.payIns)],
    [t('posRegister.report.payOuts'), money(-report.payOuts)],
    [t('posRegister.report.expectedCash'), money(report.expectedCash), true],
    ...(report.countedCash !== null ? ([[t('posRegister.report.countedCash'), money(report.countedCash), true]] as [string, string, boolean][]) : []),
    ...(report.difference !== null ? ([[t('posRegister.report.difference'), money(report.difference), true]] as [string, string, boolean][]) : []),
  ];
  return (
    <div className={`${recordStyles.receipt} ${paper === 'roll' ? invoiceStyles.roll : invoiceStyles.a4}`} data-paper={paper}>
      <PageSize paper={paper} />
      <div className={`${styles.actions} ${recordStyles.noPrint}`}>
        <PaperChoice paper={paper} onPaper={setPaper} />
        <Button onPress={() => window.print()}>{t('posRegister.report.print', { report: title })}</Button>
        {onBack && (
          <Button variant="secondary" onPress={onBack}>
            {t('posRegister.report.back')}
          </Button>
        )}
      </div>
      <article className={recordStyles.card} aria-label={title}>
        <header className={recordStyles.cardHeader}>
          <div>
            <StepHeading className={recordStyles.heading}>{title}</StepHeading>
            <p className={recordStyles.muted}>
              <bdi>{report.storeName}</bdi> · <bdi>{report.registerName}</bdi>
            </p>
            <p className={recordStyles.muted}>
              <Isolated values={{ name: report.openedBy }}>{(v) => t('posRegister.openedBy', { ...v, time: formats.dateTime(report.openedAt, timeZone) })}</Isolated>
            </p>
            {report.closedAt && (
              <p className={recordStyles.muted}>{t('posRegister.closedBy', { name: report.closedBy ?? '', time: formats.dateTime(report.closedAt, timeZone) })}</p>
            )}
          </div>
        </header>
        <dl className={recordStyles.totals}>
          {rows.map(([label, value, strong]) => (
            <Fragment key={label}>
              <dt className={strong ? recordStyles.grandTotal : undefined}>{label}</dt>
              <dd className={strong ? recordStyles.grandTotal : undefined}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <MethodTotals report={report} money={money} />
        <dl className={recordStyles.totals}>
          <dt>{t('posRegister.report.sales', { number: report.saleCount })}</dt>
          <dd>{money(report.salesTotal)}</dd>
          <dt>{t('posRegister.report.refunds', { number: report.refundCount })}</dt>
          <dd>{money(-report.refundsTotal)}</dd>
          <dt>{t('posRegister.report.discounts')}</dt>
          <dd>{money(-report.discountTotal)}</dd>
          <dt>{t('posRegister.report.tax')}</dt>
          <dd>{money(report.taxTotal)}</dd>
        </dl>
        {report.movements.length > 0 && (
          <TableScroll label={t('posRegister.report.movements')}>
            <table className={recordStyles.table}>
              <caption>{t('posRegister.report.movements')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('posRegister.report.at')}</th>
                  <th scope="col">{t('posRegister.movementKind')}</th>
                  <th scope="col">{t('posRegister.reason')}</th>
                  <th scope="col" className={recordStyles.number}>
                    {t('posRegister.report.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.movements.map((movement) => (
                  <tr key={movement.id}>
                    <td>{formats.dateTime(movement.at, timeZone)}</td>
                    <td>{movement.kind === 'pay-in' ? t('posRegister.payIn') : t('posRegister.payOut')}</td>
                    <td>{movement.reason}</td>
                    <td className={recordStyles.number}>{money(movement.kind === 'pay-in' ? movement.amount : -movement.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {report.toReview.length > 0 && <SalesToReviewOfSession report={report} />}
      </article>
    </div>
  );
}

/** Each flagged sale's number, its reasons by name and whether someone has reviewed it (the work desk has the figures). */
function SalesToReviewOfSession({ report }: { report: SessionReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const title = t('salesToReview.report.title', { number: formats.integer(report.toReview.length) });
  return (
    <TableScroll label={title}>
      <table className={recordStyles.table}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('salesToReview.columns.sale')}</th>
            <th scope="col">{t('salesToReview.columns.reasons')}</th>
            <th scope="col">{t('salesToReview.report.status')}</th>
          </tr>
        </thead>
        <tbody>
          {report.toReview.map((sale) => (
            <tr key={sale.invoiceId}>
              <th scope="row">{formats.number(sale.number)}</th>
              <td>{sale.reasons.map((reason) => reasonName(t, reason)).join(', ')}</td>
              <td>{sale.reviewed ? t('salesToReview.report.reviewed') : t('salesToReview.report.open')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The session's payments by method (the close form shows them before the Z report does). */
export function MethodTotals({ report, money }: { report: SessionReport; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <TableScroll label={t('posRegister.report.byMethod')}>
      <table className={styles.table}>
        <caption>{t('posRegister.report.byMethod')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('posRegister.report.method')}</th>
            <th scope="col" className={styles.number}>
              {t('posRegister.report.count')}
            </th>
            <th scope="col" className={styles.number}>
              {t('posRegister.report.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.byMethod.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('posRegister.report.noPayments')}</td>
            </tr>
          ) : (
            report.byMethod.map((row) => (
              <tr key={row.method}>
                <th scope="row">{t(`records.invoices.methods.${row.method}`)}</th>
                <td className={styles.number}>{formats.integer(row.count)}</td>
                <td className={styles.number}>{money(row.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}
