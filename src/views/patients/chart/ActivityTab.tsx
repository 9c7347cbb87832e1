import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartQueries } from '../../../api/chart';
import { useTenantId } from '../../shared/useTenant';
import { Badge, EmptyState, QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import { Button } from '../../ui/Button';
import { table } from '../../ui/dataTable.css';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';
import { TableScroll } from '../../ui/TableScroll';

/** Tab 9: the audit rows about the patient, newest first: when, who, what and how it ended. */
export default function ActivityTab({ patientId }: ChartTabProps) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const query = useInfiniteQuery(chartQueries.activity(tenantId, patientId));
  // An action without its own words is shown as its code (the log keeps every action the server records).
  const action = (code: string) => {
    const key = `patientChart.activity.actions.${code.replaceAll('.', '_')}`;
    return i18n.exists(key) ? t(key) : code;
  };
  return (
    <div className={styles.section}>
      <QueryView query={query}>
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <EmptyState>{t('patientChart.activity.none')}</EmptyState>;
          return (
            <>
              <TableScroll>
                <table className={table} aria-label={t('patientChart.tabs.activity')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('patientChart.activity.when')}</th>
                      <th scope="col">{t('patientChart.activity.who')}</th>
                      <th scope="col">{t('patientChart.activity.what')}</th>
                      <th scope="col">{t('patientChart.activity.outcome')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((e) => (
                      <tr key={e.id}>
                        <td>
                          <time dateTime={e.at}>{formats.dateTime(e.at)}</time>
                        </td>
                        <td>{e.actorName ? <bdi>{e.actorName}</bdi> : t('patientChart.activity.system')}</td>
                        <th scope="row">{action(e.action)}</th>
                        <td>
                          <Badge tone={e.outcome === 'success' ? 'good' : e.outcome === 'denied' ? 'danger' : 'warning'}>
                            {t(`patientChart.activity.outcomes.${e.outcome}`)}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              {query.hasNextPage && (
                <Button variant="secondary" isPending={query.isFetchingNextPage} onPress={() => void query.fetchNextPage()}>
                  {t('patientChart.loadMore')}
                </Button>
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
