import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

/** The app's one session actor (created outside React in src/app/runtime.ts), handed to every view. */
export const SessionProvider = SessionContext.Provider;

export function useSessionActor(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionActor needs a SessionProvider above it');
  return session;
}
