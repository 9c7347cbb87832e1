import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../../api/records';
import { useTenantId } from '../../eforms/admin/useTenant';
import { EmptyState, QueryView } from '../../patient/common';
import { OrderTimeline } from '../../patient/OrderTimeline';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';

/** Tab 5: the patient's lab orders, each with its progress and expected date (read only). */
export default function LabOrdersTab({ patientId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const query = useQuery(recordsQueries.orders(tenantId, { kind: 'patient', patientId }));
  return (
    <div className={styles.section}>
      <QueryView query={query}>
        {({ orders }) =>
          orders.length === 0 ? (
            <EmptyState>{t('records.orders.none')}</EmptyState>
          ) : (
            orders.map((order) => <OrderTimeline key={order.id} order={order} />)
          )
        }
      </QueryView>
    </div>
  );
}
