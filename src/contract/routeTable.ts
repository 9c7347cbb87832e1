import type { Role } from './common';
import { roles as allRoles } from './roles';
import type { ThemeSettings } from './settings';
import { authRoles, hasPermission } from './access';
import type { Auth } from './access';

/**
 * The route table of the spec's section 2: every address the app answers, who may open it (`auth`, the shared
 * rule of access.ts), what it shows and how it changes the layout. Pure data plus the pure decision of the guard
 * (section 2.4), so that the routeAccess machine, the views and the tests share one source.
 *
 * Paths match case-insensitively and ignore a trailing slash, the query and the hash; `:name` is one segment,
 * `:name?` an optional last segment. The first matching entry wins, so the two-segment store sign-in address
 * (`/:company/:store`) comes last.
 */

/** Fixed addresses the guard sends people to. */
export const paths = {
  home: '/',
  login: '/login',
  notFound: '/pages/errors/error-404',
  /**
   * The new-user page (spec 2.4: 'a user with role newuser is redirected to a special address; the value is not
   * shown'). Ours is /register/newuser: a temporary-password account finishes its registration there (code, new
   * password). '/register' itself, the guests' 'Register' menu entry, leads to sign-in, where such an account
   * starts.
   */
  newUser: '/register/newuser',
  logout: '/logout',
} as const;

type Bar = NonNullable<ThemeSettings['layout']['config']['navbar']>;

/** What a route changes of the user's layout settings (shell.md: a route may override parts). */
export interface RouteLayout {
  style?: ThemeSettings['layout']['style'];
  config?: { navbar?: Partial<Bar>; toolbar?: Partial<Bar>; footer?: Partial<Bar> };
}

const bare: RouteLayout = {
  config: { navbar: { display: false }, toolbar: { display: false }, footer: { display: false } },
};
const kiosk: RouteLayout = {
  style: 'kiosk',
  config: { navbar: { display: false }, toolbar: { display: true, position: 'above' }, footer: { display: true } },
};
const noToolbar: RouteLayout = { config: { toolbar: { display: false } } };

/** What a granted route shows; routes.tsx maps each to a view. */
export type Page =
  | { kind: 'signIn'; variant: 'login' | 'patient' | 'kiosk' | 'admin' }
  | { kind: 'storeSignIn' }
  | { kind: 'guestBooking' }
  | { kind: 'forgotPassword' }
  | { kind: 'newUser' }
  | { kind: 'logout' }
  | { kind: 'notFound' }
  | { kind: 'multiLanguage' }
  | { kind: 'publicEform' }
  | { kind: 'records'; view: RecordsView }
  | { kind: 'patientHome' }
  | { kind: 'kioskRegister' }
  | { kind: 'eformsAll' }
  | { kind: 'eformBoards' }
  | { kind: 'eformBuilder' }
  | { kind: 'patientChart' }
  | { kind: 'patientList' }
  | { kind: 'labOrderLookup' }
  | { kind: 'workDesk' }
  | { kind: 'storeDay' }
  | { kind: 'messageTemplates'; channel: 'email' | 'sms' }
  | { kind: 'invoiceScreen' }
  | { kind: 'invoiceLookup' }
  | { kind: 'pos' }
  | { kind: 'access' }
  | { kind: 'generalSettings' }
  | { kind: 'storesAdmin' }
  | { kind: 'profile' }
  | { kind: 'inbox' }
  | { kind: 'orderTracking' }
  | { kind: 'visitReply' }
  | { kind: 'portalMappings' }
  | { kind: 'companyCreate' }
  | { kind: 'companyEdit' }
  | { kind: 'reports' }
  | { kind: 'enterpriseReports' };

/** The patient record pages (src/views/portal), one lazy chunk each. */
export type RecordsView =
  | 'demographicInfo'
  | 'rxInfo'
  | 'rxOrders'
  | 'appointments'
  | 'invoices'
  | 'invoice'
  | 'recalls'
  | 'orderStatus'
  | 'otherInfo'
  | 'ownForm';

export interface RouteEntry {
  id: string;
  path: string;
  auth: Auth;
  /** Guest-only pages show no navbar, toolbar or footer and are drawn without the shell. */
  layout: RouteLayout;
  /** Where a permitted visitor is sent on (bare paths to their /all variant); `home` means the table of 2.3. */
  redirectTo?: string | 'home';
  page?: Page;
  /** False: a guest refused here is not brought back after sign-in (logout, the root). */
  remember?: boolean;
}

