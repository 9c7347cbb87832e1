import { useQuery } from '@tanstack/react-query';
import { unreadQuery } from '../../api/inboxUnread';
import { useTenantId } from '../shared/useTenant';
import { hasInbox } from './inboxAccess';

export { hasInbox, inboxRoles } from './inboxAccess';

/** Messages from the other side not yet opened (the toolbar's badge). */
export function useUnreadInbox(roles: readonly string[]): number {
  const tenantId = useTenantId();
  const enabled = !!tenantId && hasInbox(roles);
  const unread = useQuery(unreadQuery(tenantId, enabled));
  return enabled ? (unread.data?.unread ?? 0) : 0;
}
