import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import { integer, object, shape } from '../../api/shapes';
import { useTenantId } from '../shared/useTenant';
import { hasInbox, unreadCountPath } from './inboxAccess';

export { hasInbox, inboxRoles } from './inboxAccess';

// A hand-written shape: the toolbar (the shell chunk) does not load the schema library for one number.
const UnreadShape = shape(object({ unread: integer(0, Number.MAX_SAFE_INTEGER) }));

/** Messages from the other side not yet opened (the toolbar's badge); asked every minute and when the page shows. */
export function useUnreadInbox(roles: readonly string[]): number {
  const tenantId = useTenantId();
  const enabled = !!tenantId && hasInbox(roles);
  const unread = useQuery({
    queryKey: ['t', tenantId, 'inbox', 'unread'],
    queryFn: enabled ? ({ signal }) => apiRequest(unreadCountPath, { schema: UnreadShape, signal }) : skipToken,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  return enabled ? (unread.data?.unread ?? 0) : 0;
}
