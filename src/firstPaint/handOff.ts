/**
 * The app's own drawing replaces the page the server drew into the document (server/firstPaint.ts), at its first
 * page, before the browser paints it (src/firstPaint/FirstPaintHandOff.tsx).
 */
export function handOffFirstPaint(document: Document) {
  const drawn = document.getElementById('first-paint');
  if (!drawn) return;
  drawn.remove();
  document.getElementById('root')!.hidden = false;
}
