/**
 * The route walk: every route of the route table (src/contract/routeTable.ts, the source) opened by every
 * demo role the guard lets open it (guest, patient, staff, admin, enterprise admin, kiosk, new user), at desktop
 * (1440x900) and phone (390x844) size, in English and Arabic. On each: axe-core's WCAG 2.2 A/AA rules find nothing,
 * and on the phone the page does not scroll sideways (document scrollWidth <= innerWidth) and no button, link or field
 * lies beyond the screen's left or right edge (in a table's own scroll box, say). In Arabic no visible text is a
 * text of the English catalogue left untranslated (untranslatedTexts).
 *
 * A route whose parameter picks a tab, a list or a report is walked with each value (variants below).
 * A route is walked with real demo ids for its parameters (server/db/seed*.ts; the ids the seed draws at random,
 * the patient's pending form and the intake form, are read as the person would find them). The test prints the
 * routes it visited and fails when a route of the table is neither visited nor excluded below with a reason, so a
 * new screen cannot be left out.
 *
 * Fast: one signed-in page per role, the language chosen once per walk (a page load) and every address then
 * opened in the app as its links do (the phone and desktop sizes are the same page resized). The walks are shared
 * out in parts (`walkParts`, one test file each: route-walk-<n>.test.ts) that run side by side in the e2e workers;
 * part 1 also checks that the parts walk every account in every language and that every route is walked by someone.
 */
import { appendFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { E2E } from './support/browser';
import type { Role } from '../../src/contract/common';
import { settingsGroups } from '../../src/contract/generalSettings';
import { invoiceLookupTypes } from '../../src/contract/invoiceLookup';
import { labOrderLookupTypes } from '../../src/contract/labOrderLookup';
import { chartTabKeys, patientListTypes } from '../../src/contract/patientsAdmin';
import { posTypes } from '../../src/contract/pos';
import { enterpriseReportNames, reportNames } from '../../src/contract/reports';
import { resolveAccess, routeTable } from '../../src/contract/routeTable';
import { workDeskViews } from '../../src/contract/workDesk';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import { axeViolations } from './support/axe';
import { patience, readApi, signInAt, useBrowser } from './support/browser';

let e2e: E2E;

/** Fixed ids of the demo data (server/db/seed.ts, server/db/seed-records.ts). */
const demo = {
  clearview: 'c1ea0000-0000-4000-8000-000000000001',
  downtown: 'c1ea0000-0000-4000-8000-00000000d001',
  jane: 'c1ea0000-0000-4000-8000-0000000a0001',
  janeRx: 'c1ea0000-0000-4000-8000-0000000b0002',
  janeOpenInvoice: 'c1ea0000-0000-4000-8000-0000000b0007',
};

/** Ids the seed draws at random: read once, as the person would find them. */
interface Found {
  /** Jane's pending form (the dashboard's 'Forms to fill in' link). */
  ownFormPath?: string;
  /** The intake form of Downtown (the eForms list). */
  intakeFormId?: string;
}

/** The address walked for each route with parameters (the others are their own path). */
const addresses: Record<string, (found: Found) => string | undefined> = {
  publicLink: () => '/pr/demo-key',
  visitLink: () => '/visit/AAAAAAAAAAAAAAAAAAAAAA',
  rxOrders: () => `/patient/rxinfo/orders/${demo.janeRx}/${demo.jane}/${demo.downtown}`,
  invoiceOrders: () => `/patient/invoice/orders/${demo.janeOpenInvoice}/${demo.jane}/${demo.downtown}`,
  ownForm: (found) => found.ownFormPath,
  eformAdd: () => `/admin/eforms/forms/add/${demo.downtown}`,
  eformEdit: (found) => found.intakeFormId && `/admin/eforms/forms/edit/${demo.downtown}/${found.intakeFormId}`,
  eformBoard: () => `/admin/eforms/forms/${demo.downtown}/intake`,
  patientInvoiceOfStore: () => `/admin/patients/invoice/${demo.jane}/${demo.downtown}`,
  patientInvoice: () => `/admin/patients/invoice/${demo.jane}`,
  reportInvoiceOfPatient: () => `/admin/reports/invoice/${demo.jane}`,
  patient: () => `/admin/patients/${demo.jane}/1`,
  patients: () => '/admin/patients/all',
  generalSettings: () => '/admin/settings/general/all',
  generalSettingsOfType: () => `/admin/settings/general/stores/${demo.downtown}`,
  pos: () => '/admin/pos/all',
  editCompany: () => `/admin/update/editCompany/${demo.clearview}`,
  workDesk: () => '/admin/workdesk/all',
  storeDay: () => `/admin/appointments/${demo.downtown}`,
  labOrderLookup: () => '/admin/laborderlookup/all',
  invoiceLookup: () => '/admin/invoicelookup/all',
  storeSignIn: () => '/clearview/downtown',
  guestBooking: () => '/clearview/downtown/book',
  report: () => '/admin/reports/sales',
  // Sales across companies is walked by tests/e2e/enterprise.test.ts; lab orders has the most tables.
  enterpriseReport: () => '/admin/enterprise/reports/laborders',
};

/**
 * The other values of a route's parameter that draw a different screen: each tab of the register, the chart, the
 * lookups, the work desk and the patient list, each report and each settings group (the lists are the contract's).
 */
const variants: Record<string, () => string[]> = {
  pos: () => posTypes.map((type) => `/admin/pos/${type}`),
  patient: () => chartTabKeys.map((_, index) => `/admin/patients/${demo.jane}/${index + 1}`),
  patients: () => patientListTypes.map((type) => `/admin/patients/${type}`),
  workDesk: () => workDeskViews.map((view) => `/admin/workdesk/${view}`),
  labOrderLookup: () => labOrderLookupTypes.map((type) => `/admin/laborderlookup/${type}`),
  invoiceLookup: () => invoiceLookupTypes.map((type) => `/admin/invoicelookup/${type}`),
  generalSettingsOfType: () => settingsGroups.map((group) => `/admin/settings/general/${group}`),
  report: () => reportNames.map((name) => `/admin/reports/${name}`),
  enterpriseReport: () => enterpriseReportNames.map((name) => `/admin/enterprise/reports/${name}`),
};

/** Routes not walked, each with its reason. Redirects (redirectTo) are not walked either: their targets are. */
const excluded: Record<string, string> = {
  logout: "ends the session at once ('Logging out..' for a moment); session.test.ts signs out",
};

interface Account {
  name: string;
  roles: readonly Role[];
  /** How the person signs in (none: a guest). */
  signIn?: { at: string; email: string; enterpriseAdmin?: boolean };
}

const accounts: readonly Account[] = [
  { name: 'guest', roles: [] },
  { name: 'patient', roles: ['patient'], signIn: { at: '/clearview/downtown', email: 'patient@clearview.test' } },
  { name: 'staff', roles: ['staff'], signIn: { at: '/clearview/downtown', email: 'staff@clearview.test' } },
  { name: 'admin', roles: ['admin'], signIn: { at: '/admin', email: 'admin@clearview.test' } },
  {
    name: 'enterprise admin',
    roles: ['enterpriseadmin'],
    signIn: { at: '/admin', email: 'enterprise@portal.test', enterpriseAdmin: true },
  },
  { name: 'kiosk', roles: ['kiosk'], signIn: { at: '/kiosk/login', email: 'kiosk.downtown@clearview.test' } },
  { name: 'new user', roles: ['newuser'], signIn: { at: '/clearview/downtown', email: 'newuser@clearview.test' } },
];

const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const languages = ['en', 'ar'] as const;
type Language = (typeof languages)[number];

/** Every string of a catalogue (src/i18n/locales), nested keys flattened. */
function catalogueStrings(catalogue: unknown): string[] {
  if (typeof catalogue === 'string') return [catalogue];
  if (typeof catalogue !== 'object' || catalogue === null) return [];
  return Object.values(catalogue).flatMap(catalogueStrings);
}

/**
 * The English catalogue's texts that a page in Arabic must not show: words (a letter, four characters or more)
 * without a placeholder, and not in the Arabic catalogue too (a brand, a unit or a code both languages write alike).
 */
const englishOnly: ReadonlySet<string> = (() => {
  const arabic = new Set(catalogueStrings(ar).map((text) => text.trim()));
  return new Set(
    catalogueStrings(en)
      .map((text) => text.trim())
      .filter((text) => text.length >= 4 && /[A-Za-z]{2}/.test(text) && !text.includes('{{') && !arabic.has(text)),
  );
})();

/** Demo data written in English that happens to read as a catalogue text: what a person typed, not the app's words. */
const dataTexts: Record<string, string> = {
  'Contact lens fitting': "a section of Downtown's intake form as its author named it (server/db/seed-eforms.ts)",
};

/** The visible texts of a page in Arabic that are English catalogue texts (data such as names is in no catalogue). */
const untranslatedTexts = (texts: readonly string[]) => [...new Set(texts.filter((text) => englishOnly.has(text) && !(text in dataTexts)))];

interface Visit {
  routeId: string;
  path: string;
}

/** The routes an account may open (the guard keeps it there) and the address walked for each. */
function visitsOf(account: Account, found: Found): Visit[] {
  const visits: Visit[] = [];
  for (const route of routeTable) {
    if (route.redirectTo || excluded[route.id]) continue;
    const path = addresses[route.id]?.(found) ?? (route.path.includes(':') ? undefined : route.path);
    if (!path) continue;
    const paths = [path, ...(variants[route.id]?.() ?? []).filter((other) => other.toLowerCase() !== path.toLowerCase())];
    for (const each of paths) {
      const access = resolveAccess(each, account.roles, null);
      if (access.routeId === route.id && !access.redirected) visits.push({ routeId: route.id, path: each });
    }
  }
  // Staff's 'My Information' pages show the patient last opened: the chart comes first.
  return visits.sort((a, b) => Number(b.routeId === 'patient') - Number(a.routeId === 'patient'));
}

/** Waits until the page has drawn its content: a level-1 heading, the server's first drawing gone, nothing loading. */
async function settle(page: Page) {
  await page.locator('#first-paint').waitFor({ state: 'detached', ...patience });
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('[role=progressbar]') === null,
    undefined,
    patience,
  );
}

