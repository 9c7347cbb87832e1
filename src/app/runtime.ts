import { navigate } from 'wouter/use-browser-location';
import { bindDocumentLanguage, createAppI18n } from '../i18n/appI18n';
import { bindDocumentTheme, createSettingsActor } from '../views/settings/settingsActor';
import { createSnackbar } from '../views/shell/shellRuntime';
import { startPageLoad } from './earlyStartChunk';
import { createDevInspector } from '../views/ui/inspector';
import { createServerQueries } from './queries';
import { createRouteAccess } from './routeAccess';
import { createSessionActor, followSessionEnd, followSignInAddresses } from './sessionActor';

export interface RuntimeOptions {
  sessionStorage: Storage;
  localStorage: Storage;
  root: HTMLElement;
}

/**
 * Everything long-lived, made once outside React (main.tsx) so that StrictMode's double effects cannot start a
 * second session check or send a logout twice. Tests build a fresh one per test.
 */
export function createRuntime({ sessionStorage, localStorage, root }: RuntimeOptions) {
  const i18n = createAppI18n(localStorage);
  bindDocumentLanguage(i18n, root);

  // The signed-in screens' TanStack Query client, made with the shell's chunk (src/app/SignedInShell.tsx).
  const queries = createServerQueries();

  // Development only: `?inspect` opens the Stately inspector; pass `inspect` to every long-lived actor.
  const inspect = createDevInspector(globalThis.location?.search ?? '');

  const session = createSessionActor({ sessionStorage, localStorage, inspect });
  followSessionEnd(session, queries, navigate);
  session.start();
  followSignInAddresses(session);
  // The route guard follows the address and the session's roles (src/app/routeAccess.ts).
  // The first page after a sign-in starts as on a page load: its chunks and its first call at once, not after the
  // shell has drawn (src/app/earlyStart.ts; the sign-in form fetched that chunk when the person started typing).
  const routeAccess = createRouteAccess({
    session,
    sessionStorage,
    inspect,
    onSignedIn: (path) => startPageLoad(path, sessionStorage),
  });

  // Theme settings follow the session's user; <html> carries the main theme, data-mode and direction.
  const settings = createSettingsActor({ session, localStorage, inspect });
  bindDocumentTheme(settings, root, i18n);

  // The snackbar (`runtime.snackbar.send({ type: 'snackbar.show', ... })`); the navbar's actor comes with the shell.
  const snackbar = createSnackbar({ settings, i18n, inspect });

  return { i18n, queries, session, settings, inspect, routeAccess, snackbar };
}

export type Runtime = ReturnType<typeof createRuntime>;
