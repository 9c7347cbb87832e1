import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'wouter';
import { recentsMachine } from '../../machines/recents.machine';
import type { RecentEntry, RecentsInput } from '../../machines/recents.machine';
import type { SessionActor } from '../ui/session';
import type { RecentsActor, ShellActors } from '../ui/shellActors';

/** Where the entries survive a reload of the tab (spec 4); cleared at logout with the rest of the session. */
export const recentsStorageKey = 'recents';

const isEntry = (value: unknown): value is RecentEntry =>
  typeof value === 'object' && value !== null && typeof (value as RecentEntry).url === 'string' && typeof (value as RecentEntry).name === 'string';

/** The stored entries; a reload loses what a page had not saved, so every entry comes back saved. */
export function readRecents(storage: Storage): RecentsInput {
  try {
    const stored = JSON.parse(storage.getItem(recentsStorageKey) ?? 'null') as Record<string, unknown> | null;
    if (!stored || !Array.isArray(stored.entries)) return undefined;
    const entries = stored.entries.filter(isEntry).map((entry) => ({ ...entry, isSaving: true }));
    const url = (value: unknown) => (typeof value === 'string' && entries.some((e) => e.url === value) ? value : null);
    return { entries, selected: url(stored.selected), selectedPatient: url(stored.selectedPatient) };
  } catch {
    return undefined;
  }
}

const connected = new WeakSet<RecentsActor>();

/**
 * The recents actor of the app's actor system (systemId 'recents'), spawned once with the shell's chunk from what
 * the tab kept; each change is written back, and the session's end empties it.
 */
export function attachRecents(actors: Pick<ShellActors, 'attachRecents'>, session: SessionActor, storage: Storage | undefined): RecentsActor {
  if (!actors.attachRecents) throw new Error('The signed-in shell needs the app runtime (attachRecents)');
  const recents = actors.attachRecents(recentsMachine, storage && readRecents(storage));
  // The server's first paint has no tab storage: its unstarted actor is drawn once and dropped.
  if (storage && !connected.has(recents)) {
    connected.add(recents);
    let written = storage.getItem(recentsStorageKey);
    recents.subscribe((snapshot) => {
      const { entries, selected, selectedPatient } = snapshot.context;
      const text = entries.length === 0 ? null : JSON.stringify({ entries, selected, selectedPatient });
      if (text === written) return;
      written = text;
      if (text === null) storage.removeItem(recentsStorageKey);
      else storage.setItem(recentsStorageKey, text);
    });
    session.on('session.ended', () => {
      recents.send({ type: 'recents.reset' });
      recents.send({ type: 'panel.close' });
    });
  }
  return recents;
}

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
