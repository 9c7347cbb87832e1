import type { CodeSentAnswer, EForm, FormTokenAnswer, Section, SubmitAnswer } from '../contract/eforms';
import { ApiError, apiRequest } from './http';
import { array, boolean, ErrorResponse as ErrorShape, fail, object, oneOf, optional, parseOrNull, record, shape, string } from './shapes';
import type { Check, Shape } from './shapes';

/**
 * The public eForm page's calls (spec 7; security.md: the server verifies the code and answers a form-scoped
 * token). None of them carries the signed-in session: `auth: 'none'`, the encrypted tenant as X-Tenant-ID and,
 * once the code is verified, the form token as the bearer (such a call is never refreshed: a 401 is its answer).
 *
 * The answers are checked with the hand-written shapes below, not the contract's zod schemas: the page (its own
 * entry, src/eformsMain.tsx) never downloads the schema library. Each shape passes what the zod schema of the same
 * name in src/contract/eforms.ts passes from the server and fills in the same defaults.
 */

/** A value or, when the key is missing, zod's `.default(...)`. */
const withDefault =
  <T>(check: Check<T>, fallback: () => T): Check<T> =>
  (value) =>
    value === undefined ? fallback() : check(value);

const flag = oneOf([0, 1]);
const list = <T>(item: Check<T>) => withDefault(array(item), () => []);

const section: Check<Section> = object({
  id: string,
  optionId: oneOf([1, 2, 3, 4, 5]),
  title: string,
  isRequired: withDefault(boolean, () => false),
  validated: withDefault(flag, () => 0 as const),
  textlists: list(object({ id: string, name: string, description: withDefault(string, () => '') })),
  checklists: list(
    object({
      name: string,
      checkItems: array(object({ id: string, name: string, ischecked: withDefault(boolean, () => false) })),
    }),
  ),
  radiolists: list(
    object({ name: string, radioItems: array(object({ id: string, name: string, description: withDefault(string, () => '') })) }),
  ),
  datelists: list(object({ id: string, name: string, description: withDefault(string, () => '') })),
  dropdownlists: list(
    object({
      id: string,
      name: string,
      description: withDefault(string, () => ''),
      options: array(object({ id: string, name: string })),
    }),
  ),
});

const number: Check<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : fail());
const yes: Check<true> = (value) => (value === true ? true : fail());

export const EncryptedTenantAnswer: Shape<{ tenant: string }> = shape(object({ tenant: string }));

export const PublicEForm: Shape<EForm> = shape(
  object({
    id: string,
    name: string,
    description: string,
    assignId: (value): string | 0 => (value === 0 ? 0 : string(value)),
    isSubmitted: flag,
    isLinkExpired: flag,
    isAuth: boolean,
    sectionlists: optional(array(section)),
    language: oneOf(['en', 'tr', 'ar']),
    translations: record(record(string)),
  }),
);

export const CodeSent: Shape<CodeSentAnswer> = shape(object({ sent: yes, resent: boolean, destination: string }));
export const FormToken: Shape<FormTokenAnswer> = shape(object({ formToken: string, expiresIn: number }));
export const Submitted: Shape<SubmitAnswer> = shape(object({ submitted: yes, alreadySubmitted: boolean }));

export interface PublicLink {
  uri: string;
  /** The encrypted tenant of getencryptedtenant. */
  tenant: string;
}

/**
 * The answers src/eformsPrefetch.ts started before the page's bundle arrived (eforms.html): each is taken once, by
 * the first call for the same link (the first load; Retry and later loads fetch). A call stopped before its answer
 * arrives gives it back, so the actor React starts again in its place (see src/actors/publicEform.ts) still finds it.
 */
