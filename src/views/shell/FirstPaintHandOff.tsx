import { useLayoutEffect } from 'react';

/**
 * Rendered with the app's first page (or its load failure): the app's drawing replaces the page the server drew
 * into the document (server/firstPaint/firstPaint.ts), before the browser paints it.
 */
export function FirstPaintHandOff() {
  useLayoutEffect(handOffFirstPaint, []);
  return null;
}

function handOffFirstPaint() {
  const drawn = document.getElementById('first-paint');
  if (!drawn) return;
  drawn.remove();
  document.getElementById('root')!.hidden = false;
}
