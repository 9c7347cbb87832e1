import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { Receipt } from '../shared/Receipt';
import { useFormats } from '../shared/format';
import * as styles from '../shared/records.css';
import { NoPatientState } from './NoPatientState';

function Invoice({ scope, tenantId, invoiceId }: { scope: RecordsScope; tenantId: string; invoiceId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(recordsQueries.invoice(tenantId, scope, invoiceId));
  return (
    <RecordsPage
      title={query.data ? t('records.titles.invoice', { number: formats.number(query.data.number) }) : t('records.titles.invoices')}
      className={styles.receipt}
    >
      <QueryView query={query}>{(invoice) => <Receipt invoice={invoice} isOwn={scope.kind === 'own'} />}</QueryView>
    </RecordsPage>
  );
}

/**
 * /patient/invoice/orders/{invoiceid}/{patientId}/{locationId}: one invoice with its lines, payments, totals and
 * balance; 'Print receipt' prints just the receipt (records.css.ts).
 */
export function InvoiceDetailPage({ invoiceId, patientId }: { invoiceId: string; patientId?: string }) {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess(patientId);
  if (!scope) {
    return (
      <RecordsPage title={t('records.titles.invoices')}>
        <NoPatientState />
      </RecordsPage>
    );
  }
  return <Invoice scope={scope} tenantId={tenantId} invoiceId={invoiceId} />;
}
