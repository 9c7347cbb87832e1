import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { RowsTable } from '../shared/RowsTable';
import { useRecallColumns } from '../shared/recordColumns';
import * as styles from '../shared/records.css';

function Recalls({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const columns = useRecallColumns();
  const query = useQuery(recordsQueries.recalls(tenantId, scope));
  return (
    <QueryView query={query}>
      {({ recalls }) =>
        recalls.length === 0 ? (
          <EmptyState>{t('records.recalls.none')}</EmptyState>
        ) : (
          <RowsTable className={styles.table} aria-labelledby="records-title" rows={recalls} rowKey={(recall) => recall.id} columns={columns} />
        )
      }
    </QueryView>
  );
}

/** /patient/recalls: which checks are due and when; overdue ones marked in words. */
export function RecallsPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.recalls')}>
      {scope ? <Recalls scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}