/** Reads the ids an account's own walk needs; a missing one is a problem (its route would go unwalked). */
async function findIds(page: Page, account: Account, found: Found, problems: string[]) {
  if (account.name === 'patient') {
    const link = page.getByRole('region', { name: 'Forms to fill in' }).getByRole('link').first();
    const href = await link.getAttribute('href', patience);
    if (href) found.ownFormPath = new URL(href, e2e.baseURL).pathname;
    else problems.push("patient: the dashboard's 'Forms to fill in' has no form to walk");
  }
  if (account.name === 'admin' || account.name === 'staff') {
    const list = await readApi<{ forms: { id: string; name: string; locationId: string }[] }>(page, '/api/eforms/forms');
    found.intakeFormId = list.forms.find((form) => form.name === 'New Patient Intake' && form.locationId === demo.downtown)?.id;
    if (!found.intakeFormId) problems.push(`${account.name}: Downtown's New Patient Intake is not in the eForms list`);
  }
}

/** Walks one account's routes in the given languages; returns what was visited and what was found wrong. */
async function walk(account: Account, walkLanguages: readonly Language[]): Promise<{ visited: string[]; problems: string[] }> {
  const found: Found = {};
  const problems: string[] = [];
  const page = await e2e.newPage();
  await page.setViewportSize(sizes[0]);
  // A document of the app's origin (its storage keeps the language).
  if (!account.signIn) await page.goto('/login', { waitUntil: 'domcontentloaded', timeout: 60_000 });
  if (account.signIn) {
    const { at, email, enterpriseAdmin } = account.signIn;
    await signInAt(page, at, { email, enterpriseAdmin });
    await page.waitForURL((url) => url.pathname !== at, patience);
    await settle(page);
    await findIds(page, account, found, problems);
  }
  const visits = visitsOf(account, found);
  for (const language of walkLanguages) {
    // The language is chosen once per walk (a page load); the addresses are then opened in the app, as its links do.
    await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
    await page.reload({ waitUntil: 'domcontentloaded', timeout: 60_000 });
    await settle(page);
    for (const { path } of visits) {
      const started = Date.now();
      const before = problems.length;
      try {
        await visit(page, `${account.name} ${language}`, language, path, problems);
      } catch (error) {
        problems.push(`${account.name} ${language} ${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        // Start the next address from a fresh page load.
        await page.goto(visits[0]!.path, { waitUntil: 'domcontentloaded', timeout: 60_000 }).catch(() => undefined);
      }
      log(`${account.name} ${language} ${path} ${Date.now() - started} ms`, problems.slice(before));
    }
  }
  await page.context().close();
  return { visited: visits.map(({ routeId, path }) => `${account.name} ${routeId} ${path}`), problems };
}

/** ROUTE_WALK_LOG=file: each visit's time and problems as they are found (the test itself reports at the end). */
function log(line: string, problems: string[]) {
  const file = process.env.ROUTE_WALK_LOG;
  if (file) appendFileSync(file, [line, ...problems.map((problem) => `  ${problem}`)].join('\n') + '\n');
}

/** Opens `path` in the app (the router follows the history, as after a link) and checks it at both sizes. */
async function visit(page: Page, who: string, language: string, path: string, problems: string[]) {
  await page.setViewportSize(sizes[0]);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const arrived = await page
    .waitForFunction((to) => window.location.pathname.toLowerCase() === to.toLowerCase(), path, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!arrived) {
    problems.push(`${who} ${path}: the app went to ${new URL(page.url()).pathname}`);
    return;
  }
  await settle(page);
  for (const size of sizes) {
    const where = `${who} ${size.name} ${path}`;
    if (size !== sizes[0]) {
      await page.setViewportSize(size);
      // The layout follows the width (media queries, the navbar's drawer): let it settle.
      await page.waitForTimeout(150);
    }
    // The page's language, and in Arabic every visible text (a text node's words, as one piece).
    const shown = await page.evaluate((collect) => {
      const texts: string[] = [];
      if (collect) {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.replace(/\s+/g, ' ').trim();
          if (text && node.parentElement?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) texts.push(text);
        }
      }
      return { lang: document.documentElement.lang, texts };
    }, language === 'ar');
    if (shown.lang !== language) problems.push(`${where}: the page is in '${shown.lang}'`);
    const untranslated = untranslatedTexts(shown.texts);
    if (untranslated.length > 0) problems.push(`${where}: English text in Arabic: ${untranslated.map((text) => `'${text}'`).join(', ')}`);
    for (const violation of await axeViolations(page, undefined, { wcag22: true })) problems.push(`${where}: ${violation}`);
    if (size.name === 'phone') {
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
        // What sticks out, to say where to look.
        wide: [...document.querySelectorAll('body *')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
          })
          .slice(0, 4)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`),
      }));
      if (widths.scroll > widths.inner) {
        problems.push(`${where}: scrolls sideways (${widths.scroll} > ${widths.inner}; ${widths.wide.join(', ')})`);
      }
      const outside = await controlsOutside(page);
      if (outside.length > 0) problems.push(`${where}: ${outside.length} controls outside the screen's width: ${outside.join('; ')}`);
    }
  }
}

