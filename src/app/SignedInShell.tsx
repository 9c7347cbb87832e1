import { navbarMachine } from '../machines/navbar.machine';
import { LeaveGuard } from '../views/recents/LeaveGuard';
import { RecentsProvider } from '../views/shared/recentsActor';
import { useSettingsActor } from '../views/settings/settingsActor';
import { useSelectedRowColour } from '../views/settings/general/selectedRow';
import { Shell } from '../views/shell/Shell';
import type { ShellProps } from '../views/shell/Shell';
import { useSessionActor } from '../views/ui/session';
import { NavbarProvider } from '../views/shell/navbarActor';
import { useShellActors } from '../views/ui/shellActors';
import { attachRecents } from './recentsActor';
import { ServerData } from './ServerData';
import { ViewSlots } from './viewSlots';

/**
 * The shell, with its navbar's and recents' actors and the server data (TanStack Query) of the pages inside it; its
 * own chunk (src/app/routes.tsx).
 */
export function SignedInShell(props: ShellProps) {
  const actors = useShellActors();
  // These machines come with this chunk; the app's actor system spawns each once (systemId 'navbar', 'recents').
  const settings = useSettingsActor().getSnapshot().context.settings;
  const navbar = actors.attachNavbar(navbarMachine, { folded: settings.layout.config.navbar?.folded ?? false });
  const recents = attachRecents(actors, useSessionActor(), globalThis.sessionStorage as Storage | undefined);
  useSelectedRowColour();
  return (
    <ServerData>
      <NavbarProvider value={navbar}>
        <RecentsProvider value={recents}>
          <ViewSlots>
            <Shell {...props} />
          </ViewSlots>
          <LeaveGuard recents={recents} />
        </RecentsProvider>
      </NavbarProvider>
    </ServerData>
  );
}
