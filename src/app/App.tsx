import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SettingsProvider } from '../views/settings/settingsActor';
import { SessionProvider } from '../views/ui/session';
import { ShellActorsProvider } from '../views/ui/shellActors';
import { Snackbars } from '../views/ui/Snackbars';
import { RouteAccessProvider } from './routeAccess';
import { ServerQueriesProvider } from './queries';
import { AppRoutes } from './routes';
import type { Runtime } from './runtime';

/** React Aria follows the chosen language (its own texts, RTL-aware behaviour) and navigates through wouter. */
function AriaProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale={i18n.language}>
      <RouterProvider navigate={(path) => navigate(path)}>{children}</RouterProvider>
    </I18nProvider>
  );
}

export function App({ runtime }: { runtime: Runtime }) {
  return (
    <ServerQueriesProvider value={runtime.queries}>
      <I18nextProvider i18n={runtime.i18n}>
        <SessionProvider value={runtime.session}>
          <SettingsProvider value={runtime.settings}>
            <AriaProviders>
              <RouteAccessProvider value={runtime.routeAccess}>
                <ShellActorsProvider value={runtime}>
                  <AppRoutes />
                  <Snackbars />
                </ShellActorsProvider>
              </RouteAccessProvider>
            </AriaProviders>
          </SettingsProvider>
        </SessionProvider>
      </I18nextProvider>
    </ServerQueriesProvider>
  );
}
