import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from './http';
import { unreadCountPath } from './inboxPaths';
import { integer, object, shape } from './shapes';

// A hand-written shape: the toolbar (the shell chunk) does not load the schema library for one number.
const UnreadShape = shape(object({ unread: integer(0, Number.MAX_SAFE_INTEGER) }));

/**
 * Messages from the other side not yet opened (the toolbar's badge); asked every minute and when the page shows.
 * Under the inbox's key (src/api/inbox.ts), so every change there asks again; not asked for a role without an inbox.
 */
export const unreadQuery = (tenantId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['t', tenantId, 'inbox', 'unread'],
    queryFn: enabled ? ({ signal }) => apiRequest(unreadCountPath, { schema: UnreadShape, signal }) : skipToken,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
