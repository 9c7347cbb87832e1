import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useRecentsActor } from './recentsActor';

/**
 * An editing page reports whether it has unsaved changes (staff.md: one mechanism for every editing page). The
 * recents machine marks the page's entry (isSaving false) and decides whether leaving asks the spec's Warning
 * question (src/views/recents/LeaveGuard.tsx holds the menu, the recents panel, links, Back/Forward and logout; a
 * reload or closing the tab gets the browser's prompt). Leaving the page, or saving, reports it clean again.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const recents = useRecentsActor();
  const [location] = useLocation();
  useEffect(() => {
    if (!recents || !dirty) return;
    recents.send({ type: 'page.dirty', url: location });
    return () => recents.send({ type: 'page.clean', url: location });
  }, [recents, dirty, location]);
}
