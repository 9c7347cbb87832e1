import type { MenuAccess } from '../../contract/settings';
import en from '../../i18n/locales/en.json';
import { authRoles, hasPermission } from '../../contract/access';
import type { Auth } from '../../contract/access';

/**
 * The navigation of spec 2.5 and shell.md: what each role sees in the side menu, filtered by the same access rule
 * as the route guard plus the user's menu access flags; and the toolbar's navigation search. The shell renders it.
 */
export type NavigationType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

export interface NavigationBadge {
  title: string;
  bg?: string;
  fg?: string;
}

export interface NavigationItem {
  id: string;
  type: NavigationType;
  /** i18n key of the title (under the top-level "nav"). */
  titleKey?: string;
  /** The same key under the name the shell's renderer reads. */
  translate?: string;
  /** The English title: the fallback, and what the search matches when no translation is given. */
  title?: string;
  /** A Material icon name; the shell maps it to its icon set. */
  icon?: string;
  url?: string;
  auth?: Auth;
  /** Active only on an exact match of the path. */
  exact?: boolean;
  badge?: NavigationBadge;
  children?: readonly NavigationItem[];
  /** Items with a menu id are hidden when the user's access flag for it is false (spec 2.5: 201..209). */
  menuId?: number;
}

type NavKey = keyof typeof en.nav;

type Draft = Omit<NavigationItem, 'titleKey' | 'translate' | 'title' | 'children'> & {
  key?: NavKey;
  children?: readonly NavigationItem[];
};

function entry({ key, ...rest }: Draft): NavigationItem {
  if (!key) return rest;
  const titleKey = `nav.${key}`;
  return { ...rest, titleKey, translate: titleKey, title: en.nav[key] };
}

