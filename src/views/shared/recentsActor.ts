import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import type { RecentsActor } from '../ui/shellActors';

/** Where the entries survive a reload of the tab (spec 4); cleared at logout with the rest of the session. */
export const recentsStorageKey = 'recents';

const RecentsContext = createContext<RecentsActor | null>(null);

/** The recents actor, given by the signed-in shell (src/app/SignedInShell.tsx). */
export const RecentsProvider = RecentsContext.Provider;

/** Null outside the signed-in shell (a page drawn alone has no recents and nothing to guard). */
export const useRecentsActor = () => useContext(RecentsContext);

/**
 * A page of a recents entry names it once it knows the name (the patient's, on the chart): the entry of the address
 * open now gets it as its displayName. Nothing outside the signed-in shell.
 */
export function useRecentDisplayName(displayName: string | undefined): void {
  const recents = useRecentsActor();
  const [location] = useLocation();
  useEffect(() => {
    const entry = recents?.getSnapshot().context.entries.find((e) => e.url === location);
    if (displayName && entry && entry.displayName !== displayName) {
      recents!.send({ type: 'recents.update', url: location, changes: { displayName } });
    }
  }, [recents, location, displayName]);
}
