import { queryOptions } from '@tanstack/react-query';
import { GeneralSettings } from '../contract/generalSettings';
import type { CompanySettingsUpdate, StoreSettingsUpdate } from '../contract/generalSettings';
import { StoresOverview } from '../contract/storesAdmin';
import type { NewStore } from '../contract/storesAdmin';
import { z } from '../contract/zod';
import { apiRequest } from './http';

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
