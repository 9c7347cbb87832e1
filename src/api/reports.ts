import { queryOptions } from '@tanstack/react-query';
import { Report } from '../contract/reports';
import type { EnterpriseReportName, ReportGroup, ReportName } from '../contract/reports';
import { apiRequest } from './http';

/** The admin's reports: GET /api/reports/{report} with the range, store and grouping (src/contract/reports.ts). */
export interface ReportFilter {
  from?: string;
  to?: string;
  locationId?: string;
  group?: ReportGroup;
  /** A money report's currency (ISO 4217); the home store's when not given. */
  currency?: string;
}

export const reportQueryString = (filter: ReportFilter) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchReport = (name: ReportName, filter: ReportFilter, signal?: AbortSignal) =>
  apiRequest(`/api/reports/${name}${reportQueryString(filter)}`, { schema: Report, signal });

export const reportQuery = (tenantId: string, name: ReportName, filter: ReportFilter) =>
  queryOptions({
    queryKey: ['t', tenantId, 'reports', name, filter],
    queryFn: ({ signal }) => fetchReport(name, filter, signal),
    staleTime: 30_000,
  });

/** The enterprise admin's reports across companies: GET /api/enterprise/reports/{report}, a range only. */
export const fetchEnterpriseReport = (name: EnterpriseReportName, filter: Pick<ReportFilter, 'from' | 'to'>, signal?: AbortSignal) =>
  apiRequest(`/api/enterprise/reports/${name}${reportQueryString(filter)}`, { schema: Report, signal });

export const enterpriseReportQuery = (tenantId: string, name: EnterpriseReportName, filter: Pick<ReportFilter, 'from' | 'to'>) =>
  queryOptions({
    queryKey: ['t', tenantId, 'enterprise', 'reports', name, filter],
    queryFn: ({ signal }) => fetchEnterpriseReport(name, filter, signal),
    staleTime: 30_000,
  });
