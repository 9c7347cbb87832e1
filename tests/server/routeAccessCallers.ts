/**
 * Who calls in the access walk (route-access.test.ts): each demo account and callers without a valid token, what each
 * company's requests name and what its answers must never carry, and whether a route's access admits an account.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../src/contract/common';
import { DEMO_PASSWORD, demo, demoIds } from './harness';

export const NEW_PASSWORD = 'Correct-Horse-Battery-9';
export const UNKNOWN_UUID = '7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11';

/** public: anyone; signedIn: any valid token (new-user included); newuser: only the new-user token; session: full sessions. */
export type Access = 'public' | 'signedIn' | 'newuser' | 'session' | readonly Role[];

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

export function admits(access: Access, c: AccountName): boolean {
  const roles: readonly Role[] = accounts[c].roles;
  // A role list: a token with at least one of these roles.
  if (typeof access !== 'string') return access.some((r) => roles.includes(r));
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'newuser') return roles.includes('newuser');
  return !roles.includes('newuser');
}

/** Brightsight's own mapping (edited to itself by the walk) and one made to be removed. */
export const walkMappings = { kept: '', removed: '' };
