import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { Badge, EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { useFormats } from '../shared/format';
import * as styles from '../shared/records.css';
import { TableScroll } from '../ui/TableScroll';

function Recalls({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(recordsQueries.recalls(tenantId, scope));
  return (
    <QueryView query={query}>
      {({ recalls }) =>
        recalls.length === 0 ? (
          <EmptyState>{t('records.recalls.none')}</EmptyState>
        ) : (
          <TableScroll>
            <table className={styles.table} aria-labelledby="records-title">
              <thead>
                <tr>
                  <th scope="col">{t('records.recalls.type')}</th>
                  <th scope="col">{t('records.recalls.dueOn')}</th>
                  <th scope="col">{t('records.recalls.store')}</th>
                  <th scope="col">{t('records.recalls.status')}</th>
                </tr>
              </thead>
              <tbody>
                {recalls.map((recall) => (
                  <tr key={recall.id}>
                    <th scope="row">{t(`records.recalls.types.${recall.type}`)}</th>
                    <td>
                      <time dateTime={recall.dueOn}>{formats.date(recall.dueOn)}</time>
                      {recall.overdue && (
                        <>
                          {' '}
                          <Badge tone="danger">{t('records.recalls.overdue')}</Badge>
                        </>
                      )}
                    </td>
                    <td>
                      <bdi>{recall.storeName}</bdi>
                    </td>
                    <td>{t(`records.recalls.statuses.${recall.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
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
