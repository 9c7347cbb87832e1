import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { useFormats } from '../shared/format';
import { invoiceHref } from '../shared/links';
import { PatientInvoices } from '../shared/PatientInvoices';
import * as styles from '../shared/records.css';

function Invoices({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(recordsQueries.invoices(tenantId, scope));
  return (
    <QueryView query={query}>
      {(list) =>
        list.invoices.length === 0 ? (
          <EmptyState>{t('records.invoices.none')}</EmptyState>
        ) : (
          <PatientInvoices
            list={list}
            classes={{ facts: styles.facts, table: styles.table, number: styles.number }}
            balanceLabel={t('records.invoices.balanceDue')}
            nothingOwed={t('records.dashboard.nothingOwed')}
            naming={{ 'aria-labelledby': 'records-title' }}
            link={(invoice) => {
              const number = formats.number(invoice.number);
              return (
                <Link href={invoiceHref(invoice)} className={styles.link} aria-label={t('records.invoices.view', { number })}>
                  {number}
                </Link>
              );
            }}
            issuedOn={(invoice) => formats.dayOf(invoice.issuedAt)}
          />
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
