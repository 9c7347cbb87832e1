import { startEarlyGet } from '../api/http';
import { recordsPaths } from '../api/recordsPaths';
import type { RecordsScope } from '../api/recordsPaths';
import { preloadRoute } from './routes';
import { resolveAccess, routeById } from './routeTable';
import type { Page, RouteParams } from './routeTable';
import { readStoredSession } from './storedSession';

const own: RecordsScope = { kind: 'own' };

/** The first server call of a page, as its own query will ask for it (src/views/patient, src/views/dashboard). */
function firstCallOf(page: Page, params: RouteParams, roles: readonly string[]): string | null {
  const isPatient = roles.includes('patient');
  switch (page.kind) {
    case 'patientHome':
      if (isPatient) return recordsPaths.dashboard();
      return roles.includes('enterpriseadmin') ? recordsPaths.enterpriseSummary() : null;
    case 'records':
      // Staff on a bare /patient/... page see a note, not records: nothing to ask for.
      if (!isPatient) return null;
      switch (page.view) {
        case 'rxOrders':
          return params.rxid ? recordsPaths.rxOrders(own, params.rxid) : null;
        case 'invoice':
          return params.invoiceid ? recordsPaths.invoice(own, params.invoiceid) : null;
        case 'demographicInfo':
          return recordsPaths.profile(own);
        case 'rxInfo':
          return recordsPaths.prescriptions(own);
        case 'appointments':
          return recordsPaths.appointments(own);
        case 'invoices':
          return recordsPaths.invoices(own);
        case 'recalls':
          return recordsPaths.recalls(own);
        case 'orderStatus':
          return recordsPaths.orders(own);
      }
    // falls through: every other page reads its data after it renders
    default:
      return null;
  }
}

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
  preloadRoute(route);
  const call = firstCallOf(route.page, access.params, stored.user.role);
  if (call) startEarlyGet(call, { accessToken: stored.accessToken, tenantId: stored.tenantId });
}
