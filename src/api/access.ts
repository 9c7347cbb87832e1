import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from '../contract/zod';
import { AccountList, AccountSummary, Ok } from '../contract/users';
import type { AccountUpdate, InviteRequest } from '../contract/users';
import { apiRequest } from './http';
import { changedMeanwhile } from './mutations';
import type { ViewEffects } from './mutations';

/**
 * Users and permissions (/admin/access, admins): GET /api/access/users (a search), an invitation, edits that name
 * the version they were made from (If-Match), and the actions on one account.
 */
export const accessKey = (tenantId: string) => ['t', tenantId, 'access'] as const;

export const fetchAccounts = (search: string, signal?: AbortSignal) =>
  apiRequest(`/api/access/users${search ? `?search=${encodeURIComponent(search)}` : ''}`, { schema: AccountList, signal });

export const accountQueries = {
  list: (tenantId: string, search: string) =>
    queryOptions({ queryKey: [...accessKey(tenantId), 'list', search], queryFn: ({ signal }) => fetchAccounts(search, signal) }),
};

export const inviteAccount = (body: InviteRequest) => apiRequest('/api/access/users', { method: 'POST', body, schema: AccountSummary });

export const updateAccount = (account: Pick<AccountSummary, 'id' | 'updatedAt'>, body: AccountUpdate) =>
  apiRequest(`/api/access/users/${encodeURIComponent(account.id)}`, { method: 'PATCH', body, version: account.updatedAt, schema: AccountSummary });

export type AccountAction = 'deactivate' | 'reactivate' | 'invite' | 'password-reset';

const actionAnswer = { deactivate: AccountSummary, reactivate: AccountSummary, invite: AccountSummary, 'password-reset': Ok } as const;

export const accountAction = (account: Pick<AccountSummary, 'id' | 'updatedAt'>, action: AccountAction) =>
  apiRequest<AccountSummary | z.infer<typeof Ok>>(`/api/access/users/${encodeURIComponent(account.id)}/${action}`, {
    method: 'POST',
    version: action === 'deactivate' || action === 'reactivate' ? account.updatedAt : undefined,
    schema: actionAnswer[action],
  });

// ---- mutations ------------------------------------------------------------------------------------------------------

/** Every change to an account has the list read again. */
function useInvalidateAccess(tenantId: string) {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: accessKey(tenantId) });
}

export function useInviteAccount(tenantId: string, view: ViewEffects<AccountSummary, InviteRequest> = {}) {
  const invalidate = useInvalidateAccess(tenantId);
  return useMutation({
    mutationFn: (body: InviteRequest) => inviteAccount(body),
    onSuccess: (created, body) => {
      invalidate();
      view.onSuccess?.(created, body);
    },
  });
}

type Version = Pick<AccountSummary, 'id' | 'updatedAt'>;
export type AccountSave = { account: Version; changes: AccountUpdate };

/** An edit over the version it started from; refused as stale, the list is read again (the newer version). */
export function useUpdateAccount(tenantId: string, view: ViewEffects<AccountSummary, AccountSave> = {}) {
  const invalidate = useInvalidateAccess(tenantId);
  return useMutation({
    mutationFn: ({ account, changes }: AccountSave) => updateAccount(account, changes),
    onSuccess: (saved, sent) => {
      invalidate();
      view.onSuccess?.(saved, sent);
    },
    onError: (error) => changedMeanwhile(error) && invalidate(),
  });
}

export type AccountActionRequest = { account: Version; action: AccountAction };

export function useAccountAction(tenantId: string, view: ViewEffects<Awaited<ReturnType<typeof accountAction>>, AccountActionRequest> = {}) {
  const invalidate = useInvalidateAccess(tenantId);
  return useMutation({
    mutationFn: ({ account, action }: AccountActionRequest) => accountAction(account, action),
    onSuccess: (answer, request) => {
      invalidate();
      view.onSuccess?.(answer, request);
    },
    onSettled: view.onSettled,
  });
}
