import { parseOrNull, User as UserShape } from '../api/shapes';
import type { User } from '../contract/auth';
import type { Session, SessionContext, SessionInput, StoreAddress } from '../machines/session.machine';

/** Session storage: per tab, gone when the tab closes. Never a refresh token (an HttpOnly cookie holds it). */
const keys = {
  accessToken: 'access_token',
  tenantId: 'tenantID',
  expiresAt: 'expiresAt',
  user: 'user',
  loginUrl: 'loginUrl',
} as const;

// base64 of the UTF-8 JSON: btoa alone fails on names outside Latin-1 (Turkish, Arabic).
function encodeUser(user: User): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(user))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decodeUser(encoded: string): User | null {
  try {
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    return parseOrNull(UserShape, JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** A missing or damaged piece means no session: the user signs in again. */
export function readStoredSession(storage: Storage): SessionInput {
  const loginUrl = storage.getItem(keys.loginUrl);
  const accessToken = storage.getItem(keys.accessToken);
  const tenantId = storage.getItem(keys.tenantId);
  const expiresAt = Number(storage.getItem(keys.expiresAt));
  const encodedUser = storage.getItem(keys.user);
  const user = encodedUser ? decodeUser(encodedUser) : null;

  const complete = accessToken && tenantId && user && Number.isFinite(expiresAt) && expiresAt > 0;
  return { stored: complete ? { accessToken, tenantId, user, expiresAt } : null, loginUrl };
}

/** Mirrors the machine's context; the login url outlives the session so that logout can return to it. */
export function writeStoredSession(storage: Storage, { session, loginUrl }: Pick<SessionContext, 'session' | 'loginUrl'> & Partial<SessionContext>) {
  if (loginUrl) storage.setItem(keys.loginUrl, loginUrl);
  if (session) writeSession(storage, session);
  else for (const key of [keys.accessToken, keys.tenantId, keys.expiresAt, keys.user]) storage.removeItem(key);
}

function writeSession(storage: Storage, session: Session) {
  storage.setItem(keys.accessToken, session.accessToken);
  storage.setItem(keys.tenantId, session.tenantId);
  storage.setItem(keys.expiresAt, String(session.expiresAt));
  storage.setItem(keys.user, encodeUser(session.user));
}

/** Local storage: the store last signed in at in this browser, offered again by /login. */
const lastStoreKey = 'lastStore';

export function readLastStore(storage: Storage): StoreAddress | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(lastStoreKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { company, store } = value as Record<string, unknown>;
    return typeof company === 'string' && typeof store === 'string' && company && store ? { company, store } : null;
  } catch {
    return null;
  }
}

export function writeLastStore(storage: Storage, lastStore: StoreAddress | null) {
  if (lastStore) storage.setItem(lastStoreKey, JSON.stringify({ company: lastStore.company, store: lastStore.store }));
}
