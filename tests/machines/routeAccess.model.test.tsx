import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { App } from '../../src/app/App';
import { rememberedPathKey } from '../../src/app/routeAccess';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { writeStoredSession } from '../../src/app/storedSession';
import type { LoginResponse, User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { clearviewDowntown, janeDoe } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';

/**
 * Model-based tests of route access (spec 2.4): a small pure model of what a person sees as they open addresses,
 * follow in-app links, go Back and Forward and sign in, for a guest, a patient, an admin, a kiosk and a new user.
 * Every path of the model drives the real app (<App/> with its runtime) in jsdom against a fake API.
 */

type Person = 'admin' | 'patient' | 'kiosk' | 'newuser';

const userFor = (role: Person): User => ({
  ...janeDoe,
  id: `${role}-id`,
  role: [role],
  data: { ...janeDoe.data, displayName: `Demo ${role}`, email: `${role}@clearview.test`, role: [role] },
});
const tokenOf = (role: Person) => `token-${role}`;
const loginOf = (role: Person): LoginResponse => ({
  user: userFor(role),
  access_token: tokenOf(role),
  expiresIn: 600,
  tenantID: clearviewDowntown.tenantID,
  refreshToken: null,
  error: null,
});

/** The API as far as these screens use it: the store, the auth-code step, login, the current user, logout. */
function fakeApi() {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : {};
    const bearer = new Headers(init.headers).get('Authorization')?.replace('Bearer ', '');
    const person = (['admin', 'patient', 'kiosk', 'newuser'] as const).find(
      (role) => body.username === `${role}@clearview.test` || bearer === tokenOf(role),
    );
    const reply = (status: number, data?: unknown) =>
      new Response(data === undefined ? null : JSON.stringify(data), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (input === '/api/portal/clearview/downtown') return reply(200, clearviewDowntown);
    if (input === '/api/patient/authcode' && person) {
      return reply(200, { role: person, isauth: true, codeRequired: false, error: null });
    }
    if (input === '/api/patient/login' && person) return reply(200, loginOf(person));
    if (input === '/api/patient/me' && person) return reply(200, { user: userFor(person) });
    if (input === '/api/patient/logout') return reply(204);
    return reply(404, { error: messages.notFound });
  });
}

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    events: {} as
      | { type: 'open.guestDeepLink' }
      | { type: 'open.guestUnknown' }
      | { type: 'open.patient' }
      | { type: 'open.admin' }
      | { type: 'open.kiosk' }
      | { type: 'open.newuser' }
      | { type: 'signIn.admin' }
      | { type: 'signIn.patient' }
      | { type: 'go.allowed' }
      | { type: 'go.forbidden' }
      | { type: 'go.unknown' }
      | { type: 'go.logout' }
      | { type: 'history.back' }
      | { type: 'history.forward' },
  },
}).createMachine({
  id: 'routeAccessModel',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'open.guestDeepLink': 'guestAtSignIn',
        'open.guestUnknown': 'guestNotFound',
        'open.patient': 'patientHome',
        'open.admin': 'adminHome',
        'open.kiosk': 'kioskHome',
        'open.newuser': 'newUserPage',
      },
    },
    // A guest opened /admin/template/email: sign-in, with that address remembered.
    guestAtSignIn: {
      on: { 'signIn.admin': 'adminAtRemembered', 'signIn.patient': 'patientHome', 'go.allowed': 'guestDocs' },
    },
    guestDocs: { on: { 'history.back': 'guestBackAtSignIn' } },
    guestBackAtSignIn: { on: { 'history.forward': 'guestDocsAgain', 'signIn.admin': 'adminAtRemembered' } },
    guestDocsAgain: {},
    guestNotFound: {},
    adminAtRemembered: { on: { 'go.unknown': 'adminNotFound' } },
    adminHome: {
      on: { 'go.forbidden': 'adminHomeAfterRefusal', 'go.unknown': 'adminNotFound', 'go.logout': 'loggedOut' },
    },
    // /logout ends the session and returns to the store address the user signed in from.
    loggedOut: { on: { 'history.back': 'signInAfterBack' } },
    // Back to the POS entry after logout: the guard sends the guest to sign-in and remembers the POS.
    signInAfterBack: { on: { 'signIn.admin': 'adminBackAtPos' } },
    adminBackAtPos: {},
    adminHomeAfterRefusal: {},
    adminNotFound: {},
    patientHome: { on: { 'go.allowed': 'patientInvoices', 'go.forbidden': 'patientHomeAfterRefusal' } },
    patientInvoices: { on: { 'history.back': 'patientBackHome' } },
    patientBackHome: { on: { 'history.forward': 'patientInvoicesAgain' } },
    patientInvoicesAgain: {},
    patientHomeAfterRefusal: {},
    kioskHome: { on: { 'go.forbidden': 'kioskHomeAfterRefusal' } },
    kioskHomeAfterRefusal: {},
    newUserPage: { on: { 'go.forbidden': 'newUserPageAfterRefusal', 'go.unknown': 'newUserPageAfterRefusal' } },
    newUserPageAfterRefusal: {},
  },
});

