/**
 * The first word on Back and Forward. Chromium calls a window's popstate listeners in the order they were added,
 * and React commits the router's new page between two of them (popstate updates render at once), so a listener the
 * signed-in shell adds later runs after the page with unsaved changes has unmounted and reported itself clean. The
 * runtime installs this listener before the router and the route guard listen; the unsaved-changes guard
 * (LeaveGuard.tsx beside it) plugs its hold in while the recents machine says leaving must ask.
 */
let hold: ((event: PopStateEvent) => void) | null = null;
let listening = false;

export function listenToHistoryFirst(target: Window = window) {
  if (listening) return;
  listening = true;
  // Capturing as well: where the order of adding does not decide (the DOM standard runs capturing listeners at the
  // target first), a late start (a test's own shell without the runtime) still comes first.
  target.addEventListener('popstate', (event) => hold?.(event), true);
}

/** Plugs `next` in; the returned function takes it out again (if it is still the one plugged in). */
export function holdHistory(next: (event: PopStateEvent) => void) {
  listenToHistoryFirst();
  hold = next;
  return () => {
    if (hold === next) hold = null;
  };
}
