import { queryOptions } from '@tanstack/react-query';
import { JobRun, JobRuns, type JobKind } from '../contract/jobs';
import { apiRequest } from './http';

/** The automations' runs for admins (GET /api/jobs) and starting one now (POST /api/jobs). */
export const jobsKey = (tenantId: string) => ['t', tenantId, 'jobs'] as const;

export const fetchJobRuns = (signal?: AbortSignal) => apiRequest('/api/jobs', { schema: JobRuns, signal });
export const startJob = (kind: JobKind) => apiRequest('/api/jobs', { method: 'POST', body: { kind }, schema: JobRun });

export const jobQueries = {
  runs: (tenantId: string) => queryOptions({ queryKey: [...jobsKey(tenantId), 'runs'], queryFn: ({ signal }) => fetchJobRuns(signal) }),
};
