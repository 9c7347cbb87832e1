import { posPaths } from '../api/posPaths';
import { recordsPaths } from '../api/recordsPaths';
import type { RecordsScope } from '../api/recordsPaths';
import type { Role } from '../contract/common';
import { resolveAccess, routeById } from '../contract/routeTable';
import { unreadCountPath } from '../api/inboxPaths';
import { hasInbox } from '../views/inbox/inboxAccess';
import type { LikelyRegister } from '../pos/registerKeys';
import type { Page, RecordsView, RouteParams } from '../contract/routeTable';

const own: RecordsScope = { kind: 'own' };

/** What each patient record page asks for first, as its own query will (src/views/portal); null: nothing yet. */
const firstRecordsCall: Record<RecordsView, (params: RouteParams) => string | null> = {
  demographicInfo: () => recordsPaths.profile(own),
  rxInfo: () => recordsPaths.prescriptions(own),
  rxOrders: ({ rxid }) => (rxid ? recordsPaths.rxOrders(own, rxid) : null),
  appointments: () => recordsPaths.appointments(own),
  invoices: () => recordsPaths.invoices(own),
  invoice: ({ invoiceid }) => (invoiceid ? recordsPaths.invoice(own, invoiceid) : null),
  recalls: () => recordsPaths.recalls(own),
  orderStatus: () => recordsPaths.orders(own),
  // Staff only (the selected patient's tabs ask for their own data).
  otherInfo: () => null,
  // The form's machine makes its own call when it starts.
  ownForm: () => null,
};

/** The first server call of a page (the patient pages and the patient home, src/views/dashboard). */
export function firstCallOf(page: Page, params: RouteParams, roles: readonly string[]): string | null {
  const isPatient = roles.includes('patient');
  if (page.kind === 'patientHome') {
    return isPatient ? recordsPaths.dashboard() : roles.includes('enterpriseadmin') ? recordsPaths.enterpriseSummary() : null;
  }
  // Staff on a bare /patient/... page see the patient selected in recents, found only in the browser: nothing to ask yet.
  return page.kind === 'records' && isPatient ? firstRecordsCall[page.view](params) : null;
}

/**
 * What the register page (/admin/pos/{type}, every tab) asks for as it opens, one answer after the other: the store
 * list, then the registers of its store, then the remembered register's open session. A page load asks for all three
 * at once from what the device remembers (`likelyRegister`); the page then finds each answer there when it asks.
 */
export function registerFirstCalls({ locationId, sessionId }: LikelyRegister): string[] {
  return [posPaths.stores(), ...(locationId ? [posPaths.registers(locationId)] : []), ...(sessionId ? [posPaths.session(sessionId)] : [])];
}

/**
 * The calls the page at `path` makes first for a user with `roles`, when it is a page that shows server data
 * (the patient pages and the patient home); null for any other page or a path the roles are not granted.
 */
export function firstCallsOf(path: string, roles: readonly Role[]): string[] | null {
  const access = resolveAccess(path, roles, null);
  const route = routeById.get(access.routeId);
  if (access.redirected || !route?.page) return null;
  const call = firstCallOf(route.page, access.params, roles);
  if (!call) return null;
  // The toolbar's inbox badge asks for the unread count on every page of a person with an inbox.
  return hasInbox(roles) ? [call, unreadCountPath] : [call];
}
