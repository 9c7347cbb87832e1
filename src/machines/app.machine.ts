import { assign, setup } from 'xstate';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { Role } from '../contract/common';
import { routeAccessMachine } from './routeAccess.machine';
import { sessionMachine, sessionRoles } from './session.machine';
import type { SessionInput } from './session.machine';
import { settingsMachine } from './settings.machine';
import type { SettingsInput } from './settings.machine';
import { snackbarMachine } from './snackbar.machine';

/**
 * The browser's one actor system. The root invokes the long-lived machines as children with a `systemId`; they
 * reach each other with `system.get(id)` (the session tells the route guard and the settings who signed in, the
 * settings report saves to the snackbar and the folded flag to the navbar, the navbar saves its flag through the
 * settings). Their side effects are named actors and actions, supplied once at app start (`src/app/runtime.ts`)
 * with `.provide()` on each child's logic.
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

type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The children that come with the shell's chunk. */
export type AttachedChild = 'navbar' | 'recents';

export type AppEvent = { type: 'attach'; logic: AnyActorLogic; options: { systemId: AttachedChild; input: unknown } };

export const appMachine = setup({
  types: { input: {} as AppInput, context: {} as AppInput, events: {} as AppEvent },
  actors: { session: sessionMachine, routeAccess: routeAccessMachine, settings: settingsMachine, snackbar: snackbarMachine },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
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
    attach: {
      // assign's spawn (not spawnChild): the entry chunk already carries assign. Once per systemId.
      actions: assign(({ event, spawn, system }) => {
        if (!system.get(event.options.systemId)) spawn(event.logic, event.options);
        return {};
      }),
    },
  },
});
