import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromTransition } from 'xstate';
import { ViewSlots } from '../../src/app/viewSlots';
import { createI18n } from '../../src/i18n/i18n';
import { recentsMachine } from '../../src/machines/recents.machine';
import { snackbarMachine } from '../../src/machines/snackbar.machine';
import { LeaveGuard } from '../../src/views/recents/LeaveGuard';
import { RecentsProvider } from '../../src/views/shared/recentsActor';
import type { SessionActor } from '../../src/views/ui/session';
import { SessionProvider } from '../../src/views/ui/session';
import { ShellActorsProvider } from '../../src/views/ui/shellActors';
import { Snackbars } from '../../src/views/ui/Snackbars';
import { fakeApi } from '../fixtures/fakeApi';
import type { Call, Reply } from '../fixtures/fakeApi';
import '../fixtures/jsdom-gaps';

/** These pages are drawn without the shell: nothing here has a navbar. */
const noNavbar = (): never => {
  throw new Error('No navbar outside the shell');
};

/**
 * An admin eForm screen at `path` with what the shell gives it (TanStack Query, i18n, the session's tenant and admin, the
 * snackbar and its messages, recents with the leave guard, router links), against a fake API.
 */
export function renderAdminScreen(
  path: string,
  screen: ReactNode,
  api: (call: Call) => Reply | Promise<Reply>,
  { cached }: { /** Server data already in the cache when the screen opens (a page the person came from). */ cached?: (queryClient: QueryClient) => void } = {},
) {
  window.history.replaceState(null, '', path);
  const server = fakeApi(api);
  const i18n = createI18n(localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  cached?.(queryClient);
  // The screens read the session's tenant and who is signed in (an admin: every staff screen admits one).
  const signedIn = { tenantId: 'tenant-1', user: { role: ['admin'], data: { displayName: 'Alex Admin' } } };
  const session = createActor(fromTransition((state) => state, { session: signedIn })).start();
  const snackbar = createActor(snackbarMachine).start();
  // The shell's recents and its leave guard: the editing pages' unsaved-changes question.
  const recents = createActor(recentsMachine, { input: {} }).start();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider value={session as unknown as SessionActor}>
          <ShellActorsProvider value={{ snackbar, attachNavbar: noNavbar }}>
            <RouterProvider navigate={(to) => navigate(to)}>
              <RecentsProvider value={recents}>
                <ViewSlots>{screen}</ViewSlots>
                <LeaveGuard recents={recents} />
              </RecentsProvider>
              <Snackbars />
            </RouterProvider>
          </ShellActorsProvider>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), server, recents };
}
