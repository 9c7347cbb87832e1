/**
 * General settings: the company's groups (companies.settings) and each store's values and overrides
 * (location_settings, location_policies, tax_rates, locations). Reading applies the defaults of
 * src/contract/generalSettings.ts; `storeSettingsOf` is what the rest of the server reads (receipts, booking, the
 * patient portal, a store's hours). Writes run inside request.work in the admin's tenant: RLS keeps them there.
 */
import { eq } from 'drizzle-orm';
import {
  effectiveStoreSettings,
  resolveCompanySettings,
  resolveStoreValues,
  type CompanySettingsUpdate,
  type GeneralSettings,
  type PortalRights,
  type StoreSettingsUpdate,
  type StoreSettingsValues,
  type TaxRates,
} from '../../src/contract/generalSettings';
import type { TaxClass } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { companies, locations } from '../db/schema';
import { locationPolicies, patients } from '../db/schema-records';
import { taxRates } from '../db/schema-pos';
import { locationSettings } from '../db/schema-settings';
import type { Done } from '../scope/audited';
import { NotVisible } from '../scope/scope';

const policyDefaults = { patientsMayCancel: true, cancelNoticeHours: 24, staffDiscountLimitBp: 1000 };

async function companyRow(tx: Tx) {
  const [row] = await tx.select({ name: companies.name, settings: companies.settings, tenantId: companies.tenantId }).from(companies).limit(1);
  if (!row) throw new NotVisible('company', '');
  return row;
}

/** The company's values over the defaults. */
export async function companySettingsOf(tx: Tx) {
  return resolveCompanySettings((await companyRow(tx)).settings);
}

/** What applies at one store: hours, tax number, receipt footer, appointment types, portal rights. */
export async function storeSettingsOf(tx: Tx, locationId: string) {
  const [company, [own]] = await Promise.all([
    companySettingsOf(tx),
    tx.select({ values: locationSettings.values }).from(locationSettings).where(eq(locationSettings.locationId, locationId)),
  ]);
  return effectiveStoreSettings(company, resolveStoreValues(own?.values));
}

export async function readGeneralSettings(tx: Tx): Promise<GeneralSettings> {
  const company = await companyRow(tx);
  const values = resolveCompanySettings(company.settings);
  const [stores, own, policies, rates] = await Promise.all([
    tx.select().from(locations).orderBy(locations.name),
    tx.select().from(locationSettings),
    tx.select().from(locationPolicies),
    tx.select().from(taxRates),
  ]);
  return {
    company: { name: company.name, ...values },
    stores: stores.map((s) => {
      const stored = own.find((o) => o.locationId === s.id);
      const v = resolveStoreValues(stored?.values);
      const policy = policies.find((p) => p.locationId === s.id) ?? policyDefaults;
      const rate = (c: TaxClass) => rates.find((r) => r.locationId === s.id && r.taxClass === c)?.rateBp;
      return {
        id: s.id,
        slug: s.slug,
        name: s.name,
        address: s.address,
        phone: s.phone,
        timeZone: s.timeZone,
        currency: s.currency,
        logo: s.logo,
        hours: v.hours,
        taxNumber: v.taxNumber,
        taxRates: { standard: rate('standard') ?? s.taxRateBp, reduced: rate('reduced') ?? 0, zero: rate('zero') ?? 0 },
        staffDiscountLimitBp: policy.staffDiscountLimitBp,
        receiptFooter: v.receiptFooter,
        appointmentTypes: v.appointmentTypes,
        patientsMayCancel: policy.patientsMayCancel,
        cancelNoticeHours: policy.cancelNoticeHours,
        portal: v.portal,
        updatedAt: (stored?.updatedAt ?? s.createdAt).toISOString(),
      };
    }),
  };
}

export async function updateCompanySettings(tx: Tx, update: CompanySettingsUpdate): Done<GeneralSettings> {
  const company = await companyRow(tx);
  const { group, ...value } = update;
  const key = group === 'sales' ? 'receiptFooter' : Object.keys(value)[0]!;
  const next = { ...(company.settings ?? {}), [key]: (value as Record<string, unknown>)[key] };
  await tx.update(companies).set({ settings: next }).where(eq(companies.tenantId, company.tenantId));
  return { result: await readGeneralSettings(tx), audit: { targetType: 'company', targetId: company.tenantId, details: { group, scope: 'company', changed: [key] } } };
}