/** Any signed-in user, whatever the role (logout; the root, whose table sends each role on). */
const signedIn: readonly Role[] = allRoles;
const guestOnly = authRoles.onlyGuest;
/** Spec 6: 'user' means any of admin, staff, patient, user, enterpriseadmin: the default routes. */
const defaultAuth = authRoles.user;
/** Spec 1: staff and admins use the POS, patient chart, lookups, permissions, eForms, work desk, templates, settings. */
const staffAndAdmin = authRoles.staff;

const records = (view: RecordsView): Page => ({ kind: 'records', view });
/** The staff invoice screen (one component for its four addresses; `?invoice=` selects one). */
const invoiceScreen: Page = { kind: 'invoiceScreen' };

type EntryDraft = Omit<RouteEntry, 'layout'> & { layout?: RouteLayout };
/** Shell.md: a route's own value if set, else its group's, else the default. */
const group = (defaults: { auth: Auth; layout?: RouteLayout }, entries: EntryDraft[]): RouteEntry[] =>
  entries.map((entry) => ({ ...entry, auth: entry.auth ?? defaults.auth, layout: entry.layout ?? defaults.layout ?? {} }));

const guestRoutes = group({ auth: guestOnly, layout: bare }, [
  { id: 'login', path: '/login', auth: undefined, page: { kind: 'signIn', variant: 'login' } },
  { id: 'patientLogin', path: '/Patient/login', auth: undefined, page: { kind: 'signIn', variant: 'patient' } },
  { id: 'kioskLogin', path: '/kiosk/login', auth: undefined, page: { kind: 'signIn', variant: 'kiosk' } },
  { id: 'adminLogin', path: '/admin', auth: undefined, page: { kind: 'signIn', variant: 'admin' } },
  { id: 'forgotPassword', path: '/ForgotPassword', auth: undefined, page: { kind: 'forgotPassword' } },
  // Public form-fill page; reads the tenantid query parameter of the emailed link.
  { id: 'publicForm', path: '/eforms', auth: undefined, page: { kind: 'publicEform' } },
  { id: 'publicLink', path: '/pr/:key', auth: undefined, page: { kind: 'orderTracking' } },
  // The appointment reminder's link: confirm or cancel the visit (src/views/visit).
  { id: 'visitLink', path: '/visit/:key', auth: undefined, page: { kind: 'visitReply' } },
  // The guests' 'Register' menu entry: accounts are made by the store, so registering starts at sign-in.
  { id: 'register', path: '/register', auth: undefined, redirectTo: paths.login },
]);

const commonRoutes = group({ auth: null }, [
  { id: 'home', path: paths.home, auth: signedIn, redirectTo: 'home', remember: false },
  { id: 'logout', path: paths.logout, auth: signedIn, page: { kind: 'logout' }, remember: false },
  { id: 'newUser', path: paths.newUser, auth: authRoles.newuser, page: { kind: 'newUser' }, layout: bare },
  { id: 'notFound', path: paths.notFound, auth: null, page: { kind: 'notFound' } },
  // The user menu's My Profile (every person; the kiosk is a device) and Inbox (patients and store staff).
  { id: 'profile', path: '/pages/profile', auth: authRoles.user, page: { kind: 'profile' } },
  { id: 'inbox', path: '/apps/mail', auth: signedIn, page: { kind: 'inbox' } },
  {
    id: 'multiLanguage',
    path: '/documentation/configuration/multi-language',
    auth: null,
    page: { kind: 'multiLanguage' },
  },
]);

