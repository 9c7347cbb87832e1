import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession } from '../../src/api/http';
import { fetchRegisters, fetchSession } from '../../src/api/pos';
import { fetchDashboard, fetchInvoice, fetchPrescriptions } from '../../src/api/records';
import { fetchStores } from '../../src/api/stores';
import { startPageLoad } from '../../src/app/earlyStart';
import { writeStoredSession } from '../../src/app/storedSession';
import type { User } from '../../src/contract/auth';
import { janeDoe } from '../fixtures/auth';
import { prescriptions as janePrescriptions } from './records-fixtures';

interface Call {
  path: string;
  headers: Headers;
}

let calls: Call[];
let failNext = false;
// Early answers live for the page (src/api/http.ts): each test signs in with its own token so none sees another's.
let testToken = 0;
let token = '';
const own = { kind: 'own' } as const;
const now = () => Date.now() / 1000;

/** Every call is recorded; the answer is Jane's prescriptions (or a network failure once, when asked). */
function fakeFetch() {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push({ path, headers: new Headers(init.headers) });
    if (failNext) {
      failNext = false;
      throw new TypeError('Failed to fetch');
    }
    return new Response(JSON.stringify(janePrescriptions), { status: 200 });
  });
}

/** What a signed-in tab keeps in session storage (src/app/storedSession.ts). */
function storeSession(user: User, { accessToken = token, expiresAt = now() + 300 } = {}) {
  writeStoredSession(sessionStorage, {
    loginUrl: '/clearview/downtown',
    session: { accessToken, tenantId: user.tenantId, user, expiresAt },
  });
  connectSession({ current: () => ({ accessToken, tenantId: user.tenantId }), refresh: () => Promise.reject(new Error('no refresh')) });
}

const withRoles = (role: User['role']): User => ({ ...janeDoe, role, data: { ...janeDoe.data, role } });

beforeEach(() => {
  calls = [];
  failNext = false;
  token = `token-${++testToken}`;
  sessionStorage.clear();
  localStorage.clear();
  fakeFetch();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a signed-in tab's page load starts the page's first call at once", () => {
  it('asks for the patient page\'s records with the stored token, and the page\'s own request takes that answer', async () => {
    storeSession(janeDoe);
    startPageLoad('/patient/rxinfo', sessionStorage);
    expect(calls.map((call) => call.path)).toEqual(['/api/my/prescriptions']);
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]!.headers.get('X-Tenant-ID')).toBe(janeDoe.tenantId);

    await expect(fetchPrescriptions(own)).resolves.toEqual(janePrescriptions);
    expect(calls).toHaveLength(1);
    // Taken once: the next request for the same records asks the server again.
    await fetchPrescriptions(own);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['/patient/invoice/orders/i-1/p-1/l-1', '/api/my/invoices/i-1'],
    ['/patient/rxinfo/orders/r-1/p-1/l-1', '/api/my/prescriptions/r-1/orders'],
    ['/patient/demographicinfo', '/api/my/profile'],
    ['/patient/appointment', '/api/my/appointments'],
    ['/patient/invoice', '/api/my/invoices'],
    ['/patient/recalls', '/api/my/recalls'],
    ['/patient/orderstatus', '/api/my/orders'],
    ['/admin/dashboard/patients', '/api/my/dashboard'],
  ])('%s asks for %s', (path, call) => {
    storeSession(janeDoe);
    startPageLoad(path, sessionStorage);
    expect(calls.map((c) => c.path)).toEqual([call]);
  });

  it("an enterprise admin's home asks for the per-company summary", () => {
    storeSession(withRoles(['enterpriseadmin']));
    startPageLoad('/admin/dashboard/patients', sessionStorage);
    expect(calls.map((c) => c.path)).toEqual(['/api/enterprise/summary']);
  });

  it.each([
    ['no stored session', () => {}],
    ['a token that has run out (the session check refreshes it first)', () => storeSession(janeDoe, { expiresAt: now() - 1 })],
    ['staff on a bare patient page (it shows a note, no records)', () => storeSession(withRoles(['staff']))],
  ])('asks for nothing with %s', (_case, arrange) => {
    arrange();
    startPageLoad('/patient/rxinfo', sessionStorage);
    expect(calls).toEqual([]);
  });

  it('asks for nothing when the address would send the user elsewhere', () => {
    storeSession(janeDoe);
    startPageLoad('/admin/patients/all', sessionStorage);
    startPageLoad('/no/such/page', sessionStorage);
    expect(calls).toEqual([]);
  });

  it('the early answer is only for the same token, and is dropped when nobody takes it', async () => {
    vi.useFakeTimers();
    storeSession(janeDoe);
    startPageLoad('/patient/invoice/orders/i-1/p-1/l-1', sessionStorage);
    storeSession(janeDoe, { accessToken: 'another-token' });
    await fetchInvoice(own, 'i-1').catch(() => {});
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([`Bearer ${token}`, 'Bearer another-token']);

    storeSession(janeDoe);
    startPageLoad('/admin/dashboard/patients', sessionStorage);
    vi.advanceTimersByTime(10_001);
    await fetchDashboard().catch(() => {});
    expect(calls.filter((c) => c.path === '/api/my/dashboard')).toHaveLength(2);
  });

  it('an early call that failed on the network is asked again by the page', async () => {
    storeSession(janeDoe);
    failNext = true;
    startPageLoad('/patient/rxinfo', sessionStorage);
    await expect(fetchPrescriptions(own)).resolves.toEqual(janePrescriptions);
    expect(calls.map((c) => c.path)).toEqual(['/api/my/prescriptions', '/api/my/prescriptions']);
  });
});

