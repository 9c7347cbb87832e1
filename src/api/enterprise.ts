import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Company, CompanyCreated, CompanyList, PortalMappingRow, PortalMappingRows } from '../contract/enterprise';
import type { CompanyUpdate, NewCompany, PortalMappingInput, StoreInput } from '../contract/enterprise';
import { z } from '../contract/zod';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

/**
 * The enterprise admin's calls across companies (/api/enterprise/...): the companies with their stores and the
 * sign-in addresses. Every query starts with the platform tenant's key, which the session's end clears.
 */
export const enterpriseKey = (tenantId: string) => ['t', tenantId, 'enterprise'] as const;

const companyPath = (companyId: string) => `/api/enterprise/companies/${encodeURIComponent(companyId)}`;
const mappingPath = (mappingId: string) => `/api/enterprise/portal-mappings/${encodeURIComponent(mappingId)}`;

export const fetchCompanies = (signal?: AbortSignal) => apiRequest('/api/enterprise/companies', { schema: CompanyList, signal });
export const fetchCompany = (companyId: string, signal?: AbortSignal) => apiRequest(companyPath(companyId), { schema: Company, signal });
export const fetchMappings = (search: string, signal?: AbortSignal) =>
  apiRequest(`/api/enterprise/portal-mappings${search ? `?search=${encodeURIComponent(search)}` : ''}`, { schema: PortalMappingRows, signal });

export const createCompany = (input: NewCompany) =>
  apiRequest('/api/enterprise/companies', { method: 'POST', body: input, schema: CompanyCreated });
export const updateCompany = (companyId: string, input: CompanyUpdate) =>
  apiRequest(companyPath(companyId), { method: 'PUT', body: input, schema: Company });
/** Adds a store (with its sign-in address /{company}/{store}) to a company; the company with its stores. */
export const addCompanyStore = (companyId: string, input: StoreInput) =>
  apiRequest(`${companyPath(companyId)}/stores`, { method: 'POST', body: input, schema: Company });
export const setCompanySuspended = (companyId: string, suspended: boolean) =>
  apiRequest(`${companyPath(companyId)}/suspension`, { method: 'PUT', body: { suspended }, schema: Company });

/** Creates a mapping (no id) or changes one. */
export const saveMapping = (id: string | null, input: PortalMappingInput) =>
  apiRequest(id ? mappingPath(id) : '/api/enterprise/portal-mappings', { method: id ? 'PUT' : 'POST', body: input, schema: PortalMappingRow });
export const removeMapping = (id: string) => apiRequest(mappingPath(id), { method: 'DELETE', schema: z.object({ id: z.string() }) });

export const enterpriseQueries = {
  companies: (tenantId: string) =>
    queryOptions({ queryKey: [...enterpriseKey(tenantId), 'companies'], queryFn: ({ signal }) => fetchCompanies(signal) }),
  company: (tenantId: string, companyId: string) =>
    queryOptions({ queryKey: [...enterpriseKey(tenantId), 'companies', companyId], queryFn: ({ signal }) => fetchCompany(companyId, signal) }),
  mappings: (tenantId: string, search: string) =>
    queryOptions({ queryKey: [...enterpriseKey(tenantId), 'mappings', search], queryFn: ({ signal }) => fetchMappings(search, signal) }),
};

/** Saves a portal mapping (a new one when `id` is null); the enterprise's lists load again, then `onSaved`. */
export function useSaveMapping(tenantId: string, id: string | null, onSaved: (saved: PortalMappingRow) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalMappingInput) => saveMapping(id, input),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: enterpriseKey(tenantId) });
      onSaved(saved);
    },
  });
}

/** Removes a portal mapping; the enterprise's lists load again. `options` are the page's own steps. */
export function useRemoveMapping(tenantId: string, options: { onSuccess: (removed: PortalMappingRow) => void; onError: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: PortalMappingRow) => removeMapping(m.id),
    onSuccess: (_done, m) => {
      options.onSuccess(m);
      void client.invalidateQueries({ queryKey: enterpriseKey(tenantId) });
    },
    onError: options.onError,
  });
}

/** A new company: the enterprise's lists load again. */
export function useCreateCompany(tenantId: string, view: ViewEffects<Awaited<ReturnType<typeof createCompany>>, NewCompany> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCompany) => createCompany(input),
    onSuccess: (created, input) => {
      void client.invalidateQueries({ queryKey: enterpriseKey(tenantId) });
      view.onSuccess?.(created, input);
    },
  });
}

/** A change answers the company: shown at once, and the enterprise's lists load again. */
function useCompanyChanged(tenantId: string, companyId: string) {
  const client = useQueryClient();
  return (updated: Company) => {
    client.setQueryData(enterpriseQueries.company(tenantId, companyId).queryKey, updated);
    void client.invalidateQueries({ queryKey: enterpriseKey(tenantId) });
  };
}

export function useUpdateCompany(tenantId: string, companyId: string, view: ViewEffects<Company, CompanyUpdate> = {}) {
  const changed = useCompanyChanged(tenantId, companyId);
  return useMutation({
    mutationFn: (input: CompanyUpdate) => updateCompany(companyId, input),
    onSuccess: (updated, input) => {
      changed(updated);
      view.onSuccess?.(updated, input);
    },
  });
}

export function useSetCompanySuspended(tenantId: string, companyId: string, view: ViewEffects<Company, boolean> = {}) {
  const changed = useCompanyChanged(tenantId, companyId);
  return useMutation({
    mutationFn: (suspended: boolean) => setCompanySuspended(companyId, suspended),
    onSuccess: (updated, suspended) => {
      changed(updated);
      view.onSuccess?.(updated, suspended);
    },
    onError: view.onError,
  });
}

export function useAddCompanyStore(tenantId: string, companyId: string, view: ViewEffects<Company, StoreInput> = {}) {
  const changed = useCompanyChanged(tenantId, companyId);
  return useMutation({
    mutationFn: (input: StoreInput) => addCompanyStore(companyId, input),
    onSuccess: (updated, input) => {
      changed(updated);
      view.onSuccess?.(updated, input);
    },
  });
}
