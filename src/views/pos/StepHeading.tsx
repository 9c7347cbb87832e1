import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * The heading of a step of the session tab (the open session, a report, the close). The step before it is gone
 * with the button that was pressed, so the focus would fall back to the page: it comes here instead, where keyboard
 * and screen-reader users read on. A focus still held elsewhere (a field, a link) is left alone.
 */
export function StepHeading({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className={className}>
      {children}
    </h2>
  );
}