async function writeStoreValues(tx: Tx, tenantId: string, locationId: string, patch: Partial<StoreSettingsValues>, now: Date) {
  const [own] = await tx.select({ values: locationSettings.values }).from(locationSettings).where(eq(locationSettings.locationId, locationId)).for('update');
  const values = { ...(own?.values ?? {}), ...patch };
  await tx
    .insert(locationSettings)
    .values({ tenantId, locationId, values, updatedAt: now })
    .onConflictDoUpdate({ target: [locationSettings.tenantId, locationSettings.locationId], set: { values, updatedAt: now } });
}

async function writePolicy(tx: Tx, tenantId: string, locationId: string, patch: Partial<typeof policyDefaults>) {
  await tx
    .insert(locationPolicies)
    .values({ tenantId, locationId, ...policyDefaults, ...patch })
    .onConflictDoUpdate({ target: [locationPolicies.tenantId, locationPolicies.locationId], set: patch });
}

async function writeTaxRates(tx: Tx, tenantId: string, locationId: string, rates: TaxRates) {
  // The standard rate is also the store's own (locations.tax_rate_bp): both say the same.
  await tx.update(locations).set({ taxRateBp: rates.standard }).where(eq(locations.id, locationId));
  for (const taxClass of ['standard', 'reduced', 'zero'] as const) {
    await tx
      .insert(taxRates)
      .values({ tenantId, locationId, taxClass, rateBp: rates[taxClass] })
      .onConflictDoUpdate({ target: [taxRates.tenantId, taxRates.locationId, taxRates.taxClass], set: { rateBp: rates[taxClass] } });
  }
}

export async function updateStoreSettings(tx: Tx, tenantId: string, locationId: string, update: StoreSettingsUpdate, now: Date): Done<GeneralSettings> {
  const [store] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
  if (!store) throw new NotVisible('location', locationId);
  const changed: string[] = [];
  switch (update.group) {
    case 'store': {
      const { name, address, phone, timeZone, currency, logo, hours, taxNumber } = update;
      // A new currency applies to the store's next sales; its invoices keep the currency they were made in.
      await tx
        .update(locations)
        .set({ name, address, phone, timeZone, ...(currency !== undefined ? { currency } : {}), ...(logo !== undefined ? { logo } : {}) })
        .where(eq(locations.id, locationId));
      await writeStoreValues(tx, tenantId, locationId, { hours, taxNumber }, now);
      changed.push('name', 'address', 'phone', 'timeZone', ...(currency !== undefined ? ['currency'] : []), 'hours', 'taxNumber', ...(logo !== undefined ? ['logo'] : []));
      break;
    }
    case 'sales':
      await writeTaxRates(tx, tenantId, locationId, update.taxRates);
      await writePolicy(tx, tenantId, locationId, { staffDiscountLimitBp: update.staffDiscountLimitBp });
      await writeStoreValues(tx, tenantId, locationId, { receiptFooter: update.receiptFooter }, now);
      changed.push('taxRates', 'staffDiscountLimitBp', 'receiptFooter');
      break;
    case 'appointments':
      await writePolicy(tx, tenantId, locationId, { patientsMayCancel: update.patientsMayCancel, cancelNoticeHours: update.cancelNoticeHours });
      await writeStoreValues(tx, tenantId, locationId, { appointmentTypes: update.appointmentTypes }, now);
      changed.push('appointmentTypes', 'patientsMayCancel', 'cancelNoticeHours');
      break;
    case 'portal':
      await writeStoreValues(tx, tenantId, locationId, { portal: update.portal }, now);
      changed.push('portal');
      break;
  }
  return {
    result: await readGeneralSettings(tx),
    audit: { targetType: 'location', targetId: locationId, details: { group: update.group, scope: 'store', changed } },
  };
}

/** Whether the patient's store lets patients do this online (general settings, patient portal group). */
export async function portalAllows(tx: Tx, patientId: string, right: keyof PortalRights): Promise<boolean> {
  const [patient] = await tx.select({ locationId: patients.locationId }).from(patients).where(eq(patients.id, patientId));
  if (!patient) return false;
  return (await storeSettingsOf(tx, patient.locationId)).portal[right];
}

/** The refusal a patient gets when the store has switched a portal right off. */
export const portalRefusal = { ok: false as const, status: 403, code: 'portal.notAllowed' as const, reason: 'portal-right-off' };
