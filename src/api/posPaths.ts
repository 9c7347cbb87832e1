/**
 * The addresses the register asks for as it opens (the store list, the store's registers, the open session's report),
 * without their schemas: the fetchers of ./pos.ts and ./stores.ts use them, and so does a page load's early start
 * (src/app/earlyStart.ts), which must not pull zod in. One builder for both, so their paths match to the character.
 */
const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const posPaths = {
  stores: () => '/api/stores',
  registers: (locationId: string | undefined) => `/api/pos/registers${query({ locationId })}`,
  session: (sessionId: string) => `/api/pos/sessions/${encodeURIComponent(sessionId)}`,
};
