import type { i18n as I18n } from 'i18next';
import { navigate } from 'wouter/use-browser-location';
import { createActor, sendTo } from 'xstate';
import type { ActorRefFrom, AnyActorLogic, InputFrom, InspectionEvent, Observer } from 'xstate';
import type { User } from '../contract/auth';
import type { Role } from '../contract/common';
import { bindDocumentLanguage, createAppI18n } from '../i18n/appI18n';
import { appMachine } from '../machines/app.machine';
import type { AttachedChild } from '../machines/app.machine';
import type { navbarMachine } from '../machines/navbar.machine';
import type { recentsMachine } from '../machines/recents.machine';
import type { routeAccessMachine } from '../machines/routeAccess.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { settingsMachine } from '../machines/settings.machine';
import type { snackbarMachine } from '../machines/snackbar.machine';
import { listenToHistoryFirst } from '../views/recents/historyHold';
import { bindDocumentTheme, settingsLogic, settingsOf } from './settingsActor';
import { createDevInspector } from '../views/ui/inspector';
import type { ShellActors } from '../views/ui/shellActors';
import { startPageLoad } from './earlyStart';
import { getSaleActor } from './saleActor';
import { createServerQueries } from './queries';
import { currentAddress, followAddresses, rememberedPathKey, routeAccessLogic } from './routeAccess';
import { connectSessionToHttp, followSessionEnd, followSignInAddresses, sessionInputOf, sessionLogic } from './sessionActor';

export interface RuntimeOptions {
  sessionStorage: Storage;
  localStorage: Storage;
  root: HTMLElement;
}

export interface AppActorOptions {
  sessionStorage: Storage;
  localStorage: Storage;
  i18n: I18n;
  inspect?: Observer<InspectionEvent>;
  /** The address to decide first and, for the server's first paint, the roles to decide it with at once. */
  route?: { path: string; roles?: readonly Role[] | null };
  /** A guest has just signed in: the address of the first page they are granted (or sent to). */
  onSignedIn?: (path: string) => void;
}

/**
 * The one place where the browser's long-lived actors are made: the root of the app's actor system with its
 * children session, routeAccess, settings and snackbar (src/machines/app.machine.ts, which coordinates them), the
 * root's and each child's side effects supplied here. The navbar and recents join later, with the shell's chunk
 * (`attachNavbar`, `attachRecents`). Not started.
 */
export function createAppActor({ sessionStorage, localStorage, i18n, inspect, route, onSignedIn }: AppActorOptions) {
  const session = sessionInputOf({ sessionStorage, localStorage });
  const logic = appMachine.provide({
    actions: {
      // A guest's settings are what this browser kept.
      loadSettings: sendTo('settings', (_, { user }: { user: User | null }) => ({
        type: 'settings.load' as const,
        ...settingsOf(user, localStorage),
      })),
      useLanguage: (_, { language }) => {
        if (language && language !== i18n.language) void i18n.changeLanguage(language);
      },
      startFirstPage: (_, { path }) => onSignedIn?.(path),
    },
    actors: {
      session: sessionLogic({ sessionStorage, localStorage }),
      routeAccess: routeAccessLogic(sessionStorage),
      settings: settingsLogic({ localStorage, i18n }),
    },
  });
  return createActor(logic, {
    inspect,
    input: {
      session,
      settings: settingsOf(session.stored?.user ?? null, localStorage),
      route: {
        path: route?.path ?? currentAddress(),
        remembered: sessionStorage.getItem(rememberedPathKey),
        ...(route && 'roles' in route ? { roles: route.roles } : {}),
      },
    },
  });
}

export type AppActor = ReturnType<typeof createAppActor>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type RouteAccessActor = ActorRefFrom<typeof routeAccessMachine>;
export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
export type SnackbarActor = ActorRefFrom<typeof snackbarMachine>;
export type NavbarActor = ActorRefFrom<typeof navbarMachine>;
export type RecentsActor = ActorRefFrom<typeof recentsMachine>;

/** The shell's chunk brings these machines and their input; the root spawns each once under its systemId. */
const attacher =
  <Logic extends AnyActorLogic>(app: AppActor, systemId: AttachedChild) =>
  (logic: Logic, input: InputFrom<Logic>): ActorRefFrom<Logic> => {
    app.send({ type: 'attach', logic, options: { systemId, input } });
    return app.system.get(systemId) as ActorRefFrom<Logic>;
  };

/** The children of the app's actor system, by systemId. */
export function childrenOf(app: AppActor) {
  return {
    session: app.system.get('session') as SessionActor,
    routeAccess: app.system.get('routeAccess') as RouteAccessActor,
    settings: app.system.get('settings') as SettingsActor,
    snackbar: app.system.get('snackbar') as SnackbarActor,
    attachNavbar: attacher<typeof navbarMachine>(app, 'navbar'),
    attachRecents: attacher<typeof recentsMachine>(app, 'recents'),
  };
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

  // Development only: `?inspect` opens the Stately inspector on the whole actor system.
  const inspect = createDevInspector(globalThis.location?.search ?? '');

  // The first page after a sign-in starts as on a page load: its chunks and its first call at once, not after the
  // shell has drawn (src/app/earlyStart.ts; the sign-in form fetched that chunk when the person started typing).
  const app = createAppActor({
    sessionStorage,
    localStorage,
    i18n,
    inspect,
    onSignedIn: (path) => startPageLoad(path, sessionStorage, localStorage),
  });
  const actors = childrenOf(app);
  // Before the router and the route guard: Back from a page with unsaved changes is held first (views/recents/historyHold.ts).
  listenToHistoryFirst();
  connectSessionToHttp(actors.session);
  const addresses = followAddresses(actors.routeAccess);
  followSessionEnd(actors.session, queries, navigate, sessionStorage);
  // After a session's end the next address is decided as a guest's (the app may open the login url first).
  actors.session.on('session.ended', addresses.changed);
  app.start();
  followSignInAddresses(actors.session);

  // Theme settings follow the session's user; <html> carries the main theme, data-mode and direction.
  bindDocumentTheme(actors.settings, root, i18n);

  // Optional: the server's first paint draws no sale.
  return { i18n, queries, inspect, app, ...actors, saleActor: getSaleActor as ShellActors['saleActor'] };
}

export type Runtime = ReturnType<typeof createRuntime>;