/** The whole menu in order; `navigationFor` cuts it down to what one user may see. */
export const navigation: readonly NavigationItem[] = [
  // Admin (spec 2.5): POS; Patient Chart with its six items; Settings with Templates and General; Reports. Staff
  // reach what they use every day (staff.md): the POS and the chart's Patients, Invoice, Lab Order and Work Desk.
  entry({
    id: 'pos',
    type: 'group',
    key: 'pos',
    auth: authRoles.staff,
    children: [entry({ id: 'pointOfSale', type: 'item', key: 'pointOfSale', icon: 'point_of_sale', url: '/admin/pos/all' })],
  }),
  entry({
    id: 'patientChart',
    type: 'group',
    key: 'patientChart',
    auth: authRoles.staff,
    children: [
      entry({ id: 'patients', type: 'item', key: 'patients', icon: 'people', url: '/admin/patients/all', menuId: 201 }),
      entry({ id: 'invoice', type: 'item', key: 'invoice', icon: 'receipt', url: '/admin/invoicelookup/all', menuId: 202 }),
      entry({
        id: 'labOrder',
        type: 'item',
        key: 'labOrder',
        icon: 'science',
        url: '/admin/laborderlookup/all',
        menuId: 203,
      }),
      entry({ id: 'permissions', type: 'item', key: 'permissions', icon: 'lock', url: '/admin/access', menuId: 204, auth: authRoles.admin }),
      entry({
        id: 'eforms',
        type: 'item',
        key: 'eforms',
        icon: 'description',
        url: '/admin/eforms/all',
        menuId: 205,
        auth: authRoles.admin,
      }),
      entry({ id: 'workDesk', type: 'item', key: 'workDesk', icon: 'work', url: '/admin/workdesk/all', menuId: 206 }),
      entry({ id: 'storeDay', type: 'item', key: 'storeDay', icon: 'today', url: '/admin/appointments' }),
    ],
  }),
  entry({
    id: 'settings',
    type: 'group',
    key: 'settings',
    auth: authRoles.admin,
    children: [
      entry({
        id: 'templates',
        type: 'collapse',
        key: 'templates',
        icon: 'mail',
        children: [
          entry({ id: 'emailTemplates', type: 'item', key: 'email', icon: 'email', url: '/admin/template/email', menuId: 207 }),
          entry({ id: 'smsTemplates', type: 'item', key: 'sms', icon: 'sms', url: '/admin/template/sms', menuId: 208 }),
        ],
      }),
      entry({
        id: 'generalSettings',
        type: 'item',
        key: 'general',
        icon: 'settings',
        url: '/admin/settings/general/all',
        menuId: 209,
      }),
    ],
  }),
  // The Reports group: one item per report.
  entry({
    id: 'reports',
    type: 'group',
    key: 'reports',
    auth: authRoles.admin,
    children: [
      entry({ id: 'reportSales', type: 'item', key: 'reportSales', icon: 'point_of_sale', url: '/admin/reports/sales' }),
      entry({ id: 'reportPayments', type: 'item', key: 'reportPayments', icon: 'receipt', url: '/admin/reports/payments' }),
      entry({ id: 'reportAdjustments', type: 'item', key: 'reportAdjustments', icon: 'receipt_long', url: '/admin/reports/adjustments' }),
      entry({ id: 'reportBalances', type: 'item', key: 'reportBalances', icon: 'history', url: '/admin/reports/balances' }),
      entry({ id: 'reportStoreDay', type: 'item', key: 'reportStoreDay', icon: 'today', url: '/admin/reports/storeday' }),
      entry({ id: 'reportUnbalanced', type: 'item', key: 'reportUnbalanced', icon: 'balance', url: '/admin/reports/unbalanced' }),
      entry({ id: 'reportLabOrders', type: 'item', key: 'reportLabOrders', icon: 'science', url: '/admin/reports/laborders' }),
      entry({ id: 'reportRecalls', type: 'item', key: 'reportRecalls', icon: 'notifications', url: '/admin/reports/recalls' }),
      entry({ id: 'reportAppointments', type: 'item', key: 'reportAppointments', icon: 'event', url: '/admin/reports/appointments' }),
      entry({ id: 'reportEforms', type: 'item', key: 'reportEforms', icon: 'description', url: '/admin/reports/eforms' }),
    ],
  }),

  // Staff and patients: 'My Information'; staff also see /patient/otherinfo.
  entry({
    id: 'myInformation',
    type: 'group',
    key: 'myInformation',
    auth: ['patient', 'staff'],
    children: [
      entry({ id: 'demographicInfo', type: 'item', key: 'demographicInfo', icon: 'person', url: '/patient/demographicinfo' }),
      entry({ id: 'rxInfo', type: 'item', key: 'rxInfo', icon: 'visibility', url: '/patient/rxinfo' }),
      entry({ id: 'appointments', type: 'item', key: 'appointments', icon: 'event', url: '/patient/appointment' }),
      entry({ id: 'invoices', type: 'item', key: 'invoices', icon: 'receipt_long', url: '/patient/invoice' }),
      entry({ id: 'recalls', type: 'item', key: 'recalls', icon: 'notifications', url: '/patient/recalls' }),
      entry({ id: 'orderStatus', type: 'item', key: 'orderStatus', icon: 'local_shipping', url: '/patient/orderstatus' }),
      entry({ id: 'otherInfo', type: 'item', key: 'otherInfo', icon: 'info', url: '/patient/otherinfo', auth: authRoles.staff }),
    ],
  }),

  // Enterprise admins: Portal Mapping and the reports across companies (sales, payments and categories under the first).
  entry({
    id: 'enterprise',
    type: 'group',
    key: 'enterprise',
    auth: authRoles.enterprise,
    children: [
      entry({ id: 'portalMapping', type: 'item', key: 'portalMapping', icon: 'map', url: '/admin/PortalMapping' }),
      entry({ id: 'enterpriseReports', type: 'item', key: 'enterpriseReports', icon: 'bar_chart', url: '/admin/enterprise/reports/sales' }),
      entry({ id: 'enterpriseReportLabOrders', type: 'item', key: 'enterpriseReportLabOrders', icon: 'science', url: '/admin/enterprise/reports/laborders' }),
      entry({ id: 'enterpriseReportRecalls', type: 'item', key: 'enterpriseReportRecalls', icon: 'notifications', url: '/admin/enterprise/reports/recalls' }),
      entry({ id: 'enterpriseReportAppointments', type: 'item', key: 'enterpriseReportAppointments', icon: 'event', url: '/admin/enterprise/reports/appointments' }),
      entry({ id: 'enterpriseReportEforms', type: 'item', key: 'enterpriseReportEforms', icon: 'description', url: '/admin/enterprise/reports/eforms' }),
    ],
  }),

  // Users with no role (spec 2.1): Login and Register.
  entry({ id: 'login', type: 'item', key: 'login', icon: 'login', url: '/login', auth: authRoles.onlyGuest }),
  entry({ id: 'register', type: 'item', key: 'register', icon: 'person_add', url: '/register', auth: authRoles.onlyGuest }),
];

