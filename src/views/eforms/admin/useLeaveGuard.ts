import { useCallback, useEffect, useRef, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';

/** Where the person wanted to go while the page had unsaved changes. */
export interface PendingLeave {
  to: string;
  /** Back (or Forward) was pressed: leaving goes back in history instead of adding an entry. */
  viaHistory: boolean;
}

const sameOrigin = (url: URL) => url.origin === window.location.origin;
const addressOf = (url: { pathname: string; search: string; hash: string }) => url.pathname + url.search + url.hash;

/**
 * Spec 4 and 5: leaving a page with unsaved changes asks first. While `isDirty`:
 * - an in-app link (the side menu, a link on the page) or a navigation by code (pushState) is held and `pending`
 *   names its target;
 * - Back or Forward is undone at once (the page stays) and `pending` names where it led;
 * - reloading or closing the tab gets the browser's own beforeunload question.
 * `leave()` goes on to the target ('Yes'); `stay()` drops it ('No').
 */
export function useLeaveGuard(isDirty: boolean) {
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const dirty = useRef(isDirty);
  const leaving = useRef(false);
  dirty.current = isDirty;

  useEffect(() => {
    const guarded = () => dirty.current && !leaving.current;
    let here = addressOf(window.location);

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };

    // Capture phase on window: runs before React's handlers, so a held link never reaches the router.
    const onClick = (event: MouseEvent) => {
      if (!guarded() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (!sameOrigin(url) || addressOf(url) === addressOf(window.location)) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to: addressOf(url), viaHistory: false });
    };

    // The address has already changed: put this page's address back before the route guard reads it (a microtask
    // later), so the page stays, and remember where Back led.
    const onPopState = () => {
      const to = addressOf(window.location);
      if (!guarded()) {
        here = to;
        return;
      }
      if (to === here) return;
      window.history.pushState(null, '', here);
      setPending({ to, viaHistory: true });
    };

    // The page's own address changes (a new form saved moves add -> edit) keep `here` current.
    const onOwnChange = () => {
      if (!leaving.current) here = addressOf(window.location);
    };

    // Navigation by code (the toolbar's search, a menu that calls the router) adds a history entry through
    // pushState: while guarded, one to another address is held the same way as a link.
    const push = window.history.pushState;
    const guardedPush: History['pushState'] = function (this: History, data, unused, url) {
      if (guarded() && url !== undefined && url !== null) {
        const to = addressOf(new URL(String(url), window.location.href));
        if (to !== here) {
          setPending({ to, viaHistory: false });
          return;
        }
      }
      push.call(this, data, unused, url);
    };
    window.history.pushState = guardedPush;

    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    window.addEventListener('replaceState', onOwnChange);
    return () => {
      if (window.history.pushState === guardedPush) window.history.pushState = push;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('replaceState', onOwnChange);
    };
  }, []);

  const stay = useCallback(() => setPending(null), []);

  const leave = useCallback(() => {
    if (!pending) return;
    leaving.current = true;
    setPending(null);
    if (pending.viaHistory) window.history.back();
    else navigate(pending.to);
  }, [pending]);

  return { pending, stay, leave };
}
