import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { Badge, EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { useFormats } from '../shared/format';
import { invoiceHref, invoiceTone } from '../shared/links';
import * as styles from '../shared/records.css';
import { TableScroll } from '../ui/TableScroll';

function Invoices({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(recordsQueries.invoices(tenantId, scope));
  return (
    <QueryView query={query}>
      {({ invoices, balances }) =>
        invoices.length === 0 ? (
          <EmptyState>{t('records.invoices.none')}</EmptyState>
        ) : (
          <>
            <dl className={styles.facts}>
              <dt>{t('records.invoices.balanceDue')}</dt>
              <dd>
                {balances.length === 0
                  ? t('records.dashboard.nothingOwed')
                  : balances.map((balance) => formats.money(balance.amount, balance.currency)).join(' · ')}
              </dd>
            </dl>
            <TableScroll>
              <table className={styles.table} aria-labelledby="records-title">
                <thead>
                  <tr>
                    <th scope="col">{t('records.invoices.number')}</th>
                    <th scope="col">{t('records.invoices.date')}</th>
                    <th scope="col">{t('records.invoices.store')}</th>
                    <th scope="col">{t('records.invoices.status')}</th>
                    <th scope="col" className={styles.number}>
                      {t('records.invoices.total')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('records.invoices.balance')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.map((invoice) => {
                    const number = formats.number(invoice.number);
                    return (
                      <tr key={invoice.id}>
                        <th scope="row">
                          <Link
                            href={invoiceHref(invoice)}
                            className={styles.link}
                            aria-label={t('records.invoices.view', { number })}
                          >
                            {number}
                          </Link>
                        </th>
                        <td>{formats.dayOf(invoice.issuedAt)}</td>
                        <td>
                          <bdi>{invoice.storeName}</bdi>
                        </td>
                        <td>
                          <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>
                        </td>
                        <td className={styles.number}>{formats.money(invoice.total, invoice.currency)}</td>
                        <td className={styles.number}>{formats.money(invoice.balance, invoice.currency)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          </>
        )
      }
    </QueryView>
  );
}

/** /patient/invoice: the patient's invoices with status and balance. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.invoices')}>
      {scope ? <Invoices scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}
