/**
 * Sign-in where no company is named (/admin, /kiosk/login): the email address is looked up across companies
 * (active accounts, app_find_account_tenants). One account: the sign-in of that company. An account of a suspended
 * company counts only where no active company has the address: its right password is then told the company is
 * suspended, and it never makes an address ambiguous.
 * Several: the password is checked in each of them, each with its own throttling, failure counting and audit
 * (checkCredentials with that company named), at once so the time stays that of one check where the hashing has
 * room. Only when the password opened accounts in more than one company does the answer name companies, and then
 * only those: someone without the password learns nothing new, and the person chooses and signs in again with
 * that company named. An address is therefore never blocked by another company's account of it.
 */
import { sql } from 'drizzle-orm';
import type { CompanyChoice, LoginRequest } from '../../src/contract/auth';
import { queryRows, withoutTenant, withTenant, type Database } from '../db/client';
import { companies } from '../db/schema';
import { checkCredentials, type CredentialCheck } from './sign-in';

export type SignInCheck = CredentialCheck | { kind: 'chooseCompany'; companies: CompanyChoice[] };

type CheckContext = Parameters<typeof checkCredentials>[2];

/**
 * The companies whose active account has this email address, in a stable order: those of active companies, else the
 * one suspended company that has it (one statement either way, so the work does not tell which).
 */
async function accountTenants(db: Database, email: string): Promise<string[]> {
  const rows = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; suspended: boolean }>(tx, sql`select tenant_id, suspended from app_find_account_tenants(${email})`),
  );
  const active = rows.filter((r) => !r.suspended).map((r) => r.tenant_id);
  const suspended = rows.filter((r) => r.suspended).map((r) => r.tenant_id);
  return active.length > 0 ? active : suspended.length === 1 ? suspended : [];
}

async function companyName(db: Database, tenantId: string): Promise<string> {
  const [company] = await withTenant(db, tenantId, (tx) => tx.select({ name: companies.name }).from(companies));
  return company?.name ?? '';
}

export async function checkSignIn(db: Database, body: LoginRequest, ctx: CheckContext): Promise<SignInCheck> {
  const named = body.isEnterpriseAdmin || body.tenentID || ctx.headerTenant;
  const tenants = named ? [] : await accountTenants(db, body.username);
  if (tenants.length < 2) return checkCredentials(db, tenants.length ? { ...body, tenentID: tenants[0] } : body, ctx);
  const checks = await Promise.all(tenants.map((tenentID) => checkCredentials(db, { ...body, tenentID }, ctx)));
  const opened = checks.filter((c): c is Exclude<CredentialCheck, { kind: 'refused' | 'companySuspended' }> => c.kind !== 'refused' && c.kind !== 'companySuspended');
  if (opened.length === 0) return { kind: 'refused', tenantId: null };
  if (opened.length === 1) return opened[0]!;
  const choices = await Promise.all(opened.map(async (c) => ({ tenantID: c.tenantId, companyName: await companyName(db, c.tenantId) })));
  return { kind: 'chooseCompany', companies: choices.sort((a, b) => a.companyName.localeCompare(b.companyName, 'en')) };
}
