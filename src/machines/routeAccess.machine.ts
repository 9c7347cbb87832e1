import { assign, enqueueActions, setup } from 'xstate';
import type { Role } from '../contract/common';
import { resolveAccess } from '../contract/routeTable';
import type { Access } from '../contract/routeTable';

/**
 * Route access (spec 2.4, shell.md): on every change of address (links, Back, Forward, redirects) and of the
 * user's roles, decide whether the address may be shown (`granted`) or where the person goes instead
 * (`redirecting`: the `navigate` action replaces the address, which comes back as the next `route.changed`).
 * The decision itself is the pure `resolveAccess` of the route table.
 */
export interface RouteAccessContext {
  /** The current address (path, query). */
  path: string;
  /** The signed-in user's roles, [] for a guest, null while the session is still being checked. */
  roles: readonly Role[] | null;
  /** The address a refused guest asked for; after sign-in the user returns to it (kept in session storage). */
  remembered: string | null;
  /** The last decision. */
  access: Access | null;
  /** A guest has just been given roles: the next decision is their first page, told to the parent. */
  signingIn: boolean;
}

export interface RouteAccessInput {
  path: string;
  roles: readonly Role[] | null;
  remembered: string | null;
}

export type RouteAccessEvent =
  | { type: 'route.changed'; path: string }
  | { type: 'roles.changed'; roles: readonly Role[] | null }
  /** The session ended (logout): forget roles and the remembered path; the app is about to open the login url. */
  | { type: 'session.ended' };

/** Told to the parent (the app's root) when a guest has signed in: the address of their first page (granted or sent to). */
export interface FirstPageDecided {
  type: 'routeAccess.firstPage';
  path: string;
}

const sameRoles = (a: readonly Role[] | null, b: readonly Role[] | null) =>
  a === b || (a !== null && b !== null && a.join() === b.join());

export const routeAccessMachine = setup({
  types: {
    context: {} as RouteAccessContext,
    input: {} as RouteAccessInput,
    events: {} as RouteAccessEvent,
    /** pending: no decision to show yet (session being checked, or on the way elsewhere); granted: show the page. */
    tags: {} as 'pending' | 'granted',
  },
  actions: {
    /** Replaces the address with `context.access.path`; supplied at app start (runtime). */
    navigate: () => {},
    /** Mirrors `context.remembered` into session storage so it survives the sign-in page load; supplied at start. */
    persistRemembered: () => {},
    decide: assign(({ context }) => {
      if (context.roles === null) return {};
      const access = resolveAccess(context.path, context.roles, context.remembered);
      return { access, remembered: access.remembered };
    }),
    setPath: assign({
      path: ({ context, event }) => (event.type === 'route.changed' ? event.path : context.path),
    }),
    setRoles: assign(({ context, event }) => {
      if (event.type !== 'roles.changed') return {};
      return { roles: event.roles, signingIn: context.roles?.length === 0 && (event.roles?.length ?? 0) > 0 };
    }),
    forgetUser: assign({ roles: [], remembered: null, access: null, signingIn: false }),
    /** After a guest's sign-in, the first decision's address goes to the parent (a test's lone guard has none). */
    announceFirstPage: enqueueActions(({ context, enqueue, self }) => {
      if (!context.signingIn) return;
      enqueue.assign({ signingIn: false });
      if (context.access && self._parent) {
        enqueue.sendParent({ type: 'routeAccess.firstPage', path: context.access.path } satisfies FirstPageDecided);
      }
    }),
  },
  guards: {
    rolesKnown: ({ context }) => context.roles !== null,
    /** The same roles again change nothing (the session tells its roles on every state that may change them). */
    rolesChanged: ({ context, event }) => event.type === 'roles.changed' && !sameRoles(event.roles, context.roles),
    isGranted: ({ context }) => context.access !== null && !context.access.redirected,
  },
}).createMachine({
  id: 'routeAccess',
  context: ({ input }) => ({ path: input.path, roles: input.roles, remembered: input.remembered, access: null, signingIn: false }),
  initial: 'deciding',
  on: {
    'session.ended': { target: '.leaving', actions: ['forgetUser', 'persistRemembered'] },
  },
  states: {
    /** Transient: decide with the current address and roles. */
    deciding: {
      always: [
        { guard: { type: 'rolesKnown' }, target: 'decided', actions: ['decide', 'persistRemembered', 'announceFirstPage'] },
        { target: 'waitingForSession' },
      ],
    },
    decided: {
      always: [{ guard: 'isGranted', target: 'granted' }, { target: 'redirecting' }],
    },
    /** The session is checked at start-up; the guard cannot tell a guest from a user yet. */
    waitingForSession: {
      tags: 'pending',
      on: {
        'route.changed': { actions: 'setPath' },
        'roles.changed': { guard: 'rolesChanged', target: 'deciding', actions: 'setRoles' },
      },
    },
    granted: {
      tags: 'granted',
      on: {
        'route.changed': { target: 'deciding', actions: 'setPath' },
        'roles.changed': { guard: 'rolesChanged', target: 'deciding', actions: 'setRoles' },
      },
    },
    redirecting: {
      tags: 'pending',
      entry: 'navigate',
      on: {
        'route.changed': { target: 'deciding', actions: 'setPath' },
        'roles.changed': { guard: 'rolesChanged', target: 'deciding', actions: 'setRoles' },
      },
    },
    /**
     * After logout the app opens the stored login url; deciding before that address arrives would send the guest
     * from the page they were on to /login (and remember it). The next address is decided as a guest's.
     */
    leaving: {
      tags: 'pending',
      on: {
        'route.changed': { target: 'deciding', actions: 'setPath' },
        // Kept for the next decision, which is no sign-in's first page (the address is the login url's).
        'roles.changed': { guard: 'rolesChanged', actions: assign({ roles: ({ event }) => event.roles }) },
      },
    },
  },
});
