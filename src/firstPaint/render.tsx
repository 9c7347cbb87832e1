/**
 * The server-drawn first paint of a signed-in page load (docs/architecture.md, "The first paint from the server").
 * Built by Vite as its own server module (vite.config.ts, `firstPaintBuild`) and called by server/firstPaint/firstPaint.ts:
 * the same App, routes, shell and page the browser draws, rendered once to HTML with the page's first answers, so
 * the document itself shows the data. The browser app then starts as usual and takes over (src/views/shell/FirstPaintHandOff.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient, skipToken, type DehydratedState } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { Router } from 'wouter';
import type { User } from '../contract/auth';
import { languages, type Language } from '../i18n/appI18n';
import { createI18n } from '../i18n/i18n';
import { themeModeOf } from '../theme/themeMode';
import { light17Theme } from '../theme/themes/light17.css';
import { ServerViewportProvider } from '../views/shell/serverViewport';
import { App } from '../app/App';
import { firstCallsOf } from '../app/firstCalls';
import { createServerQueries } from '../app/queries';
import { chunksOf } from '../app/routes';
import { routeById } from '../contract/routeTable';
import { childrenOf, createAppActor } from '../app/runtime';
import type { Runtime } from '../app/runtime';
import { writeStoredSession } from '../app/storedSession';
import { drawingScope, findDrawingScopeWith, type HttpScope } from '../api/http';

export { firstCallsOf };

/** A Storage kept in memory: the server's stand-in for the tab's session and local storage. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

export interface FirstPaintRequest {
  /** The address, path and query. */
  path: string;
  accessToken: string;
  tenantId: string;
  expiresAt: number;
  /** The signed-in user as /api/patient/me gives it. */
  user: User;
  language: Language;
  /** Whether the screen is probably wide (a desktop browser): the shell's side navbar, else the drawer. */
  wide: boolean;
  /** The bodies of the 200 answers to the page's first calls (firstCallsOf), by path. */
  answers: Record<string, unknown>;
}

export interface FirstPaint {
  /** The app's markup for the page, with its data. */
  html: string;
  /** <html>'s attributes as the app sets them (src/app/settingsActor.ts, bindDocumentTheme). */
  root: { lang: string; dir: 'ltr' | 'rtl'; className: string; mode: string; animations: 'on' | 'off'; customScrollbars: boolean };
  /** The page's queries with their data (TanStack Query's dehydrated state): the app starts with them. */
  queries: DehydratedState;
}

/**
 * Draws the page at `path` for the user, or null when it is not one drawn here (not granted, not in the shell, a
 * theme other than the default, or a call without its answer).
 */
export function renderFirstPaint(request: FirstPaintRequest): Promise<FirstPaint | null> {
  // Each drawing has its own http scope (session credentials and answers), found through the async context of the
  // calls its queries make: drawings for different people run at the same time without sharing either.
  const scope = drawingScope({ accessToken: request.accessToken, tenantId: request.tenantId }, request.answers);
  return drawings.run(scope, () => draw(request));
}

const drawings = new AsyncLocalStorage<HttpScope>();
findDrawingScopeWith(() => drawings.getStore());

async function draw(request: FirstPaintRequest): Promise<FirstPaint | null> {
  const roles = request.user.role;
  // Null unless the roles are granted a page that shows server data.
  const calls = firstCallsOf(request.path, roles);
  if (!calls || calls.some((call) => !(call in request.answers))) return null;
  if (!languages.includes(request.language)) return null;

  const sessionStorage = memoryStorage();
  writeStoredSession(sessionStorage, {
    session: { accessToken: request.accessToken, tenantId: request.tenantId, user: request.user, expiresAt: request.expiresAt },
    loginUrl: null,
  });
  const localStorage = memoryStorage({ language: request.language });
  const i18n = createI18n(localStorage);
  // Not started: the page is drawn from the stored session as the tab has it; nothing is checked or sent here. The
  // route guard decides at once with the user's roles, as the app's guard would.
  const app = createAppActor({ sessionStorage, localStorage, i18n, route: { path: request.path, roles } });
  const actors = childrenOf(app);
  const themeSettings = actors.settings.getSnapshot().context.settings;
  // Another theme's CSS is a chunk the document does not link: the browser draws that page itself.
  if (themeSettings.theme.main !== 'light17') return null;
  const granted = actors.routeAccess.getSnapshot().hasTag('granted') ? actors.routeAccess.getSnapshot().context.access : null;
  const route = granted && routeById.get(granted.routeId);
  if (!route) return null;
  const runtime: Runtime = {
    i18n,
    queries: createServerQueries(),
    inspect: undefined,
    app,
    ...actors,
    // The drawing's own navbar, unstarted like the rest of this render's actors.
    attachNavbar: (navbar, input) => createActor(navbar, { input }),
    attachRecents: (recents, input) => createActor(recents, { input }),
    // A drawing makes no sale: the register's sale lives in the tab (src/app/saleActor.ts).
    saleActor: undefined,
  };

  await Promise.all(chunksOf(route).map((chunk) => chunk.preload()));
  const renderApp = () =>
    renderToString(
      <Router ssrPath={request.path}>
        <ServerViewportProvider value={request.wide}>
          <App runtime={runtime} />
        </ServerViewportProvider>
      </Router>,
    );
  let html: string;
  let queries: DehydratedState;
  try {
    // The first pass makes the page's queries (TanStack Query builds them as it renders); they are then answered
    // from the seeded answers, and the second pass draws the page with its data.
    renderApp();
    const cache = runtime.queries.client(() => new QueryClient()).getQueryCache();
    // A query the page turns off with skipToken (the inbox badge of a role without an inbox) is not asked, here as in the browser.
    const asked = cache.getAll().filter((query) => query.options.queryFn !== skipToken);
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    if (asked.some((query) => query.state.status !== 'success')) return null;
    html = renderApp();
    queries = dehydrate(runtime.queries.client(() => new QueryClient()));
  } finally {
    runtime.queries.clear();
    app.stop();
  }

  const dir = i18n.dir(request.language) === 'rtl' || themeSettings.direction === 'rtl' ? 'rtl' : 'ltr';
  return {
    html,
    queries,
    root: {
      lang: request.language,
      dir,
      className: light17Theme,
      mode: themeModeOf(themeSettings.theme.main),
      animations: themeSettings.animations ? 'on' : 'off',
      customScrollbars: themeSettings.customScrollbars,
    },
  };
}
