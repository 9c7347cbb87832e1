import type { DehydratedState } from '@tanstack/react-query';

/**
 * The queries, with their data, of the page the server drew into this document (server/firstPaint/firstPaint.ts), while it is
 * still there and src/firstPaint/guard.js has not hidden it (another tab's session, another language): the app's
 * query client starts with them (src/app/ServerData.tsx). Null otherwise, and on the server itself.
 */
export function readFirstPaint(): DehydratedState | null {
  if (typeof document === 'undefined' || document.documentElement.dataset.firstPaint === 'off') return null;
  const data = document.getElementById('first-paint-data');
  try {
    return data ? (JSON.parse(data.textContent ?? '') as DehydratedState) : null;
  } catch {
    // Damaged: the page asks for its data itself.
    return null;
  }
}
