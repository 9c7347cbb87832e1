import { z } from './zod';

export const Store = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  /** ISO 4217: the currency of the store's new sales. */
  currency: z.string(),
  logo: z.string().nullable(),
});
export type Store = z.infer<typeof Store>;

export const StoreList = z.object({ stores: z.array(Store) });
