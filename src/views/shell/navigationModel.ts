import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { navigationFor, searchNavigation } from './navigation';
import type { NavigationItem, NavigationSearchResult } from './navigation';
import { useSessionActor } from '../ui/session';

/**
 * What the shell needs of a navigation entry (src/views/shell/navigation.ts holds the data and the access rule). Kept
 * structural so the renderer depends on fields, not on how the table is written.
 */
export interface NavEntry {
  id: string;
  type: 'group' | 'collapse' | 'item' | 'link' | 'divider';
  title?: string;
  /** i18n key of the title; `title` is the English fallback. */
  translate?: string;
  icon?: string;
  url?: string;
  /** Active only on an exact match of the path. */
  exact?: boolean;
  badge?: { title: string; bg?: string; fg?: string };
  children?: readonly NavEntry[];
}

/** The entry's title in the reader's language. */
export function useEntryTitle() {
  const { t } = useTranslation();
  return useCallback(
    (entry: NavEntry) =>
      entry.translate ? t(entry.translate, { defaultValue: entry.title ?? entry.id }) : (entry.title ?? entry.id),
    [t],
  );
}

/**
 * The signed-in user's navigation (their roles and menu access flags; a guest's is Login and Register) and the
 * search over it, matching titles in the reader's language.
 */
export function useShellNavigation() {
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.session?.user ?? null);
  const titleOf = useEntryTitle();
  const items: NavigationItem[] = useMemo(
    () => navigationFor(user?.role ?? [], user?.data.settings.navigation ?? []),
    [user],
  );
  const search = useCallback(
    (query: string): NavigationSearchResult[] => searchNavigation(items, query, titleOf),
    [items, titleOf],
  );
  return { items, search };
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

/** Routes match case-insensitively (wouter), so does the active item. */
export function isActivePath(entry: NavEntry, path: string): boolean {
  if (!entry.url || entry.type !== 'item') return false;
  const url = normalise(entry.url);
  const current = normalise(path);
  return entry.exact ? current === url : current === url || current.startsWith(`${url}/`);
}

/**
 * Whether the current path is a page of this entry's section without being the entry's own page: an entry whose
 * address ends in /all stands for the addresses under its parent (Patients, /admin/patients/all, while a chart
 * /admin/patients/{id}/{n} is open). The navigation highlights it and keeps it a link (back to the list).
 */
export function isInSection(entry: NavEntry, path: string): boolean {
  if (!entry.url || entry.type !== 'item' || entry.exact || isActivePath(entry, path)) return false;
  const url = normalise(entry.url);
  if (!url.endsWith('/all')) return false;
  return normalise(path).startsWith(`${url.slice(0, -'all'.length)}`);
}

/** Whether the current path is this entry or below it (a collapse opens itself then). */
export function containsPath(entry: NavEntry, path: string): boolean {
  return isActivePath(entry, path) || isInSection(entry, path) || (entry.children ?? []).some((child) => containsPath(child, path));
}

export function useCurrentPath() {
  const [path] = useLocation();
  return path;
}
