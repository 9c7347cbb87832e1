import { queryOptions } from '@tanstack/react-query';
import { StoreList } from '../contract/stores';
import { apiRequest } from './http';
import { posPaths } from './posPaths';

/** GET /api/stores: the stores the signed-in user may see (the patient list's filter, the eForm screens' lists). */
export const fetchStores = (signal?: AbortSignal) => apiRequest(posPaths.stores(), { schema: StoreList, signal });

/** One cache entry per tenant for every screen that lists the stores. */
export const storesQuery = (tenantId: string) =>
  queryOptions({ queryKey: ['t', tenantId, 'stores'], queryFn: ({ signal }) => fetchStores(signal), staleTime: 60_000 });
