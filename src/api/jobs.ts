import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { JobRun, JobRuns, type JobKind } from '../contract/jobs';
import { apiRequest } from './http';
import { workDeskKey } from './labOrders';

/** The automations' runs for admins (GET /api/jobs) and starting one now (POST /api/jobs). */
export const jobsKey = (tenantId: string) => ['t', tenantId, 'jobs'] as const;

export const fetchJobRuns = (signal?: AbortSignal) => apiRequest('/api/jobs', { schema: JobRuns, signal });
export const startJob = (kind: JobKind) => apiRequest('/api/jobs', { method: 'POST', body: { kind }, schema: JobRun });

export const jobQueries = {
  runs: (tenantId: string) => queryOptions({ queryKey: [...jobsKey(tenantId), 'runs'], queryFn: ({ signal }) => fetchJobRuns(signal) }),
};

/** Starts an automation now; its runs load again, and so does the work desk (a run changes what is due). */
export function useStartJob(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startJob,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: jobsKey(tenantId) });
      void client.invalidateQueries({ queryKey: workDeskKey(tenantId) });
    },
  });
}
