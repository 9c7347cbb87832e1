import { queryOptions } from '@tanstack/react-query';
import { AccountLockList } from '../contract/locks';
import { Ok } from '../contract/users';
import { apiRequest } from './http';

/**
 * Sign-in failures of one account (admins and staff): GET /api/staff/locks narrowed by ?userId= or ?patientId=,
 * and POST /api/staff/locks/{userId}/clear.
 */
export const locksKey = (tenantId: string) => ['t', tenantId, 'locks'] as const;

/** One of the query's narrowings (AccountLockQuery). */
export type LockFilter = { userId: string } | { patientId: string };

export const lockQueries = {
  of: (tenantId: string, filter: LockFilter) =>
    queryOptions({
      queryKey: [...locksKey(tenantId), filter],
      queryFn: ({ signal }) => apiRequest(`/api/staff/locks?${new URLSearchParams(filter)}`, { schema: AccountLockList, signal }),
    }),
};

export const clearLock = (userId: string) =>
  apiRequest(`/api/staff/locks/${encodeURIComponent(userId)}/clear`, { method: 'POST', schema: Ok });
