import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import * as styles from './publicPage.css';

/**
 * The level-1 heading of each screen of the page. A new screen takes the focus to its heading, so keyboard and
 * screen-reader users start reading there (the screen they were on is gone).
 */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.title}>
      {children}
    </h1>
  );
}
