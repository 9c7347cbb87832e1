import type { ComponentType } from 'react';
import { preloadable } from '../../shell/preloadable';
import type { ChartTabProps } from './types';

/**
 * The chart's tabs in address order: `/admin/patients/{patientId}/{n}` opens tab n (1-based). Each tab is its own
 * lazy chunk, so the chart's first paint carries only the tab it shows.
 */
export interface ChartTab {
  number: number;
  /** The key of its label (`patientChart.tabs.<key>`). */
  key: 'details' | 'rx' | 'appointments' | 'invoices' | 'labOrders' | 'recalls' | 'forms' | 'messages' | 'activity';
  /** Fetches the tab's chunk (once); a tab fetched ahead draws without suspending. */
  load: () => Promise<unknown>;
  Component: ComponentType<ChartTabProps>;
}

const tabList: readonly { key: ChartTab['key']; load: () => Promise<{ default: ComponentType<ChartTabProps> }> }[] = [
  { key: 'details', load: () => import('./DetailsTab') },
  { key: 'rx', load: () => import('./RxTab') },
  { key: 'appointments', load: () => import('./AppointmentsTab') },
  { key: 'invoices', load: () => import('./InvoicesTab') },
  { key: 'labOrders', load: () => import('./LabOrdersTab') },
  { key: 'recalls', load: () => import('./RecallsTab') },
  { key: 'forms', load: () => import('./FormsTab') },
  { key: 'messages', load: () => import('./MessagesTab') },
  { key: 'activity', load: () => import('./ActivityTab') },
];

export const chartTabs: readonly ChartTab[] = tabList.map((tab, index) => {
  const Component = preloadable(() => tab.load().then((module) => module.default));
  return { key: tab.key, number: index + 1, load: Component.preload, Component };
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
