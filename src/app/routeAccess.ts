import { createContext, useContext } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { createActor } from 'xstate';
import type { ActorRefFrom, InspectionEvent, Observer } from 'xstate';
import type { Role } from '../contract/common';
import { routeAccessMachine } from '../machines/routeAccess.machine';
import type { SessionActor } from '../views/ui/session';

/** Session storage key of the address a refused guest asked for (it must survive the sign-in page load). */
export const rememberedPathKey = 'redirectPath';

export type RouteAccessActor = ActorRefFrom<typeof routeAccessMachine>;

/**
 * The roles the guard works with: null while the stored session is checked (or, having been opened on a sign-in
 * address, is being ended), [] for a guest, else the signed-in user's roles (newuser during the new-user flow).
 */
export function sessionRoles(snapshot: ReturnType<SessionActor['getSnapshot']>): readonly Role[] | null {
  if (snapshot.matches('checking') || snapshot.matches('autoLoggingOut')) return null;
  return snapshot.context.session?.user.role ?? [];
}

const currentAddress = () => window.location.pathname + window.location.search;

/**
 * Creates the route-access actor once (runtime.ts) and feeds it: every address change (wouter's pushState and
 * replaceState events, and popstate for Back/Forward) and every change of the session's roles. The address is
 * read a microtask later, so that a logout's `session.ended` (which comes with the login url's navigation) is
 * known before the new address is decided. Stops with the session actor.
 */
export function createRouteAccess({
  session,
  sessionStorage,
  inspect,
  onSignedIn,
}: {
  session: SessionActor;
  sessionStorage: Storage;
  inspect?: Observer<InspectionEvent>;
  /** A guest has just signed in: the address of the first page they are granted (or sent to). */
  onSignedIn?: (path: string) => void;
}) {
  const routeAccess = createActor(
    routeAccessMachine.provide({
      actions: {
        navigate: ({ context }) => {
          if (context.access) navigate(context.access.path, { replace: true });
        },
        persistRemembered: ({ context }) => {
          if (context.remembered) sessionStorage.setItem(rememberedPathKey, context.remembered);
          else sessionStorage.removeItem(rememberedPathKey);
        },
      },
    }),
    {
      systemId: 'routeAccess',
      inspect,
      input: {
        path: currentAddress(),
        roles: sessionRoles(session.getSnapshot()),
        remembered: sessionStorage.getItem(rememberedPathKey),
      },
    },
  );

  let pending = false;
  const onAddressChange = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (routeAccess.getSnapshot().status === 'active') routeAccess.send({ type: 'route.changed', path: currentAddress() });
    });
  };
  const addressEvents = ['popstate', 'pushState', 'replaceState'] as const;
  for (const type of addressEvents) window.addEventListener(type, onAddressChange);

  let lastRoles = sessionRoles(session.getSnapshot());
  const sameRoles = (a: readonly Role[] | null, b: readonly Role[] | null) =>
    a === b || (a !== null && b !== null && a.join() === b.join());
  const rolesSubscription = session.subscribe({
    next: (snapshot) => {
      const roles = sessionRoles(snapshot);
      if (sameRoles(roles, lastRoles)) return;
      const signedIn = lastRoles?.length === 0 && !!roles?.length;
      lastRoles = roles;
      routeAccess.send({ type: 'roles.changed', roles });
      // The guard decides at once: the first page's address is known before anything draws it.
      const first = routeAccess.getSnapshot().context.access;
      if (signedIn && first) onSignedIn?.(first.path);
    },
    complete: () => {
      rolesSubscription.unsubscribe();
      for (const type of addressEvents) window.removeEventListener(type, onAddressChange);
      routeAccess.stop();
    },
  });
  // The app may open the login url now (logout), or leave the address as it is (the guard then decides as for a
  // guest); either way the address is decided a microtask later, as a guest's.
  session.on('session.ended', () => {
    lastRoles = [];
    routeAccess.send({ type: 'session.ended' });
    onAddressChange();
  });

  routeAccess.start();
  return routeAccess;
}

const RouteAccessContext = createContext<RouteAccessActor | null>(null);

/** The app's one route-access actor, handed to the route views. */
export const RouteAccessProvider = RouteAccessContext.Provider;

export function useRouteAccessActor(): RouteAccessActor {
  const routeAccess = useContext(RouteAccessContext);
  if (!routeAccess) throw new Error('useRouteAccessActor needs a RouteAccessProvider above it');
  return routeAccess;
}
