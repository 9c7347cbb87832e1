import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import * as list from './listPage.css';
import { usePageSearch } from './pageAddress';

/** How long a list's search waits after the last keystroke before it goes to the address. */
export const searchDelayMs = 300;
/** The longest search a list keeps. */
export const searchMax = 100;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list's filter as the address keeps it (?search=&store=), so that Back returns to the same list. */
function filterOf(query: string) {
  const params = new URLSearchParams(query);
  const search = (params.get('search') ?? '').trim().slice(0, searchMax);
  const store = params.get('store') ?? '';
  return { search, store: uuidPattern.test(store) ? store : '' };
}

function writeFilter(filter: { search: string; store: string }) {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(filter)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  const next = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (next !== window.location.pathname + window.location.search) navigate(next, { replace: true });
}

/**
 * A list page's search and store filter, kept in the address: `filter` is what the address says (what the list
 * shows), `text` what the search field holds. Typing settles for a moment, then the search goes to the address
 * (replacing it: one history entry per list); when the address changes by itself (Back, Forward, a link), the field
 * follows it.
 */
export function useAddressFilter() {
  const filter = filterOf(usePageSearch());
  const [text, setText] = useState(filter.search);
  const written = useRef(filter.search);

  useEffect(() => {
    const search = text.trim();
    if (search === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = search;
      writeFilter({ search, store: filter.store });
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text, filter.store]);

  useEffect(() => {
    if (filter.search !== written.current) {
      written.current = filter.search;
      setText(filter.search);
    }
  }, [filter.search]);

  return {
    filter,
    text,
    setText,
    setStore: (store: string) => writeFilter({ search: written.current, store }),
    /** Empties the search at once (no wait). */
    clearSearch: () => {
      setText('');
      written.current = '';
      writeFilter({ search: '', store: filter.store });
    },
  };
}

/** A list's store filter: all stores, or one of `stores`; `extra`: options after the stores. Its words are the page's (`texts`.store, .allStores). */
export function StoreFilter({
  texts,
  stores,
  value,
  onChange,
  extra,
}: {
  texts: 'patientList' | 'labOrderLookup';
  stores: readonly { id: string; name: string }[] | undefined;
  value: string;
  onChange: (store: string) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label className={list.field}>
      <span className={list.label}>{t(`${texts}.store`)}</span>
      <select className={list.select} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t(`${texts}.allStores`)}</option>
        {stores?.map((store) => (
          <option key={store.id} value={store.id} dir="auto">
            {store.name}
          </option>
        ))}
        {extra}
      </select>
    </label>
  );
}
