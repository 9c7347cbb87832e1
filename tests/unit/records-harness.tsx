/**
 * Renders one issue-5 page as the app does (real session actor with Jane's or another user's stored session, real
 * http layer and TanStack Query, i18n with every locale) against the fake API of tests/fixtures.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-aria-components';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { createActor } from 'xstate';
import { getSaleActor } from '../../src/app/saleActor';
import { createSessionActor } from '../../src/app/sessionActor';
import { writeStoredSession } from '../../src/app/storedSession';
import type { User } from '../../src/contract/auth';
import { ViewSlots } from '../../src/app/viewSlots';
import { createI18n } from '../../src/i18n/i18n';
import { snackbarMachine } from '../../src/machines/snackbar.machine';
import { SessionProvider } from '../../src/views/ui/session';
import { ShellActorsProvider } from '../../src/views/ui/shellActors';
import { Snackbars } from '../../src/views/ui/Snackbars';
import { janeDoe } from '../fixtures/auth';
import { fakeApi } from '../fixtures/fakeApi';
import type { Call, Reply } from '../fixtures/fakeApi';
import '../fixtures/jsdom-gaps';

/** These pages are drawn without the shell: nothing here has a navbar. */
const noNavbar = (): never => {
  throw new Error('No navbar outside the shell');
};

export const withRoles = (user: User, role: User['role'], displayName: string): User => ({
  ...user,
  role,
  data: { ...user.data, role, displayName },
});

export interface RenderOptions {
  user?: User;
  language?: 'en' | 'tr' | 'ar';
  /** The API: answer each call (the session's own /api/patient/me is answered with the user). */
  api: (call: Call) => Reply | undefined;
  /** With fake timers: how user-event lets time pass between its steps. */
  advanceTimers?: (ms: number) => unknown;
  /** The page's i18next, made from the stored language (default: every text of every language, createI18n). */
  texts?: (storage: Storage) => I18n;
}

export function renderPage(page: ReactNode, { user = janeDoe, language = 'en', api, advanceTimers, texts = createI18n }: RenderOptions) {
  writeStoredSession(window.sessionStorage, {
    session: { accessToken: 'token', tenantId: user.tenantId, user, expiresAt: Date.now() / 1000 + 600 },
    loginUrl: '/login',
  });
  localStorage.setItem('language', language);
  const server = fakeApi((call) => (call.path === '/api/patient/me' ? { status: 200, body: { user } } : api(call)));
  const i18n = texts(localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = createSessionActor({ sessionStorage, localStorage });
  session.start();
  const snackbar = createActor(snackbarMachine).start();
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider value={session}>
          <ShellActorsProvider value={{ snackbar, attachNavbar: noNavbar, saleActor: getSaleActor }}>
            <RouterProvider navigate={navigate}>
              <ViewSlots>{page}</ViewSlots>
              <Snackbars />
            </RouterProvider>
          </ShellActorsProvider>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { server, queryClient, i18n, session, snackbar, navigate, user: userEvent.setup(advanceTimers ? { advanceTimers } : {}) };
}

export function tearDownPage(rendered: ReturnType<typeof renderPage> | undefined) {
  cleanup();
  rendered?.session.stop();
  rendered?.snackbar.stop();
  rendered?.queryClient.clear();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
}

/** The records calls a page made (without the session's own). */
export const recordCalls = (calls: Call[]) => calls.filter((call) => call.path !== '/api/patient/me');
