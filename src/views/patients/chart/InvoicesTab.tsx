import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../../api/records';
import { useTenantId } from '../../shared/useTenant';
import { Badge, EmptyState, QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import { invoiceTone } from '../../shared/links';
import { link, table } from '../../ui/dataTable.css';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';
import { TableScroll } from '../../ui/TableScroll';
import { useStoreZones } from '../../shared/storeZones';

/** The invoice screen of a patient at a store (it lists that patient's invoices there) with this invoice selected. */
const chartInvoiceHref = (patientId: string, invoice: { id: string; locationId: string }) =>
  `/admin/patients/invoice/${encodeURIComponent(patientId)}/${encodeURIComponent(invoice.locationId)}?invoice=${encodeURIComponent(invoice.id)}`;

/** Tab 4: the patient's invoices with the open balance; each opens the invoice screen. */
export default function InvoicesTab({ patientId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const zoneOf = useStoreZones();
  const query = useQuery(recordsQueries.invoices(tenantId, { kind: 'patient', patientId }));
  return (
    <div className={styles.section}>
      <QueryView query={query}>
        {({ invoices, balances }) =>
          invoices.length === 0 ? (
            <EmptyState>{t('patientChart.invoices.none')}</EmptyState>
          ) : (
            <>
              <dl className={styles.dl}>
                <dt>{t('patientChart.invoices.balanceDue')}</dt>
                <dd>
                  {balances.length === 0
                    ? t('patientChart.invoices.nothingOwed')
                    : balances.map((balance) => formats.money(balance.amount, balance.currency)).join(' · ')}
                </dd>
              </dl>
              <TableScroll>
                <table className={table} aria-label={t('patientChart.tabs.invoices')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('records.invoices.number')}</th>
                      <th scope="col">{t('records.invoices.date')}</th>
                      <th scope="col">{t('records.invoices.store')}</th>
                      <th scope="col">{t('records.invoices.status')}</th>
                      <th scope="col">{t('records.invoices.total')}</th>
                      <th scope="col">{t('records.invoices.balance')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {invoices.map((invoice) => (
                      <tr key={invoice.id}>
                        <th scope="row">
                          <Link className={link} href={chartInvoiceHref(patientId, invoice)}>
                            {t('records.invoices.view', { number: formats.number(invoice.number) })}
                          </Link>
                        </th>
                        <td>{formats.dayOf(invoice.issuedAt, zoneOf(invoice.locationId))}</td>
                        <td>
                          <bdi>{invoice.storeName}</bdi>
                        </td>
                        <td>
                          <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>
                        </td>
                        <td>{formats.money(invoice.total, invoice.currency)}</td>
                        <td>{formats.money(invoice.balance, invoice.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          )
        }
      </QueryView>
    </div>
  );
}
