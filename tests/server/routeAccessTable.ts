/**
 * The route table of the access walk (route-access.test.ts): who calls (each demo account, and callers without a
 * valid token), what each company's answers must never carry, and for every /api route who it admits
 * (independently of the server's own declarations) with a valid request for each.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../src/contract/common';
import { messages } from '../../src/contract/common';
import { eformMessages } from '../../src/contract/eforms';
import { recordDemoIds } from '../../server/db/seed-records';
import { DEMO_PASSWORD, demo, demoIds, json, type SignedIn } from './harness';

const NEW_PASSWORD = 'Correct-Horse-Battery-9';
const UNKNOWN_UUID = '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11';

// ---------------------------------------------------------------------------------------------------------------
// Who calls

type Company = 'clearview' | 'brightsight' | 'platform';

export interface Account {
  username: string;
  extra: Record<string, unknown>;
  roles: Role[];
  company: Company;
  /** Limited to these stores (empty: every store of the company). */
  onlyStores?: string[];
}

export const accounts = {
  admin: { username: 'admin@clearview.test', extra: demo.clearview, roles: ['admin'], company: 'clearview' },
  staff: { username: 'staff@clearview.test', extra: demo.clearview, roles: ['staff'], company: 'clearview', onlyStores: [demoIds.downtown] },
  patient: { username: 'patient@clearview.test', extra: demo.clearview, roles: ['patient'], company: 'clearview' },
  kiosk: {
    username: 'kiosk.downtown@clearview.test',
    extra: { ...demo.clearview, isKiosk: true },
    roles: ['kiosk'],
    company: 'clearview',
    onlyStores: [demoIds.downtown],
  },
  enterprise: { username: 'enterprise@portal.test', extra: { isEnterpriseAdmin: true }, roles: ['enterpriseadmin'], company: 'platform' },
  newuser: { username: 'newuser@clearview.test', extra: demo.clearview, roles: ['newuser'], company: 'clearview' },
  brightsightAdmin: { username: 'admin@brightsight.test', extra: demo.brightsight, roles: ['admin'], company: 'brightsight' },
  brightsightPatient: { username: 'patient@brightsight.test', extra: demo.brightsight, roles: ['patient'], company: 'brightsight' },
} satisfies Record<string, Account>;
export type AccountName = keyof typeof accounts;
export const accountNames = Object.keys(accounts) as AccountName[];

/** Callers without a valid token: none, garbage, and tokens forged in several ways. */
const invalidCallers = [
  'no token',
  'garbage token',
  'token signed with another key',
  'alg none token',
  'HS256 token',
  'tampered token',
  // Signed with the server's own key, but wrong in one claim each:
  'token of another issuer',
  'token for another audience',
  'expired token',
  'token with an unknown role',
] as const;
type InvalidCaller = (typeof invalidCallers)[number];
export type Caller = AccountName | InvalidCaller;
export const callers: Caller[] = [...invalidCallers, ...accountNames];

export const isAccount = (c: Caller): c is AccountName => c in accounts;
export const companyOf = (c: Caller): Company => (isAccount(c) ? accounts[c].company : 'clearview');

// ---------------------------------------------------------------------------------------------------------------
// What each company's requests name, and what must never appear in its answers

export interface Ctx {
  tenant: string;
  patient: string;
  login: Record<string, unknown>;
  company: string;
  store: string;
  locationId: string;
}
export const ctxOf: Record<'clearview' | 'brightsight', Ctx> = {
  clearview: { tenant: demoIds.clearview, patient: 'patient@clearview.test', login: demo.clearview, company: 'clearview', store: 'downtown', locationId: demoIds.downtown },
  brightsight: { tenant: demoIds.brightsight, patient: 'patient@brightsight.test', login: demo.brightsight, company: 'brightsight', store: 'main', locationId: demoIds.main },
};
/** Requests of the platform account and of callers without a valid token are made for Clearview. */
export const ctxFor = (c: Caller): Ctx => ctxOf[companyOf(c) === 'brightsight' ? 'brightsight' : 'clearview'];

const markers = {
  clearview: [demoIds.clearview, demoIds.downtown, demoIds.uptown, 'clearview', 'jane doe', 'alex admin', 'sam staff', 'nora newman', 'springfield', 'downtown', 'uptown'],
  brightsight: [demoIds.brightsight, demoIds.main, 'brightsight', 'john roe', 'blair admin', 'main street', 'riverton'],
};
/** Never in any answer: secrets of the accounts. */
const secretMarkers = ['$argon2', 'password_hash', 'passwordhash', DEMO_PASSWORD.toLowerCase()];

function foreignMarkers(c: Caller, access: Access): string[] {
  // The platform account belongs to neither company: its own (non-public) answers carry neither.
  if (companyOf(c) === 'platform' && access !== 'public') return [...markers.clearview, ...markers.brightsight];
  return ctxFor(c) === ctxOf.clearview ? markers.brightsight : markers.clearview;
}