const patientRoutes = group({ auth: defaultAuth }, [
  { id: 'demographicInfo', path: '/patient/demographicinfo', auth: undefined, page: records('demographicInfo') },
  { id: 'rxInfo', path: '/patient/rxinfo', auth: undefined, page: records('rxInfo') },
  {
    id: 'rxOrders',
    path: '/patient/rxinfo/orders/:rxid/:patientId/:locationId',
    auth: undefined,
    page: records('rxOrders'),
  },
  { id: 'appointments', path: '/patient/appointment', auth: undefined, page: records('appointments') },
  { id: 'invoices', path: '/patient/invoice', auth: undefined, page: records('invoices') },
  {
    id: 'invoiceOrders',
    path: '/patient/invoice/orders/:invoiceid/:patientId/:locationId',
    auth: undefined,
    page: records('invoice'),
  },
  { id: 'recalls', path: '/patient/recalls', auth: undefined, page: records('recalls') },
  { id: 'orderStatus', path: '/patient/orderstatus', auth: undefined, page: records('orderStatus') },
  // The spec's navigation lists /patient/otherinfo for staff without showing its route; this is that route.
  { id: 'otherInfo', path: '/patient/otherinfo', auth: authRoles.staff, page: records('otherInfo') },
  // The dashboard's 'Forms to fill in': the patient's own form, opened without the emailed code.
  { id: 'ownForm', path: '/patient/forms/:assignmentId', auth: authRoles.patient, page: records('ownForm') },
  { id: 'kioskRegister', path: '/patient/register', auth: authRoles.kiosk, page: { kind: 'kioskRegister' }, layout: kiosk },
]);

const adminRoutes = group({ auth: staffAndAdmin }, [
  { id: 'access', path: '/admin/access', auth: authRoles.admin, page: { kind: 'access' } },
  // The landing page of patients and enterprise admins (2.3), so every role of the user group may open it.
  { id: 'dashboard', path: '/admin/dashboard/patients', auth: defaultAuth, page: { kind: 'patientHome' } },

  { id: 'eformAdd', path: '/admin/eforms/forms/add/:locationId?', auth: undefined, page: { kind: 'eformBuilder' } },
  {
    id: 'eformEdit',
    path: '/admin/eforms/forms/edit/:locationId/:formId?',
    auth: undefined,
    page: { kind: 'eformBuilder' },
  },
  { id: 'eformBoard', path: '/admin/eforms/forms/:locationId/:boardUri?', auth: undefined, page: { kind: 'eformBoards' } },
  { id: 'eforms', path: '/admin/eforms/all', auth: undefined, page: { kind: 'eformsAll' } },
  { id: 'eformsBare', path: '/admin/eforms', auth: undefined, redirectTo: '/admin/eforms/all' },

  // One invoice screen behind three addresses (the two-part one before the patient page of the same shape).
  {
    id: 'patientInvoiceOfStore',
    path: '/admin/patients/invoice/:patientId/:locationId',
    auth: undefined,
    page: invoiceScreen,
  },
  { id: 'patientInvoice', path: '/admin/patients/invoice/:patientId', auth: undefined, page: invoiceScreen },
  { id: 'reportInvoiceOfPatient', path: '/admin/reports/invoice/:patientId', auth: undefined, page: invoiceScreen },
  { id: 'reportInvoice', path: '/admin/reports/invoice', auth: undefined, page: invoiceScreen },
  // The Reports group (admins only; a clerk is refused): one page per report, after the invoice screen's addresses.
  { id: 'report', path: '/admin/reports/:report', auth: authRoles.admin, page: { kind: 'reports' } },
  { id: 'reportsBare', path: '/admin/reports', auth: authRoles.admin, redirectTo: '/admin/reports/sales' },
  // Also the pattern /admin/patients/{patientId}/{number} of the open patient pages.
  { id: 'patient', path: '/admin/patients/:patientid/:locationId', auth: undefined, page: { kind: 'patientChart' } },
  { id: 'patients', path: '/admin/patients/:type', auth: undefined, page: { kind: 'patientList' } },
  { id: 'patientsBare', path: '/admin/patients', auth: undefined, redirectTo: '/admin/patients/all' },

  // The message texts are the company's: admins only (the navigation's Settings group).
  { id: 'emailTemplates', path: '/admin/template/email', auth: authRoles.admin, page: { kind: 'messageTemplates', channel: 'email' } },
  { id: 'smsTemplates', path: '/admin/template/sms', auth: authRoles.admin, page: { kind: 'messageTemplates', channel: 'sms' } },

  // General settings (admins): every group, one group, or one setting of a group; the screen reads the parts
  // (src/views/settings/general/settingsRoute.ts): all/{locationId?}, {type}/{locationId?}, {folderHandle}/{todoId?}.
  {
    id: 'generalSettings',
    path: '/admin/settings/general/all/:locationId?',
    auth: authRoles.admin,
    page: { kind: 'generalSettings' },
  },
  // The spec's {type}/{locationId?} and {folderHandle}/{todoId?} variants have one shape: one entry serves both,
  // and the settings screen tells them apart by the second part (a store's id, else a setting of the group).
  {
    id: 'generalSettingsOfType',
    path: '/admin/settings/general/:type/:locationId?',
    auth: authRoles.admin,
    page: { kind: 'generalSettings' },
  },
  {
    id: 'generalSettingsBare',
    path: '/admin/settings/general',
    auth: authRoles.admin,
    redirectTo: '/admin/settings/general/all',
  },

  // 2.3 sends admin, staff and user here; the POS hides the toolbar.
  { id: 'pos', path: '/admin/pos/:type', auth: ['admin', 'staff', 'user'], page: { kind: 'pos' }, layout: noToolbar },
  { id: 'posBare', path: '/admin/pos', auth: ['admin', 'staff', 'user'], redirectTo: '/admin/pos/all' },

  { id: 'portalMapping', path: '/admin/PortalMapping', auth: authRoles.enterprise, page: { kind: 'portalMappings' } },
  { id: 'addCompany', path: '/admin/add/companyDetails', auth: authRoles.enterprise, page: { kind: 'companyCreate' } },
  {
    id: 'editCompany',
    path: '/admin/update/editCompany/:companyID',
    auth: authRoles.enterprise,
    page: { kind: 'companyEdit' },
  },
  // The same reports across companies, each company's sums only (the enterprise admin's cross-tenant door).
  { id: 'enterpriseReport', path: '/admin/enterprise/reports/:report', auth: authRoles.enterprise, page: { kind: 'enterpriseReports' } },
  { id: 'enterpriseReportsBare', path: '/admin/enterprise/reports', auth: authRoles.enterprise, redirectTo: '/admin/enterprise/reports/sales' },

  // :type is a view of src/contract/workDesk.ts workDeskViews: the to-do lists and 'review' (the sales to review).
  { id: 'workDesk', path: '/admin/workdesk/:type', auth: undefined, page: { kind: 'workDesk' } },
  { id: 'workDeskBare', path: '/admin/workdesk', auth: undefined, redirectTo: '/admin/workdesk/all' },
  // A store's day (issue 34): per provider the hours, booked visits and free slots; ?date and ?type pick the day and
  // the visit type of the free slots. Without a store: the first of the caller's.
  { id: 'storeDay', path: '/admin/appointments/:locationId?', auth: undefined, page: { kind: 'storeDay' } },
  { id: 'labOrderLookup', path: '/admin/laborderlookup/:type', auth: undefined, page: { kind: 'labOrderLookup' } },
  { id: 'labOrderLookupBare', path: '/admin/laborderlookup', auth: undefined, redirectTo: '/admin/laborderlookup/all' },
  { id: 'invoiceLookup', path: '/admin/invoicelookup/:type', auth: undefined, page: { kind: 'invoiceLookup' } },
  { id: 'invoiceLookupBare', path: '/admin/invoicelookup', auth: undefined, redirectTo: '/admin/invoicelookup/all' },

  { id: 'stores', path: '/admin/stores', auth: authRoles.admin, page: { kind: 'storesAdmin' } },
]);

