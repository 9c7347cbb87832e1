import { useLayoutEffect } from 'react';
import { handOffFirstPaint } from './handOff';

/** Rendered with the app's first page (or its load failure): the server's drawing goes before the browser paints. */
export function FirstPaintHandOff() {
  useLayoutEffect(() => handOffFirstPaint(document), []);
  return null;
}
