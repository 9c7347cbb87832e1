import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { storesQuery } from '../../api/stores';
import { useTenantId } from './useTenant';

/**
 * The time zone of a store the caller may see (GET /api/stores, shared with the store pickers), for the times of that
 * store's records: an invoice issued at 22:00 in New York is that day's, whatever the reader's own zone. Undefined (the
 * reader's zone) until the stores are read, or for a store the caller does not see.
 */
export function useStoreZones(): (locationId: string | null | undefined) => string | undefined {
  const tenantId = useTenantId();
  const stores = useQuery({ ...storesQuery(tenantId), enabled: tenantId !== '' });
  return useCallback((locationId) => stores.data?.stores.find((store) => store.id === locationId)?.timeZone, [stores.data]);
}
