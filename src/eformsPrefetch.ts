/**
 * The public eForm page's first two calls, started before its bundle arrives (eforms.html loads this module on its
 * own, ahead of src/eformsMain.tsx; docs/architecture.md, "The browser bundle"). It makes exactly the requests the
 * page would make (src/api/eformsPublic.ts: getencryptedtenant, then getcard with the encrypted tenant as
 * X-Tenant-ID, no session) and leaves the answers on `window.eformPrefetch`; the page's actors take each one once,
 * for the same link, and check it as they check their own answers. When the server already put the encrypted tenant
 * into the page (`<meta name="eform-tenant">`, server/eforms/page.ts) it skips getencryptedtenant and asks getcard at
 * once. No imports: it stays a few hundred bytes.
 */
const query = new URLSearchParams(location.search);
const tenantId = query.get('tenantid');
const uri = query.get('uri');

const get = (path: string, tenant?: string): Promise<EformPrefetchAnswer> =>
  fetch(path, {
    headers: tenant ? { Accept: 'application/json', 'X-Tenant-ID': tenant } : { Accept: 'application/json' },
    credentials: 'same-origin',
  }).then((response) =>
    response.json().then(
      (json: unknown) => ({ status: response.status, json }),
      () => ({ status: response.status, json: null }),
    ),
  );

// The encrypted tenant the server put into the page for this link's tenantid (server/eforms/page.ts); without it
// (no valid tenantid) the page's first call is getencryptedtenant.
const inPage = document.querySelector<HTMLMetaElement>('meta[name="eform-tenant"]')?.content;

if (tenantId && uri) {
  const cardFor = (encrypted: string) => ({ tenant: encrypted, answer: get(`/api/patient/getcard?uri=${encodeURIComponent(uri)}`, encrypted) });
  const tenant = inPage ? undefined : get(`/api/patient/getencryptedtenant?tenantid=${encodeURIComponent(tenantId)}`);
  const card = tenant
    ? tenant.then(({ status, json }) => {
        const encrypted = status === 200 && json && typeof json === 'object' ? (json as { tenant?: unknown }).tenant : null;
        return typeof encrypted === 'string' ? cardFor(encrypted) : null;
      })
    : Promise.resolve(cardFor(inPage!));
  // A page that never takes them (or a network failure) must not report an unhandled rejection.
  card.then((next) => next?.answer.catch(() => {}), () => {});
  window.eformPrefetch = { tenantId, uri, tenant, card };
}

export {};
