import { createContext, useContext } from 'react';
import type { Role } from '../../contract/common';

/**
 * Fetches the chunks a role's home page draws (the shell among them), so that the page after the sign-in button
 * does not wait for them. The sign-in form calls it when the person starts typing, not when the page loads: what a
 * guest's sign-in page fetches has a budget of its own. Given by the routes (src/app/routes.tsx).
 */
export const PreloadHomeContext = createContext<(roles: readonly Role[]) => void>(() => {});

export const usePreloadHome = () => useContext(PreloadHomeContext);
