import { describe, expect, it } from 'vitest';
import { homeOf, matchRoute, paths, resolveAccess, routeTable } from '../../src/contract/routeTable';
import { userMenuPaths } from '../../src/views/shell/UserMenu';

const guest: string[] = [];

/** Where a person with `roles` ends up when they open `path` (no remembered path). */
const landing = (path: string, roles: readonly string[], remembered: string | null = null) =>
  resolveAccess(path, roles, remembered).path;

describe('the route table (spec section 2)', () => {
  it.each([
    // 2.1 guest-only
    ['/clearview/downtown', 'storeSignIn', { company: 'clearview', store: 'downtown' }],
    ['/clearview/downtown/book', 'guestBooking', { company: 'clearview', store: 'downtown' }],
    ['/login', 'login', {}],
    ['/Patient/login', 'patientLogin', {}],
    ['/patient/LOGIN/', 'patientLogin', {}],
    ['/kiosk/login', 'kioskLogin', {}],
    ['/admin', 'adminLogin', {}],
    ['/admin/', 'adminLogin', {}],
    ['/ForgotPassword', 'forgotPassword', {}],
    ['/eforms?tenantid=abc', 'publicForm', {}],
    ['/pr/k3y', 'publicLink', { key: 'k3y' }],
    ['/visit/k3y', 'visitLink', { key: 'k3y' }],
    // 2.2
    ['/logout', 'logout', {}],
    ['/patient/demographicinfo', 'demographicInfo', {}],
    ['/patient/rxinfo', 'rxInfo', {}],
    ['/patient/rxinfo/orders/r1/p1/l1', 'rxOrders', { rxid: 'r1', patientId: 'p1', locationId: 'l1' }],
    ['/patient/appointment', 'appointments', {}],
    ['/patient/invoice', 'invoices', {}],
    ['/patient/invoice/orders/i1/p1/l1', 'invoiceOrders', { invoiceid: 'i1', patientId: 'p1', locationId: 'l1' }],
    ['/patient/recalls', 'recalls', {}],
    ['/patient/orderstatus', 'orderStatus', {}],
    ['/patient/register', 'kioskRegister', {}],
    ['/admin/access', 'access', {}],
    ['/admin/dashboard/patients', 'dashboard', {}],
    ['/admin/eforms/forms/add', 'eformAdd', {}],
    ['/admin/eforms/forms/add/l1', 'eformAdd', { locationId: 'l1' }],
    ['/admin/eforms/forms/edit/l1', 'eformEdit', { locationId: 'l1' }],
    ['/admin/eforms/forms/edit/l1/f1', 'eformEdit', { locationId: 'l1', formId: 'f1' }],
    ['/admin/eforms/forms/l1', 'eformBoard', { locationId: 'l1' }],
    ['/admin/eforms/forms/l1/board-a', 'eformBoard', { locationId: 'l1', boardUri: 'board-a' }],
    ['/admin/eforms/all', 'eforms', {}],
    ['/admin/eforms', 'eformsBare', {}],
    ['/admin/patients/invoice/p1/l1', 'patientInvoiceOfStore', { patientId: 'p1', locationId: 'l1' }],
    ['/admin/patients/invoice/p1', 'patientInvoice', { patientId: 'p1' }],
    ['/admin/patients/p1/l1', 'patient', { patientid: 'p1', locationId: 'l1' }],
    ['/admin/patients/all', 'patients', { type: 'all' }],
    ['/admin/patients', 'patientsBare', {}],
    ['/admin/reports/invoice/p1', 'reportInvoiceOfPatient', { patientId: 'p1' }],
    ['/admin/reports/invoice', 'reportInvoice', {}],
    ['/admin/template/email', 'emailTemplates', {}],
    ['/admin/template/sms', 'smsTemplates', {}],
    ['/admin/settings/general/all', 'generalSettings', {}],
    ['/admin/settings/general/all/l1', 'generalSettings', { locationId: 'l1' }],
    ['/admin/settings/general/open/l1', 'generalSettingsOfType', { type: 'open', locationId: 'l1' }],
    ['/admin/settings/general', 'generalSettingsBare', {}],
    ['/admin/pos/all', 'pos', { type: 'all' }],
    ['/admin/pos', 'posBare', {}],
    ['/admin/PortalMapping', 'portalMapping', {}],
    ['/admin/add/companyDetails', 'addCompany', {}],
    ['/admin/update/editCompany/c1', 'editCompany', { companyID: 'c1' }],
    ['/admin/enterprise/reports/payments', 'enterpriseReport', { report: 'payments' }],
    ['/admin/enterprise/reports/laborders', 'enterpriseReport', { report: 'laborders' }],
    ['/admin/enterprise/reports', 'enterpriseReportsBare', {}],
    ['/admin/workdesk/all', 'workDesk', { type: 'all' }],
    ['/admin/appointments', 'storeDay', {}],
    ['/admin/appointments/l1?date=2026-11-24', 'storeDay', { locationId: 'l1' }],
    ['/admin/laborderlookup/all', 'labOrderLookup', { type: 'all' }],
    ['/admin/invoicelookup/all', 'invoiceLookup', { type: 'all' }],
    ['/admin/stores', 'stores', {}],
    ['/documentation/configuration/multi-language', 'multiLanguage', {}],
    ['/pages/errors/error-404', 'notFound', {}],
    [paths.newUser, 'newUser', {}],
    ['/', 'home', {}],
  ])('%s is the %s route', (path, id, params) => {
    const match = matchRoute(path);
    expect(match?.route.id).toBe(id);
    expect(Object.fromEntries(Object.entries(match?.params ?? {}).filter(([, value]) => value !== undefined))).toEqual(
      params,
    );
  });

  it('has unique ids, and decodes params', () => {
    expect(new Set(routeTable.map((route) => route.id)).size).toBe(routeTable.length);
    expect(matchRoute('/pr/a%20b')?.params).toEqual({ key: 'a b' });
  });

  it('knows nothing of other addresses', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
    expect(matchRoute('/nothing')).toBeNull();
  });

  it('hides the navbar, toolbar and footer on guest-only routes; kiosk: toolbar above, footer, no navbar; POS: no toolbar', () => {
    const layoutOf = (path: string) => matchRoute(path)?.route.layout;
    const bare = { navbar: { display: false }, toolbar: { display: false }, footer: { display: false } };
    for (const path of ['/login', '/admin', '/clearview/downtown', '/ForgotPassword', '/eforms', '/pr/x']) {
      expect(layoutOf(path)?.config, path).toEqual(bare);
    }
    expect(layoutOf('/patient/register')).toEqual({
      style: 'kiosk',
      config: { navbar: { display: false }, toolbar: { display: true, position: 'above' }, footer: { display: true } },
    });
    expect(layoutOf('/admin/pos/all')).toEqual({ config: { toolbar: { display: false } } });
    expect(layoutOf('/admin/patients/all')).toEqual({});
  });
});

