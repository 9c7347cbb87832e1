import { createContext, useContext } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { ActorRefFrom } from 'xstate';
import { routeAccessMachine } from '../machines/routeAccess.machine';

/** Session storage key of the address a refused guest asked for (it must survive the sign-in page load). */
export const rememberedPathKey = 'redirectPath';

export type RouteAccessActor = ActorRefFrom<typeof routeAccessMachine>;

export const currentAddress = () => window.location.pathname + window.location.search;

/** The route-access machine with its real effects: the address (wouter's navigate) and session storage. */
export function routeAccessLogic(sessionStorage: Storage) {
  return routeAccessMachine.provide({
    actions: {
      navigate: ({ context }) => {
        if (context.access) navigate(context.access.path, { replace: true });
      },
      persistRemembered: ({ context }) => {
        if (context.remembered) sessionStorage.setItem(rememberedPathKey, context.remembered);
        else sessionStorage.removeItem(rememberedPathKey);
      },
    },
  });
}

/**
 * Feeds the route guard every address change (wouter's pushState and replaceState events, popstate for Back and
 * Forward). The address is read a microtask later, so that a logout's `session.ended` (which comes with the login
 * url's navigation) is known before the new address is decided. Returns `changed` (the session's end calls it: the
 * address is then decided as a guest's) and `stop`.
 */
export function followAddresses(routeAccess: RouteAccessActor, target: Window = window) {
  let pending = false;
  const changed = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (routeAccess.getSnapshot().status === 'active') routeAccess.send({ type: 'route.changed', path: currentAddress() });
    });
  };
  const types = ['popstate', 'pushState', 'replaceState'] as const;
  for (const type of types) target.addEventListener(type, changed);
  return {
    changed,
    stop: () => {
      for (const type of types) target.removeEventListener(type, changed);
    },
  };
}

const RouteAccessContext = createContext<RouteAccessActor | null>(null);

/** The app's one route-access actor, handed to the route views. */
export const RouteAccessProvider = RouteAccessContext.Provider;

export function useRouteAccessActor(): RouteAccessActor {
  const routeAccess = useContext(RouteAccessContext);
  if (!routeAccess) throw new Error('useRouteAccessActor needs a RouteAccessProvider above it');
  return routeAccess;
}
