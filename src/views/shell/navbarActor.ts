import { createContext, useContext } from 'react';
import type { NavbarActor } from '../ui/shellActors';

// Beside the shell (its chunk), not in src/views/ui/shellActors.ts, which the sign-in entry carries.
const NavbarContext = createContext<NavbarActor | null>(null);

/** The navbar's actor, given by the signed-in shell (src/app/SignedInShell.tsx). */
export const NavbarProvider = NavbarContext.Provider;

export function useNavbarActor(): NavbarActor {
  const navbar = useContext(NavbarContext);
  if (!navbar) throw new Error('The navbar needs a NavbarProvider above it (the signed-in shell)');
  return navbar;
}
