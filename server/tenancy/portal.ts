/** The company and store behind a sign-in address /{company}/{store}: one of the look-ups across tenants. */
import { sql } from 'drizzle-orm';
import type { PortalMapping } from '../../src/contract/auth';
import { queryRows, withoutTenant, type Database } from '../db/client';

export async function resolvePortal(db: Database, company: string, store: string): Promise<PortalMapping | null> {
  const rows = await withoutTenant(db, (tx) =>
    queryRows<{ tenant_id: string; location_id: string; company_name: string; company_slug: string; store_name: string; store_slug: string; logo: string | null }>(
      tx,
      sql`select * from app_resolve_portal(${company}, ${store})`,
    ),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    tenantID: row.tenant_id,
    locationid: row.location_id,
    companyName: row.company_name,
    companySlug: row.company_slug,
    storeName: row.store_name,
    storeSlug: row.store_slug,
    logo: row.logo,
  };
}
