/**
 * What the clerk had typed in the register's product search, kept for this tab only (sessionStorage, per tenant,
 * store and register): a reload gives the half-typed search back. It goes when the sale is completed, queued,
 * parked or cancelled (the next sale starts with an empty field: src/app/saleActor.ts) and when the session ends
 * (src/app/sessionActor.ts, with the rest of the session's data). No imports: the shell forgets it at logout.
 */
const prefix = 'pos.search.';
const searchKey = (tenantId: string, locationId: string, registerId: string) => `${prefix}${tenantId}.${locationId}.${registerId}`;
/** The field's own bound. */
const SEARCH_MAX = 100;

export interface SearchPlace {
  tenantId: string;
  locationId: string;
  registerId: string;
}

export function readSearchText(storage: Storage, { tenantId, locationId, registerId }: SearchPlace): string {
  try {
    return (storage.getItem(searchKey(tenantId, locationId, registerId)) ?? '').slice(0, SEARCH_MAX);
  } catch {
    // Storage refused: the field starts empty.
    return '';
  }
}

export function writeSearchText(storage: Storage, { tenantId, locationId, registerId }: SearchPlace, text: string) {
  try {
    const key = searchKey(tenantId, locationId, registerId);
    if (text) storage.setItem(key, text.slice(0, SEARCH_MAX));
    else storage.removeItem(key);
  } catch {
    // Refused: only a reload would lose what was typed.
  }
}

/** Every register's search text in this tab (the session ended: the next person starts with empty fields). */
export function forgetSearchTexts(storage: Storage) {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(prefix) ?? false);
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Refused: nothing was kept.
  }
}
