/**
 * What the register page's tests share: a clerk at Downtown, its registers (closed, open, another), a session
 * report, a fake API answering the store and its registers, the device's remembered register, and one rendered page
 * per test.
 */
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { dropSaleActors } from '../../src/app/saleActor';
import type { Register, SessionReport } from '../../src/contract/pos';
import { PosPage } from '../../src/views/pos/PosPage';
import { clearviewDowntown, janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { ids } from './records-fixtures';
import { renderPage, tearDownPage, withRoles } from './records-harness';

export const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
export const tenantId = clearviewDowntown.tenantID;
export const locationId = ids.downtown;
export const registerId = 'a0000000-0000-4000-8000-000000000001';
export const sessionId = 'b0000000-0000-4000-8000-000000000001';
export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const path = (call: Call) => new URL(call.path, 'http://x').pathname;

const store = { id: locationId, slug: 'downtown', name: 'Downtown', address: '120 Market Street', phone: '555', timeZone: 'UTC', currency: 'USD', logo: null };
export const closedTill: Register = { id: registerId, locationId, name: 'Till 1', currency: 'USD', openSession: null, discountLimitBp: 1000 };
export const openTill: Register = { ...closedTill, openSession: { id: sessionId, openedAt: '2026-11-24T08:00:00Z', openedBy: 'Sam Staff' } };
export const otherTill: Register = { id: 'a0000000-0000-4000-8000-000000000002', locationId, name: 'Till 2', currency: 'USD', openSession: null, discountLimitBp: 1000 };

export const report = (changes: Partial<SessionReport> = {}): SessionReport => ({
  id: sessionId,
  registerId,
  registerName: 'Till 1',
  locationId,
  storeName: 'Downtown',
  currency: 'USD',
  status: 'open',
  openedAt: '2026-11-24T08:00:00Z',
  openedBy: 'Sam Staff',
  closedAt: null,
  closedBy: null,
  float: [{ denomination: 2000, count: 5 }],
  floatTotal: 10_000,
  cashIn: 0,
  cashOut: 0,
  payIns: 0,
  payOuts: 0,
  expectedCash: 10_000,
  countedCash: null,
  counted: null,
  difference: null,
  byMethod: [],
  saleCount: 0,
  refundCount: 0,
  salesTotal: 0,
  refundsTotal: 0,
  discountTotal: 0,
  taxTotal: 0,
  movements: [],
  toReview: [],
  ...changes,
});

/** The store and its registers; `extra` answers the rest. */
export const registerApi = (registers: Register[], extra: (call: Call) => Reply | undefined = () => undefined) => (call: Call): Reply | undefined => {
  const p = path(call);
  if (p === '/api/stores') return ok({ stores: [store] });
  if (p === '/api/pos/registers') return ok({ registers });
  return extra(call);
};

export const rememberTill = (till: Register = closedTill) => localStorage.setItem(`pos.register.${tenantId}.${locationId}`, JSON.stringify(till));

/** Registers the teardown of the page a test renders; `open` renders the register page at /admin/pos/{type}. */
export function registerPages() {
  let rendered: ReturnType<typeof renderPage> | undefined;
  afterEach(() => {
    tearDownPage(rendered);
    rendered = undefined;
    dropSaleActors();
    window.history.replaceState(null, '', '/');
  });
  const show = (element: ReactElement, options: Parameters<typeof renderPage>[1]) => (rendered = renderPage(element, options));
  return {
    show,
    open: (type: string, api: (call: Call) => Reply | undefined, language: 'en' | 'ar' = 'en') => {
      window.history.replaceState(null, '', `/admin/pos/${type}`);
      return show(<PosPage type={type} />, { user: clerk, api, language });
    },
    calls: () => rendered!.server.calls,
    writes: (suffix: string) => rendered!.server.calls.filter((c) => c.method !== 'GET' && path(c).endsWith(suffix)),
  };
}
