import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { OrderTimeline } from './OrderTimeline';

function Orders({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const query = useQuery(recordsQueries.orders(tenantId, scope));
  return (
    <QueryView query={query}>
      {({ orders }) =>
        orders.length === 0 ? (
          <EmptyState>{t('records.orders.none')}</EmptyState>
        ) : (
          orders.map((order) => <OrderTimeline key={order.id} order={order} />)
        )
      }
    </QueryView>
  );
}

/** /patient/orderstatus: each lab order's progress with its expected date. */
export function OrderStatusPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.orderStatus')}>
      {scope ? <Orders scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}
