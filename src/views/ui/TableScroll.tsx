import type { ReactNode } from 'react';
import { tableWrap } from './dataTable.css';

/**
 * A table's own horizontal scroll box (a narrow screen scrolls the table, not the page). Focusable and named, so a
 * keyboard can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={tableWrap} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
