import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { chartQueries } from '../../../api/chart';
import type { PatientMessage } from '../../../contract/chart';
import { useTenantId } from '../../shared/useTenant';
import { Badge, EmptyState, QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import { useStoreZones } from '../../shared/storeZones';
import { Button } from '../../ui/Button';
import * as styles from './chart.css';
import type { ChartTabProps } from './types';

const tone = (status: PatientMessage['status']) => (status === 'failed' ? 'danger' : status === 'sent' ? 'good' : 'neutral');

/** Tab 8: every email and SMS about the patient, newest first, with its status; 'Write to patient' opens the inbox. */
export default function MessagesTab({ patientId, locationId }: ChartTabProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  // A message has no store of its own: it is dated in the zone of the store the chart is opened at.
  const timeZone = useStoreZones()(locationId);
  const tenantId = useTenantId();
  const query = useInfiniteQuery(chartQueries.messages(tenantId, patientId));
  return (
    <div className={styles.section}>
      <div className={styles.actions}>
        <Link className={styles.linkButton} href={`/apps/mail?patient=${encodeURIComponent(patientId)}`}>
          {t('patientChart.messages.write')}
        </Link>
      </div>
      <QueryView query={query}>
        {({ pages }) => {
          const messages = pages.flatMap((page) => page.messages);
          if (messages.length === 0) return <EmptyState>{t('patientChart.messages.none')}</EmptyState>;
          return (
            <>
              <ul className={styles.list} aria-label={t('patientChart.tabs.messages')}>
                {messages.map((m) => (
                  <li key={m.id} className={styles.card}>
                    <div className={styles.row}>
                      <strong>{m.subject || t(`patientChart.messages.channels.${m.channel}`)}</strong>
                      <Badge tone={tone(m.status)}>{t(`patientChart.messages.statuses.${m.status}`)}</Badge>
                    </div>
                    <dl className={styles.dl}>
                      <dt>{t('patientChart.messages.channel')}</dt>
                      <dd>{t(`patientChart.messages.channels.${m.channel}`)}</dd>
                      <dt>{t('patientChart.messages.to')}</dt>
                      <dd>
                        <bdi>{m.recipient}</bdi>
                      </dd>
                      <dt>{t('patientChart.messages.written')}</dt>
                      <dd>{formats.dateTime(m.createdAt, timeZone)}</dd>
                      {m.sentAt && (
                        <>
                          <dt>{t('patientChart.messages.sent')}</dt>
                          <dd>{formats.dateTime(m.sentAt, timeZone)}</dd>
                        </>
                      )}
                      {m.error && (
                        <>
                          <dt>{t('patientChart.messages.error')}</dt>
                          <dd>{m.error}</dd>
                        </>
                      )}
                    </dl>
                    <p className={styles.messageBody}>{m.body}</p>
                  </li>
                ))}
              </ul>
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
