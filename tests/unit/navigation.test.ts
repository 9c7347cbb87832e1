import { describe, expect, it } from 'vitest';
import { flattenNavigation, navigation, navigationFor, searchNavigation } from '../../src/views/shell/navigation';
import type { NavigationItem } from '../../src/views/shell/navigation';
import { hasPermission } from '../../src/contract/access';
import { matchRoute } from '../../src/contract/routeTable';
import { createI18n } from '../../src/i18n/i18n';

const ids = (items: readonly NavigationItem[]): string[] =>
  items.flatMap((item) => [item.id, ...ids(item.children ?? [])]);
const topLevel = (items: readonly NavigationItem[]) => items.map((item) => item.id);

describe('navigationFor (spec 2.5)', () => {
  it('shows admins POS, Patient Chart with its seven items, Settings with Templates and General, and Reports', () => {
    const menu = navigationFor(['admin']);
    expect(topLevel(menu)).toEqual(['pos', 'patientChart', 'settings', 'reports']);
    const chart = menu.find((item) => item.id === 'patientChart');
    expect(chart?.children?.map((item) => item.title)).toEqual([
      'Patients',
      'Invoice',
      'Lab Order',
      'Permissions',
      'eForms',
      'Work Desk',
      "Day's appointments",
    ]);
    expect(chart?.children?.map((item) => item.menuId)).toEqual([201, 202, 203, 204, 205, 206, undefined]);
    const settings = menu.find((item) => item.id === 'settings');
    expect(settings?.children?.map((item) => [item.type, item.title])).toEqual([
      ['collapse', 'Templates'],
      ['item', 'General'],
    ]);
    expect(settings?.children?.[0]?.children?.map((item) => [item.title, item.menuId])).toEqual([
      ['Email', 207],
      ['SMS', 208],
    ]);
    expect(settings?.children?.[1]?.menuId).toBe(209);
    expect(menu.find((item) => item.id === 'reports')?.children?.map((item) => item.url)).toEqual(
      ['sales', 'payments', 'adjustments', 'balances', 'storeday', 'unbalanced', 'laborders', 'recalls', 'appointments', 'eforms'].map((name) => `/admin/reports/${name}`),
    );
  });

  it("gives patients and staff 'My Information'; staff also Other Info", () => {
    const patient = navigationFor(['patient']);
    expect(topLevel(patient)).toEqual(['myInformation']);
    expect(patient[0]?.title).toBe('My Information');
    expect(patient[0]?.children?.map((item) => item.url)).toEqual([
      '/patient/demographicinfo',
      '/patient/rxinfo',
      '/patient/appointment',
      '/patient/invoice',
      '/patient/recalls',
      '/patient/orderstatus',
    ]);
    const staff = navigationFor(['staff']);
    expect(topLevel(staff)).toEqual(['pos', 'patientChart', 'myInformation']);
    expect(staff.at(-1)?.children?.at(-1)?.url).toBe('/patient/otherinfo');
  });

  it("gives staff the POS and the chart items they use (Patients, Invoice, Lab Order, Work Desk, Day's appointments), not the admin-only ones", () => {
    const staff = navigationFor(['staff']);
    expect(staff[0]?.children?.map((item) => item.url)).toEqual(['/admin/pos/all']);
    expect(staff[1]?.children?.map((item) => item.title)).toEqual(['Patients', 'Invoice', 'Lab Order', 'Work Desk', "Day's appointments"]);
    expect(ids(staff)).not.toContain('settings');
    expect(ids(staff)).not.toContain('reports');
    // Menu ids still hide an item whose flag is false, for staff too.
    const limited = navigationFor(['staff'], [{ menuId: 201, access: false }, { menuId: 206, access: false }]);
    expect(limited[1]?.children?.map((item) => item.title)).toEqual(['Invoice', 'Lab Order', "Day's appointments"]);
    // Every item a staff member sees opens a page the guard lets them into.
    for (const item of flattenNavigation(staff)) {
      const match = matchRoute(item.url ?? '');
      expect(match && hasPermission(match.route.auth, ['staff']), item.id).toBe(true);
    }
  });

  it('gives enterprise admins Portal Mapping and the reports across companies, guests Login and Register, kiosks nothing', () => {
    const enterprise = navigationFor(['enterpriseadmin']);
    expect(ids(enterprise)).toEqual([
      'enterprise',
      'portalMapping',
      'enterpriseReports',
      'enterpriseReportLabOrders',
      'enterpriseReportRecalls',
      'enterpriseReportAppointments',
      'enterpriseReportEforms',
    ]);
    for (const item of flattenNavigation(enterprise)) {
      const match = matchRoute(item.url ?? '');
      expect(match && hasPermission(match.route.auth, ['enterpriseadmin']), item.id).toBe(true);
    }
    expect(navigationFor([]).map((item) => [item.title, item.url])).toEqual([
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(navigationFor(['kiosk'])).toEqual([]);
  });

  it('removes items whose menu access flag is false, and a collapse left empty', () => {
    const menu = navigationFor(['admin'], [
      { menuId: 202, access: false },
      { menuId: 203, access: true },
      { menuId: 207, access: false },
      { menuId: 208, access: false },
    ]);
    const visible = ids(menu);
    expect(visible).not.toContain('invoice');
    expect(visible).toContain('labOrder');
    expect(visible).not.toContain('templates');
    expect(visible).toContain('generalSettings');
    expect(visible).toContain('reports');
  });

  it('links every item to a route the same roles may open', () => {
    for (const item of flattenNavigation(navigation)) {
      expect(matchRoute(item.url ?? ''), item.id).not.toBeNull();
    }
  });

  it('names every title with a key under "nav", in every language', () => {
    const i18n = createI18n(window.localStorage);
    for (const item of navigation.flatMap((entry) => [entry, ...flattenNavigation([entry])])) {
      expect(item.titleKey, item.id).toMatch(/^nav\./);
      expect(i18n.exists(item.titleKey!, { lng: 'tr' }), item.id).toBe(true);
      expect(i18n.exists(item.titleKey!, { lng: 'ar' }), item.id).toBe(true);
    }
  });
});

describe('searchNavigation', () => {
  const admin = navigationFor(['admin']);

  it("finds 'Invoice' and marks the matched part", () => {
    const results = searchNavigation(admin, 'Invoice');
    expect(results.map((result) => result.title)).toEqual(['Invoice', 'Unbalanced invoices']);
    expect(results[0]?.ranges).toEqual([[0, 7]]);
  });

  it('matches the start of words only, case-insensitively, every query word', () => {
    expect(searchNavigation(admin, 'ORD').map((result) => result.title)).toEqual(['Lab Order', 'Lab orders']);
    expect(searchNavigation(admin, 'rder')).toEqual([]);
    expect(searchNavigation(admin, 'lab ord')[0]?.ranges).toEqual([
      [0, 3],
      [4, 7],
    ]);
    expect(searchNavigation(admin, 'lab zz')).toEqual([]);
  });

  it('returns nothing for nonsense or an empty query, and never groups or collapses', () => {
    expect(searchNavigation(admin, 'xyzzy')).toEqual([]);
    expect(searchNavigation(admin, '   ')).toEqual([]);
    expect(searchNavigation(admin, 'Templates')).toEqual([]);
    expect(searchNavigation(admin, 'Settings')).toEqual([]);
  });

  it('only finds what the user may open', () => {
    expect(searchNavigation(navigationFor(['patient']), 'Invoice').map((result) => result.item.url)).toEqual([
      '/patient/invoice',
    ]);
    // Without the invoice lookup, only the report of unbalanced invoices is left.
    expect(searchNavigation(navigationFor(['admin'], [{ menuId: 202, access: false }]), 'Invoice').map((result) => result.item.id)).toEqual(['reportUnbalanced']);
  });

  it('is accent-insensitive, in the reader language', () => {
    const i18n = createI18n(window.localStorage);
    const turkish = (item: NavigationItem) => i18n.t(item.titleKey ?? '', { lng: 'tr' });
    // 'Laboratuvar Siparişi', 'İzinler', 'Çalışma Masası'
    expect(searchNavigation(admin, 'siparis', turkish).map((result) => result.item.id)).toEqual(['labOrder', 'reportLabOrders']);
    expect(searchNavigation(admin, 'izin', turkish).map((result) => result.item.id)).toEqual(['permissions']);
    expect(searchNavigation(admin, 'calis', turkish)[0]?.ranges).toEqual([[0, 5]]);
    const accented: NavigationItem[] = [{ id: 'cafe', type: 'item', title: 'Café Öffnungszeiten', url: '/x' }];
    expect(searchNavigation(accented, 'cafe offn')).toHaveLength(1);
    expect(searchNavigation(accented, 'CAFÉ')).toHaveLength(1);
  });

  it('gives at most 10 suggestions, in menu order', () => {
    const many: NavigationItem[] = Array.from({ length: 14 }, (_, index) => ({
      id: `report${index}`,
      type: 'item',
      title: `Report ${index}`,
      url: `/r/${index}`,
    }));
    const results = searchNavigation([{ id: 'g', type: 'group', title: 'Reports', children: many }], 'rep');
    expect(results.map((result) => result.item.id)).toEqual(many.slice(0, 10).map((item) => item.id));
  });
});
