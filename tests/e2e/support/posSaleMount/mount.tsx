/**
 * A test-only page (never built into the app): the register's SaleView with the app's real providers, session
 * actor, http layer, i18n and theme, served by Vite's dev server for tests/e2e/pos-sale-mount.test.ts until the
 * register frame (PosPage) and the POS server are on main. The test answers /api in the browser (page.route).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-aria-components';
import { createActor } from 'xstate';
import { createSessionActor } from '../../../../src/app/sessionActor';
import { writeStoredSession } from '../../../../src/app/storedSession';
import type { User } from '../../../../src/contract/auth';
import { createI18n } from '../../../../src/i18n/i18n';
import { snackbarMachine } from '../../../../src/machines/snackbar.machine';
import '../../../../src/theme/global.css';
import { light17Theme } from '../../../../src/theme/themes/light17.css';
import { SaleView } from '../../../../src/views/pos/sale/SaleView';
import { SessionProvider } from '../../../../src/views/ui/session';
import { ShellActorsProvider } from '../../../../src/views/ui/shellActors';
import { Snackbars } from '../../../../src/views/ui/Snackbars';

const mount = (window as unknown as { posSaleMount: { user: User; register: { id: string; locationId: string; name: string; openSession: null }; sessionId: string } }).posSaleMount;
writeStoredSession(sessionStorage, {
  session: { accessToken: 'token', tenantId: mount.user.tenantId, user: mount.user, expiresAt: Date.now() / 1000 + 3600 },
  loginUrl: '/login',
});
const i18n = createI18n(localStorage);
const language = i18n.language;
document.documentElement.lang = language;
document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
document.documentElement.classList.add(light17Theme);
const session = createSessionActor({ sessionStorage, localStorage });
session.start();
const snackbar = createActor(snackbarMachine).start();
const noNavbar = (): never => {
  throw new Error('No navbar outside the shell');
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider value={session}>
          <ShellActorsProvider value={{ snackbar, attachNavbar: noNavbar }}>
            <RouterProvider navigate={(to) => history.pushState(null, '', to)}>
              <main style={{ padding: '1rem' }}>
                {/* The register frame (PosPage) draws the page's heading above the sale. */}
                <h1>{i18n.t('recents.titles.pos')}</h1>
                <SaleView register={mount.register} session={{ id: mount.sessionId }} />
              </main>
              <Snackbars />
            </RouterProvider>
          </ShellActorsProvider>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
