import { useSelector } from '@xstate/react';
import { useSessionActor } from '../ui/session';

/** The signed-in session's tenant: the first part of every query key (a new session never sees the last one's data). */
export function useTenantId(): string {
  const session = useSessionActor();
  return useSelector(session, (snapshot) => snapshot.context.session?.tenantId ?? '');
}
