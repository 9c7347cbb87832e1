import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { OrderTimeline } from './OrderTimeline';
import { ContactLensTable, RxFacts, SpectacleTable } from '../shared/RxTables';
import * as styles from '../shared/records.css';

function RxOrders({ scope, tenantId, rxId }: { scope: RecordsScope; tenantId: string; rxId: string }) {
  const { t } = useTranslation();
  const query = useQuery(recordsQueries.rxOrders(tenantId, scope, rxId));
  return (
    <QueryView query={query}>
      {({ spectacle, contactLens, orders }) => (
        <>
          {spectacle && (
            <article className={styles.card}>
              <RxFacts rx={spectacle} />
              <SpectacleTable rx={spectacle} />
            </article>
          )}
          {contactLens && (
            <article className={styles.card}>
              <RxFacts rx={contactLens} />
              <ContactLensTable rx={contactLens} />
            </article>
          )}
          {orders.length === 0 ? (
            <EmptyState>{t('records.rx.noOrders')}</EmptyState>
          ) : (
            orders.map((order) => <OrderTimeline key={order.id} order={order} />)
          )}
        </>
      )}
    </QueryView>
  );
}

/** /patient/rxinfo/orders/{rxid}/{patientId}/{locationId}: the prescription and the orders made from it. */
export function RxOrdersPage({ rxId, patientId }: { rxId: string; patientId?: string }) {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess(patientId);
  return (
    <RecordsPage title={t('records.titles.rxOrders')}>
      {/* The bare list is the patient's own; staff came from elsewhere. */}
      {scope?.kind === 'own' && (
        <Link href="/patient/rxinfo" className={styles.link}>
          {t('records.rx.back')}
        </Link>
      )}
      {scope ? <RxOrders scope={scope} tenantId={tenantId} rxId={rxId} /> : <NoPatientState />}
    </RecordsPage>
  );
}
