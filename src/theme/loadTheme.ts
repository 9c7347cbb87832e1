import { light17Theme } from './themes/light17.css';

/**
 * Each theme's createTheme lives in its own module, imported only here and only with import(), so each becomes its
 * own small CSS chunk fetched when the theme is first chosen.
 */
const loaders: Record<string, () => Promise<{ theme: string }>> = {
  light1: () => import('./themes/light1.css'),
  light2: () => import('./themes/light2.css'),
  light3: () => import('./themes/light3.css'),
  light4: () => import('./themes/light4.css'),
  light5: () => import('./themes/light5.css'),
  light6: () => import('./themes/light6.css'),
  light7: () => import('./themes/light7.css'),
  light8: () => import('./themes/light8.css'),
  light9: () => import('./themes/light9.css'),
  light10: () => import('./themes/light10.css'),
  light11: () => import('./themes/light11.css'),
  light12: () => import('./themes/light12.css'),
  light13: () => import('./themes/light13.css'),
  light14: () => import('./themes/light14.css'),
  light15: () => import('./themes/light15.css'),
  light16: () => import('./themes/light16.css'),
  light17: () => import('./themes/light17.css'),
  light18: () => import('./themes/light18.css'),
  light19: () => import('./themes/light19.css'),
  light20: () => import('./themes/light20.css'),
  dark1: () => import('./themes/dark1.css'),
  dark2: () => import('./themes/dark2.css'),
  dark3: () => import('./themes/dark3.css'),
  dark4: () => import('./themes/dark4.css'),
  dark5: () => import('./themes/dark5.css'),
  dark6: () => import('./themes/dark6.css'),
  dark7: () => import('./themes/dark7.css'),
  dark8: () => import('./themes/dark8.css'),
  dark9: () => import('./themes/dark9.css'),
  dark10: () => import('./themes/dark10.css'),
  dark11: () => import('./themes/dark11.css'),
  dark12: () => import('./themes/dark12.css'),
  dark13: () => import('./themes/dark13.css'),
  dark14: () => import('./themes/dark14.css'),
};

// The default theme is in the entry (src/main.tsx puts it on <html>): known from the start.
const loaded = new Map<string, string>([['light17', light17Theme]]);
const pending = new Map<string, Promise<string>>();

export const isThemeName = (name: string) => Object.hasOwn(loaders, name);

/** The class name of a theme that is already loaded, else undefined (then call loadTheme). */
export function loadedThemeClass(name: string): string | undefined {
  return loaded.get(name);
}

/** Loads a theme's CSS (once) and gives its class name; an unknown name falls back to the default light17. */
export function loadTheme(name: string): Promise<string> {
  const key = isThemeName(name) ? name : 'light17';
  const known = loaded.get(key);
  if (known) return Promise.resolve(known);
  let request = pending.get(key);
  if (!request) {
    request = loaders[key]!().then(
      ({ theme }) => {
        loaded.set(key, theme);
        pending.delete(key);
        return theme;
      },
      (error: unknown) => {
        // A failed chunk (offline) may be asked for again later.
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, request);
  }
  return request;
}
