import type { CodeSentAnswer, EForm, FormTokenAnswer, Section, SubmitAnswer } from '../contract/eforms';
import { apiRequest } from './http';

/**
 * The public eForm page's calls (spec 7; security.md: the server verifies the code and answers a form-scoped
 * token). None of them carries the signed-in session: `auth: 'none'`, the encrypted tenant as X-Tenant-ID and,
 * once the code is verified, the form token as the bearer (such a call is never refreshed: a 401 is its answer).
 * The answers are checked against the contract's schemas, loaded with the call.
 */

const schemas = () => import('../contract/eforms');

export interface PublicLink {
  uri: string;
  /** The encrypted tenant of getencryptedtenant. */
  tenant: string;
}

export function getEncryptedTenant({ tenantId }: { tenantId: string }, signal?: AbortSignal): Promise<{ tenant: string }> {
  return apiRequest(`/api/patient/getencryptedtenant?tenantid=${encodeURIComponent(tenantId)}`, {
    auth: 'none',
    signal,
    schema: () => schemas().then((m) => m.EncryptedTenantAnswer),
  });
}

export function getPublicForm(
  { uri, tenant, formToken }: PublicLink & { formToken: string | null },
  signal?: AbortSignal,
): Promise<EForm> {
  return apiRequest(`/api/patient/getcard?uri=${encodeURIComponent(uri)}`, {
    auth: 'none',
    tenantId: tenant,
    accessToken: formToken,
    signal,
    schema: () => schemas().then((m) => m.EForm),
  });
}

export function requestFormCode({ uri, tenant }: PublicLink, signal?: AbortSignal): Promise<CodeSentAnswer> {
  return apiRequest('/api/patient/euauthcode', {
    method: 'POST',
    auth: 'none',
    tenantId: tenant,
    body: { uri },
    signal,
    schema: () => schemas().then((m) => m.CodeSentAnswer),
  });
}

export function verifyFormCode({ uri, tenant, vCode }: PublicLink & { vCode: string }, signal?: AbortSignal): Promise<FormTokenAnswer> {
  return apiRequest('/api/patient/euverify', {
    method: 'POST',
    auth: 'none',
    tenantId: tenant,
    body: { uri, vCode },
    signal,
    schema: () => schemas().then((m) => m.FormTokenAnswer),
  });
}

export function submitPublicForm(
  { uri, tenant, formToken, sectionlists }: PublicLink & { formToken: string | null; sectionlists: Section[] },
  signal?: AbortSignal,
): Promise<SubmitAnswer> {
  return apiRequest('/api/patient/submitform', {
    method: 'POST',
    auth: 'none',
    tenantId: tenant,
    accessToken: formToken,
    body: { uri, sectionlists },
    signal,
    schema: () => schemas().then((m) => m.SubmitAnswer),
  });
}
