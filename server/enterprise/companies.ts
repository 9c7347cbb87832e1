/**
 * Companies across tenants for the enterprise admin: read, create in one step, edit, suspend and reinstate. Every
 * call goes through one SECURITY DEFINER function (migrations 0020, 0031, 0032), which answers only in the platform
 * tenant and writes the company's own audit row; the caller's transaction is the platform's (routes.ts audits it there).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Company, CompanyUpdate, NewCompany, StoreInput } from '../../src/contract/enterprise';
import { defaultRegisterNames } from '../../src/contract/storesAdmin';
import { queryRows, type Tx } from '../db/client';

interface CompanyRow {
  tenant_id: string;
  name: string;
  slug: string;
  logo: string | null;
  suspended_at: Date | string | null;
  created_at: Date | string;
  stores: Company['stores'];
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toCompany = (r: CompanyRow): Company => ({
  tenantId: r.tenant_id,
  name: r.name,
  slug: r.slug,
  logo: r.logo,
  suspendedAt: r.suspended_at === null ? null : iso(r.suspended_at),
  createdAt: iso(r.created_at),
  stores: r.stores,
});

/** Every company, or the one with this id (an empty list when there is none). */
export async function readCompanies(tx: Tx, tenantId: string | null): Promise<Company[]> {
  const rows = await queryRows<CompanyRow>(tx, sql`select * from app_enterprise_companies(${tenantId}::uuid)`);
  return rows.map(toCompany);
}

/** How long the first admin's temporary password is good for (as the demo's new user: 7 days). */
export const INVITATION_DAYS = 7;

/** A temporary password for the invitation: 120 random bits the admin replaces in the new-user flow. */
export const temporaryPassword = () => randomBytes(15).toString('base64url');

export interface Invitation {
  passwordHash: string;
  expiresOn: string;
  subject: string;
  body: string;
}

/** The first registers of a store an enterprise door makes, as a text[] literal: those an admin's own new store gets. */
const registerNames = `{${defaultRegisterNames.map((n) => `"${n}"`).join(',')}}`;

/** The company, its first store complete as an admin's own new store (policies, tax rate, registers), its admin. */
export async function createCompany(
  tx: Tx,
  actor: { userId: string; ip: string },
  input: NewCompany,
  invitation: Invitation,
): Promise<{ tenantId: string; locationId: string; adminUserId: string; messageId: string }> {
  const [row] = await queryRows<{ tenant_id: string; location_id: string; user_id: string; message_id: string }>(
    tx,
    sql`select * from app_enterprise_create_company(${actor.userId}::uuid, ${actor.ip}, ${input.name}, ${input.slug},
      ${input.logo}, ${JSON.stringify(input.store)}::jsonb, ${input.admin.email}, ${input.admin.displayName},
      ${invitation.passwordHash}, ${invitation.expiresOn}::date, ${invitation.subject}, ${invitation.body},
      ${registerNames}::text[])`,
  );
  if (!row) throw new Error('the company was not created');
  return { tenantId: row.tenant_id, locationId: row.location_id, adminUserId: row.user_id, messageId: row.message_id };
}

/** False when there is no such company. */
export async function updateCompany(tx: Tx, actor: { userId: string; ip: string }, tenantId: string, input: CompanyUpdate): Promise<boolean> {
  const [row] = await queryRows<{ updated: boolean }>(
    tx,
    sql`select app_enterprise_update_company(${actor.userId}::uuid, ${actor.ip}, ${tenantId}::uuid, ${input.name},
      ${input.slug}, ${input.logo ?? null}, ${input.logo !== undefined}) as updated`,
  );
  return row?.updated === true;
}

/** False when there is no such company. Suspending ends every session of the company's users at once. */
export async function setSuspended(tx: Tx, actor: { userId: string; ip: string }, tenantId: string, suspended: boolean, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ done: boolean }>(
    tx,
    sql`select app_enterprise_set_suspended(${actor.userId}::uuid, ${actor.ip}, ${tenantId}::uuid, ${suspended},
      ${now.toISOString()}::timestamptz) as done`,
  );
  return row?.done === true;
}

/**
 * A new store of a company with its sign-in address /{company slug}/{store slug} and the first registers an admin's
 * own new store gets; its id, or null when there is no such company.
 */
export async function addCompanyStore(tx: Tx, actor: { userId: string; ip: string }, tenantId: string, store: StoreInput): Promise<string | null> {
  const [row] = await queryRows<{ id: string | null }>(
    tx,
    sql`select app_enterprise_add_store(${actor.userId}::uuid, ${actor.ip}, ${tenantId}::uuid, ${JSON.stringify(store)}::jsonb,
      ${registerNames}::text[]) as id`,
  );
  return row?.id ?? null;
}
