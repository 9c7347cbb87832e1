import { navbarMachine } from '../machines/navbar.machine';
import { Shell } from '../views/shell/Shell';
import type { ShellProps } from '../views/shell/Shell';
import { NavbarProvider, useShellActors } from '../views/ui/shellActors';
import { ServerData } from './ServerData';

/**
 * The shell, with its navbar's actor and the server data (TanStack Query) of the pages inside it; its own chunk
 * (src/app/routes.tsx).
 */
export function SignedInShell(props: ShellProps) {
  // The navbar's machine comes with this chunk; the app's actor system spawns it once (systemId 'navbar').
  const navbar = useShellActors().attachNavbar(navbarMachine);
  return (
    <ServerData>
      <NavbarProvider value={navbar}>
        <Shell {...props} />
      </NavbarProvider>
    </ServerData>
  );
}
