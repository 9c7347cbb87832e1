import { startEarlyGet } from '../api/http';
import { firstCallOf, registerFirstCalls } from './firstCalls';
import { chunksOf } from './routes';
import { resolveAccess, routeById } from '../contract/routeTable';
import { readStoredSession } from './storedSession';
import { likelyRegister } from '../pos/registerKeys';
import { SaleViewChunk } from '../views/pos/saleViewChunk';

/**
 * A page load (reload, bookmark, link) of a signed-in tab, before anything renders. Without this the steps run one
 * after the other: the session check, then the shell's chunk, then the page's, and only then the page's first call
 * (the register: the store list, then its registers, then the open session). Here the page the stored session would
 * be granted has its first calls and its chunks started at once, beside the session check; the page's own requests
 * take those answers (src/api/http.ts, `startEarlyGet`). The calls go first: a browser has six connections to the
 * server, and the chunks are many. The server still decides: a call carries the stored token like any other, and a
 * refused one is the page's ordinary error.
 */
export function startPageLoad(path: string, sessionStorage: Storage, localStorage: Storage | null = null, nowInSeconds = Date.now() / 1000): void {
  const { stored } = readStoredSession(sessionStorage);
  // No session, or one whose token has run out: the session check comes first (it may end on the sign-in page).
  if (!stored || stored.expiresAt <= nowInSeconds) return;
  const access = resolveAccess(path, stored.user.role, null);
  const route = routeById.get(access.routeId);
  if (access.redirected || !route?.page) return;
  const credentials = { accessToken: stored.accessToken, tenantId: stored.tenantId };
  const call = firstCallOf(route.page, access.params, stored.user.role);
  if (call) startEarlyGet(call, credentials);
  const register = route.page.kind === 'pos' && localStorage ? likelyRegister(localStorage, stored.tenantId, stored.user.defaultstore?.locationId ?? null) : null;
  if (register) for (const each of registerFirstCalls(register)) startEarlyGet(each, credentials);
  // Its chunks: a chunk that fails now fails again when the page renders, where the error is shown.
  for (const chunk of chunksOf(route)) chunk.preload().catch(() => {});
  // The register's sale draws as soon as the open session's answer is there: its chunk comes with the page's when the
  // device's register has a session open (else the page shows the register's choice or its opening first).
  if (register?.sessionId && (access.params.type ?? 'all') === 'all') SaleViewChunk.preload().catch(() => {});
}