/**
 * The menu one user sees: items they may open (hasPermission) whose menu access flag is not false. A group or
 * collapse that loses all its children goes too; one that was empty to begin with (Reports) stays.
 */
export function navigationFor(
  roles: readonly string[],
  menuAccess: readonly MenuAccess[] = [],
  items: readonly NavigationItem[] = navigation,
): NavigationItem[] {
  const denied = new Set(menuAccess.filter((flag) => !flag.access).map((flag) => flag.menuId));
  const visible = (list: readonly NavigationItem[]): NavigationItem[] =>
    list.flatMap((item) => {
      if (!hasPermission(item.auth, roles)) return [];
      if (item.menuId !== undefined && denied.has(item.menuId)) return [];
      if (!item.children) return [item];
      const children = visible(item.children);
      return item.children.length > 0 && children.length === 0 ? [] : [{ ...item, children }];
    });
  return visible(items);
}

// --- search ---------------------------------------------------------------------------------------------------

export interface NavigationSearchResult {
  item: NavigationItem;
  /** The title the match was made on (the reader's language). */
  title: string;
  /** [start, end) of each matched part of `title`, for showing it in bold; in title order. */
  ranges: Array<[number, number]>;
}

export const maxSearchResults = 10;

/** Lower case without accents (and Turkish dotless i as i), one entry per folded character with its origin. */
function fold(text: string): { chars: string[]; origin: number[] } {
  const chars: string[] = [];
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const folded = char.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/ı/g, 'i');
    for (const piece of folded) {
      chars.push(piece);
      origin.push(offset);
    }
    offset += char.length;
  }
  return { chars, origin };
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Word starts of the folded title: index in `chars` of the first character of each word. */
function wordStarts(chars: string[]): number[] {
  return chars.flatMap((char, index) => (isWordChar(char) && !isWordChar(chars[index - 1]) ? [index] : []));
}

function queryWords(query: string): string[][] {
  const { chars } = fold(query);
  const words: string[][] = [];
  let current: string[] = [];
  for (const char of chars) {
    if (isWordChar(char)) current.push(char);
    else if (current.length > 0) {
      words.push(current);
      current = [];
    }
  }
  if (current.length > 0) words.push(current);
  return words;
}

/** Each word of the query must begin a word of the title; null if one does not. */
function matchTitle(title: string, words: string[][]): Array<[number, number]> | null {
  const { chars, origin } = fold(title);
  const starts = wordStarts(chars);
  const ranges: Array<[number, number]> = [];
  for (const word of words) {
    const start = starts.find((at) => word.every((char, index) => chars[at + index] === char));
    if (start === undefined) return null;
    const endIndex = start + word.length;
    ranges.push([origin[start]!, endIndex < origin.length ? origin[endIndex]! : title.length]);
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Items (router links) of a tree in menu order. */
export function flattenNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => (item.type === 'item' ? [item] : flattenNavigation(item.children ?? [])));
}

/**
 * The toolbar search (shell.md): items only (pass the user's `navigationFor` result, so only what they may open),
 * matching words at the start of words of the titles, case- and accent-insensitive; at most 10, in menu order.
 * [] when nothing matches (the view then says 'No results..'). `titleOf` gives the title in the reader's
 * language (default: English).
 */
export function searchNavigation(
  items: readonly NavigationItem[],
  query: string,
  titleOf: (item: NavigationItem) => string = (item) => item.title ?? item.id,
): NavigationSearchResult[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const results: NavigationSearchResult[] = [];
  for (const item of flattenNavigation(items)) {
    const title = titleOf(item);
    const ranges = matchTitle(title, words);
    if (ranges) results.push({ item, title, ranges });
    if (results.length === maxSearchResults) break;
  }
  return results;
}
