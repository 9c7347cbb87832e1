import { startEarlyGet } from '../api/http';
import { firstCallOf } from './firstCalls';
import { chunksOf } from './routes';
import { resolveAccess, routeById } from '../contract/routeTable';
import { readStoredSession } from './storedSession';

/**
 * A page load (reload, bookmark, link) of a signed-in tab, before anything renders. Without this the steps run one
 * after the other: the session check, then the shell's chunk, then the page's, and only then the page's first call.
 * Here the page the stored session would be granted has its chunks and its first call started at once, beside the
 * session check; the page's own request takes that answer (src/api/http.ts, `startEarlyGet`). The server still
 * decides: the call carries the stored token like any other, and a refused one is the page's ordinary error.
 */
export function startPageLoad(path: string, sessionStorage: Storage, nowInSeconds = Date.now() / 1000): void {
  const { stored } = readStoredSession(sessionStorage);
  // No session, or one whose token has run out: the session check comes first (it may end on the sign-in page).
  if (!stored || stored.expiresAt <= nowInSeconds) return;
  const access = resolveAccess(path, stored.user.role, null);
  const route = routeById.get(access.routeId);
  if (access.redirected || !route?.page) return;
  // Its chunks: a chunk that fails now fails again when the page renders, where the error is shown.
  for (const chunk of chunksOf(route)) chunk.preload().catch(() => {});
  const call = firstCallOf(route.page, access.params, stored.user.role);
  if (call) startEarlyGet(call, { accessToken: stored.accessToken, tenantId: stored.tenantId });
}
