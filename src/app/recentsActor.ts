import { recentsMachine } from '../machines/recents.machine';
import type { RecentEntry, RecentsInput } from '../machines/recents.machine';
import { recentsStorageKey } from '../views/shared/recentsActor';
import type { SessionActor } from '../views/ui/session';
import type { RecentsActor, ShellActors } from '../views/ui/shellActors';

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