function takePrefetched<K extends 'tenant' | 'card'>(key: K, signal: AbortSignal | undefined): NonNullable<EformPrefetch[K]> | null {
  const early = typeof window === 'undefined' ? undefined : window.eformPrefetch;
  const value = early?.[key];
  if (!early || !value) return null;
  early[key] = undefined;
  if (signal) {
    const giveBack = () => {
      early[key] ??= value;
    };
    signal.addEventListener('abort', giveBack, { once: true });
    void (value as Promise<unknown>)
      .then((settled) => (settled && typeof settled === 'object' && 'answer' in settled ? settled.answer : settled))
      .then(
        () => signal.removeEventListener('abort', giveBack),
        () => signal.removeEventListener('abort', giveBack),
      );
  }
  return value;
}

/** A prefetched answer checked as apiRequest checks one (src/api/http.ts). */
function checked<T>({ status, json }: EformPrefetchAnswer, schema: Shape<T>): T {
  if (status < 200 || status > 299) throw new ApiError(status, parseOrNull(ErrorShape, json));
  return schema.parse(json);
}

/** The prefetch of this page load when it was made for this link. */
function prefetchFor(link: { tenantId: string } | { uri: string }): EformPrefetch | null {
  const early = typeof window === 'undefined' ? undefined : window.eformPrefetch;
  if (!early) return null;
  return ('tenantId' in link ? early.tenantId === link.tenantId : early.uri === link.uri) ? early : null;
}

/**
 * The encrypted tenant the server put into eforms.html for the tenantid of the page's own link (server/eforms/page.ts,
 * `<meta name="eform-tenant">`): only for that link, and only on that page (the app's own /eforms route has none).
 */
function pageTenant(tenantId: string): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector<HTMLMetaElement>('meta[name="eform-tenant"]')?.content;
  return value && new URLSearchParams(location.search).get('tenantid') === tenantId ? value : null;
}

export function getEncryptedTenant({ tenantId }: { tenantId: string }, signal?: AbortSignal): Promise<{ tenant: string }> {
  const inPage = pageTenant(tenantId);
  if (inPage) return Promise.resolve({ tenant: inPage });
  const early = prefetchFor({ tenantId }) && takePrefetched('tenant', signal);
  if (early) return early.then((answer) => checked(answer, EncryptedTenantAnswer));
  return apiRequest(`/api/patient/getencryptedtenant?tenantid=${encodeURIComponent(tenantId)}`, {
    auth: 'none',
    signal,
    schema: EncryptedTenantAnswer,
  });
}

export function getPublicForm(
  { uri, tenant, formToken }: PublicLink & { formToken: string | null },
  signal?: AbortSignal,
): Promise<EForm> {
  const early = !formToken && prefetchFor({ uri }) ? takePrefetched('card', signal) : null;
  if (early) {
    return early.then(async (card) =>
      card && card.tenant === tenant ? checked(await card.answer, PublicEForm) : fetchPublicForm({ uri, tenant, formToken }, signal),
    );
  }
  return fetchPublicForm({ uri, tenant, formToken }, signal);
}

function fetchPublicForm({ uri, tenant, formToken }: PublicLink & { formToken: string | null }, signal?: AbortSignal): Promise<EForm> {
  return apiRequest(`/api/patient/getcard?uri=${encodeURIComponent(uri)}`, {
    auth: 'none',
    tenantId: tenant,
    accessToken: formToken,
    signal,
    schema: PublicEForm,
  });
}

export function requestFormCode({ uri, tenant }: PublicLink, signal?: AbortSignal): Promise<CodeSentAnswer> {
  return apiRequest('/api/patient/euauthcode', {
    method: 'POST',
    auth: 'none',
    tenantId: tenant,
    body: { uri },
    signal,
    schema: CodeSent,
  });
}

export function verifyFormCode({ uri, tenant, vCode }: PublicLink & { vCode: string }, signal?: AbortSignal): Promise<FormTokenAnswer> {
  return apiRequest('/api/patient/euverify', {
    method: 'POST',
    auth: 'none',
    tenantId: tenant,
    body: { uri, vCode },
    signal,
    schema: FormToken,
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
    schema: Submitted,
  });
}