// Last: any other two-part address is a store's sign-in page (/{company}/{store}), and its public booking page for
// new patients (/{company}/{store}/book).
const storeSignIn = group({ auth: guestOnly, layout: bare }, [
  { id: 'guestBooking', path: '/:company/:store/book', auth: undefined, page: { kind: 'guestBooking' } },
  { id: 'storeSignIn', path: '/:company/:store', auth: undefined, page: { kind: 'storeSignIn' } },
]);

export const routeTable: readonly RouteEntry[] = [
  ...guestRoutes,
  ...commonRoutes,
  ...patientRoutes,
  ...adminRoutes,
  ...storeSignIn,
];

export const routeById: ReadonlyMap<string, RouteEntry> = new Map(routeTable.map((route) => [route.id, route]));

export function isGuestOnly(route: RouteEntry): boolean {
  return Array.isArray(route.auth) && route.auth.length === 0;
}

/** Section 2.3: where '/' sends each role; the first row that names one of the user's roles wins. */
export const homeTable: ReadonlyArray<{ roles: readonly Role[]; to: string }> = [
  { roles: ['admin', 'staff', 'user'], to: '/admin/pos/all' },
  { roles: ['patient', 'enterpriseadmin'], to: '/admin/dashboard/patients' },
  { roles: ['kiosk'], to: '/patient/register' },
];

