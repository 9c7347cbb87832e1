import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { NavbarInput, navbarMachine } from '../../machines/navbar.machine';
import type { posSaleMachine } from '../../machines/posSale.machine';
import type { RecentsInput, recentsMachine } from '../../machines/recents.machine';
import type { snackbarMachine } from '../../machines/snackbar.machine';

export type NavbarActor = ActorRefFrom<typeof navbarMachine>;
export type SnackbarActor = ActorRefFrom<typeof snackbarMachine>;
export type RecentsActor = ActorRefFrom<typeof recentsMachine>;
export type PosSaleActor = ActorRefFrom<typeof posSaleMachine>;

/** Which register session's sale, and what it starts with. */
export interface SaleActorOptions {
  tenantId: string;
  registerSessionId: string;
  locationId: string;
  registerId: string;
  discountLimitBp: number | null;
}

export interface ShellActors {
  snackbar: SnackbarActor;
  /** The navbar joins the app's actor system with the shell's chunk, which brings its machine; made once. */
  attachNavbar(navbar: typeof navbarMachine, input: NavbarInput): NavbarActor;
  /**
   * Recents (open POS and patient pages, the unsaved-changes guard) join the same way; made once. Only the signed-in
   * shell asks for it (src/app/SignedInShell.tsx); a page drawn alone in a test needs none.
   */
  attachRecents?(recents: typeof recentsMachine, input: RecentsInput): RecentsActor;
  /**
   * The sale of a register session (src/app/saleActor.ts): made once and kept, so it outlives a visit to another POS
   * tab. Only the register asks for it.
   */
  saleActor?(options: SaleActorOptions): PosSaleActor;
}

const ShellActorsContext = createContext<ShellActors | null>(null);

/** The app's snackbar actor (a child of the app's actor system, src/app/runtime.ts), handed to every view. */
export const ShellActorsProvider = ShellActorsContext.Provider;

export function useShellActors(): ShellActors {
  const actors = useContext(ShellActorsContext);
  if (!actors) throw new Error('The app needs a ShellActorsProvider above it');
  return actors;
}

/** The register session's sale, from the app's actors. */
export function useSaleActor(options: SaleActorOptions): PosSaleActor {
  const { saleActor } = useShellActors();
  if (!saleActor) throw new Error('The register needs the app runtime (saleActor)');
  return saleActor(options);
}

/** Send `snackbar.show` (see snackbar.machine.ts) to tell the user something briefly. */
export const useSnackbarActor = () => useShellActors().snackbar;
