import { startEarlyGet } from '../api/http';
import { recordsPaths } from '../api/recordsPaths';
import type { RecordsScope } from '../api/recordsPaths';
import { chunksOf } from './routes';
import { resolveAccess, routeById } from './routeTable';
import type { Page, RecordsView, RouteParams } from './routeTable';
import { readStoredSession } from './storedSession';

const own: RecordsScope = { kind: 'own' };

/** What each patient record page asks for first, as its own query will (src/views/patient); null: nothing yet. */
const firstRecordsCall: Record<RecordsView, (params: RouteParams) => string | null> = {
  demographicInfo: () => recordsPaths.profile(own),
  rxInfo: () => recordsPaths.prescriptions(own),
  rxOrders: ({ rxid }) => (rxid ? recordsPaths.rxOrders(own, rxid) : null),
  appointments: () => recordsPaths.appointments(own),
  invoices: () => recordsPaths.invoices(own),
  invoice: ({ invoiceid }) => (invoiceid ? recordsPaths.invoice(own, invoiceid) : null),
  recalls: () => recordsPaths.recalls(own),
  orderStatus: () => recordsPaths.orders(own),
};

/** The first server call of a page (the patient pages and the patient home, src/views/dashboard). */
function firstCallOf(page: Page, params: RouteParams, roles: readonly string[]): string | null {
  const isPatient = roles.includes('patient');
  if (page.kind === 'patientHome') {
    return isPatient ? recordsPaths.dashboard() : roles.includes('enterpriseadmin') ? recordsPaths.enterpriseSummary() : null;
  }
  // Staff on a bare /patient/... page see a note, not records: nothing to ask for.
  return page.kind === 'records' && isPatient ? firstRecordsCall[page.view](params) : null;
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
  // Its chunks: a chunk that fails now fails again when the page renders, where the error is shown.
  for (const chunk of chunksOf(route)) chunk.preload().catch(() => {});
  const call = firstCallOf(route.page, access.params, stored.user.role);
  if (call) startEarlyGet(call, { accessToken: stored.accessToken, tenantId: stored.tenantId });
}
