import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { GeneralSettings } from '../contract/generalSettings';
import type { CompanySettingsUpdate, StoreSettingsUpdate } from '../contract/generalSettings';
import { StoresOverview } from '../contract/storesAdmin';
import type { NewStore } from '../contract/storesAdmin';
import { z } from '../contract/zod';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

/**
 * General settings (/admin/settings/general, admins): GET /api/settings/general, and one group saved at a time for
 * the company or a store (each answers the whole settings). The stores screen (/admin/stores): the overview and a
 * new store; a store's details are saved through the settings' store group.
 */
export const generalSettingsKey = (tenantId: string) => ['t', tenantId, 'generalSettings'] as const;
export const storesAdminKey = (tenantId: string) => ['t', tenantId, 'storesAdmin'] as const;

export const generalSettingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: generalSettingsKey(tenantId),
    queryFn: ({ signal }) => apiRequest('/api/settings/general', { schema: GeneralSettings, signal }),
  });

export const saveCompanySettings = (body: CompanySettingsUpdate) =>
  apiRequest('/api/settings/general/company', { method: 'PUT', body, schema: GeneralSettings });

export const saveStoreSettings = (locationId: string, body: StoreSettingsUpdate) =>
  apiRequest(`/api/settings/general/stores/${encodeURIComponent(locationId)}`, { method: 'PUT', body, schema: GeneralSettings });

export const storesOverviewQuery = (tenantId: string) =>
  queryOptions({
    queryKey: storesAdminKey(tenantId),
    queryFn: ({ signal }) => apiRequest('/api/stores/overview', { schema: StoresOverview, signal }),
  });

export const addStore = (body: NewStore) =>
  apiRequest('/api/stores', { method: 'POST', body, schema: StoresOverview.extend({ created: z.string() }) });

// ---- mutations ------------------------------------------------------------------------------------------------------

/**
 * One save of a settings group (`save`: saveCompanySettings, or a store's): the whole settings come back and replace
 * the cached ones; the stores overview shows some of them, so it is read again.
 */
export function useSaveSettings<T>(tenantId: string, save: (body: T) => Promise<GeneralSettings>, view: ViewEffects<GeneralSettings, T> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (settings: GeneralSettings, body: T) => {
      client.setQueryData(generalSettingsKey(tenantId), settings);
      void client.invalidateQueries({ queryKey: storesAdminKey(tenantId) });
      view.onSuccess?.(settings, body);
    },
  });
}

type StoreAdded = Awaited<ReturnType<typeof addStore>>;

/** A new store: the overview is the answer; the settings and every store list are read again. */
export function useAddStore(tenantId: string, view: ViewEffects<StoreAdded, NewStore> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStore) => addStore(body),
    onSuccess: (result, body) => {
      client.setQueryData(storesAdminKey(tenantId), { companySlug: result.companySlug, stores: result.stores });
      void client.invalidateQueries({ queryKey: generalSettingsKey(tenantId) });
      void client.invalidateQueries({ queryKey: ['t', tenantId, 'stores'] });
      view.onSuccess?.(result, body);
    },
  });
}
