import type { ComponentType } from 'react';
import { chartTabKeys } from '../../../contract/patientsAdmin';
import type { ChartTabKey } from '../../../contract/patientsAdmin';
import { preloadable } from '../../shared/preloadable';
import type { ChartTabProps } from './types';

/**
 * The chart's tabs in address order: `/admin/patients/{patientId}/{n}` opens tab n (1-based). Each tab is its own
 * lazy chunk, so the chart's first paint carries only the tab it shows.
 */
export interface ChartTab {
  number: number;
  /** The key of its label (`patientChart.tabs.<key>`). */
  key: ChartTabKey;
  /** Fetches the tab's chunk (once); a tab fetched ahead draws without suspending. */
  load: () => Promise<unknown>;
  Component: ComponentType<ChartTabProps>;
}

const loaders: Record<ChartTabKey, () => Promise<{ default: ComponentType<ChartTabProps> }>> = {
  details: () => import('./DetailsTab'),
  rx: () => import('./RxTab'),
  appointments: () => import('./AppointmentsTab'),
  invoices: () => import('./InvoicesTab'),
  labOrders: () => import('./LabOrdersTab'),
  recalls: () => import('./RecallsTab'),
  forms: () => import('./FormsTab'),
  messages: () => import('./MessagesTab'),
  activity: () => import('./ActivityTab'),
};

export const chartTabs: readonly ChartTab[] = chartTabKeys.map((key, index) => {
  const Component = preloadable(() => loaders[key]().then((module) => module.default));
  return { key, number: index + 1, load: Component.preload, Component };
});

/** The component of tab n. */
export const tabComponent = (n: number) => chartTabs[n - 1]!.Component;

/** The tab an address's second segment names: a digit 1..9 is that tab; a store id is the first tab; else null. */
export function tabOfSegment(segment: string): number | null {
  if (/^[1-9]$/.test(segment)) return Number(segment) <= chartTabs.length ? Number(segment) : null;
  return uuidPattern.test(segment) ? 1 : null;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address of tab n of a patient's chart. */
export const chartTabHref = (patientId: string, n: number) => `/admin/patients/${encodeURIComponent(patientId)}/${n}`;
