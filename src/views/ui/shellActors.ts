import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { NavbarInput, navbarMachine } from '../../machines/navbar.machine';
import type { RecentsInput, recentsMachine } from '../../machines/recents.machine';
import type { snackbarMachine } from '../../machines/snackbar.machine';

export type NavbarActor = ActorRefFrom<typeof navbarMachine>;
export type SnackbarActor = ActorRefFrom<typeof snackbarMachine>;
export type RecentsActor = ActorRefFrom<typeof recentsMachine>;

export interface ShellActors {
  snackbar: SnackbarActor;
  /** The navbar joins the app's actor system with the shell's chunk, which brings its machine; made once. */
  attachNavbar(navbar: typeof navbarMachine, input: NavbarInput): NavbarActor;
  /**
   * Recents (open POS and patient pages, the unsaved-changes guard) join the same way; made once. Only the signed-in
   * shell asks for it (src/app/SignedInShell.tsx); a page drawn alone in a test needs none.
   */
  attachRecents?(recents: typeof recentsMachine, input: RecentsInput): RecentsActor;
}

const ShellActorsContext = createContext<ShellActors | null>(null);

/** The app's snackbar actor (a child of the app's actor system, src/app/runtime.ts), handed to every view. */
export const ShellActorsProvider = ShellActorsContext.Provider;

export function useShellActors(): ShellActors {
  const actors = useContext(ShellActorsContext);
  if (!actors) throw new Error('The app needs a ShellActorsProvider above it');
  return actors;
}

/** Send `snackbar.show` (see snackbar.machine.ts) to tell the user something briefly. */
export const useSnackbarActor = () => useShellActors().snackbar;