/**
 * The interactive controls (buttons, links, fields) drawn beyond the window's left or right edge, named as a person
 * would find them: a table that scrolls sideways or a page wider than the screen puts them there, out of reach
 * without scrolling sideways (the page's own scroll width alone misses a table's scroll box).
 */
function controlsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, a[href], input, select, textarea, [role=button], [role=link], [role=combobox], [role=checkbox], [role=radio], [role=switch], [role=tab]';
    const nameOf = (control: HTMLElement) => {
      const byLabel = control.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ');
      const labels = 'labels' in control ? [...((control as HTMLInputElement).labels ?? [])].map((label) => label.textContent?.trim()).join(' ') : '';
      const name = control.getAttribute('aria-label') || byLabel || labels || control.innerText?.trim() || control.getAttribute('name') || '';
      const role = control.getAttribute('role') ?? control.tagName.toLowerCase();
      return `${role} '${name.replace(/\s+/g, ' ').slice(0, 60)}'`;
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((control) => {
        if (!control.checkVisibility({ visibilityProperty: true })) return false;
        const box = control.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map(nameOf);
  });
}

/**
 * The parts, balanced by how long each walk takes (an admin's and a clerk's are the longest: every tab, report and setting): each
 * is one test file, and together they walk every account in every language exactly once.
 */
