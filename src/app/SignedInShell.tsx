import { Shell } from '../views/shell/Shell';
import type { ShellProps } from '../views/shell/Shell';
import { ServerData } from './ServerData';

/** The shell, with the server data (TanStack Query) of the pages inside it; its own chunk (src/app/routes.tsx). */
export function SignedInShell(props: ShellProps) {
  return (
    <ServerData>
      <Shell {...props} />
    </ServerData>
  );
}
