/**
 * The session machine's types, helpers and `setup()` (its named actors, actions and guards); the machine itself is
 * src/machines/session.machine.ts, its side flows the child machines src/machines/forgotPassword.machine.ts and
 * src/machines/newUser.machine.ts (only their types here: their code is loaded when a flow starts).
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent } from 'xstate';
import { ApiError } from '../contract/apiError';
import type { CompanyChoice, LoginRequest, LoginResponse, User } from '../contract/auth';
import { sessionMessages } from '../contract/sessionMessages';
import type { ErrorResponse, Role } from '../contract/common';
import type { ForgotPasswordLogic } from './forgotPassword.machine';
import type { NewUserLogic, NewUserOutput } from './newUser.machine';

/** What the browser keeps of a signed-in user. The refresh token is an HttpOnly cookie, never here. */
export interface Session {
  accessToken: string;
  tenantId: string;
  user: User;
  /** Epoch seconds after which the access token is no longer valid. */
  expiresAt: number;
}

/** A public sign-in address /{company}/{store}, by its two slugs. */
export interface StoreAddress {
  company: string;
  store: string;
}

/** Who asked for a password reset, for which tenant: the forgot-password child's input once its code is loaded. */
export interface ResetRequest {
  username: string;
  tenant: string;
}

/** What the session tells its parent on entering a state where who is there may have changed (`shareSession`). */
export interface SessionShared {
  type: 'session.shared';
  user: User | null;
  /** The roles are not known yet (the stored session is being checked, or being ended). */
  pending: boolean;
}

/** A side flow's machine, loaded with its calls supplied (`loadForgotPassword`/`loadNewUser`, src/app/sessionActor.ts). */
export interface LoadedFlow<TLogic> {
  logic: TLogic;
}

export type EndReason = 'logout' | 'signInAddress' | 'refreshFailed' | 'newUserCancelled';

export interface SessionContext {
  session: Session | null;
  /** The address the user signed in from; logout returns there. */
  loginUrl: string | null;
  /** The last failure, shaped like the API's error body so that field messages can be shown too. */
  error: ErrorResponse | null;
  /** The store last signed in at in this browser (local storage); /login offers it. */
  lastStore: StoreAddress | null;
  /** A sign-in on its way: the credentials wait here while the emailed code is asked for. */
  pending: { request: LoginRequest; store: StoreAddress | null } | null;
  /** The sign-in code was sent again: the code step says 'Re-sent'. */
  codeResent: boolean;
  /** Where no company is named: the companies the password opened, while the person chooses one. */
  companyChoice: CompanyChoice[] | null;
  /** The request the forgot-password child starts with, kept while its code loads. */
  resetRequest: ResetRequest | null;
  /** The forgot-password child (systemId `forgotPassword`) while that flow runs. */
  forgotPassword: ActorRefFrom<ForgotPasswordLogic> | null;
  /** The new-user child (systemId `newUser`) while that flow runs. */
  newUser: ActorRefFrom<NewUserLogic> | null;
  /** An address ending in login or admin was opened while the stored session was being checked. */
  signInAddressOpened: boolean;
  endReason: EndReason | null;
  /** The clock (milliseconds since the epoch): Date.now in the app; a test gives its own. */
  now: () => number;
}

export interface SessionInput {
  stored: Session | null;
  loginUrl: string | null;
  lastStore?: StoreAddress | null;
  now?: () => number;
}

export type SessionEvent =
  | { type: 'session.login'; request: LoginRequest; loginUrl: string; store?: StoreAddress | null }
  | { type: 'signIn.codeSubmitted'; vcode: string }
  /** The person edits the credentials: an earlier refusal no longer describes what is typed. */
  | { type: 'signIn.edited' }
  | { type: 'signIn.codeResent' }
  | { type: 'signIn.codeCancelled' }
  /** The person chose which company to sign in to (one of `companyChoice`), or went back to the form. */
  | { type: 'signIn.companyChosen'; tenantID: string }
  | { type: 'signIn.companyCancelled' }
  | { type: 'session.refreshRequested' }
  | { type: 'session.signInAddressOpened' }
  | { type: 'session.logout' }
  /** The signed-in person changed their own name, photo or email (My Profile): the shell shows it at once. */
  | { type: 'session.userChanged'; data: Partial<Pick<User['data'], 'displayName' | 'photoURL' | 'email' | 'language'>> }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }
  | { type: 'logout.dispatch' }
  | { type: 'password.resetRequested'; username: string; tenant: string }
  | { type: 'password.resetCancelled' }
  // Sent by XState when a child flow reaches its final state (the actor id is the flow's name).
  | DoneActorEvent<unknown, 'forgotPassword'>
  | DoneActorEvent<NewUserOutput, 'newUser'>;

/**
 * The session is over. `reason` tells the app what to do: after a logout the user goes to the login url (or '/');
 * after an automatic logout on a sign-in address, or a failed refresh, the route guard decides.
 */
export type SessionEmitted = { type: 'session.ended'; loginUrl: string | null; reason: EndReason };


