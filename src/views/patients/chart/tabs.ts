import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ChartTabProps } from './types';

/**
 * The chart's tabs in address order: `/admin/patients/{patientId}/{n}` opens tab n (1-based). Each tab is its own
 * lazy chunk, so the chart's first paint carries only the tab it shows.
 */
export interface ChartTab {
  number: number;
  /** The key of its label (`patientChart.tabs.<key>`). */
  key: 'details' | 'rx' | 'appointments' | 'invoices' | 'labOrders' | 'recalls' | 'forms' | 'messages' | 'activity';
  load: () => Promise<{ default: ComponentType<ChartTabProps> }>;
}

const tabList: readonly Omit<ChartTab, 'number'>[] = [
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

export const chartTabs: readonly ChartTab[] = tabList.map((tab, index) => ({ ...tab, number: index + 1 }));

const components = new Map<number, LazyExoticComponent<ComponentType<ChartTabProps>>>(
  chartTabs.map((tab) => [tab.number, lazy(tab.load)]),
);

/** The lazy component of tab n. */
export const tabComponent = (n: number) => components.get(n)!;

/** The tab an address's second segment names: a digit 1..9 is that tab; a store id is the first tab; else null. */
export function tabOfSegment(segment: string): number | null {
  if (/^[1-9]$/.test(segment)) return Number(segment) <= chartTabs.length ? Number(segment) : null;
  return uuidPattern.test(segment) ? 1 : null;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address of tab n of a patient's chart. */
export const chartTabHref = (patientId: string, n: number) => `/admin/patients/${encodeURIComponent(patientId)}/${n}`;
