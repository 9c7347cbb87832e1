import type { ReactNode } from 'react';
import { alert } from './alert.css';

/** An error a screen reader announces as soon as it appears. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={alert}>
      {children}
    </div>
  );
}
