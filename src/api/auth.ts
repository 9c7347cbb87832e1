import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { LoginResponse, MeResponse, PortalMapping } from '../contract/auth';
import type { LoginRequest } from '../contract/auth';
import { apiRequest } from './http';

/** The public sign-in address /{company}/{store}: which tenant and location it stands for. 404 when unknown. */
export function fetchPortalMapping(company: string, store: string, signal?: AbortSignal) {
  const path = `/api/portal/${encodeURIComponent(company)}/${encodeURIComponent(store)}`;
  return apiRequest(path, { schema: PortalMapping, signal });
}

/** Public, so its key carries no tenant: the mapping is what tells us the tenant. */
export const portalMappingQuery = (company: string, store: string) =>
  queryOptions({
    queryKey: ['public', 'portal', company, store],
    queryFn: ({ signal }) => fetchPortalMapping(company, store, signal),
    staleTime: Infinity,
  });

/** Sets the HttpOnly refresh cookie; the access token comes back in the body. */
export function login(request: LoginRequest, signal?: AbortSignal) {
  return apiRequest('/api/patient/login', { method: 'POST', body: request, schema: LoginResponse, signal });
}

export function fetchMe(accessToken: string, signal?: AbortSignal) {
  return apiRequest('/api/patient/me', { accessToken, schema: MeResponse, signal });
}

/** Revokes the refresh family on the server; the answer has no content the app needs. */
export function logout(accessToken: string, signal?: AbortSignal) {
  return apiRequest('/api/patient/logout', { method: 'POST', accessToken, schema: z.unknown(), signal });
}
