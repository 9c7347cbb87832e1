import { memo, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { navigate, useHistoryState } from 'wouter/use-browser-location';
import { listedPatient, mergedInto } from '../../api/patients';
import { recordsQueries } from '../../api/records';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { useRecentDisplayName, useRecentsActor } from '../shared/recentsActor';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';
import { chartHref } from './chartHref';
import { chartTabHref, chartTabs, tabComponent, tabOfSegment, uuidPattern } from './chart/tabs';
import * as styles from './chart/chart.css';

/**
 * /admin/patients/{patientId}/{locationId} and /admin/patients/{patientId}/{n}: the patient chart. The second part
 * is a store (the first tab, at that store) or a tab number (that tab, at the patient's own store). Each tab is
 * its own chunk and fetches its own data; the tab list scrolls sideways on a narrow screen.
 */
export function PatientChartPage({ patientId, locationId }: { patientId: string; locationId: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const tab = tabOfSegment(locationId);
  const valid = tab !== null && uuidPattern.test(patientId);
  // The profile (shared with the details tab) names the patient and their store; the tab's chunk loads meanwhile.
  const patient = useQuery({ ...recordsQueries.profile(tenantId, { kind: 'patient', patientId }), enabled: valid });
  // Opened from the patient list, the chart draws its name and tabs from the clicked row while her profile is on
  // the way: only the first tab's own content is left to draw when it comes.
  const queryClient = useQueryClient();
  const [listed] = useState(() => listedPatient(queryClient, tenantId, patientId));
  const shown = patient.data ?? (patient.isPending ? listed : undefined);
  // The recents entry of this chart (the recents panel) is named after the patient.
  useRecentDisplayName(shown && t('patientChart.name', { first: shown.firstName, last: shown.lastName }));
  useMergedAddress(patientId, locationId, patient.error);
  // Fetched beside the profile (a chunk that fails now fails again where the tab draws, which shows it).
  if (valid) chartTabs[tab - 1]!.load().catch(() => {});

  if (!valid) {
    return (
      <section className={styles.page} aria-labelledby="patient-chart-title">
        <h1 id="patient-chart-title" className={styles.title}>
          {t('patientChart.title')}
        </h1>
        <Alert>{t('patientChart.notFound')}</Alert>
      </section>
    );
  }
  if (!shown && patient.isPending) {
    return (
      <section className={styles.page}>
        <Spinner label={t('patientChart.loading')} />
      </section>
    );
  }
  if (!shown && mergedInto(patient.error)) {
    return (
      <section className={styles.page}>
        <Spinner label={t('patientChart.openingKept')} />
      </section>
    );
  }
  if (!shown) {
    return (
      <section className={styles.page} aria-labelledby="patient-chart-title">
        <h1 id="patient-chart-title" className={styles.title}>
          {t('patientChart.title')}
        </h1>
        <Alert>{translateError(i18n, patient.error!)}</Alert>
      </section>
    );
  }
  const name = t('patientChart.name', { first: shown.firstName, last: shown.lastName });
  const store = uuidPattern.test(locationId) ? locationId : shown.locationId;
  return <ChartBody patientId={patientId} tab={tab} store={store} name={name} />;
}

/** Set on the kept chart's history entry when an address of a patient merged into it was opened. */
interface MergedFrom {
  mergedFrom: string;
}

/**
 * An address of a patient merged into another (a bookmark, a recents entry, a link in a message) opens the kept
 * chart in its place, on the same tab (or the kept patient's store); the recents entries follow, and the kept chart
 * says why it opened.
 */
function useMergedAddress(patientId: string, segment: string, error: unknown) {
  const recents = useRecentsActor();
  const kept = mergedInto(error);
  const keptId = kept?.patientId;
  const keptStore = kept?.locationId;
  useEffect(() => {
    if (!keptId || !keptStore) return;
    recents?.send({ type: 'recents.patientMerged', from: patientId, to: keptId });
    const tab = uuidPattern.test(segment) ? null : tabOfSegment(segment);
    const to = tab ? chartTabHref(keptId, tab) : chartHref({ id: keptId, locationId: keptStore });
    navigate(to, { replace: true, state: { mergedFrom: patientId } satisfies MergedFrom });
  }, [recents, patientId, segment, keptId, keptStore]);
}

/**
 * The chart's heading, tabs and open tab. Memoised on its words: her profile coming after the list's row (the
 * same name) redraws only the tab that shows it, not the tab list.
 */
const ChartBody = memo(function ChartBody({ patientId, tab, store, name }: { patientId: string; tab: number; store: string; name: string }) {
  const { t } = useTranslation();
  const select = (key: Key) => {
    const next = Number(key);
    if (next !== tab) navigate(chartTabHref(patientId, next));
  };
  const Panel = tabComponent(tab);
  const merged = useHistoryState<Partial<MergedFrom> | null>()?.mergedFrom !== undefined;
  return (
    <section className={styles.page} aria-labelledby="patient-chart-title">
      <header className={styles.header}>
        <h1 id="patient-chart-title" className={styles.title}>
          <bdi>{name}</bdi>
        </h1>
        <p className={styles.muted}>{t('patientChart.subtitle')}</p>
        {merged && (
          <p role="status" className={styles.muted}>
            {t('patientChart.mergedHere')}
          </p>
        )}
      </header>
      <Tabs className={styles.tabs} selectedKey={String(tab)} onSelectionChange={select}>
        <TabList aria-label={t('patientChart.tabsLabel')} className={styles.tabList}>
          {chartTabs.map((entry) => (
            <Tab key={entry.number} id={String(entry.number)} className={styles.tab}>
              {t(`patientChart.tabs.${entry.key}`)}
            </Tab>
          ))}
        </TabList>
        {/* Keyed by the tab: React Aria keeps a panel's first id, so a panel kept across tabs left the selected tab's
            aria-controls pointing at no element. */}
        <TabPanel key={tab} id={String(tab)} className={styles.panel}>
          <Suspense fallback={<Spinner label={t('patientChart.loadingTab')} />}>
            <Panel patientId={patientId} locationId={store} />
          </Suspense>
        </TabPanel>
      </Tabs>
    </section>
  );
});
