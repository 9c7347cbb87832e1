import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountLockList } from '../contract/locks';
import { Ok } from '../contract/users';
import { accessKey } from './access';
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

/**
 * Clears an account's sign-in failures; its failures load again, and so does the accounts list (the Access page's
 * row marker "Locked" comes from it). `options` are the page's own steps after the lists.
 */
export function useClearLock(tenantId: string, options: { onSuccess?: () => void; onSettled?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => clearLock(userId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: locksKey(tenantId) });
      void client.invalidateQueries({ queryKey: accessKey(tenantId) });
      options.onSuccess?.();
    },
    onSettled: options.onSettled,
  });
}
