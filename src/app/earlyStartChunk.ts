import type * as EarlyStartModule from './earlyStart';

type EarlyStart = typeof EarlyStartModule;

let loaded: EarlyStart | null = null;

/**
 * src/app/earlyStart.ts is its own small chunk: a guest's sign-in page does not fetch it until the person starts
 * typing (src/app/routes.tsx, preloadHomeOf), a signed-in tab's page load at once (src/main.tsx).
 */
export const loadEarlyStart = () => import('./earlyStart').then((module) => (loaded = module));

/**
 * Starts a signed-in page's chunks and first call (`startPageLoad`): in this very task when the chunk is already
 * here, so that after a sign-in the call leaves before the page draws and asks for it itself.
 */
export function startPageLoad(path: string, sessionStorage: Storage): void {
  if (loaded) loaded.startPageLoad(path, sessionStorage);
  else loadEarlyStart().then((module) => module.startPageLoad(path, sessionStorage), () => {});
}