const walkParts: readonly { account: string; languages: readonly Language[] }[][] = [
  [{ account: 'admin', languages: ['en'] }],
  [{ account: 'admin', languages: ['ar'] }],
  [{ account: 'staff', languages: ['en'] }],
  [{ account: 'staff', languages: ['ar'] }],
  [
    { account: 'patient', languages: ['en', 'ar'] },
    { account: 'enterprise admin', languages: ['en', 'ar'] },
    { account: 'guest', languages: ['en', 'ar'] },
    { account: 'kiosk', languages: ['en', 'ar'] },
    { account: 'new user', languages: ['en', 'ar'] },
  ],
];

/** Registers part `part` (0 to walkParts.length - 1) of the route walk in the calling test file. */
export function walkPart(part: number) {
  e2e = useBrowser();
  const walks = walkParts[part]!;

  describe(`the route walk, part ${part + 1} of ${walkParts.length}`, () => {
    if (part === 0) {
      it('the parts walk every account in every language once, and every route is walked by an account that may open it', () => {
        const walked = walkParts.flat().flatMap(({ account, languages: each }) => each.map((language) => `${account} ${language}`));
        expect([...walked].sort()).toEqual(accounts.flatMap((account) => languages.map((language) => `${account.name} ${language}`)).sort());
        // The ids found at run time (findIds reports a missing one as a problem) stand here as any value.
        const found: Found = { ownFormPath: '/patient/forms/x', intakeFormId: 'x' };
        const walkedIds = new Set(accounts.flatMap((account) => visitsOf(account, found).map((visit) => visit.routeId)));
        const notWalked = routeTable.filter((route) => !route.redirectTo && !excluded[route.id] && !walkedIds.has(route.id));
        console.info(
          `Not walked: ${routeTable
            .filter((route) => route.redirectTo || excluded[route.id])
            .map((route) => `${route.id} (${excluded[route.id] ?? `redirects to ${route.redirectTo}`})`)
            .join('; ')}`,
        );
        expect(notWalked.map((route) => route.id), 'routes neither walked nor excluded with a reason').toEqual([]);
      });
    }

    it(`${walks.map(({ account, languages: each }) => `${account} (${each.join(', ')})`).join('; ')}: every route it may open, at desktop and phone size: no axe violations, no sideways scrolling, no control outside the screen`, { timeout: 1_500_000 }, async () => {
      const pending = [...walks];
      const results: { visited: string[]; problems: string[] }[] = [];
      // Two walks at a time where a part has several (the small accounts).
      await Promise.all(
        Array.from({ length: Math.min(2, walks.length) }, async () => {
          for (let next = pending.shift(); next; next = pending.shift()) {
            const account = accounts.find((each) => each.name === next!.account)!;
            results.push(await walk(account, next.languages));
          }
        }),
      );
      const visited = results.flatMap((result) => result.visited);
      console.info(`The route walk visited ${visited.length} routes by role:\n${visited.join('\n')}`);
      expect(results.flatMap((result) => result.problems)).toEqual([]);
    });
  });
}
