/**
 * The company's stores as an admin manages them (/admin/stores): details, sign-in address, registers and kiosk
 * devices; adding a store (with its sign-in address /{company}/{store} and two registers, in one transaction).
 * A store's details are edited through the general settings' store group (StoreDetailsUpdate).
 */
import { StoreInput } from './enterprise';
import { defaultCurrency, StoreCurrency, StoreHours } from './generalSettings';
import { z } from './zod';

export const StoreOverview = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  taxRateBp: z.number().int(),
  taxNumber: z.string(),
  hours: StoreHours,
  logo: z.string().nullable(),
  /** The sign-in addresses (/{company}/{store}) that open this store. */
  signInPaths: z.array(z.string()),
  registers: z.array(z.object({ id: z.string(), name: z.string(), open: z.boolean() })),
  kiosks: z.array(z.object({ id: z.string(), displayName: z.string(), email: z.string(), active: z.boolean() })),
});
export type StoreOverview = z.infer<typeof StoreOverview>;

export const StoresOverview = z.object({ companySlug: z.string(), stores: z.array(StoreOverview) });
export type StoresOverview = z.infer<typeof StoresOverview>;

/** A new store: name, slug (its sign-in address), address, phone, time zone, currency (ISO 4217) and standard tax rate. */
export const NewStore = StoreInput.extend({ currency: StoreCurrency.default(defaultCurrency) });
export type NewStore = z.infer<typeof NewStore>;

/** The registers every new store starts with (as the demo stores). */
export const defaultRegisterNames = ['Front desk', 'Dispensing'] as const;
