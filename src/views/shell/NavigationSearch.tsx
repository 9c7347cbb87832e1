import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, Input, Menu, MenuItem, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavbarActor } from './navbarActor';
import { Icon } from '../ui/Icon';
import { IconButton } from '../ui/IconButton';
import * as menuStyles from '../ui/menu.css';
import type { NavigationSearchResult } from './navigation';
import { EntryIcon } from './Navigation';
import * as styles from './toolbar.css';

/** At most this many suggestions (spec 9). */
export const maxSuggestions = 10;

export type SearchResult = NavigationSearchResult;

/**
 * The toolbar's navigation search: opens over the toolbar with the input focused; suggestions are the items the
 * user may open whose title has a word starting with the query, in menu order, the matched part in bold; the
 * first is highlighted so Enter opens it. Escape, a click outside or the close button closes and clears it.
 */
export function NavigationSearch({ search }: { search: (query: string) => SearchResult[] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const openButton = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    // Back to where the search started, so keyboard users keep their place.
    requestAnimationFrame(() => openButton.current?.querySelector('button')?.focus());
  };
  return (
    <>
      <div ref={openButton}>
        <IconButton label={t('shell.search.open')} icon="search" onPress={() => setOpen(true)} />
      </div>
      {isOpen && <SearchPanel search={search} onClose={close} />}
    </>
  );
}

function SearchPanel({ search, onClose }: { search: (query: string) => SearchResult[]; onClose: () => void }) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const [query, setQuery] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const results = query.trim() ? search(query).slice(0, maxSuggestions) : [];

  // A press anywhere outside the panel closes it (and with it the query).
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [onClose]);

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div ref={panel} className={styles.searchPanel} onKeyDownCapture={onKeyDownCapture}>
      <Autocomplete inputValue={query} onInputChange={setQuery}>
        <SearchField aria-label={t('shell.search.label')} autoFocus className={styles.searchField}>
          <Icon name="search" />
          <Input placeholder={t('shell.search.placeholder')} className={styles.searchInput} />
        </SearchField>
        {query.trim() !== '' && (
          <div className={styles.suggestions}>
            <Menu
              aria-label={t('shell.search.suggestions')}
              items={results}
              className={menuStyles.menu}
              renderEmptyState={() => <p className={styles.noResults}>{t('shell.search.noResults')}</p>}
              onAction={() => {
                navbar.send({ type: 'navbar.itemChosen' });
                onClose();
              }}
            >
              {(result) => (
                <MenuItem id={result.item.id} href={result.item.url} textValue={result.title} className={menuStyles.item}>
                  <EntryIcon entry={result.item} title={result.title} />
                  <Highlighted title={result.title} ranges={result.ranges} />
                </MenuItem>
              )}
            </Menu>
          </div>
        )}
      </Autocomplete>
      <IconButton label={t('shell.search.close')} icon="close" onPress={onClose} />
    </div>
  );
}

/** The title with the matched parts in bold. */
function Highlighted({ title, ranges }: { title: string; ranges: ReadonlyArray<readonly [number, number]> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) parts.push(title.slice(at, start));
    parts.push(<strong key={start}>{title.slice(start, end)}</strong>);
    at = end;
  }
  parts.push(title.slice(at));
  return <span>{parts}</span>;
}
