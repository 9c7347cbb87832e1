/**
 * Where the device keeps its register (./registerChoice.ts, which checks what it reads), and what a page
 * load of the register asks for before the app runs (src/app/earlyStart.ts): zod-free, as that start must be.
 */
export const registerKey = (tenantId: string, locationId: string) => `pos.register.${tenantId}.${locationId}`;
export const storeKey = (tenantId: string) => `pos.store.${tenantId}`;
export const reportKey = (tenantId: string, registerId: string) => `pos.session.${tenantId}.${registerId}`;

/**
 * The store the register page will most likely open in (the device's last, else the user's own) and the open
 * session of the register remembered there. Only the addresses of early requests come from these, unchecked: the
 * page asks for the same paths once it has decided from the server's answers, and an answer it does not ask for is
 * dropped.
 */
export type LikelyRegister = { locationId: string | null; sessionId: string | null };

export function likelyRegister(storage: Storage, tenantId: string, defaultStore: string | null): LikelyRegister {
  const locationId = read(storage, storeKey(tenantId)) || defaultStore;
  if (!locationId) return { locationId: null, sessionId: null };
  try {
    const register = JSON.parse(read(storage, registerKey(tenantId, locationId)) ?? 'null') as { openSession?: { id?: unknown } | null } | null;
    const sessionId = register?.openSession?.id;
    return { locationId, sessionId: typeof sessionId === 'string' && sessionId ? sessionId : null };
  } catch {
    // A damaged entry: the page chooses the register again.
    return { locationId, sessionId: null };
  }
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Storage refused (private mode, policy): the page asks for itself.
    return null;
  }
}