describe("the root '/' (2.3)", () => {
  it.each([
    [['admin'], '/admin/pos/all'],
    [['staff'], '/admin/pos/all'],
    [['user'], '/admin/pos/all'],
    [['patient'], '/admin/dashboard/patients'],
    [['enterpriseadmin'], '/admin/dashboard/patients'],
    [['kiosk'], '/patient/register'],
    [['somethingelse'], '/pages/errors/error-404'],
  ])('%j goes to %s', (roles, to) => {
    expect(homeOf(roles)).toBe(to);
    expect(landing('/', roles)).toBe(to);
  });

  it('sends a guest to sign-in without remembering the root', () => {
    expect(resolveAccess('/', guest, null)).toMatchObject({ path: '/login', remembered: null });
  });
});

describe('the guard (2.4)', () => {
  it('lets each role open its own pages', () => {
    expect(resolveAccess('/admin/template/email', ['admin'], null)).toMatchObject({
      path: '/admin/template/email',
      routeId: 'emailTemplates',
      redirected: false,
    });
    expect(landing('/patient/invoice', ['patient'])).toBe('/patient/invoice');
    expect(landing('/patient/register', ['kiosk'])).toBe('/patient/register');
    expect(landing('/admin/PortalMapping', ['enterpriseadmin'])).toBe('/admin/PortalMapping');
    expect(landing('/login', guest)).toBe('/login');
    expect(landing('/pages/errors/error-404', ['patient'])).toBe('/pages/errors/error-404');
    expect(landing('/documentation/configuration/multi-language', guest)).toBe(
      '/documentation/configuration/multi-language',
    );
  });

  it('sends a refused guest to /login and remembers what was asked for, query included', () => {
    expect(resolveAccess('/admin/eforms/all?board=2', guest, null)).toMatchObject({
      path: '/login',
      routeId: 'login',
      redirected: true,
      remembered: '/admin/eforms/all?board=2',
    });
    expect(resolveAccess('/logout', guest, null)).toMatchObject({ path: '/login', remembered: null });
  });

  it('after sign-in, takes the user back to the remembered path, once', () => {
    expect(resolveAccess('/login', ['admin'], '/admin/eforms/all')).toMatchObject({
      path: '/admin/eforms/all',
      remembered: null,
    });
  });

  it('sends a refused signed-in user to the remembered path, else to /', () => {
    expect(resolveAccess('/admin/access', ['patient'], null)).toMatchObject({
      path: '/admin/dashboard/patients',
      remembered: null,
    });
    expect(resolveAccess('/admin/access', ['patient'], '/patient/recalls')).toMatchObject({
      path: '/patient/recalls',
      remembered: null,
    });
    // A remembered path the user may not open either is dropped on the way home.
    expect(resolveAccess('/login', ['patient'], '/admin/access')).toMatchObject({
      path: '/admin/dashboard/patients',
      remembered: null,
    });
    expect(landing('/clearview/downtown', ['admin'])).toBe('/admin/pos/all');
    expect(landing('/patient/register', ['admin'])).toBe('/admin/pos/all');
    expect(landing('/patient/invoice', ['kiosk'])).toBe('/patient/register');
    expect(landing('/admin/stores', ['staff'])).toBe('/admin/pos/all');
  });

  it('sends newuser to the new-user page from everywhere but logout', () => {
    for (const path of ['/', '/login', '/admin/pos/all', '/no/such/page', '/pages/errors/error-404']) {
      expect(landing(path, ['newuser']), path).toBe(paths.newUser);
    }
    expect(landing('/logout', ['newuser'])).toBe('/logout');
    expect(landing(paths.newUser, guest)).toBe('/login');
    expect(landing(paths.newUser, ['patient'])).toBe('/admin/dashboard/patients');
  });

  it("opens the user menu's entries for every signed-in role, never the not-found page", () => {
    for (const roles of [['admin'], ['staff'], ['patient'], ['enterpriseadmin'], ['kiosk']]) {
      expect(landing(userMenuPaths.inbox, roles), `${roles} inbox`).toBe(userMenuPaths.inbox);
    }
    // My Profile is a person's: the kiosk is a shared device.
    for (const roles of [['admin'], ['staff'], ['patient'], ['enterpriseadmin']]) expect(landing(userMenuPaths.profile, roles)).toBe(userMenuPaths.profile);
    expect(landing(userMenuPaths.profile, ['kiosk'])).toBe('/patient/register');
    expect(landing(userMenuPaths.login, guest)).toBe(userMenuPaths.login);
  });

  it('sends unknown paths to the not-found page, for everyone', () => {
    expect(landing('/no/such/page', guest)).toBe('/pages/errors/error-404');
    expect(landing('/no/such/page', ['admin'])).toBe('/pages/errors/error-404');
  });

  it('sends bare paths on to their /all variant', () => {
    expect(landing('/admin/eforms', ['admin'])).toBe('/admin/eforms/all');
    expect(landing('/admin/patients', ['staff'])).toBe('/admin/patients/all');
    expect(landing('/admin/settings/general', ['admin'])).toBe('/admin/settings/general/all');
    expect(landing('/admin/pos', ['user'])).toBe('/admin/pos/all');
    expect(landing('/admin/workdesk', ['admin'])).toBe('/admin/workdesk/all');
    expect(landing('/admin/laborderlookup', ['admin'])).toBe('/admin/laborderlookup/all');
    expect(landing('/admin/invoicelookup', ['admin'])).toBe('/admin/invoicelookup/all');
    expect(landing('/register', guest)).toBe('/login');
  });

  it('only admins open /admin/access (users and permissions)', () => {
    expect(landing('/admin/access', ['admin'])).toBe('/admin/access');
    expect(landing('/admin/access', ['staff'])).toBe('/admin/pos/all');
    expect(landing('/admin/access', guest)).toBe('/login');
  });

  it('only admins open /admin/stores; only kiosks the kiosk register page; only enterprise admins the mapping', () => {
    expect(landing('/admin/stores', ['admin'])).toBe('/admin/stores');
    expect(landing('/patient/register', ['patient'])).toBe('/admin/dashboard/patients');
    expect(landing('/admin/PortalMapping', ['admin'])).toBe('/admin/pos/all');
    expect(landing('/admin/update/editCompany/c1', ['enterpriseadmin'])).toBe('/admin/update/editCompany/c1');
    // The reports across companies: the enterprise admin's only; a company admin keeps their own reports.
    expect(landing('/admin/enterprise/reports/sales', ['enterpriseadmin'])).toBe('/admin/enterprise/reports/sales');
    expect(landing('/admin/enterprise/reports', ['enterpriseadmin'])).toBe('/admin/enterprise/reports/sales');
    expect(landing('/admin/enterprise/reports/sales', ['admin'])).toBe('/admin/pos/all');
    expect(landing('/admin/enterprise/reports/sales', ['staff'])).toBe('/admin/pos/all');
    for (const report of ['laborders', 'recalls', 'appointments', 'eforms']) {
      expect(landing(`/admin/enterprise/reports/${report}`, ['enterpriseadmin'])).toBe(`/admin/enterprise/reports/${report}`);
      expect(landing(`/admin/enterprise/reports/${report}`, ['admin'])).toBe('/admin/pos/all');
    }
  });
});
