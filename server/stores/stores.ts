/**
 * The company's stores as an admin manages them (/admin/stores): details, sign-in addresses, registers (with
 * whether a session is open) and kiosk devices; adding a store with its sign-in address and two registers in one
 * transaction. Runs inside request.work in the admin's tenant (RLS keeps it there); a store's details are changed
 * through the general settings (server/settings/general.ts).
 */
import { sql } from 'drizzle-orm';
import { resolveStoreValues } from '../../src/contract/generalSettings';
import { defaultRegisterNames, type NewStore, type StoreOverview, type StoresOverview } from '../../src/contract/storesAdmin';
import { queryRows, type Tx } from '../db/client';
import { companies, locations, portalMappings } from '../db/schema';
import { locationPolicies } from '../db/schema-records';
import { registers, taxRates } from '../db/schema-pos';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';

interface Row {
  id: string;
  slug: string;
  name: string;
  address: string;
  phone: string;
  time_zone: string;
  currency: string;
  tax_rate_bp: number;
  logo: string | null;
  values: unknown;
  paths: string[];
  registers: { id: string; name: string; open: boolean }[];
  kiosks: { id: string; displayName: string; email: string; active: boolean }[];
}

export async function listStores(tx: Tx): Promise<StoresOverview> {
  const [company] = await tx.select({ slug: companies.slug }).from(companies).limit(1);
  const rows = await queryRows<Row>(
    tx,
    sql`select l.id, l.slug, l.name, l.address, l.phone, l.time_zone, l.currency, l.tax_rate_bp, l.logo, ls.values,
        coalesce((select array_agg('/' || pm.company_slug || '/' || pm.store_slug order by pm.store_slug)
          from portal_mappings pm where pm.location_id = l.id), '{}') as paths,
        coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name,
            'open', exists (select 1 from register_sessions s where s.register_id = r.id and s.status = 'open')) order by r.name)
          from registers r where r.location_id = l.id), '[]') as registers,
        coalesce((select json_agg(json_build_object('id', u.id, 'displayName', u.display_name, 'email', u.email,
            'active', u.disabled_at is null) order by u.display_name)
          from users u where 'kiosk' = any(u.roles) and (u.default_location_id = l.id
            or exists (select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = l.id))), '[]') as kiosks
      from locations l
      left join location_settings ls on ls.location_id = l.id
      order by l.name`,
  );
  return {
    companySlug: company?.slug ?? '',
    stores: rows.map((r): StoreOverview => {
      const values = resolveStoreValues(r.values);
      return {
        id: r.id,
        slug: r.slug,
        name: r.name,
        address: r.address,
        phone: r.phone,
        timeZone: r.time_zone,
        currency: r.currency,
        taxRateBp: Number(r.tax_rate_bp),
        taxNumber: values.taxNumber,
        hours: values.hours,
        logo: r.logo,
        signInPaths: r.paths,
        registers: r.registers,
        kiosks: r.kiosks,
      };
    }),
  };
}

const fieldError = (fields: Record<string, string>) => new HttpError(400, 'request.fieldsInvalid', { fields });

/** A store with its sign-in address /{company}/{slug}, its policies and two registers, in the caller's transaction. */
export async function addStore(tx: Tx, tenantId: string, input: NewStore): Done<StoresOverview & { created: string }> {
  const [company] = await tx.select({ slug: companies.slug }).from(companies).limit(1);
  if (!company) throw new HttpError(404, 'request.notFound');
  const taken = await tx.select({ id: locations.id }).from(locations).where(sql`lower(${locations.slug}) = ${input.slug}`);
  if (taken.length) throw fieldError({ slug: 'This company already has a store with this address' });
  const [store] = await tx
    .insert(locations)
    .values({ tenantId, slug: input.slug, name: input.name, address: input.address, phone: input.phone, timeZone: input.timeZone, currency: input.currency, taxRateBp: input.taxRateBp })
    .returning({ id: locations.id });
  const locationId = store!.id;
  await tx.insert(portalMappings).values({ tenantId, companySlug: company.slug, storeSlug: input.slug, locationId });
  await tx.insert(locationPolicies).values({ tenantId, locationId });
  await tx.insert(taxRates).values({ tenantId, locationId, taxClass: 'standard', rateBp: input.taxRateBp });
  await tx.insert(registers).values(defaultRegisterNames.map((name) => ({ tenantId, locationId, name })));
  return {
    result: { ...(await listStores(tx)), created: locationId },
    audit: { targetType: 'location', targetId: locationId, details: { slug: input.slug, signIn: `/${company.slug}/${input.slug}` } },
  };
}
