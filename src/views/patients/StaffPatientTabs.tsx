import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import { translateError } from '../../i18n/apiErrors';
import type { RecentEntry } from '../../machines/recents.machine';
import { useRecentsActor } from '../shared/recentsActor';
import { chartTabs, tabComponent } from './chart/tabs';
import * as chartStyles from './chart/chart.css';
import { Alert } from '../ui/Alert';
import { Isolated } from '../ui/Isolated';
import { Spinner } from '../ui/Spinner';
import { EmptyState, useRecordsAccess } from '../shared/records';
import * as styles from '../shared/records.css';

/** The patient selected in recents (the last chart or invoice opened or chosen), or null. */
function useSelectedPatient(): RecentEntry | null {
  const recents = useRecentsActor();
  const selected = useSelector(recents ?? undefined, (snapshot) => {
    const url = snapshot?.context.selectedPatient;
    return snapshot?.context.entries.find((entry) => entry.url === url) ?? null;
  });
  return selected?.patientId ? selected : null;
}

/**
 * Staff's 'My Information' (staff.md): the same chart tabs as /admin/patients/{id}/{n}, for the patient selected in
 * recents; with none selected, the way to the patient list.
 */
export function StaffPatientTabs({ tabs }: { tabs: readonly number[] }) {
  const { t } = useTranslation();
  const patient = useSelectedPatient();
  if (!patient) {
    return (
      <EmptyState>
        {t('records.staff.none')}{' '}
        <Link href="/admin/patients/all" className={styles.link}>
          {t('records.staff.openList')}
        </Link>
      </EmptyState>
    );
  }
  return <SelectedPatientTabs key={patient.patientId} entry={patient} tabs={tabs} />;
}

function SelectedPatientTabs({ entry, tabs }: { entry: RecentEntry; tabs: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const recents = useRecentsActor();
  const patientId = entry.patientId!;
  const { tenantId } = useRecordsAccess();
  const profile = useQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));
  const [tab, setTab] = useState<Key>(String(tabs[0]));
  const name = profile.data ? t('patientChart.name', { first: profile.data.firstName, last: profile.data.lastName }) : entry.displayName;
  useEffect(() => {
    if (name && name !== entry.displayName) recents?.send({ type: 'recents.update', url: entry.url, changes: { displayName: name } });
  }, [recents, name, entry.url, entry.displayName]);

  if (profile.isPending) return <Spinner label={t('patientChart.loading')} />;
  if (profile.isError) return <Alert>{translateError(i18n, profile.error)}</Alert>;
  const locationId = profile.data.locationId;
  const panel = (n: number) => {
    const Panel = tabComponent(n);
    return (
      <Suspense fallback={<Spinner label={t('patientChart.loadingTab')} />}>
        <Panel patientId={patientId} locationId={locationId} />
      </Suspense>
    );
  };
  return (
    <div className={chartStyles.page}>
      <p className={styles.muted}>
        <Isolated values={{ name }}>{(v) => t('records.staff.patient', v)}</Isolated>{' '}
        <Link href={entry.url} className={styles.link}>
          {t('records.staff.openChart')}
        </Link>
      </p>
      {tabs.length === 1 ? (
        panel(tabs[0]!)
      ) : (
        <Tabs className={chartStyles.tabs} selectedKey={tab} onSelectionChange={setTab}>
          <TabList aria-label={t('patientChart.tabsLabel')} className={chartStyles.tabList}>
            {tabs.map((n) => (
              <Tab key={n} id={String(n)} className={chartStyles.tab}>
                {t(`patientChart.tabs.${chartTabs[n - 1]!.key}`)}
              </Tab>
            ))}
          </TabList>
          {tabs.map((n) => (
            <TabPanel key={n} id={String(n)} className={chartStyles.panel}>
              {panel(n)}
            </TabPanel>
          ))}
        </Tabs>
      )}
    </div>
  );
}
