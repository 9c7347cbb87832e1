import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../../api/records';
import { useTenantId } from '../../shared/useTenant';
import { EmptyState, QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import { PatientInvoices } from '../../shared/PatientInvoices';
import { link, table } from '../../ui/dataTable.css';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';
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
        {(list) =>
          list.invoices.length === 0 ? (
            <EmptyState>{t('patientChart.invoices.none')}</EmptyState>
          ) : (
            <PatientInvoices
              list={list}
              classes={{ facts: styles.dl, table }}
              balanceLabel={t('patientChart.invoices.balanceDue')}
              nothingOwed={t('patientChart.invoices.nothingOwed')}
              naming={{ 'aria-label': t('patientChart.tabs.invoices') }}
              link={(invoice) => (
                <Link className={link} href={chartInvoiceHref(patientId, invoice)}>
                  {t('records.invoices.view', { number: formats.number(invoice.number) })}
                </Link>
              )}
              issuedOn={(invoice) => formats.dayOf(invoice.issuedAt, zoneOf(invoice.locationId))}
            />
          )
        }
      </QueryView>
    </div>
  );
}
