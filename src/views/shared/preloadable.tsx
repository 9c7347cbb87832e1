import { lazy, useState } from 'react';
import type { ComponentType } from 'react';

/** A chunk that can be fetched ahead of its first use. */
export type Preloadable = { preload(): Promise<unknown>; isLoaded(): boolean };

/**
 * A lazy component whose chunk can also be fetched before its first render (a page load, a link about to be
 * followed). Once fetched it renders at once instead of suspending: a suspended boundary that shows its fallback
 * makes React hold the content back for a moment more (up to 300 ms), which every preloaded chunk would pay for.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Asked again next time (a network that came back), not a failure kept for the tab's life.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per mount: switching from Lazy to the component later would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== null });
}
