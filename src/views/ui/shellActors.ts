import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { navbarMachine } from '../../machines/navbar.machine';
import type { snackbarMachine } from '../../machines/snackbar.machine';

export type NavbarActor = ActorRefFrom<typeof navbarMachine>;
export type SnackbarActor = ActorRefFrom<typeof snackbarMachine>;

export interface ShellActors {
  navbar: NavbarActor;
  snackbar: SnackbarActor;
}

const ShellActorsContext = createContext<ShellActors | null>(null);

/** The app's navbar and snackbar actors (created once in src/app/runtime.ts), handed to every view. */
export const ShellActorsProvider = ShellActorsContext.Provider;

function useShellActors(): ShellActors {
  const actors = useContext(ShellActorsContext);
  if (!actors) throw new Error('The shell needs a ShellActorsProvider above it');
  return actors;
}

export const useNavbarActor = () => useShellActors().navbar;

/** Send `snackbar.show` (see snackbar.machine.ts) to tell the user something briefly. */
export const useSnackbarActor = () => useShellActors().snackbar;