export function expectNoForeignBytes(res: LightMyRequestResponse, c: Caller, access: Access, platformMaySee: string[] = []): void {
  const body = res.body.toLowerCase();
  const allowed = companyOf(c) === 'platform' ? platformMaySee : [];
  for (const m of [...foreignMarkers(c, access).filter((x) => !allowed.includes(x)), ...secretMarkers]) {
    expect(body.includes(m.toLowerCase()), `answer to ${c} contains "${m}": ${res.body.slice(0, 300)}`).toBe(false);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The routes: who they admit (independent of the server's own declarations) and a valid request for each

/** public: anyone; signedIn: any valid token (new-user included); newuser: only the new-user token; session: full sessions. */
type Access = 'public' | 'signedIn' | 'newuser' | 'session' | readonly Role[];

interface RouteSpec {
  access: Access;
  /** The URL to call (the route's path with the caller's own ids filled in). */
  url?: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => object;
  /** The answer on a public route, the same for every caller. */
  publicStatus?: number;
  /** The answer to an admitted caller. */
  admitted?: (c: AccountName) => number;
  /** Further checks of an admitted (or public) answer. */
  check?: (res: LightMyRequestResponse, c: Caller, ctx: Ctx) => void;
  /** Markers the platform account may see in this answer (aggregates per company, e.g. company names). */
  platformMaySee?: string[];
}

const themeBody = {
  data: {
    settings: {
      layout: { style: 'vertical', config: { mode: 'fullwidth', scroll: 'content' } },
      customScrollbars: true,
      animations: true,
      direction: 'ltr',
      theme: { main: 'light17', navbar: 'light17', toolbar: 'light17', footer: 'light17' },
    },
    shortcuts: ['calendar'],
  },
};

const storeStatus = (c: AccountName) => (accounts[c].company === 'platform' ? 404 : 200);

/** Filled by the walk's beforeAll: each account signed in once. */
export const signedIn = {} as Record<AccountName, SignedIn>;
/** Brightsight's own mapping (edited to itself by the walk) and one made to be removed. */
export const walkMappings = { kept: '', removed: '' };

/** eForm boards made by the walk get distinct names (a store refuses two boards with one address). */
let walkBoards = 0;
/** Invitations and email changes made by the walk get distinct addresses. */
let walkStores = 0;
let walkInvites = 0;
const profilePeople = ['admin', 'staff', 'patient', 'enterpriseadmin'] as const satisfies readonly Role[];
const inboxPeople = ['admin', 'staff', 'patient'] as const satisfies readonly Role[];

export const routes: Record<string, RouteSpec> = {
  'GET /api/health': { access: 'public', publicStatus: 200 },
  'GET /api/openapi.json': { access: 'public', publicStatus: 200 },
  'GET /api/portal/:company/:store': {
    access: 'public',
    url: (x) => `/api/portal/${x.company}/${x.store}`,
    publicStatus: 200,
    check: (res, _c, x) => expect(json(res)).toMatchObject({ tenantID: x.tenant, locationid: x.locationId }),
  },
  'POST /api/patient/login': {
    access: 'public',
    body: (x) => ({ username: x.patient, password: DEMO_PASSWORD, ...x.login }),
    publicStatus: 200,
    check: (res, _c, x) => expect(json(res)).toMatchObject({ tenantID: x.tenant, user: { role: ['patient'] } }),
  },
  'POST /api/patient/authcode': {
    access: 'public',
    body: (x) => ({ username: x.patient, password: DEMO_PASSWORD, ...x.login }),
    publicStatus: 200,
    check: (res) => expect(json(res)).toMatchObject({ role: ['patient'], isauth: true }),
  },
  'POST /api/patient/forgotpassword': {
    access: 'public',
    body: (x) => ({ username: `nobody@${x.company}.test`, tenant: x.tenant }),
    publicStatus: 200,
    check: (res) => expect(json(res)).toEqual({ sent: true }),
  },
  'POST /api/patient/otpsubmit': {
    access: 'public',
    body: (x) => ({ username: `nobody@${x.company}.test`, tenant: x.tenant, vcode: '123456' }),
    publicStatus: 400,
    check: (res) => expect(json(res)).toMatchObject({ error: messages.invalidCode }),
  },
  'POST /api/patient/passwordReset': {
    access: 'public',
    body: (x) => ({ resetToken: `${x.tenant}.${UNKNOWN_UUID}.123456`, password: NEW_PASSWORD }),
    publicStatus: 400,
    check: (res) => expect(json(res)).toHaveProperty(['fields', 'resetToken']),
  },
  'POST /api/patient/refreshtoken': {
    // Public, but it works on the refresh cookie: without one it is refused whatever the bearer token.
    access: 'public',
    body: () => ({}),
    publicStatus: 401,
    check: (res) => expect(json(res)).toEqual({ error: messages.tokenRefreshFailed, code: 'auth.tokenRefreshFailed' }),
  },
  'POST /api/patient/sendotp': {
    access: 'newuser',
    body: () => ({}),
    admitted: () => 200,
    check: (res) => expect(json(res)).toEqual({ user: { email: 'n******@clearview.test' }, error: null }),
  },
  'POST /api/patient/cpassword': {
    access: 'newuser',
    body: () => ({ vcode: '000000', password: NEW_PASSWORD }),
    admitted: () => 400,
    check: (res) => expect(json(res)).toMatchObject({ error: messages.invalidCode, fields: { vcode: messages.invalidCode } }),
  },
  'GET /api/patient/me': {
    access: 'signedIn',
    admitted: () => 200,
    check: (res, c) => {
      const user = json<{ user: { id: string; tenantId: string; role: string[] } }>(res).user;
      expect(user.id).toBe(signedIn[c as AccountName].user.id);
      expect(user.tenantId).toBe(signedIn[c as AccountName].tenantId);
      expect(user.role).toEqual(accounts[c as AccountName].roles);
    },
  },
  // Sign-in throttling (account-lock.test.ts): staff see and clear their company's counters.
  'GET /api/staff/locks': {
    access: ['admin', 'staff'],
    admitted: () => 200,
    check: (res) => expect(Array.isArray(json<{ locks: unknown[] }>(res).locks)).toBe(true),
  },
  'POST /api/staff/locks/:userId/clear': { access: ['admin', 'staff'], url: () => `/api/staff/locks/${UNKNOWN_UUID}/clear`, admitted: () => 404 },
  'POST /api/patient/logout': { access: 'signedIn', admitted: () => 200, check: (res) => expect(json(res)).toEqual({ ok: true }) },
  'POST /api/patient/savethemesettings': {
    access: 'session',
    body: () => themeBody,
    admitted: () => 200,
    check: (res, c) => expect(json<{ user: { id: string } }>(res).user.id).toBe(signedIn[c as AccountName].user.id),
  },
  // --- patient records: add specs here ---
  // Staff record writes (server/patients, rx, appointments, sales, labOrders, recalls routes.ts): admins and staff only; the kiosk registers patients only.
  ...((): Record<string, RouteSpec> => {
    const staffRoles = ['admin', 'staff'] as const;
    const refusedOr = (check: (res: LightMyRequestResponse, x: Ctx, c: AccountName) => void) => (res: LightMyRequestResponse, c: Caller, x: Ctx) => {
      if (res.statusCode === 404) expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
      else check(res, x, c as AccountName);
    };
    let walkPatients = 0;
    const newPatient = (x: Ctx) => ({ locationId: x.locationId, firstName: 'Walk', lastName: `Walker ${(walkPatients += 1)}`, dateOfBirth: '1990-01-01', email: `walk${walkPatients}@example.test` });
    // Ids no company has: every admitted caller gets 404 and learns nothing.
    const unknown = () => ({ access: staffRoles, admitted: () => 404, check: refusedOr(() => {}) });
    return {
      'GET /api/patients': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res, x, c) => {
          const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
          for (const p of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(p.locationId);
        }),
      },
      'POST /api/patients': {
        access: staffRoles,
        body: newPatient,
        admitted: () => 201,
        check: refusedOr((res, x) => expect(json(res)).toMatchObject({ locationId: x.locationId, createdVia: 'staff' })),
      },
      'PATCH /api/patients/:patientId': { ...unknown(), url: () => `/api/patients/${UNKNOWN_UUID}`, body: () => ({ notes: 'x' }) },
      'POST /api/patients/:patientId/spectacle-rx': {
        ...unknown(),
        url: () => `/api/patients/${UNKNOWN_UUID}/spectacle-rx`,
        body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }),
      },
      'POST /api/patients/:patientId/contact-lens-rx': {
        ...unknown(),
        url: () => `/api/patients/${UNKNOWN_UUID}/contact-lens-rx`,
        body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }),
      },
      'PUT /api/patients/:patientId/spectacle-rx/:rxId': {
        ...unknown(),
        url: () => `/api/patients/${UNKNOWN_UUID}/spectacle-rx/${UNKNOWN_UUID}`,
        body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', right: { sphere: -1 }, left: { sphere: -1 } }),
      },
      'PUT /api/patients/:patientId/contact-lens-rx/:rxId': {
        ...unknown(),
        url: () => `/api/patients/${UNKNOWN_UUID}/contact-lens-rx/${UNKNOWN_UUID}`,
        body: () => ({ examDate: '2026-01-01', prescriber: 'Dr', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }),
      },
      'POST /api/patients/:patientId/prescriptions/:rxId/given': { ...unknown(), url: () => `/api/patients/${UNKNOWN_UUID}/prescriptions/${UNKNOWN_UUID}/given` },
      'GET /api/appointments/providers': { ...unknown(), url: () => `/api/appointments/providers?locationId=${UNKNOWN_UUID}` },
      'POST /api/appointments': {
        ...unknown(),
        body: () => ({ patientId: UNKNOWN_UUID, providerId: UNKNOWN_UUID, type: 'eye-exam', startsAt: '2031-01-01T09:00:00Z' }),
      },
      'POST /api/appointments/:appointmentId/status': { ...unknown(), url: () => `/api/appointments/${UNKNOWN_UUID}/status`, body: () => ({ to: 'confirmed' }) },
      'POST /api/invoices': { ...unknown(), body: () => ({ patientId: UNKNOWN_UUID, lines: [{ kind: 'service', description: 'Exam', quantity: 1, unitPrice: 100 }] }) },
      'POST /api/invoices/:invoiceId/payments': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/payments`, body: () => ({ method: 'cash', amount: 100 }) },
      'POST /api/invoices/:invoiceId/void': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/void`, body: () => ({ reason: 'Walk' }) },
      'POST /api/invoices/:invoiceId/receipt-email': { ...unknown(), url: () => `/api/invoices/${UNKNOWN_UUID}/receipt-email` },
      'GET /api/invoices': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res, x, c) => {
          const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
          for (const i of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(i.locationId);
        }),
      },
      'GET /api/invoices/totals': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res) => expect(json<{ count: number }>(res).count).toBeGreaterThan(0)),
      },
      'POST /api/lab-orders': {
        ...unknown(),
        body: () => ({ patientId: UNKNOWN_UUID, rxId: UNKNOWN_UUID, invoiceId: UNKNOWN_UUID, invoiceLineNo: 1, frame: {}, lens: { type: 'single vision' } }),
      },
      'POST /api/lab-orders/:orderId/status': { ...unknown(), url: () => `/api/lab-orders/${UNKNOWN_UUID}/status`, body: () => ({ to: 'sent-to-lab' }) },
      // The lab-order lookup and the work desk (server/labOrders, server/workDesk): only the caller's stores.
      'GET /api/lab-orders': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res, x, c) => {
          const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
          for (const o of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(o.locationId);
        }),
      },
      'POST /api/lab-orders/status': {
        access: staffRoles,
        body: () => ({ to: 'sent-to-lab', orders: [{ id: UNKNOWN_UUID, from: 'draft' }] }),
        admitted: () => 200,
        check: refusedOr((res) => expect(json(res)).toEqual({ results: [{ id: UNKNOWN_UUID, ok: false, httpStatus: 404, code: 'request.notFound', error: messages.notFound }] })),
      },
      'GET /api/workdesk': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res, x, c) => {
          const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
          for (const i of json<{ items: { locationId: string }[] }>(res).items) expect(stores).toContain(i.locationId);
        }),
      },
      'POST /api/eforms/assignments/:assignmentId/review': { ...unknown(), url: () => `/api/eforms/assignments/${UNKNOWN_UUID}/review`, body: () => ({ copies: [] }) },
      'POST /api/recalls': { ...unknown(), body: () => ({ patientId: UNKNOWN_UUID, type: 'annual-exam', dueOn: '2027-01-01' }) },
      'POST /api/recalls/:recallId/status': { ...unknown(), url: () => `/api/recalls/${UNKNOWN_UUID}/status`, body: () => ({ to: 'dismissed' }) },
      // The point of sale (server/pos): admins and staff, in their own stores.
      'GET /api/pos/products': {
        access: staffRoles,
        url: (x) => `/api/pos/products?locationId=${x.locationId}&q=a`,
        admitted: () => 200,
        check: refusedOr((res) => expect(json<{ items: unknown[] }>(res).items.length).toBeGreaterThan(0)),
      },
      'GET /api/pos/products/popular': {
        access: staffRoles,
        url: (x) => `/api/pos/products/popular?locationId=${x.locationId}`,
        admitted: () => 200,
        check: refusedOr((res) => expect(Array.isArray(json<{ items: unknown[] }>(res).items)).toBe(true)),
      },
      'GET /api/pos/products/barcode/:barcode': {
        access: staffRoles,
        url: (x) => `/api/pos/products/barcode/0000000000000?locationId=${x.locationId}`,
        admitted: () => 404,
        check: (res) => expect(json(res)).toMatchObject({ code: 'pos.barcodeNotFound' }),
      },
      'GET /api/pos/products/:productId': {
        access: staffRoles,
        url: (x) => `/api/pos/products/${UNKNOWN_UUID}?locationId=${x.locationId}`,
        admitted: () => 404,
        check: (res) => expect(json(res)).toMatchObject({ code: 'pos.productUnavailable' }),
      },
      'GET /api/pos/registers': {
        access: staffRoles,
        admitted: () => 200,
        check: refusedOr((res, x, c) => {
          const stores = (accounts[c] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
          const found = json<{ registers: { locationId: string }[] }>(res).registers;
          expect(found.length).toBeGreaterThan(0);
          for (const r of found) expect(stores).toContain(r.locationId);
        }),
      },
      'POST /api/pos/registers/:registerId/sessions': { ...unknown(), url: () => `/api/pos/registers/${UNKNOWN_UUID}/sessions`, body: () => ({ float: [] }) },
      'GET /api/pos/sessions/:sessionId': { ...unknown(), url: () => `/api/pos/sessions/${UNKNOWN_UUID}` },
      'POST /api/pos/sessions/:sessionId/movements': {
        ...unknown(),
        url: () => `/api/pos/sessions/${UNKNOWN_UUID}/movements`,
        body: () => ({ kind: 'pay-in', amount: 100, reason: 'Walk' }),
      },
      'POST /api/pos/sessions/:sessionId/close': { ...unknown(), url: () => `/api/pos/sessions/${UNKNOWN_UUID}/close`, body: () => ({ counted: [] }) },
      'POST /api/pos/sales': {
        ...unknown(),
        body: () => ({ clientSaleId: randomUUID(), registerSessionId: UNKNOWN_UUID, patientId: null, lines: [{ productId: UNKNOWN_UUID, quantity: 1 }], shownTotal: 0 }),
      },
      'GET /api/pos/parked': {
        access: staffRoles,
        url: (x) => `/api/pos/parked?locationId=${x.locationId}`,
        admitted: () => 200,
        check: refusedOr((res) => expect(Array.isArray(json<{ items: unknown[] }>(res).items)).toBe(true)),
      },
      'PUT /api/pos/parked/:parkedId': {
        ...unknown(),
        url: () => `/api/pos/parked/${UNKNOWN_UUID}`,
        body: () => ({ id: UNKNOWN_UUID, locationId: UNKNOWN_UUID, kind: 'parked', patientId: null, lines: [{ productId: UNKNOWN_UUID, quantity: 1 }] }),
      },
      'DELETE /api/pos/parked/:parkedId': { ...unknown(), url: () => `/api/pos/parked/${UNKNOWN_UUID}` },
      'GET /api/pos/history': { ...unknown(), url: () => `/api/pos/history?registerId=${UNKNOWN_UUID}` },
      'GET /api/pos/invoices/:invoiceId': { ...unknown(), url: () => `/api/pos/invoices/${UNKNOWN_UUID}` },
      'POST /api/pos/invoices/:invoiceId/refunds': {
        ...unknown(),
        url: () => `/api/pos/invoices/${UNKNOWN_UUID}/refunds`,
        body: () => ({ clientRefundId: randomUUID(), registerSessionId: UNKNOWN_UUID, lines: [{ lineNo: 1, quantity: 1 }], reason: 'Walk' }),
      },
      'POST /api/pos/invoices/:invoiceId/receipt-email': { ...unknown(), url: () => `/api/pos/invoices/${UNKNOWN_UUID}/receipt-email` },
      'GET /api/pos/patients/:patientId/store-credit': { ...unknown(), url: () => `/api/pos/patients/${UNKNOWN_UUID}/store-credit` },
      'GET /api/pos/review': { access: staffRoles, admitted: () => 200, check: refusedOr(() => {}) },
      'POST /api/pos/review/:invoiceId/reviewed': { ...unknown(), url: () => `/api/pos/review/${UNKNOWN_UUID}/reviewed` },
      'POST /api/kiosk/patients': {
        access: ['kiosk'],
        body: () => ({ firstName: 'Kim', lastName: 'Walk', dateOfBirth: '2000-02-02', email: 'kim.walk@example.test', consentPrivacy: true }),
        admitted: () => 201,
        check: refusedOr((res) => expect(Object.keys(json(res)).sort()).toEqual(['firstName', 'id'])),
      },
    };
  })(),
  ...((): Record<string, RouteSpec> => {
    // Each company's demo patient and their records: Jane Doe (Clearview), John Roe (Brightsight).
    const own = (x: Ctx) =>
      x.tenant === demoIds.clearview
        ? { patient: demoIds.janeDoe, rx: recordDemoIds.janeRx, invoice: recordDemoIds.janePaidInvoice, appointment: recordDemoIds.janeUpcomingAppointment }
        : { patient: demoIds.johnRoe, rx: recordDemoIds.johnRx, invoice: recordDemoIds.johnInvoice, appointment: recordDemoIds.johnAppointment };
    const sections: [string, (x: Ctx) => string][] = [
      ['/profile', () => '/profile'],
      ['/prescriptions', () => '/prescriptions'],
      ['/prescriptions/:rxId/orders', (x) => `/prescriptions/${own(x).rx}/orders`],
      ['/appointments', () => '/appointments'],
      ['/invoices', () => '/invoices'],
      ['/invoices/:invoiceId', (x) => `/invoices/${own(x).invoice}`],
      ['/recalls', () => '/recalls'],
      ['/orders', () => '/orders'],
    ];
    const isOwn = (res: LightMyRequestResponse, _c: Caller, x: Ctx) => expect(res.body).toContain(own(x).patient);
    const specs: Record<string, RouteSpec> = {};
    for (const [path, url] of sections) {
      specs[`GET /api/my${path}`] = { access: ['patient'], url: (x) => `/api/my${url(x)}`, admitted: () => 200, check: isOwn };
      specs[`GET /api/patients/:patientId${path}`] = {
        access: ['admin', 'staff'],
        url: (x) => `/api/patients/${own(x).patient}${url(x)}`,
        admitted: () => 200,
        check: isOwn,
      };
    }
    for (const log of ['messages', 'activity'] as const) {
      specs[`GET /api/patients/:patientId/${log}`] = {
        access: ['admin', 'staff'],
        url: (x) => `/api/patients/${own(x).patient}/${log}`,
        admitted: () => 200,
        check: (res) => expect(Array.isArray(json<Record<string, unknown>>(res)[log === 'messages' ? 'messages' : 'entries'])).toBe(true),
      };
    }
    specs['PATCH /api/my/profile'] = { access: ['patient'], body: () => ({ preferredLanguage: 'en' }), admitted: () => 200, check: isOwn };
    specs['POST /api/my/appointments/:appointmentId/cancel'] = {
      access: ['patient'],
      url: (x) => `/api/my/appointments/${own(x).appointment}/cancel`,
      admitted: () => 200,
      check: (res, _c, x) => expect(json(res)).toMatchObject({ id: own(x).appointment, status: 'cancelled' }),
    };
    specs['GET /api/my/dashboard'] = { access: ['patient'], admitted: () => 200, check: isOwn };
    // A patient's own form by assignment id: another's (or none) is not found.
    specs['GET /api/my/forms/:assignmentId'] = { access: ['patient'], url: () => `/api/my/forms/${UNKNOWN_UUID}`, admitted: () => 404 };
    specs['POST /api/my/forms/:assignmentId/submit'] = {
      access: ['patient'],
      url: () => `/api/my/forms/${UNKNOWN_UUID}/submit`,
      body: () => ({ sectionlists: [] }),
      admitted: () => 404,
    };
    specs['GET /api/enterprise/summary'] = {
      access: ['enterpriseadmin'],
      admitted: () => 200,
      // Aggregates per company: the enterprise admin sees the companies' names and ids, nothing of their people.
      platformMaySee: [demoIds.clearview, demoIds.brightsight, 'clearview', 'brightsight'],
      check: (res) => expect(json<{ companies: { slug: string }[] }>(res).companies.map((c) => c.slug)).toEqual(['brightsight', 'clearview']),
    };
    // The enterprise admin's screens: companies and stores by name and address, never their people.
    const companyLevel = [demoIds.clearview, demoIds.brightsight, demoIds.downtown, demoIds.uptown, demoIds.main, 'clearview', 'brightsight', 'downtown', 'uptown', 'main street', 'springfield', 'riverton'];
    const enterpriseSpec = (status: number, check?: RouteSpec['check']): Omit<RouteSpec, 'url' | 'body'> => ({
      access: ['enterpriseadmin'],
      admitted: () => status,
      platformMaySee: companyLevel,
      check,
    });
    specs['GET /api/enterprise/companies'] = enterpriseSpec(200, (res) =>
      expect(json<{ companies: { slug: string }[] }>(res).companies.map((c) => c.slug)).toEqual(expect.arrayContaining(['brightsight', 'clearview'])),
    );
    specs['GET /api/enterprise/companies/:companyId'] = {
      ...enterpriseSpec(200, (res) => expect(json(res)).toMatchObject({ slug: 'brightsight' })),
      url: () => `/api/enterprise/companies/${demoIds.brightsight}`,
    };
    specs['POST /api/enterprise/companies'] = {
      ...enterpriseSpec(201),
      body: () => ({
        name: 'Walk Optics',
        slug: 'walk-optics',
        logo: null,
        store: { name: 'Walkway', slug: 'walkway', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 },
        admin: { displayName: 'Walt Walker', email: 'walt@walk.test' },
      }),
    };
    specs['PUT /api/enterprise/companies/:companyId'] = {
      ...enterpriseSpec(200),
      url: () => `/api/enterprise/companies/${demoIds.brightsight}`,
      body: () => ({ name: 'Brightsight Eyecare', slug: 'brightsight' }),
    };
    specs['PUT /api/enterprise/companies/:companyId/suspension'] = {
      ...enterpriseSpec(200, (res) => expect(json(res)).toMatchObject({ suspendedAt: null })),
      url: () => `/api/enterprise/companies/${demoIds.brightsight}/suspension`,
      body: () => ({ suspended: false }),
    };
    specs['POST /api/enterprise/companies/:companyId/stores'] = {
      ...enterpriseSpec(201, (res) => expect(json<{ stores: { slug: string }[] }>(res).stores.map((s) => s.slug)).toContain('walk-enterprise')),
      url: () => `/api/enterprise/companies/${demoIds.brightsight}/stores`,
      // Named as the walk's other added stores, which the store lists leave out of their demo stores.
      body: () => ({ name: 'Walk store', slug: 'walk-enterprise', address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 }),
    };
    specs['GET /api/enterprise/portal-mappings'] = enterpriseSpec(200, (res) =>
      expect(json<{ mappings: { companySlug: string }[] }>(res).mappings.map((m) => m.companySlug)).toEqual(expect.arrayContaining(['brightsight', 'clearview'])),
    );
    specs['POST /api/enterprise/portal-mappings'] = {
      ...enterpriseSpec(201),
      body: () => ({ tenantId: demoIds.brightsight, locationId: demoIds.main, companySlug: 'brightsight', storeSlug: 'walk-main' }),
    };
    specs['PUT /api/enterprise/portal-mappings/:mappingId'] = {
      ...enterpriseSpec(200),
      url: () => `/api/enterprise/portal-mappings/${walkMappings.kept}`,
      body: () => ({ tenantId: demoIds.brightsight, locationId: demoIds.main, companySlug: 'brightsight', storeSlug: 'main' }),
    };
    specs['DELETE /api/enterprise/portal-mappings/:mappingId'] = {
      ...enterpriseSpec(200),
      url: () => `/api/enterprise/portal-mappings/${walkMappings.removed}`,
    };
    // Reports across companies: each company's sums only.
    specs['GET /api/enterprise/reports/:report'] = { ...enterpriseSpec(200), url: () => '/api/enterprise/reports/sales' };
    return specs;
  })(),

  // --- eForms: add specs here ---
  // The public calls without the encrypted tenant header (the walk sends none) are refused alike for everyone.
  'GET /api/patient/getencryptedtenant': {
    access: 'public',
    url: (x) => `/api/patient/getencryptedtenant?tenantid=${x.tenant}`,
    publicStatus: 200,
    check: (res) => expect(json<{ tenant: string }>(res).tenant).toMatch(/^[A-Za-z0-9_-]{40,}$/),
  },
  'GET /api/patient/getcard': {
    access: 'public',
    url: () => `/api/patient/getcard?uri=${'A'.repeat(43)}`,
    publicStatus: 400,
    check: (res) => expect(json(res)).toEqual({ error: eformMessages.tenantMissing, code: 'eforms.tenantMissing' }),
  },
  'POST /api/patient/euauthcode': {
    access: 'public',
    body: () => ({ uri: 'A'.repeat(43) }),
    publicStatus: 400,
    check: (res) => expect(json(res)).toEqual({ error: eformMessages.tenantMissing, code: 'eforms.tenantMissing' }),
  },
  'POST /api/patient/euverify': {
    access: 'public',
    body: () => ({ uri: 'A'.repeat(43), vCode: '123456' }),
    publicStatus: 400,
    check: (res) => expect(json(res)).toEqual({ error: eformMessages.tenantMissing, code: 'eforms.tenantMissing' }),
  },
  'POST /api/patient/submitform': {
    access: 'public',
    body: () => ({ uri: 'A'.repeat(43), sectionlists: [] }),
    publicStatus: 400,
    check: (res) => expect(json(res)).toEqual({ error: eformMessages.tenantMissing, code: 'eforms.tenantMissing' }),
  },
  // Staff calls: admins and staff only, in their own company and stores.
  'GET /api/patient/formstores': {
    access: ['admin', 'staff'],
    url: (x) => `/api/patient/formstores?locationId=${x.locationId}`,
    admitted: () => 200,
    check: (res, _c, x) => {
      for (const b of json<{ boards: { locationId: string }[] }>(res).boards) expect(b.locationId).toBe(x.locationId);
    },
  },
  'POST /api/eforms/boards': {
    access: ['admin', 'staff'],
    body: (x) => ({ locationId: x.locationId, name: `Walk board ${(walkBoards += 1)}` }),
    admitted: () => 200,
    check: (res, _c, x) => expect(json(res)).toMatchObject({ locationId: x.locationId, cards: [] }),
  },
  'POST /api/eforms/boards/:boardId/rename': { access: ['admin', 'staff'], url: () => `/api/eforms/boards/${UNKNOWN_UUID}/rename`, body: () => ({ name: 'Renamed' }), admitted: () => 404 },
  'POST /api/eforms/boards/:boardId/delete': { access: ['admin', 'staff'], url: () => `/api/eforms/boards/${UNKNOWN_UUID}/delete`, admitted: () => 404 },
  'GET /api/patient/getform': {
    access: ['admin', 'staff'],
    url: () => `/api/patient/getform?formId=${UNKNOWN_UUID}`,
    admitted: () => 404,
    check: (res) => expect(json(res)).toEqual({ error: eformMessages.cardNotFound, code: 'eforms.cardNotFound' }),
  },
  'POST /api/patient/updateform': { access: ['admin', 'staff'], body: () => ({ boardId: UNKNOWN_UUID, name: 'Walk form' }), admitted: () => 404 },
  'POST /api/patient/removeform': { access: ['admin', 'staff'], body: () => ({ id: UNKNOWN_UUID }), admitted: () => 404 },
  'GET /api/eforms/forms': {
    access: ['admin', 'staff'],
    admitted: () => 200,
    check: (res, c, x) => {
      const stores = (accounts[c as AccountName] as Account).onlyStores ?? (x === ctxOf.clearview ? [demoIds.downtown, demoIds.uptown] : [demoIds.main]);
      for (const f of json<{ forms: { locationId: string }[] }>(res).forms) expect(stores).toContain(f.locationId);
    },
  },
  'POST /api/eforms/forms/:formId/publish': { access: ['admin', 'staff'], url: () => `/api/eforms/forms/${UNKNOWN_UUID}/publish`, admitted: () => 404 },
  'POST /api/eforms/forms/:formId/duplicate': { access: ['admin', 'staff'], url: () => `/api/eforms/forms/${UNKNOWN_UUID}/duplicate`, admitted: () => 404 },
  'GET /api/eforms/forms/:formId/preview': { access: ['admin', 'staff'], url: () => `/api/eforms/forms/${UNKNOWN_UUID}/preview`, admitted: () => 404 },
  'POST /api/eforms/forms/:formId/assign': {
    access: ['admin', 'staff'],
    url: () => `/api/eforms/forms/${UNKNOWN_UUID}/assign`,
    body: () => ({ patientIds: [UNKNOWN_UUID], channels: ['email'] }),
    admitted: () => 404,
  },
  'GET /api/eforms/assignments': {
    access: ['admin', 'staff'],
    url: () => `/api/eforms/assignments?patientId=${UNKNOWN_UUID}`,
    admitted: () => 200,
    check: (res) => expect(json(res)).toEqual({ assignments: [] }),
  },
  'POST /api/eforms/assignments/:assignmentId/revoke': { access: ['admin', 'staff'], url: () => `/api/eforms/assignments/${UNKNOWN_UUID}/revoke`, admitted: () => 404 },
  'POST /api/eforms/assignments/:assignmentId/resend': { access: ['admin', 'staff'], url: () => `/api/eforms/assignments/${UNKNOWN_UUID}/resend`, admitted: () => 404 },
  'GET /api/eforms/assignments/:assignmentId/submission': {
    access: ['admin', 'staff'],
    url: () => `/api/eforms/assignments/${UNKNOWN_UUID}/submission`,
    admitted: () => 404,
  },

  // General settings and stores (server/settings, server/stores): admins only, each in their own company.
  'GET /api/settings/general': {
    access: ['admin'],
    admitted: () => 200,
    check: (res, _c, x) => expect(json<{ stores: { id: string }[] }>(res).stores.map((st) => st.id)).toContain(x.locationId),
  },
  'PUT /api/settings/general/company': { access: ['admin'], body: () => ({ group: 'sales', receiptFooter: 'Walk footer' }), admitted: () => 200 },
  'PUT /api/settings/general/stores/:locationId': {
    access: ['admin'],
    url: (x) => `/api/settings/general/stores/${x.locationId}`,
    body: () => ({ group: 'portal', portal: null }),
    admitted: () => 200,
  },
  // Reports (server/reports): admins only, their own company's figures.
  'GET /api/reports/:report': { access: ['admin'], url: () => '/api/reports/sales', admitted: () => 200 },
  'GET /api/reports/:report/csv': { access: ['admin'], url: () => '/api/reports/sales/csv', admitted: () => 200 },
  'GET /api/stores/overview': {
    access: ['admin'],
    admitted: () => 200,
    check: (res, _c, x) => expect(json<{ companySlug: string }>(res).companySlug).toBe(x.company),
  },
  'POST /api/stores': {
    access: ['admin'],
    body: () => ({ name: 'Walk store', slug: `walk-store-${(walkStores += 1)}`, address: '', phone: '', timeZone: 'UTC', taxRateBp: 0 }),
    admitted: () => 201,
  },

  // Users and permissions (server/access): admins only; another company's account ids are 404.
  'GET /api/access/users': {
    access: ['admin'],
    admitted: () => 200,
    check: (res) => expect(json<{ accounts: unknown[] }>(res).accounts.length).toBeGreaterThan(0),
  },
  'POST /api/access/users': {
    access: ['admin'],
    body: () => ({ email: `walk-invite-${(walkInvites += 1)}@example.test`, displayName: 'Walk Invitee', roles: ['staff'] }),
    admitted: () => 201,
    check: (res) => expect(json(res)).toMatchObject({ status: 'invited', kind: 'staff' }),
  },
  'PATCH /api/access/users/:userId': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}`, body: () => ({ displayName: 'Walk' }), admitted: () => 404 },
  'POST /api/access/users/:userId/deactivate': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}/deactivate`, admitted: () => 404 },
  'POST /api/access/users/:userId/reactivate': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}/reactivate`, admitted: () => 404 },
  'POST /api/access/users/:userId/unlock': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}/unlock`, admitted: () => 404 },
  'POST /api/access/users/:userId/invite': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}/invite`, admitted: () => 404 },
  'POST /api/access/users/:userId/password-reset': { access: ['admin'], url: () => `/api/access/users/${UNKNOWN_UUID}/password-reset`, admitted: () => 404 },

  // My Profile (server/profile): every person's own account; not the kiosk device, not the new-user token.
  'GET /api/profile': { access: profilePeople, admitted: () => 200, check: (res, c) => expect(json(res)).toMatchObject({ email: accounts[c as AccountName].username }) },
  'PATCH /api/profile': { access: profilePeople, body: () => ({ language: 'en' }), admitted: () => 200 },
  'PUT /api/profile/photo': { access: profilePeople, body: () => ({ photo: null }), admitted: () => 200 },
  'POST /api/profile/email': {
    access: profilePeople,
    body: () => ({ email: `walk-email-${(walkInvites += 1)}@example.test` }),
    admitted: () => 200,
    check: (res) => expect(json(res)).toMatchObject({ pendingEmail: expect.stringMatching(/^walk-email-/) }),
  },
  'POST /api/profile/email/confirm': { access: profilePeople, body: () => ({ vcode: '000000' }), admitted: () => 400 },
  'POST /api/profile/password': { access: profilePeople, body: () => ({ currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }), admitted: () => 400 },
  'GET /api/profile/sessions': {
    access: profilePeople,
    admitted: () => 200,
    check: (res) => expect(json<{ sessions: { current: boolean }[] }>(res).sessions.filter((x) => x.current)).toHaveLength(1),
  },
  'POST /api/profile/sessions/sign-out-others': { access: profilePeople, admitted: () => 200 },

  'GET /api/stores': {
    access: 'session',
    admitted: () => 200,
    check: (res, c) => {
      // Stores the walk's own 'POST /api/stores' added to the company are not demo stores.
      const ids = json<{ stores: { id: string; name: string }[] }>(res).stores.filter((s) => s.name !== 'Walk store').map((s) => s.id).sort();
      const a: Account = accounts[c as AccountName];
      const expected =
        a.company === 'platform' ? [] : a.company === 'brightsight' ? [demoIds.main] : (a.onlyStores ?? [demoIds.downtown, demoIds.uptown]);
      expect(ids).toEqual([...expected].sort());
    },
  },
  'GET /api/stores/:locationId': {
    access: 'session',
    url: (x) => `/api/stores/${x.locationId}`,
    admitted: storeStatus,
    check: (res, _c, x) => {
      if (res.statusCode === 200) expect(json(res)).toMatchObject({ id: x.locationId });
    },
  },
  'GET /api/templates/:channel': {
    access: ['admin'],
    url: () => '/api/templates/sms',
    admitted: () => 200,
    check: (res) => expect(json<{ templates: { key: string }[] }>(res).templates.map((t) => t.key)).toContain('order.ready'),
  },
  'GET /api/templates/:channel/:key': {
    access: ['admin'],
    url: () => '/api/templates/sms/order.ready',
    admitted: () => 200,
    check: (res, _c, x) => expect(json<{ stores: { id: string }[] }>(res).stores.map((s) => s.id)).toContain(x.locationId),
  },
  'PUT /api/templates/:channel/:key': {
    access: ['admin'],
    url: () => '/api/templates/sms/order.ready',
    body: (x) => ({ locationId: x.locationId, language: 'en', body: '{{storeName}}: {{patientFirstName}}, order {{orderNumber}} is ready (walk).' }),
    admitted: () => 200,
  },
  'DELETE /api/templates/:channel/:key': { access: ['admin'], url: () => '/api/templates/sms/order.inProcess?language=tr', admitted: () => 404 },
  'POST /api/templates/:channel/:key/preview': {
    access: ['admin'],
    url: () => '/api/templates/email/order.ready/preview',
    body: (x) => ({ locationId: x.locationId, language: 'en', subject: 'Ready', body: 'Dear {{patientFirstName}}' }),
    admitted: () => 200,
    check: (res) => expect(json(res)).toMatchObject({ body: 'Dear Jane' }),
  },
  'POST /api/templates/:channel/:key/test': {
    access: ['admin'],
    url: () => '/api/templates/email/order.ready/test',
    body: () => ({ locationId: null, language: 'en', subject: 'Walk', body: 'Hello {{patientFirstName}}' }),
    admitted: () => 202,
  },
  'GET /api/jobs': {
    access: ['admin'],
    url: () => '/api/jobs',
    admitted: () => 200,
    check: (res) => expect(Array.isArray(json<{ runs: unknown[] }>(res).runs)).toBe(true),
  },
  'POST /api/jobs': {
    access: ['admin'],
    body: () => ({ kind: 'appointment.reminders' }),
    admitted: () => 202,
    check: (res) => expect(json(res)).toMatchObject({ kind: 'appointment.reminders', manual: true }),
  },
  'POST /api/messaging/sms-status': {
    // No SMS provider in the walk: no report is believed.
    access: 'public',
    body: () => ({ MessageSid: 'SM0', MessageStatus: 'delivered' }),
    publicStatus: 403,
  },
  // The inbox: patients (their own) and store staff (their stores'); an unknown conversation is 404 to everyone.
  'GET /api/inbox': { access: inboxPeople, url: () => '/api/inbox?status=all', admitted: () => 200 },
  'GET /api/inbox/unread/count': { access: inboxPeople, admitted: () => 200, check: (res) => expect(json(res)).toEqual({ unread: expect.any(Number) }) },
  // A patient writes to their store; staff must name the patient (400 without).
  'POST /api/inbox': { access: inboxPeople, body: () => ({ text: 'Walk' }), admitted: (c) => ((accounts[c].roles as readonly Role[]).includes('patient') ? 201 : 400) },
  'GET /api/inbox/:conversationId': { access: inboxPeople, url: () => `/api/inbox/${UNKNOWN_UUID}`, admitted: () => 404 },
  'POST /api/inbox/:conversationId/messages': { access: inboxPeople, url: () => `/api/inbox/${UNKNOWN_UUID}/messages`, body: () => ({ text: 'Walk' }), admitted: () => 404 },
  'PATCH /api/inbox/:conversationId': { access: ['admin', 'staff'], url: () => `/api/inbox/${UNKNOWN_UUID}`, body: () => ({ status: 'done' }), admitted: () => 404 },
  'GET /api/public/tracking/:key': { access: 'public', url: () => `/api/public/tracking/${'A'.repeat(22)}`, publicStatus: 404 },
  'GET /api/stores/by-slug/:slug': {
    access: 'session',
    url: (x) => `/api/stores/by-slug/${x.store}`,
    admitted: storeStatus,
    check: (res, _c, x) => {
      if (res.statusCode === 200) expect(json(res)).toMatchObject({ id: x.locationId, slug: x.store });
    },
  },
};

export const HIDDEN_FROM_OPENAPI = ['GET /api/openapi.json'];

export function admits(access: Access, c: AccountName): boolean {
  const roles: readonly Role[] = accounts[c].roles;
  // A role list: a token with at least one of these roles.
  if (typeof access !== 'string') return access.some((r) => roles.includes(r));
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'newuser') return roles.includes('newuser');
  return !roles.includes('newuser');
}
