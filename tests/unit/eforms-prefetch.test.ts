import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEncryptedTenant, getPublicForm } from '../../src/api/eformsPublic';
import { ApiError } from '../../src/api/http';
import { formRecord, link, paths } from '../machines/eformFixtures';

// eforms.html starts the page's first two calls in src/eformsPrefetch.ts before the page's bundle arrives; the
// page's calls (src/api/eformsPublic.ts) take each answer once, for the same link only, and check it as their own.

const form = formRecord({ isAuth: false });

interface Sent {
  url: string;
  headers: Record<string, string>;
}

let sent: Sent[];
let answers: Record<string, { status: number; body: unknown }>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answers = { [paths.tenant]: { status: 200, body: { tenant: link.tenant } }, [paths.card]: { status: 200, body: form } };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, headers: { ...(init.headers as Record<string, string>) } });
      const answer = answers[url];
      return Promise.resolve(answer ? json(answer.status, answer.body) : json(404, { error: 'Not found' }));
    }),
  );
});

afterEach(() => {
  document.querySelector('meta[name="eform-tenant"]')?.remove();
  delete window.eformPrefetch;
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.resetModules();
});

/**
 * Runs src/eformsPrefetch.ts as eforms.html does, on a page opened at `search`; `pageTenant` is the encrypted tenant
 * the server put into the page (server/eforms/page.ts), if any.
 */
async function openPage(search: string, pageTenant?: string) {
  window.history.replaceState(null, '', `/eforms${search}`);
  if (pageTenant) {
    const meta = document.createElement('meta');
    meta.name = 'eform-tenant';
    meta.content = pageTenant;
    document.head.append(meta);
  }
  vi.resetModules();
  await import('../../src/eformsPrefetch');
  await vi.waitFor(() => expect(sent).toHaveLength(search.includes('uri=') ? (pageTenant ? 1 : 2) : 0));
}

const linkQuery = `?tenantid=${link.tenantId}&uri=${link.uri}`;

describe('the eForm prefetch', () => {
  it('makes the page’s own two requests, one after the other, without the session', async () => {
    await openPage(linkQuery);
    expect(sent).toEqual([
      { url: paths.tenant, headers: { Accept: 'application/json' } },
      { url: paths.card, headers: { Accept: 'application/json', 'X-Tenant-ID': link.tenant } },
    ]);
  });

  it('with the encrypted tenant in the page, asks getcard at once and the page’s tenant step takes the page’s value', async () => {
    await openPage(linkQuery, 'enc-in-page');
    expect(sent).toEqual([{ url: paths.card, headers: { Accept: 'application/json', 'X-Tenant-ID': 'enc-in-page' } }]);
    expect(window.eformPrefetch?.tenant).toBeUndefined();
    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: 'enc-in-page' });
    await expect(getPublicForm({ uri: link.uri, tenant: 'enc-in-page', formToken: null })).resolves.toEqual(form);
    expect(sent).toHaveLength(1);
    // Retry uses it again, without getencryptedtenant.
    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: 'enc-in-page' });
    await expect(getPublicForm({ uri: link.uri, tenant: 'enc-in-page', formToken: null })).resolves.toEqual(form);
    expect(sent.map((request) => request.url)).toEqual([paths.card, paths.card]);
  });

  it('uses the page’s value for the page’s own tenantid only', async () => {
    await openPage(linkQuery, 'enc-in-page');
    const otherTenant = '0b7e7f52-9d8a-4c1e-a0b2-5e6f7a8b9c0d';
    answers[`/api/patient/getencryptedtenant?tenantid=${otherTenant}`] = { status: 200, body: { tenant: 'enc-other' } };
    await expect(getEncryptedTenant({ tenantId: otherTenant })).resolves.toEqual({ tenant: 'enc-other' });
    expect(sent.at(-1)?.url).toBe(`/api/patient/getencryptedtenant?tenantid=${otherTenant}`);
  });

  it('makes none for a link without its tenant or uri', async () => {
    await openPage(`?tenantid=${link.tenantId}`);
    expect(window.eformPrefetch).toBeUndefined();
  });

  it('hands each answer over once: the first load takes them, Retry and later loads fetch', async () => {
    await openPage(linkQuery);
    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: link.tenant });
    await expect(getPublicForm({ uri: link.uri, tenant: link.tenant, formToken: null })).resolves.toEqual(form);
    expect(sent).toHaveLength(2);

    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: link.tenant });
    await expect(getPublicForm({ uri: link.uri, tenant: link.tenant, formToken: null })).resolves.toEqual(form);
    expect(sent.map((request) => request.url)).toEqual([paths.tenant, paths.card, paths.tenant, paths.card]);
  });

  it('is not used for another link, another tenant or a call with the form token', async () => {
    await openPage(linkQuery);
    const otherTenant = '0b7e7f52-9d8a-4c1e-a0b2-5e6f7a8b9c0d';
    answers[`/api/patient/getencryptedtenant?tenantid=${otherTenant}`] = { status: 200, body: { tenant: 'enc-other' } };
    await expect(getEncryptedTenant({ tenantId: otherTenant })).resolves.toEqual({ tenant: 'enc-other' });
    answers['/api/patient/getcard?uri=other-uri'] = { status: 200, body: { ...form, name: 'Other' } };
    await expect(getPublicForm({ uri: 'other-uri', tenant: link.tenant, formToken: null })).resolves.toMatchObject({ name: 'Other' });
    await expect(getPublicForm({ uri: link.uri, tenant: link.tenant, formToken: 'form-token' })).resolves.toEqual(form);
    expect(sent.at(-1)?.headers.Authorization).toBe('Bearer form-token');
    expect(sent).toHaveLength(5);

    // Still there for the page's own first calls.
    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: link.tenant });
    await expect(getPublicForm({ uri: link.uri, tenant: link.tenant, formToken: null })).resolves.toEqual(form);
    expect(sent).toHaveLength(5);
  });

  it('fetches the form when the page’s encrypted tenant is not the one the prefetch used', async () => {
    await openPage(linkQuery);
    answers[paths.card] = { status: 200, body: { ...form, name: 'Fetched' } };
    await expect(getPublicForm({ uri: link.uri, tenant: 'enc-another', formToken: null })).resolves.toMatchObject({ name: 'Fetched' });
    expect(sent.at(-1)).toEqual({ url: paths.card, headers: { Accept: 'application/json', 'X-Tenant-ID': 'enc-another' } });
  });

  it('checks a prefetched answer as its own: an error answer is the API’s error', async () => {
    answers[paths.card] = { status: 410, body: { error: 'Expired!' } };
    await openPage(linkQuery);
    await getEncryptedTenant({ tenantId: link.tenantId });
    const failure = getPublicForm({ uri: link.uri, tenant: link.tenant, formToken: null });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 410, body: { error: 'Expired!' } });
    expect(sent).toHaveLength(2);
  });

  it('gives an answer back when the call taking it is stopped before it arrives', async () => {
    await openPage(linkQuery);
    const stopped = new AbortController();
    void getEncryptedTenant({ tenantId: link.tenantId }, stopped.signal);
    stopped.abort();
    await expect(getEncryptedTenant({ tenantId: link.tenantId })).resolves.toEqual({ tenant: link.tenant });
    expect(sent).toHaveLength(2);
  });
});
