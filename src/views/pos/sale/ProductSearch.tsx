import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { posKey } from '../../../api/pos';
import { Barcode } from '../../../contract/pos';
import type { ProductHit } from '../../../contract/pos';
import { translateError } from '../../../i18n/apiErrors';
import { readSearchText, writeSearchText } from '../../../pos/searchText';
import { useFormats } from '../../shared/format';
import { findByBarcode, findProducts } from './productLookup';
import * as styles from './sale.css';

/** Keystrokes closer than this are a scanner's, not a person's. */
const scannerGapMs = 35;

const productSearch = (tenantId: string, locationId: string, q: string) =>
  queryOptions({
    queryKey: [...posKey(tenantId), 'products', locationId, q],
    queryFn: ({ signal }) => findProducts({ tenantId, locationId }, q, 20, signal),
    // Asked even without a connection (the device answers then); a device's answer is asked again next time.
    networkMode: 'always',
    staleTime: (query) => (query.state.data?.offline ? 0 : 30_000),
  });

/**
 * The product search of the register (pos.md keyboard): results as the clerk types (never the whole catalogue),
 * arrows move the highlight, Enter adds it; a scanner (characters within a few ms, then Enter) adds the product with
 * that barcode. The field keeps the focus after each add, ready for the next item.
 */
export const ProductSearch = forwardRef<HTMLInputElement, { tenantId: string; locationId: string; registerId: string; currency: string; onAdd: (product: ProductHit) => void }>(
  function ProductSearch({ tenantId, locationId, registerId, currency, onAdd }, ref) {
    const { t, i18n } = useTranslation();
    const formats = useFormats();
    const id = useId();
    // A search half-typed when the page went comes back (this tab, this register), results and all.
    const [text, setText] = useState(() => readSearchText(window.sessionStorage, { tenantId, locationId, registerId }));
    const [query, setQuery] = useState('');
    const [highlight, setHighlight] = useState(0);
    const [message, setMessage] = useState<string | null>(null);
    const [looking, setLooking] = useState(false);
    const typing = useRef<{ last: number; fast: boolean }>({ last: 0, fast: true });

    // The register promises results within 150 ms of the last keystroke. A key typed after a person's gap cannot be
    // part of a scan: its search is asked at once (an older one still on its way is cancelled, its signal reaching
    // fetch). Keys in a scanner's rhythm (a field's first key too) wait for a pause as long as a scanner's gap, so a
    // scan asks nothing before its Enter.
    useEffect(() => {
      if (!typing.current.fast) return void setQuery(text.trim());
      const timer = setTimeout(() => setQuery(text.trim()), scannerGapMs);
      return () => clearTimeout(timer);
    }, [text]);
    useEffect(() => writeSearchText(window.sessionStorage, { tenantId, locationId, registerId }, text), [tenantId, locationId, registerId, text]);
    const results = useQuery({ ...productSearch(tenantId, locationId, query), enabled: query !== '' && tenantId !== '', placeholderData: keepPreviousData });
    const items = query && text.trim() ? (results.data?.items ?? []) : [];
    const fromDevice = Boolean(query && text.trim() && results.data?.offline);
    useEffect(() => setHighlight(0), [query]);

    const add = (product: ProductHit) => {
      onAdd(product);
      setText('');
      setQuery('');
      setMessage(null);
    };

    const scan = async (code: string) => {
      setLooking(true);
      try {
        const { product } = await findByBarcode({ tenantId, locationId }, code);
        if (product) add(product);
        else setMessage(t('posSale.search.offlineBarcode', { barcode: code }));
      } catch (error) {
        setMessage(translateError(i18n, error));
      } finally {
        setLooking(false);
      }
    };

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      const now = performance.now();
      if (event.key.length === 1) {
        // A fresh field starts a fresh guess; each further character must follow within the scanner's gap.
        typing.current = text === '' ? { last: now, fast: true } : { last: now, fast: typing.current.fast && now - typing.current.last <= scannerGapMs };
        return;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        if (items.length) setHighlight((h) => (h + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
        return;
      }
      if (event.key === 'Escape' && text) {
        event.preventDefault();
        setText('');
        return;
      }
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const code = text.trim();
      // A scanner's digits (or letters and digits nothing was found for yet), or digits typed by hand that match no
      // product: a barcode.
      const fast = typing.current.fast && Barcode.safeParse(code).success;
      const digits = /^\d{6,}$/.test(code);
      // Results of a shorter query, still shown while these digits are asked (a search is asked at each key a person
      // types), say nothing about the digits themselves.
      const foundForCode = !results.isPlaceholderData && query === code ? items : [];
      if ((fast && (digits || items.length === 0)) || (digits && foundForCode.length === 0)) return void scan(code);
      const chosen = items[highlight];
      if (chosen) add(chosen);
    };

    const listId = `${id}-results`;
    const active = items[highlight] ? `${id}-${items[highlight].id}` : undefined;
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('posSale.search.label')}
        </label>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={active}
          aria-autocomplete="list"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          maxLength={100}
          data-sale-search=""
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setMessage(null);
          }}
          onKeyDown={onKeyDown}
        />
        <span id={`${id}-hint`} className={styles.muted}>
          {t('posSale.search.hint')}
        </span>
        <ul id={listId} role="listbox" aria-label={t('posSale.search.results')} className={items.length ? styles.results : undefined} hidden={items.length === 0}>
          {items.map((product, index) => (
            <li
              key={product.id}
              id={`${id}-${product.id}`}
              role="option"
              aria-selected={index === highlight}
              className={styles.result}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(product)}
            >
              <span>
                {product.name}
                {product.colour && ` · ${product.colour}`}
                {product.stock !== null && ` · ${t('posSale.search.stock', { count: product.stock })}`}
              </span>
              <span className={styles.amount}>{formats.money(product.price, currency)}</span>
            </li>
          ))}
        </ul>
        <span role="status" className={styles.muted}>
          {fromDevice && `${t('posSale.search.offline')} `}
          {looking && t('posSale.search.scanning')}
          {query && text.trim() && results.isSuccess && !results.isPlaceholderData && items.length === 0 && t('posSale.search.none', { query })}
        </span>
        {message && (
          <span role="alert" className={styles.error}>
            {message}
          </span>
        )}
      </div>
    );
  },
);
