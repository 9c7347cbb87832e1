/** An answer of the API as src/eformsPrefetch.ts keeps it: the status and the parsed JSON body (null if none). */
interface EformPrefetchAnswer {
  status: number;
  json: unknown;
}

/** What src/eformsPrefetch.ts leaves for the public eForm page (taken once each by src/api/eformsPublic.ts). */
interface EformPrefetch {
  /** The link the calls were made for (the page's query: tenantid, uri). */
  tenantId: string;
  uri: string;
  /** GET /api/patient/getencryptedtenant?tenantid=...; not made when the page carries the encrypted tenant (meta). */
  tenant?: Promise<EformPrefetchAnswer>;
  /** GET /api/patient/getcard?uri=... with that encrypted tenant; null when getencryptedtenant did not answer one. */
  card?: Promise<{ tenant: string; answer: Promise<EformPrefetchAnswer> } | null>;
}

interface Window {
  eformPrefetch?: EformPrefetch;
}
