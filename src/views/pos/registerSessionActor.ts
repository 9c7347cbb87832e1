import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { registerSessionMachine } from '../../machines/registerSession.machine';

export type RegisterSessionActor = ActorRefFrom<typeof registerSessionMachine>;

/** The register page's session actor, for its tabs. */
export const RegisterSessionContext = createContext<RegisterSessionActor | null>(null);

export function useRegisterSessionActor(): RegisterSessionActor {
  const actor = useContext(RegisterSessionContext);
  if (!actor) throw new Error('useRegisterSessionActor needs the register page (PosPage)');
  return actor;
}
