import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';
import { cards as cardsClass, tableWrap } from './dataTable.css';

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
 * Names each body cell after its column (data-label, shown above the cell when the table is cards on a phone),
 * following column spans.
 */
function labelCells(box: HTMLElement) {
  const table = box.querySelector('table');
  const headerRow = table?.tHead?.rows[table.tHead.rows.length - 1];
  if (!table || !headerRow) return;
  const names: string[] = [];
  for (const header of headerRow.cells) {
    for (let span = 0; span < header.colSpan; span += 1) names.push(header.textContent?.trim() ?? '');
  }
  for (const body of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const name = cell.colSpan === 1 ? names[column] : undefined;
        if (name && cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
        if (!name && cell.hasAttribute('data-label')) cell.removeAttribute('data-label');
        column += cell.colSpan;
      }
    }
  }
}

/**
 * A table's own horizontal scroll box (a narrow screen scrolls the table, not the page): a region named `label`, or
 * like the table inside when no label is given. While the table is wider than the box, the box is focusable, so a
 * keyboard can scroll it too (WCAG 2.1.1); when it all fits it is no extra tab stop.
 *
 * `cards`: a table whose rows have actions (buttons, links, fields) is cards on a phone, each cell under its
 * column's name, so no action sits beyond the screen's edge.
 */
export function TableScroll({ label, cards = false, children }: { label?: string; cards?: boolean; children: ReactNode }) {
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
  // The rows change with the data: each new cell is named after its column again.
  useLayoutEffect(() => {
    const element = box.current;
    if (!cards || !element) return;
    labelCells(element);
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => labelCells(element));
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [cards]);
  const name = label ?? ownName;
  return (
    <div
      ref={box}
      className={cards ? `${tableWrap} ${cardsClass}` : tableWrap}
      tabIndex={scrolls ? 0 : undefined}
      role={name ? 'region' : undefined}
      aria-label={name || undefined}
    >
      {children}
    </div>
  );
}
