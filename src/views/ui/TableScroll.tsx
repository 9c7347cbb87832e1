import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';
import { tableWrap } from './dataTable.css';

/** The accessible name of the table inside: its aria-label, the text its aria-labelledby names, or its caption. */
function tableName(box: HTMLElement): string {
  const table = box.querySelector('table');
  if (!table) return '';
  const label = table.getAttribute('aria-label');
  if (label) return label;
  const by = table.getAttribute('aria-labelledby');
  if (by) {
    return by
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
  }
  return table.querySelector('caption')?.textContent?.trim() ?? '';
}

/**
 * A table's own horizontal scroll box (a narrow screen scrolls the table, not the page): a region named `label`, or
 * like the table inside when no label is given. While the table is wider than the box, the box is focusable, so a
 * keyboard can scroll it too (WCAG 2.1.1); when it all fits it is no extra tab stop.
 */
export function TableScroll({ label, children }: { label?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const [ownName, setOwnName] = useState('');
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      setScrolls(element.scrollWidth > element.clientWidth + 1);
      if (!label) setOwnName(tableName(element));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Drawn before the resized page is painted (a ResizeObserver runs between layout and paint), not in a later
    // task: a box that has just begun to scroll is a named tab stop from its first frame (axe in the route walk, run
    // right after a resize on a busy machine, found it scrolling without one).
    const observer = new ResizeObserver(() => flushSync(measure));
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [label]);
  const name = label ?? ownName;
  return (
    <div
      ref={box}
      className={tableWrap}
      tabIndex={scrolls ? 0 : undefined}
      role={name ? 'region' : undefined}
      aria-label={name || undefined}
    >
      {children}
    </div>
  );
}
