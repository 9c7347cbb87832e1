import { messages } from '../contract/messages';
import { ErrorResponse as ErrorShape, parseOrNull } from './shapes';
import type { Shape } from './shapes';
import { ApiError } from '../contract/apiError';

/** The API's error answer, defined in the contract so that machines can recognise it without the http layer. */
export { ApiError };

/** A request that never reached the server (no connection), as against the server's refusal. */
export const isOffline = (error: unknown) => error !== null && error !== undefined && !(error instanceof ApiError);

/** What a request of the signed-in session carries. */
export interface Credentials {
  accessToken: string;
  tenantId: string;
}

/**
 * How the http layer reaches the session without knowing it (src/app/sessionActor.ts connects the session actor).
 * The http layer never navigates: when the refresh fails, the session machine ends the session and decides.
 */
export interface SessionLink {
  /** The credentials of the signed-in session, or null for a guest. */
  current(): Credentials | null;
  /** Asks the session for a new access token; rejects when the session could not be refreshed (and has ended). */
  refresh(): Promise<Credentials>;
}

/**
 * What the http layer keeps between calls: the session link, the one refresh all requests that met a 401 wait for,
 * and the answers of GETs started early. A tab has one; the server's drawing of a page (src/firstPaint/render.tsx)
 * has one per drawing, so drawings for different people can run at the same time.
 */
export interface HttpScope {
  link: SessionLink | null;
  refreshing: Promise<Credentials> | null;
  /** By token and path: see startEarlyGet. */
  early: Map<string, Promise<Response>>;
}

const pageScope: HttpScope = { link: null, refreshing: null, early: new Map() };
let findDrawingScope: () => HttpScope | undefined = () => undefined;
// The server's build only: the browser's has one scope, and this test is removed from its bundle.
const scope = (): HttpScope => (import.meta.env.SSR && findDrawingScope()) || pageScope;

/** The server's drawing: where the scope of the drawing running now is found (its AsyncLocalStorage). */
export function findDrawingScopeWith(find: () => HttpScope | undefined) {
  findDrawingScope = find;
}

/** Connects the app's session; returns the disconnect. One session per page (tests connect one per test). */
export function connectSession(next: SessionLink): () => void {
  const current = scope();
  current.link = next;
  current.refreshing = null;
  return () => {
    if (current.link === next) current.link = null;
  };
}

/**
 * What checks a successful answer: a contract schema (zod's `parse`, or a shape of ./shapes), or a function that
 * loads one. A loader is called when the request is sent, so the schema arrives with the answer; the sign-in page
 * thus never waits for, nor downloads, the schema library before it is needed (src/api/auth.ts).
 */
export type AnswerSchema<T> = Shape<T> | (() => Promise<Shape<T>>);

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * 'session' (default): the bearer token and tenant of the signed-in session, refreshed once on a 401.
   * 'none': a public call (sign-in, portal look-up) that carries neither.
   */
  auth?: 'session' | 'none';
  /**
   * An explicit bearer token (the session's own calls: loading the user, logout, the new-user flow's restricted
   * token). Such a call is never refreshed: a 401 is its answer.
   */
  accessToken?: string | null;
  /** Tenant header for a call without a session (the forgot-password calls name their tenant). */
  tenantId?: string | null;
  signal?: AbortSignal;
  /** The version (updatedAt) of the record this save was made from, sent as If-Match (src/contract/common.ts). */
  version?: string;
  /** The contract schema of a successful answer; the answer is checked against it. */
  schema: AnswerSchema<T>;
}

