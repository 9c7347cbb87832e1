import { navbarActorFor } from '../views/shell/navbarActor';
import { Shell } from '../views/shell/Shell';
import type { ShellProps } from '../views/shell/Shell';
import { useSettingsActor } from '../views/settings/settingsActor';
import { NavbarProvider, useShellActors } from '../views/ui/shellActors';
import { ServerData } from './ServerData';

/**
 * The shell, with its navbar's actor and the server data (TanStack Query) of the pages inside it; its own chunk
 * (src/app/routes.tsx).
 */
export function SignedInShell(props: ShellProps) {
  const navbar = navbarActorFor(useSettingsActor(), useShellActors().inspect);
  return (
    <ServerData>
      <NavbarProvider value={navbar}>
        <Shell {...props} />
      </NavbarProvider>
    </ServerData>
  );
}
