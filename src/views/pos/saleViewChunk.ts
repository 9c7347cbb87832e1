import { preloadable } from '../shared/preloadable';

/**
 * The sale (the register's `all` tab), a chunk of its own so that the other tabs open without it. A page load of
 * /admin/pos/all on a device whose register has a session open fetches it with the page (src/app/earlyStart.ts)
 * rather than after the session's answer, and once fetched it draws at once.
 */
export const SaleViewChunk = preloadable(() => import('./sale/SaleView').then((module) => module.SaleView));
