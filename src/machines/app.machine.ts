import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { User } from '../contract/auth';
import type { Role } from '../contract/common';
import { routeAccessMachine } from './routeAccess.machine';
import type { FirstPageDecided } from './routeAccess.machine';
import { sessionMachine, sessionRoles } from './session.machine';
import type { SessionInput, SessionShared } from './session.machine';
import { settingsFor, settingsMachine } from './settings.machine';
import type { SettingsInput } from './settings.machine';
import { snackbarMachine } from './snackbar.machine';

/**
 * The browser's one actor system. The root invokes the long-lived machines as children with a `systemId` and
 * coordinates the session with the others: the session tells the root who is there (`session.shared`), the root
 * gives the route guard the roles (`roles.changed`) and the settings the user's settings (`settings.load`), and the
 * route guard tells the root a guest's first page after a sign-in (`routeAccess.firstPage`), where the reader's
 * language becomes their profile's and that page's load starts. The other children reach each other with
 * `system.get(id)` (the settings report saves to the snackbar and the folded flag to the navbar, the navbar saves
 * its flag through the settings). Side effects are named actors and actions, supplied once at app start
 * (`src/app/runtime.ts`) with `.provide()` on the root's and each child's logic.
 *
 * The navbar and recents belong to the signed-in shell's chunk (a sign-in page has none and its bundle stays
 * small): the shell sends `attach` with the machine and its input, and the root spawns it once under that
 * systemId.
 */
export interface AppInput {
  session: SessionInput;
  settings: SettingsInput;
  route: {
    path: string;
    /** The address a refused guest asked for (kept in session storage across the sign-in page). */
    remembered: string | null;
    /** The roles to decide with at once (the server's first paint); otherwise the session's, as it starts. */
    roles?: readonly Role[] | null;
  };
}

export interface AppContext extends AppInput {
  /** The user the settings were last loaded for (null: a guest). */
  user: User | null;
}

type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The children that come with the shell's chunk. */
export type AttachedChild = 'navbar' | 'recents';

export type AppEvent =
  | { type: 'attach'; logic: AnyActorLogic; options: { systemId: AttachedChild; input: unknown } }
  | SessionShared
  | FirstPageDecided;

export const appMachine = setup({
  types: { input: {} as AppInput, context: {} as AppContext, events: {} as AppEvent },
  actors: { session: sessionMachine, routeAccess: routeAccessMachine, settings: settingsMachine, snackbar: snackbarMachine },
  actions: {
    /**
     * The settings start from the user's: a signed-in user's saved ones; a guest's are what this browser kept,
     * read from local storage by the action supplied at app start (here: none kept).
     */
    loadSettings: sendTo('settings', (_, { user }: { user: User | null }) => ({
      type: 'settings.load' as const,
      ...settingsFor(user, null),
    })),
    /** A signed-in person reads in the language of their profile, whichever browser they are at; supplied at app start. */
    useLanguage: (_, _params: { language: string | undefined }) => {},
    /** The first page after a sign-in starts loading as on a page load (its chunks, its first call); supplied at app start. */
    startFirstPage: (_, _params: { path: string }) => {},
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ ...input, user: input.session.stored?.user ?? null }),
  // Order matters: the route guard's first decision reads the session made just before it.
  invoke: [
    { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
    { id: 'settings', systemId: 'settings', src: 'settings', input: ({ context }) => context.settings },
    { id: 'snackbar', systemId: 'snackbar', src: 'snackbar' },
    {
      id: 'routeAccess',
      systemId: 'routeAccess',
      src: 'routeAccess',
      input: ({ context: { route }, self }) => {
        const session: SessionActor = self.system.get('session');
        return {
          path: route.path,
          remembered: route.remembered,
          roles: route.roles !== undefined ? route.roles : sessionRoles(session.getSnapshot()),
        };
      },
    },
  ],
  on: {
    // The route guard ignores roles it already has; the settings follow only another user.
    'session.shared': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.sendTo('routeAccess', { type: 'roles.changed', roles: event.pending ? null : (event.user?.role ?? []) });
        if (event.user === context.user) return;
        enqueue.assign({ user: event.user });
        enqueue({ type: 'loadSettings', params: { user: event.user } });
      }),
    },
    'routeAccess.firstPage': {
      actions: [
        { type: 'useLanguage', params: ({ context }) => ({ language: context.user?.data.language ?? undefined }) },
        { type: 'startFirstPage', params: ({ event }) => ({ path: event.path }) },
      ],
    },
    attach: {
      // assign's spawn (not spawnChild): the entry chunk already carries assign. Once per systemId.
      actions: assign(({ event, spawn, system }) => {
        if (!system.get(event.options.systemId)) spawn(event.logic, event.options);
        return {};
      }),
    },
  },
});
