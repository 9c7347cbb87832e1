/** The installation's sign-in addresses /{company}/{store}, through the SECURITY DEFINER functions of migration 0015. */
import { sql } from 'drizzle-orm';
import type { PortalMappingInput, PortalMappingRow } from '../../src/contract/enterprise';
import { queryRows, type Tx } from '../db/client';

export async function readMappings(tx: Tx, search: string | null): Promise<PortalMappingRow[]> {
  const rows = await queryRows<{
    id: string;
    tenant_id: string;
    location_id: string;
    company_slug: string;
    store_slug: string;
    company_name: string;
    store_name: string;
    suspended: boolean;
  }>(tx, sql`select * from app_enterprise_portal_mappings(${search})`);
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    locationId: r.location_id,
    companySlug: r.company_slug,
    storeSlug: r.store_slug,
    companyName: r.company_name,
    storeName: r.store_name,
    suspended: r.suspended,
  }));
}

/** Creates (id null) or changes a mapping; its id, or null when `id` names no mapping. */
export async function saveMapping(tx: Tx, actor: { userId: string; ip: string }, id: string | null, input: PortalMappingInput): Promise<string | null> {
  const [row] = await queryRows<{ id: string | null }>(
    tx,
    sql`select app_enterprise_save_portal_mapping(${actor.userId}::uuid, ${actor.ip}, ${id}::uuid, ${input.tenantId}::uuid,
      ${input.locationId}::uuid, ${input.companySlug}, ${input.storeSlug}) as id`,
  );
  return row?.id ?? null;
}

/** The removed mapping's company, or null when there was no such mapping. */
export async function removeMapping(tx: Tx, actor: { userId: string; ip: string }, id: string): Promise<string | null> {
  const [row] = await queryRows<{ tenant_id: string | null }>(
    tx,
    sql`select app_enterprise_remove_portal_mapping(${actor.userId}::uuid, ${actor.ip}, ${id}::uuid) as tenant_id`,
  );
  return row?.tenant_id ?? null;
}
