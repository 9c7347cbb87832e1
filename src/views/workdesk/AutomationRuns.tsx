import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jobQueries, useStartJob } from '../../api/jobs';
import { jobKinds, type JobRun } from '../../contract/jobs';
import { translateError } from '../../i18n/apiErrors';
import { useFormats } from '../shared/format';
import * as list from '../shared/listPage.css';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { TableScroll } from '../ui/TableScroll';
import * as styles from './automations.css';

/**
 * The work desk's Automations view for admins: the company's recent runs of the automations (appointment reminders,
 * recall steps) with what each queued and why one failed, and a button per kind that starts a run now.
 */
export function AutomationRuns({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const formats = useFormats();
  const runs = useQuery({ ...jobQueries.runs(tenantId), refetchInterval: (query) => (query.state.data?.runs.some(busy) ? 2_000 : false) });
  const start = useStartJob(tenantId);
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={list.heading}>
        {t('automations.title')}
      </h2>
      <p className={list.muted}>{t('automations.hint')}</p>
      <div role="group" aria-label={t('automations.runNow')} className={styles.actions}>
        {jobKinds.map((kind) => (
          <Button key={kind} variant="secondary" isDisabled={start.isPending} onPress={() => start.mutate(kind)}>
            {t('automations.runKind', { kind: t(`automations.kinds.${kind}`) })}
          </Button>
        ))}
      </div>
      {start.isError && (
        <p role="alert" className={list.muted}>
          {translateError(i18n, start.error)}
        </p>
      )}
      {start.isSuccess && (
        <p role="status" className={list.muted}>
          {t('automations.started', { kind: t(`automations.kinds.${start.data.kind}`) })}
        </p>
      )}
      {runs.isPending ? (
        <div className={list.state}>
          <Spinner label={t('automations.loading')} />
        </div>
      ) : runs.isError ? (
        <div role="alert" className={list.state}>
          <p className={list.heading}>{t('automations.loadFailed')}</p>
          <p className={list.muted}>{translateError(i18n, runs.error)}</p>
        </div>
      ) : runs.data.runs.length === 0 ? (
        <p className={list.muted}>{t('automations.none')}</p>
      ) : (
        <TableScroll>
          <table className={list.table} aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t('automations.columns.kind')}</th>
                <th scope="col">{t('automations.columns.when')}</th>
                <th scope="col">{t('automations.columns.status')}</th>
                <th scope="col">{t('automations.columns.result')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    {t(`automations.kinds.${run.kind}`)}
                    {run.manual ? ` (${t('automations.manual')})` : ''}
                  </th>
                  <td>{formats.dateTime(run.runAt)}</td>
                  <td>{t(`automations.statuses.${run.status}`)}</td>
                  <td>{resultText(run, t, formats.integer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

const busy = (run: JobRun) => run.status === 'queued' || run.status === 'running';

function resultText(run: JobRun, t: (key: string, params?: Record<string, unknown>) => string, number: (n: number) => string): string {
  const parts: string[] = [];
  if (run.result) {
    parts.push(t('automations.queued', { number: number(run.result.queued) }));
    if (run.result.skipped.noAddress) parts.push(t('automations.noAddress', { number: number(run.result.skipped.noAddress) }));
    if (run.result.skipped.noConsent) parts.push(t('automations.noConsent', { number: number(run.result.skipped.noConsent) }));
    if (run.result.failures.length) parts.push(t('automations.failures', { number: number(run.result.failures.length) }));
  }
  if (run.error) parts.push(t('automations.error', { error: run.error }));
  return parts.join(' · ');
}
