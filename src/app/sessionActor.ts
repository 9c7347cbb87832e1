import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActorRefFrom, InspectionEvent, Observer, SnapshotFrom } from 'xstate';
import { authCode, fetchMe, login, refreshAccessToken } from '../api/auth';
import { connectSession } from '../api/http';
import type { Credentials } from '../api/http';
import { isSignInAddress, sessionMachine } from '../machines/session.machine';
import { forgetSearchTexts } from '../pos/searchText';
import { readLastStore, readStoredSession, writeLastStore, writeStoredSession } from './storedSession';

const flows = () => import('../api/authFlows');
const sessionFlows = () => import('./sessionFlows');

export interface SessionActorOptions {
  sessionStorage: Storage;
  localStorage: Storage;
  /** The development inspector (src/views/ui/inspector.ts), when `?inspect` asked for it. */
  inspect?: Observer<InspectionEvent>;
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** A full session's credentials; the new-user flow's restricted token is not one (its calls pass it themselves). */
function credentialsOf(snapshot: SessionSnapshot): Credentials | null {
  const session = snapshot.context.session;
  return snapshot.hasTag('signedIn') && session ? { accessToken: session.accessToken, tenantId: session.tenantId } : null;
}

/**
 * The session machine with its real effects: the API calls, session storage (never a refresh token) and the last
 * store in local storage. The app's one session actor is a child of the app's actor system (src/app/runtime.ts).
 */
export function sessionLogic({ sessionStorage, localStorage }: Pick<SessionActorOptions, 'sessionStorage' | 'localStorage'>) {
  return sessionMachine.provide({
    actors: {
      authCode: fromPromise(({ input, signal }) => authCode(input, signal)),
      login: fromPromise(({ input, signal }) => login(input, signal)),
      loadMe: fromPromise(async ({ input, signal }) => (await fetchMe(input.accessToken, signal)).user),
      refresh: fromPromise(({ input, signal }) => refreshAccessToken(input.accessToken, signal)),
      // The logout and the side flows' calls come in their own chunk (src/api/authFlows.ts), with the first of them.
      logout: fromPromise(async ({ input, signal }) => (await flows()).logoutSession(input.accessToken, signal)),
      // The side flows' machines come in their own chunk with their calls (src/app/sessionFlows.ts): the sign-in
      // page's entry does not carry them. The session spawns the logic loaded here as its child.
      loadForgotPassword: fromPromise(async () => ({ logic: (await sessionFlows()).forgotPasswordLogic })),
      loadNewUser: fromPromise(async () => ({ logic: (await sessionFlows()).newUserLogic })),
    },
    actions: {
      persistSession: ({ context }) => writeStoredSession(sessionStorage, context),
      persistStore: ({ context }) => writeLastStore(localStorage, context.lastStore),
    },
  });
}

/** The session machine's input: what this tab stored (session storage) and the last store (local storage). */
export function sessionInputOf({ sessionStorage, localStorage }: Pick<SessionActorOptions, 'sessionStorage' | 'localStorage'>) {
  return { ...readStoredSession(sessionStorage), lastStore: readLastStore(localStorage) };
}

/**
 * Connects the http layer to the session: a 401 there sends `session.refreshRequested` and waits for the machine's
 * answer, so all concurrent 401s share one refresh.
 */
export function connectSessionToHttp(actor: SessionActor) {
  connectSession({
    current: () => credentialsOf(actor.getSnapshot()),
    async refresh() {
      actor.send({ type: 'session.refreshRequested' });
      const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
      const credentials = credentialsOf(settled);
      if (!credentials) throw new Error('The session ended: the token could not be refreshed');
      return credentials;
    },
  });
}

/**
 * A session actor on its own, with its real effects and connected to the http layer (the tests' harnesses; the app
 * makes its session as a child of its actor system). Not started: the caller subscribes first, then starts it.
 */
export function createSessionActor({ sessionStorage, localStorage, inspect }: SessionActorOptions) {
  const actor = createActor(sessionLogic({ sessionStorage, localStorage }), {
    systemId: 'session',
    input: sessionInputOf({ sessionStorage, localStorage }),
    inspect,
  });
  connectSessionToHttp(actor);
  return actor;
}

/**
 * What the app does when the session ends: server data of one user never shows to the next (the whole query cache
 * goes, and what the tab kept of the registers' searches). After a logout the user goes back to where they signed in (or '/'); after an automatic logout on a
 * sign-in address or a failed refresh the route guard decides. Returns the unsubscribe.
 */
export function followSessionEnd(
  session: SessionActor,
  queryClient: Pick<QueryClient, 'clear'>,
  navigate: (to: string, options?: { replace?: boolean }) => void,
  tabStorage?: Storage,
) {
  return session.on('session.ended', ({ loginUrl, reason }) => {
    queryClient.clear();
    if (tabStorage) forgetSearchTexts(tabStorage);
    if (reason === 'logout' || reason === 'newUserCancelled') navigate(loginUrl ?? '/', { replace: true });
  });
}

/**
 * Spec 2.4: an address ending in login or admin (optional trailing slash) while a valid token exists logs the user
 * out. Sends `session.signInAddressOpened` for the first address and for every address change (wouter's pushState
 * and replaceState events, popstate for Back/Forward), synchronously, so the route guard (which decides a microtask
 * later) already sees the session ending. The machine ignores it when nobody is signed in. Returns the stop.
 */
export function followSignInAddresses(session: SessionActor, target: Window = window) {
  const check = () => {
    if (isSignInAddress(target.location.pathname) && session.getSnapshot().status === 'active') {
      session.send({ type: 'session.signInAddressOpened' });
    }
  };
  const types = ['popstate', 'pushState', 'replaceState'] as const;
  for (const type of types) target.addEventListener(type, check);
  check();
  return () => {
    for (const type of types) target.removeEventListener(type, check);
  };
}