/**
 * One call to the API. Same-origin credentials let the browser send and receive the HttpOnly refresh cookie;
 * the access token travels only in the Authorization header. A 401 on a session call waits for one shared refresh
 * and is retried once; if the refresh fails the call fails with 'Token refresh failed'.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { auth = 'session', accessToken, schema } = options;
  const usesSession = !accessToken && auth === 'session';
  const credentials = usesSession ? (scope().link?.current() ?? null) : null;
  const checker = typeof schema === 'function' ? schema() : schema;
  // Awaited only for a successful answer; a failed call must not also report the loader's failure as unhandled.
  if (checker instanceof Promise) checker.catch(() => {});

  let response = await send(path, options, accessToken ?? credentials?.accessToken, credentials?.tenantId);
  if (response.status === 401 && credentials) {
    const renewed = await renewAfter401(credentials);
    response = await send(path, options, renewed.accessToken, renewed.tenantId);
  }

  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, parseOrNull(ErrorShape, json));
  return (checker instanceof Promise ? await checker : checker).parse(json);
}

/**
 * GETs started before the app could ask for them (a page load's first call, src/app/earlyStart.ts), by token and
 * path. The first identical request takes the answer; one nobody takes is dropped after `earlyAnswerLifetimeMs`.
 */
const earlyAnswerLifetimeMs = 10_000;
const earlyKey = (path: string, token: string) => `${token} ${path}`;

/** Starts a session GET now, so that the page's own request for the same path (and token) finds it answered. */
export function startEarlyGet(path: string, credentials: Credentials): void {
  const earlyAnswers = scope().early;
  const key = earlyKey(path, credentials.accessToken);
  if (earlyAnswers.has(key)) return;
  const answer = fetchAnswer(path, {}, credentials.accessToken, credentials.tenantId);
  // A failed early call is asked again by the page itself (below): not an unhandled rejection.
  answer.catch(() => {});
  earlyAnswers.set(key, answer);
  setTimeout(() => {
    if (earlyAnswers.get(key) === answer) earlyAnswers.delete(key);
  }, earlyAnswerLifetimeMs);
}

/**
 * The scope of one server drawing of a page (src/firstPaint/render.tsx): its session's credentials (never refreshed
 * there) and the bodies of the 200 answers it already has, by path, which the page's own requests take. (Not in the
 * browser's bundle.)
 */
export function drawingScope(credentials: Credentials, bodies: Record<string, unknown>): HttpScope {
  const early = new Map<string, Promise<Response>>();
  for (const [path, body] of Object.entries(bodies)) early.set(earlyKey(path, credentials.accessToken), Promise.resolve(new Response(JSON.stringify(body))));
  const link: SessionLink = { current: () => credentials, refresh: () => Promise.reject(new Error('no refresh on the server')) };
  return { link, refreshing: null, early };
}

function takeEarlyAnswer(path: string, method: string, token: string | null | undefined): Promise<Response> | null {
  if (method !== 'GET' || !token) return null;
  const earlyAnswers = scope().early;
  const key = earlyKey(path, token);
  const answer = earlyAnswers.get(key);
  if (answer) earlyAnswers.delete(key);
  return answer ?? null;
}

function send(
  path: string,
  options: RequestOptions<unknown>,
  token: string | null | undefined,
  sessionTenant: string | undefined,
): Promise<Response> {
  const early = takeEarlyAnswer(path, options.method ?? 'GET', token);
  return early ? early.catch(() => fetchAnswer(path, options, token, sessionTenant)) : fetchAnswer(path, options, token, sessionTenant);
}

function fetchAnswer(
  path: string,
  { method = 'GET', body, tenantId, signal, version }: Pick<RequestOptions<unknown>, 'method' | 'body' | 'tenantId' | 'signal' | 'version'>,
  token: string | null | undefined,
  sessionTenant: string | undefined,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenant = sessionTenant ?? tenantId;
  if (tenant) headers['X-Tenant-ID'] = tenant;
  if (version) headers['If-Match'] = `"${version}"`;
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

/** One refresh for every request that met a 401 with the same token; a later 401 with an old token just retries. */
async function renewAfter401(used: Credentials): Promise<Credentials> {
  const http = scope();
  const link = http.link;
  const current = link?.current();
  if (current && current.accessToken !== used.accessToken) return current;
  if (!link) throw new ApiError(401, { error: messages.tokenRefreshFailed });
  http.refreshing ??= link.refresh().finally(() => {
    http.refreshing = null;
  });
  try {
    return await http.refreshing;
  } catch {
    throw new ApiError(401, { error: messages.tokenRefreshFailed });
  }
}
