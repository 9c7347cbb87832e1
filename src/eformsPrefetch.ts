/**
 * The public eForm page's first two calls, started before its bundle arrives (eforms.html loads this module on its
 * own, ahead of src/eformsMain.tsx; docs/architecture.md, "The browser bundle"). It makes exactly the requests the
 * page would make (src/api/eformsPublic.ts: getencryptedtenant, then getcard with the encrypted tenant as
 * X-Tenant-ID, no session) and leaves the answers on `window.eformPrefetch`; the page's actors take each one once,
 * for the same link, and check it as they check their own answers. No imports: it stays a few hundred bytes.
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

if (tenantId && uri) {
  const tenant = get(`/api/patient/getencryptedtenant?tenantid=${encodeURIComponent(tenantId)}`);
  const card = tenant.then(({ status, json }) => {
    const encrypted = status === 200 && json && typeof json === 'object' ? (json as { tenant?: unknown }).tenant : null;
    return typeof encrypted === 'string'
      ? { tenant: encrypted, answer: get(`/api/patient/getcard?uri=${encodeURIComponent(uri)}`, encrypted) }
      : null;
  });
  // A page that never takes them (or a network failure) must not report an unhandled rejection.
  card.then((next) => next?.answer.catch(() => {}), () => {});
  window.eformPrefetch = { tenantId, uri, tenant, card };
}

export {};