export interface AuthCodeAnswer {
  role: Role | Role[] | null;
  isauth: boolean;
  codeRequired: boolean;
  error: string | null;
  companies?: CompanyChoice[];
}

/** A refreshed access token, or null when the server answered without one (refused cookie). */
export type RefreshAnswer = { accessToken: string; expiresIn: number } | null;

/** An address that ends with login or admin (optional trailing slash): a valid session there is ended. */
export const isSignInAddress = (path: string) => /(login|admin)\/?$/i.test(path);

export const secondsOf = (context: Pick<SessionContext, 'now'>) => Math.floor(context.now() / 1000);

export function toSession(response: LoginResponse, context: Pick<SessionContext, 'now'>): Session {
  return {
    accessToken: response.access_token,
    tenantId: response.tenantID,
    user: response.user,
    expiresAt: secondsOf(context) + response.expiresIn,
  };
}

export function toError(error: unknown): ErrorResponse {
  return error instanceof ApiError && error.body ? error.body : { error: sessionMessages.unexpected };
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The roles an answer carries: the auth-code step's (one or a list), a user's, a sign-in's user's. */
const rolesOf = (answer: AuthCodeAnswer | User | LoginResponse) =>
  ('user' in answer ? answer.user.role : 'data' in answer ? answer.role : Array.isArray(answer.role) ? answer.role : [answer.role]) as (
    | Role
    | null
  )[];

/**
 * The answer of the invoked call (or child) whose done event a guard is asked about (setup() types a
 * named guard's event as the machine's own events).
 */
const outputOf = <T>(event: object) => (event as { output: T }).output;

/** Local date as YYYY-MM-DD, the form of `tempPwdExpiryDate`. */
export function today(context: Pick<SessionContext, 'now'>) {
  const date = new Date(context.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The states that call this are only entered with a session (a guard or a successful login led there). */
export function accessTokenOf(context: SessionContext) {
  if (!context.session) throw new Error('This state needs a session');
  return { accessToken: context.session.accessToken };
}

export function pendingRequest(context: SessionContext): LoginRequest {
  if (!context.pending) throw new Error('This state needs a pending sign-in');
  return context.pending.request;
}

export function resetRequestOf(context: SessionContext): ResetRequest {
  if (!context.resetRequest) throw new Error('This state needs a password reset request');
  return context.resetRequest;
}

/** Spec 5 and 9: an emailed code is trimmed and at least 6 characters long. */
export const CODE_MIN_LENGTH = 6;
export const isCodeComplete = (value: string) => value.trim().length >= CODE_MIN_LENGTH;

export const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied at app start with .provide()`);
};

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    /**
     * busy: a call the user waits for (or a flow's code loading); signedIn: a full session exists (also while
     * asking about and doing logout); refreshing: the access token is being renewed (silently); newUser: the
     * new-user flow (its steps are the child's tags); codeStep: the sign-in asks for the emailed code;
     * confirmingLogout / loggingOut: the logout question and its call; resetDone: the forgot-password child ended
     * with the password changed; flowFailed: a flow's code could not be loaded (the error says so); companyStep:
     * the sign-in asks which company (the password opened accounts in more than one).
     */
    tags: {} as
      | 'busy'
      | 'signedIn'
      | 'refreshing'
      | 'newUser'
      | 'codeStep'
      | 'confirmingLogout'
      | 'loggingOut'
      | 'resetDone'
      | 'flowFailed'
      | 'companyStep',
  },
  actors: {
    authCode: fromPromise<AuthCodeAnswer, LoginRequest>(notSupplied('authCode')),
    login: fromPromise<LoginResponse, LoginRequest>(notSupplied('login')),
    loadMe: fromPromise<User, { accessToken: string }>(notSupplied('loadMe')),
    refresh: fromPromise<RefreshAnswer, { accessToken: string | null }>(notSupplied('refresh')),
    logout: fromPromise<unknown, { accessToken: string }>(notSupplied('logout')),
    /**
     * The side flows' machines, with their calls supplied: a dynamic import each, so that their code stays out of
     * the sign-in page's entry chunk (src/app/sessionActor.ts). The session spawns what they load.
     */
    loadForgotPassword: fromPromise<LoadedFlow<ForgotPasswordLogic>>(notSupplied('loadForgotPassword')),
    loadNewUser: fromPromise<LoadedFlow<NewUserLogic>>(notSupplied('loadNewUser')),
  },
  actions: {
    /** Mirrors session and login url into session storage; supplied at app start. */
    persistSession: () => {},
    /** Mirrors `lastStore` into local storage; supplied at app start. */
    persistStore: () => {},
    endSession: assign({ session: null, pending: null, codeResent: false }),
    announceEnd: emit(({ context }) => ({
      type: 'session.ended' as const,
      loginUrl: context.loginUrl,
      reason: context.endReason ?? 'logout',
    })),
    /** The route guard (a sibling in the app's actor system) forgets the user: the app is about to leave. */
    endRouteAccess: ({ system }) => system.get('routeAccess')?.send({ type: 'session.ended' }),
    /**
     * Tells the parent (the app's root, src/machines/app.machine.ts) who is there now, which it passes on to the route
     * guard (the roles) and the settings (the user). `pending`: the roles are not known (being checked or ended).
     * A session running alone (a test) has no parent to tell.
     */
    shareSession: sendTo(
      // Alone, the session tells itself, which takes no such event.
      ({ self }) => self._parent ?? self,
      ({ context }, { pending }: { pending: boolean }): SessionShared => ({
        type: 'session.shared',
        user: context.session?.user ?? null,
        pending,
      }),
    ),
    clearError: assign({ error: null }),
    /** Keeps the failed call's error for the view (the server's text, or a known message). */
    keepError: assign({ error: ({ event }) => toError((event as { error?: unknown }).error) }),
    rememberStore: assign({ lastStore: ({ context }) => context.pending?.store ?? context.lastStore }),
  },
  guards: {
    hasValidStoredToken: ({ context }) => context.session !== null && context.session.expiresAt > secondsOf(context),
    hasStoredSession: ({ context }) => context.session !== null,
    /**
     * The check got no answer at all (fetch's TypeError: offline, the server unreachable). The stored session is
     * kept, so a reload of the register while offline stays signed in (pos.md); the server still checks every
     * request once the connection is back (a refused token then ends the session through the 401 refresh).
     */
    noAnswer: ({ event }) => (event as { error?: unknown }).error instanceof TypeError,
    /** A user with an empty role list cannot log out (the request is ignored). */
    hasRoles: ({ context }) => (context.session?.user.role.length ?? 0) > 0,
    signInAddressWasOpened: ({ context }) => context.signInAddressOpened,
    /** The refresh cookie no longer holds a session (the server answered without a token). */
    refreshRefused: ({ event }) => outputOf<RefreshAnswer>(event) === null,
    /** Signed in with a temporary password (the auth-code step, the sign-in or the user read): the new-user flow. */
    isNewUser: ({ event }) => rolesOf(outputOf<AuthCodeAnswer | User | LoginResponse>(event)).includes('newuser'),
    /** The credentials are right and the account asks for the emailed code. */
    codeRequired: ({ event }) => Boolean(outputOf<AuthCodeAnswer>(event).isauth && outputOf<AuthCodeAnswer>(event).codeRequired),
    credentialsAccepted: ({ event }) => Boolean(outputOf<AuthCodeAnswer>(event).isauth),
    /** The password opened accounts in more than one company: the person says which. */
    companyChoiceNeeded: ({ event }) => (outputOf<AuthCodeAnswer>(event).companies?.length ?? 0) > 1,
    /** The chosen company is one of those offered. */
    offeredCompany: ({ context, event }) =>
      event.type === 'signIn.companyChosen' && (context.companyChoice ?? []).some((c) => c.tenantID === event.tenantID),
    /** Spec 5: a temporary password whose expiry date is before today, on an unregistered account, is refused. */
    registrationExpired: ({ context, event }) => registrationExpired(outputOf<LoginResponse>(event).user, today(context)),
    /** Spec 5 and 9: the sign-in code is trimmed and at least 6 characters long (the code step's Submit asks this). */
    codeComplete: ({ event }) => event.type === 'signIn.codeSubmitted' && isCodeComplete(event.vcode),
    /** The new-user child ended with the new password set: its output carries the full session's login answer. */
    newUserSignedIn: ({ event }) => outputOf<NewUserOutput>(event).outcome === 'signedIn',
    /** The new-user child ended because the restricted token was refused. */
    newUserTokenRefused: ({ event }) => outputOf<NewUserOutput>(event).outcome === 'tokenRefused',
  },
});

/** A sign-in begins with the auth-code step; the address it came from becomes the login url. */
export const startSignIn = {
  target: '#session.signedOut.authorizing',
  actions: sessionSetup.assign({
    loginUrl: ({ event }) => (event.type === 'session.login' ? event.loginUrl : null),
    pending: ({ event }) => (event.type === 'session.login' ? { request: event.request, store: event.store ?? null } : null),
    error: null,
    codeResent: false,
    companyChoice: null,
  }),
} as const;

/** The request of /ForgotPassword starts the forgot-password flow: its code loads, then its child takes the request. */
export const startReset = {
  target: '#session.signedOut.forgotPassword',
  reenter: true,
  actions: sessionSetup.assign({
    resetRequest: ({ event }) =>
      event.type === 'password.resetRequested' ? { username: event.username, tenant: event.tenant } : null,
    error: null,
    codeResent: false,
  }),
} as const;

/** Back to sign-in from the new-user page: the restricted token is dropped (it has no session on the server). */
export const cancelNewUser = {
  target: '#session.signedOut',
  actions: [
    'endSession',
    'persistSession',
    sessionSetup.assign({ endReason: 'newUserCancelled' as const }),
    'announceEnd', 'endRouteAccess',
  ],
} as const;

/** Spec 5: a temporary password whose expiry date is before today, on an unregistered account, is refused. */
export function registrationExpired(user: User, today: string) {
  return user.isRegistered === 0 && user.tempPwdExpiryDate !== null && user.tempPwdExpiryDate < today;
}