// --- the app --------------------------------------------------------------------------------------------------

let runtime: Runtime | null = null;
/** States of the production routeAccess machine the app went through, over all paths. */
const visited = new Set<string>();
let user = userEvent.setup();

function openApp(path: string, signedInAs?: Person) {
  if (signedInAs) {
    writeStoredSession(sessionStorage, {
      session: {
        accessToken: tokenOf(signedInAs),
        tenantId: clearviewDowntown.tenantID,
        user: userFor(signedInAs),
        expiresAt: Math.floor(Date.now() / 1000) + 600,
      },
      loginUrl: '/clearview/downtown',
    });
  }
  window.history.replaceState(null, '', path);
  runtime = createRuntime({ sessionStorage, localStorage, root: document.documentElement });
  visited.add(String(runtime.routeAccess.getSnapshot().value));
  runtime.routeAccess.subscribe((snapshot) => visited.add(String(snapshot.value)));
  render(<App runtime={runtime} />);
  user = userEvent.setup();
}

async function signInAs(role: Person) {
  await user.type(await screen.findByLabelText('User name (email)'), `${role}@clearview.test`);
  await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2026!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** An in-app link: the same history entry a click on a menu item makes. */
const follow = (path: string) => act(() => navigate(path));

const addresses = {
  forbiddenForGuest: '/admin/template/email',
  docs: '/documentation/configuration/multi-language',
  unknown: '/no/such/page',
  forbidden: { admin: '/patient/register', patient: '/admin/access', kiosk: '/patient/invoice', newuser: '/admin/pos/all' },
  allowed: { patient: '/patient/invoice' },
};

/** What the person sees, and where the address bar says they are. */
async function sees(heading: string, path: string) {
  expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
  await vi.waitFor(() => expect(window.location.pathname).toBe(path));
}

async function seesSignIn() {
  expect(await screen.findByLabelText('User name (email)')).toBeTruthy();
  await vi.waitFor(() => expect(window.location.pathname).toBe('/login'));
}

const t = (key: string) => runtime!.i18n.t(key);

const expectations: Record<string, () => Promise<void>> = {
  closed: async () => {},
  guestAtSignIn: async () => {
    await seesSignIn();
    expect(sessionStorage.getItem(rememberedPathKey)).toBe(addresses.forbiddenForGuest);
  },
  guestDocs: () => sees('Multi-language', addresses.docs),
  guestBackAtSignIn: seesSignIn,
  guestDocsAgain: () => sees('Multi-language', addresses.docs),
  guestNotFound: () => sees('Page not found', '/pages/errors/error-404'),
  adminAtRemembered: async () => {
    await sees('Email templates', addresses.forbiddenForGuest);
    expect(sessionStorage.getItem(rememberedPathKey)).toBeNull();
  },
  adminHome: () => sees('Point of sale', '/admin/pos/all'),
  adminHomeAfterRefusal: () => sees('Point of sale', '/admin/pos/all'),
  loggedOut: async () => {
    expect(await screen.findByLabelText('User name (email)')).toBeTruthy();
    expect(await screen.findByText('Clearview Optical')).toBeTruthy();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/clearview/downtown'));
    expect(sessionStorage.getItem('access_token')).toBeNull();
  },
  signInAfterBack: async () => {
    await seesSignIn();
    expect(sessionStorage.getItem(rememberedPathKey)).toBe('/admin/pos/all');
  },
  adminBackAtPos: () => sees('Point of sale', '/admin/pos/all'),
  adminNotFound: () => sees('Page not found', '/pages/errors/error-404'),
  patientHome: () => sees('Patients dashboard', '/admin/dashboard/patients'),
  patientInvoices: () => sees('Invoices', '/patient/invoice'),
  patientBackHome: () => sees('Patients dashboard', '/admin/dashboard/patients'),
  patientInvoicesAgain: () => sees('Invoices', '/patient/invoice'),
  patientHomeAfterRefusal: () => sees('Patients dashboard', '/admin/dashboard/patients'),
  kioskHome: () => sees('Patient registration', '/patient/register'),
  kioskHomeAfterRefusal: () => sees('Patient registration', '/patient/register'),
  newUserPage: async () => {
    expect(await screen.findByText(t('authFlows.newUserTitle'))).toBeTruthy();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/register/newuser'));
  },
  newUserPageAfterRefusal: async () => {
    expect(await screen.findByText(t('authFlows.newUserTitle'))).toBeTruthy();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/register/newuser'));
  },
};

/** The model state a step left the person in decides what "allowed" or "forbidden" means for them. */
let currentRole: Person | 'guest' = 'guest';

const events = {
  'open.guestDeepLink': () => {
    currentRole = 'guest';
    openApp(addresses.forbiddenForGuest);
  },
  'open.guestUnknown': () => {
    currentRole = 'guest';
    openApp(addresses.unknown);
  },
  'open.patient': () => {
    currentRole = 'patient';
    openApp('/', 'patient');
  },
  'open.admin': () => {
    currentRole = 'admin';
    openApp('/', 'admin');
  },
  'open.kiosk': () => {
    currentRole = 'kiosk';
    openApp('/', 'kiosk');
  },
  'open.newuser': () => {
    currentRole = 'newuser';
    openApp('/admin/pos/all', 'newuser');
  },
  'signIn.admin': async () => {
    currentRole = 'admin';
    await signInAs('admin');
  },
  'signIn.patient': async () => {
    currentRole = 'patient';
    await signInAs('patient');
  },
  'go.allowed': async () => {
    await follow(currentRole === 'patient' ? addresses.allowed.patient : addresses.docs);
  },
  'go.forbidden': async () => {
    if (currentRole === 'guest') throw new Error('no forbidden link step for guests in the model');
    await follow(addresses.forbidden[currentRole]);
  },
  'go.unknown': async () => {
    await follow(addresses.unknown);
  },
  'go.logout': async () => {
    currentRole = 'guest';
    await follow('/logout');
  },
  'history.back': async () => {
    await act(async () => window.history.back());
  },
  'history.forward': async () => {
    await act(async () => window.history.forward());
  },
};

// The app fetches these when first needed (the contract's schemas with the first checked answer, the shell, all of
// English); loaded once here, so that the first path's waits do not include compiling them.
beforeAll(() =>
  Promise.all([
    import('../../src/contract/auth'),
    import('../../src/app/SignedInShell'),
    import('../../src/i18n/locales/en.json'),
  ]),
);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  // /login offers the store last signed in at in this browser.
  localStorage.setItem('lastStore', JSON.stringify({ company: 'clearview', store: 'downtown' }));
  fakeApi();
});

afterEach(() => {
  cleanup();
  runtime?.app.stop();
  runtime = null;
  vi.unstubAllGlobals();
});

describe('route access (model-based)', () => {
  const testModel = createTestModel(model);
  const paths = testModel.getSimplePaths();

  it('reaches every state of the model and takes every transition', () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...states].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
    const taken = new Set(
      paths.flatMap((path) =>
        path.steps.slice(1).map((step, index) => `${String(path.steps[index]!.state.value)} ${step.event.type}`),
      ),
    );
    const defined = Object.entries(model.config.states ?? {}).flatMap(([name, node]) =>
      Object.keys(node.on ?? {}).map((type) => `${name} ${type}`),
    );
    expect([...taken].sort()).toEqual(defined.sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      await path.test({ states: expectations, events });
    }, 20_000);
  }
});

afterAll(() => {
  window.history.replaceState(null, '', '/');
  // The app went through every resting state of the real machine (deciding and decided are transient).
  expect([...visited].sort()).toEqual(['granted', 'leaving', 'redirecting', 'waitingForSession']);
});
