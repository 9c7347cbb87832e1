import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { visuallyHidden } from '../ui/visuallyHidden.css';

/** How long a page may take to draw its heading (its chunk and first call) before focus is left alone. */
const patienceMs = 8_000;

/**
 * After each in-app navigation (not the first drawing), focus moves to the new page's level-1 heading and the page
 * is announced by its heading, so a keyboard or screen-reader user starts at the page and hears where they are.
 * A page that took focus itself (the POS sale's search field, a chart tab just chosen, a field with autofocus)
 * keeps it: only focus left on the body, the content frame or the shell (the link just followed) is moved.
 */
export function RouteFocus() {
  const [location] = useLocation();
  const previous = useRef(location);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const until = Date.now() + patienceMs;
    let timer = 0;
    // The heading focused: while the old page's heading may still be on screen (the new page's chunk loading),
    // a heading that leaves the document with the focus is followed by the next one, for a moment.
    let focused: HTMLElement | null = null;
    let watchUntil = 0;
    const settle = () => {
      const main = document.getElementById('content');
      const heading = main?.querySelector('h1');
      const active = document.activeElement;
      if (focused) {
        const lost = !focused.isConnected && (active === null || active === document.body);
        if (!lost) {
          if (Date.now() < watchUntil) timer = window.setTimeout(settle, 100);
          return;
        }
        focused = null;
      }
      const pageHasFocus = main !== null && active !== null && active !== main && main.contains(active);
      if (main && heading && heading.textContent?.trim()) {
        setAnnouncement(heading.textContent.trim());
        if (!pageHasFocus && !active?.closest('[role=dialog]')) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus();
          focused = heading;
          watchUntil = Date.now() + 1_500;
          timer = window.setTimeout(settle, 100);
        }
        return;
      }
      if (Date.now() < until) timer = window.setTimeout(settle, 50);
    };
    setAnnouncement('');
    // After this render's effects: a page that focuses a field on mount does so first.
    timer = window.setTimeout(settle, 50);
    return () => window.clearTimeout(timer);
  }, [location]);

  return (
    // A live region of its own (not role=status: the page's own status messages are the status).
    <p aria-live="polite" aria-atomic="true" className={visuallyHidden}>
      {announcement}
    </p>
  );
}