export function homeOf(roles: readonly string[]): string {
  return homeTable.find((row) => hasPermission(row.roles, roles))?.to ?? paths.notFound;
}

// --- matching -------------------------------------------------------------------------------------------------

interface Segment {
  literal?: string;
  param?: string;
  optional?: boolean;
}

const compiled = new Map<string, Segment[]>();

function compile(pattern: string): Segment[] {
  let segments = compiled.get(pattern);
  if (!segments) {
    segments = splitSegments(pattern).map((part) =>
      part.startsWith(':')
        ? { param: part.slice(1).replace(/\?$/, ''), optional: part.endsWith('?') }
        : { literal: part.toLowerCase() },
    );
    compiled.set(pattern, segments);
  }
  return segments;
}

const splitSegments = (path: string) => path.split('/').filter((part) => part !== '');

/** An address's path segments, without query and hash. */
const splitPath = (path: string) => splitSegments(path.split(/[?#]/)[0]!);

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export type RouteParams = Record<string, string | undefined>;

/** The params of `path` if it fits `pattern`, else null. */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const segments = compile(pattern);
  const parts = splitPath(path);
  if (parts.length > segments.length) return null;
  const params: RouteParams = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index];
    if (part === undefined) {
      if (!segment.optional) return null;
      continue;
    }
    if (segment.literal !== undefined) {
      if (part.toLowerCase() !== segment.literal) return null;
    } else if (segment.param) {
      params[segment.param] = decode(part);
    }
  }
  return params;
}

export interface RouteMatch {
  route: RouteEntry;
  params: RouteParams;
}

export function matchRoute(path: string): RouteMatch | null {
  for (const route of routeTable) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

// --- the guard (2.4) ------------------------------------------------------------------------------------------

export interface Access {
  /** The address the person ends up on (the requested one when granted). */
  path: string;
  routeId: string;
  params: RouteParams;
  /** True when the requested address was refused, unknown or a redirect. */
  redirected: boolean;
  /** The remembered path afterwards: set when a guest is refused, used up when a signed-in user is sent to it. */
  remembered: string | null;
}

/** Hops of one decision (root -> role page -> ...); a longer chain ends on the not-found page. */
const maxHops = 8;

/**
 * The guard of section 2.4 as one pure decision. newuser always goes to the new-user page; an unknown path goes to
 * the not-found page; a refused guest goes to /login and the requested path is remembered; a refused signed-in
 * user goes to the remembered path (once), else '/'; bare paths and '/' are sent on. Every hop is decided again,
 * so the result is always a page the user may open.
 */
export function resolveAccess(requested: string, roles: readonly string[], remembered: string | null): Access {
  let path = requested;
  let memory = remembered;
  for (let hop = 0; hop < maxHops; hop++) {
    const match = matchRoute(path);
    const next = nextHop(path, match, roles, memory);
    if (next.remembered !== undefined) memory = next.remembered;
    if (next.to === null && match) {
      if (memory !== null && sameAddress(memory, path)) memory = null;
      return { path, routeId: match.route.id, params: match.params, redirected: hop > 0, remembered: memory };
    }
    path = next.to ?? paths.notFound;
  }
  const notFound = matchRoute(paths.notFound)!;
  return { path: paths.notFound, routeId: notFound.route.id, params: {}, redirected: true, remembered: memory };
}

function nextHop(
  path: string,
  match: RouteMatch | null,
  roles: readonly string[],
  remembered: string | null,
): { to: string | null; remembered?: string | null } {
  const isNewUser = roles.includes('newuser');
  if (isNewUser && match?.route.id !== 'newUser' && match?.route.id !== 'logout') return { to: paths.newUser };
  if (!match) return { to: paths.notFound };
  const { route } = match;
  if (!hasPermission(route.auth, roles)) {
    if (roles.length === 0) {
      return { to: paths.login, remembered: route.remember === false ? remembered : path };
    }
    if (remembered !== null && !sameAddress(remembered, path)) return { to: remembered, remembered: null };
    return { to: paths.home, remembered: null };
  }
  if (route.redirectTo === 'home') return { to: homeOf(roles) };
  if (route.redirectTo) return { to: route.redirectTo };
  return { to: null };
}

function sameAddress(a: string, b: string): boolean {
  const normal = (path: string) => '/' + splitPath(path).join('/').toLowerCase() + (path.match(/\?[^#]*/)?.[0] ?? '');
  return normal(a) === normal(b);
}
