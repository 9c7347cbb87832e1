import { routeTable } from './routeTable';

/**
 * Words a portal address (/{company}/{store}) may not use: the first segment of every address the app answers
 * (derived from the route table beside this file, so a new route reserves its word) and the server's own top-level
 * paths. Kept out of routeTable.ts so the sign-in entry does not carry it.
 */
export const reservedSlugs: ReadonlySet<string> = new Set([
  ...routeTable.flatMap((route) => {
    const first = route.path.split('/').find((part) => part !== '');
    return first && !first.startsWith(':') ? [first.toLowerCase()] : [];
  }),
  'api',
  'assets',
]);
