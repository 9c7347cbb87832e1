import { createContext, useContext } from 'react';
// The one place a view reads the address's query itself (eslint.config.js): pages read it through usePageSearch.
// eslint-disable-next-line no-restricted-imports
import { useSearch } from 'wouter';

/**
 * The query of the address the route guard granted the page on screen, given by the routes (src/app/routes.tsx).
 * The browser's address changes a moment before the guard decides; a page reading it directly would draw itself
 * once more with the next page's query (a list asking the server for everyone as the clerk opens a chart).
 */
export const PageSearchContext = createContext<string | null>(null);

/** The page's own query string (without '?'); outside the app's routes (a page drawn alone), the address's. */
export function usePageSearch(): string {
  const address = useSearch();
  return useContext(PageSearchContext) ?? address;
}

/**
 * Fetches the code of the page at an address the person may open next (its chunks, as a page load would), so
 * that following the link waits for its data only. Given by the routes; a no-op outside them.
 */
export const PreloadPageContext = createContext<(path: string) => void>(() => {});

export const usePreloadPage = () => useContext(PreloadPageContext);
