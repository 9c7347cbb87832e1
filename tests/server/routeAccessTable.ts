/**
 * The route table of the access walk (route-access.test.ts): for every /api route who it admits (independently of
 * the server's own declarations) with a valid request for each. Who calls is in routeAccessCallers.ts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../src/contract/common';
import { messages } from '../../src/contract/common';
import { eformMessages } from '../../src/contract/eforms';
import { DEMO_PASSWORD, demoIds, json, type SignedIn } from './harness';
import { NEW_PASSWORD, UNKNOWN_UUID, accounts, ctxOf, type Access, type Account, type AccountName, type Caller, type Ctx } from './routeAccessCallers';
import { recordRoutes } from './routeAccessRecords';

// ---------------------------------------------------------------------------------------------------------------
// The routes: who they admit (independent of the server's own declarations) and a valid request for each


export interface RouteSpec {
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
  // --- patient records: add specs in routeAccessRecords.ts ---
  ...recordRoutes(),

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
  // Online booking (server/booking): the rules are admins', each store of their own company; the slots and the
  // booking are the patient's, in their own company (Brightsight's patient finds Main Street taking eye exams).
  'GET /api/settings/booking/:locationId': {
    access: ['admin'],
    url: (x) => `/api/settings/booking/${x.locationId}`,
    admitted: () => 200,
    check: (res, _c, x) => expect(json(res)).toMatchObject({ locationId: x.locationId }),
  },
  'PUT /api/settings/booking/:locationId': {
    access: ['admin'],
    url: (x) => `/api/settings/booking/${x.locationId}`,
    body: () => ({ onlineEnabled: false, newPatientsMayBook: false, onlineTypes: ['eye-exam'], bufferMinutes: 0, minNoticeHours: 2, horizonDays: 30, maxOnlinePerDay: 5, closures: [], providers: [], intakeForms: [] }),
    admitted: () => 200,
  },
  'GET /api/my/booking/stores': { access: ['patient'], admitted: () => 200, check: (res) => expect(Array.isArray(json<{ stores: unknown[] }>(res).stores)).toBe(true) },
  'GET /api/my/booking/slots': {
    access: ['patient'],
    url: () => `/api/my/booking/slots?locationId=${UNKNOWN_UUID}&type=eye-exam&from=2031-01-06&to=2031-01-06`,
    admitted: () => 404,
  },
  'POST /api/my/booking': {
    access: ['patient'],
    body: () => ({ locationId: UNKNOWN_UUID, type: 'eye-exam', providerId: UNKNOWN_UUID, startsAt: '2031-01-06T15:00:00Z' }),
    admitted: () => 404,
  },
  // The store's public booking page: the walk names a store its company does not have (404 for every caller).
  'GET /api/book/:company/:store': { access: 'public', url: (x) => `/api/book/${x.company}/nowhere`, publicStatus: 404 },
  'GET /api/book/:company/:store/slots': { access: 'public', url: (x) => `/api/book/${x.company}/nowhere/slots?type=eye-exam&from=2031-01-06&to=2031-01-06`, publicStatus: 404 },
  'POST /api/book/:company/:store/code': {
    access: 'public',
    url: (x) => `/api/book/${x.company}/nowhere/code`,
    body: () => ({ type: 'eye-exam', providerId: UNKNOWN_UUID, startsAt: '2031-01-06T15:00:00Z', person: { firstName: 'Walk', lastName: 'Er', dateOfBirth: '1990-01-01', email: 'walk@example.test', preferredChannel: 'email', consentPrivacy: true } }),
    publicStatus: 404,
  },
  'POST /api/book/:company/:store/confirm': {
    access: 'public',
    url: (x) => `/api/book/${x.company}/nowhere/confirm`,
    body: () => ({ type: 'eye-exam', providerId: UNKNOWN_UUID, startsAt: '2031-01-06T15:00:00Z', code: '123456', person: { firstName: 'Walk', lastName: 'Er', dateOfBirth: '1990-01-01', email: 'walk@example.test', preferredChannel: 'email', consentPrivacy: true } }),
    publicStatus: 404,
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
  // The reminder's visit page: an unknown link is 404 to everyone; the inbound texts, unsigned, are not believed.
  'GET /api/public/visit/:token': { access: 'public', url: () => `/api/public/visit/${'A'.repeat(22)}`, publicStatus: 404 },
  'POST /api/public/visit/:token': { access: 'public', url: () => `/api/public/visit/${'A'.repeat(22)}`, body: () => ({ action: 'confirm' }), publicStatus: 404 },
  'GET /api/public/visit/:token/slots': { access: 'public', url: () => `/api/public/visit/${'A'.repeat(22)}/slots?from=2031-03-03&to=2031-03-09`, publicStatus: 404 },
  'POST /api/public/visit/:token/reschedule': {
    access: 'public',
    url: () => `/api/public/visit/${'A'.repeat(22)}/reschedule`,
    body: () => ({ providerId: '00000000-0000-4000-8000-000000000000', startsAt: '2031-03-04T14:00:00.000Z' }),
    publicStatus: 404,
  },
  'POST /api/messaging/sms-inbound': { access: 'public', body: () => ({ MessageSid: 'SM0', From: '+15550142', Body: 'C' }), publicStatus: 403 },
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