describe("a page load of the register asks at once for what it would ask for one answer after the other", () => {
  const tenant = janeDoe.tenantId;
  const ownStore = janeDoe.defaultstore!.locationId;
  const staff = withRoles(['staff']);
  const rememberStore = (locationId: string) => localStorage.setItem(`pos.store.${tenant}`, locationId);
  const rememberRegister = (locationId: string, value: string) => localStorage.setItem(`pos.register.${tenant}.${locationId}`, value);
  const register = (openSession: { id: string } | null) => JSON.stringify({ id: 'reg-1', locationId: 'store-2', name: 'Front desk', currency: 'USD', openSession });
  const paths = () => calls.map((c) => c.path);

  it("the store list, the remembered store's registers and its register's open session; the page's requests take them", async () => {
    storeSession(staff);
    rememberStore('store-2');
    rememberRegister('store-2', register({ id: 'session 9' }));
    startPageLoad('/admin/pos/all', sessionStorage, localStorage);
    expect(paths()).toEqual(['/api/stores', '/api/pos/registers?locationId=store-2', '/api/pos/sessions/session%209']);
    expect(calls.every((c) => c.headers.get('Authorization') === `Bearer ${token}`)).toBe(true);

    // The page's own requests for the same paths go to no server (the fake's answer is not of their shape).
    await fetchStores().catch(() => {});
    await fetchRegisters('store-2').catch(() => {});
    await fetchSession('session 9').catch(() => {});
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['nothing remembered: the user’s own store', () => {}, ['/api/stores', `/api/pos/registers?locationId=${ownStore}`]],
    ['a remembered register with no open session', () => rememberRegister(ownStore, register(null)), ['/api/stores', `/api/pos/registers?locationId=${ownStore}`]],
    ['a damaged remembered register', () => rememberRegister(ownStore, '{not json'), ['/api/stores', `/api/pos/registers?locationId=${ownStore}`]],
  ])('%s', (_case, arrange, expected) => {
    storeSession(staff);
    arrange();
    startPageLoad('/admin/pos/session', sessionStorage, localStorage);
    expect(paths()).toEqual(expected);
  });

  it('a user with no store of their own and none remembered: only the store list', () => {
    storeSession({ ...staff, defaultstore: null });
    startPageLoad('/admin/pos/all', sessionStorage, localStorage);
    expect(paths()).toEqual(['/api/stores']);
  });

  it('a patient, who is not granted the register, starts none of it', () => {
    storeSession(janeDoe);
    rememberStore('store-2');
    startPageLoad('/admin/pos/all', sessionStorage, localStorage);
    expect(calls).toEqual([]);
  });
});
