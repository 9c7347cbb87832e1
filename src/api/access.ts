import { queryOptions } from '@tanstack/react-query';
import type { z } from '../contract/zod';
import { AccountList, AccountSummary, Ok } from '../contract/users';
import type { AccountUpdate, InviteRequest } from '../contract/users';
import { apiRequest } from './http';

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
