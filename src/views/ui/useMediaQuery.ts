import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes. Where matchMedia is missing (jsdom), `fallback`
 * answers: the wide desktop layout.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** The shell's breakpoints (shell.md): the navbar is permanent from 1280 px, the toolbar is tall from 960 px. */
export const breakpoints = { large: '(min-width: 1280px)', medium: '(min-width: 960px)' } as const;
