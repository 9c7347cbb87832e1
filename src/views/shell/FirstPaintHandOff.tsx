import { useLayoutEffect } from 'react';

/**
 * Rendered with the app's first page (or its load failure): the app's drawing replaces the page the server drew
 * into the document (server/firstPaint/firstPaint.ts), before the browser paints it. A control the person pressed
 * on the drawn page meanwhile (src/firstPaint/guard.js keeps the last one) is pressed again on the app's page: the
 * same kind of control with the same name, the same one of those in order. None like it (another page): nothing.
 */
export function FirstPaintHandOff() {
  useLayoutEffect(handOffFirstPaint, []);
  return null;
}

declare global {
  interface Window {
    /** The control last pressed on the server's drawing before the hand-off (src/firstPaint/guard.js). */
    firstPaintPress?: Element;
  }
}

/** The controls a press is kept for: the guard's list. */
const pressable = 'button, [role="button"], [role="tab"], [role="menuitem"], summary';

/** What makes two controls the same one for a person: kind, role, name and text. */
export function controlKey(control: Element): string {
  return [
    control.tagName,
    control.getAttribute('role') ?? '',
    control.getAttribute('aria-label') ?? '',
    (control.textContent ?? '').replace(/\s+/g, ' ').trim(),
  ].join('\u0000');
}

/** The controls under `root` that a person would take for the one with `key`, in the page's order. */
const alikeIn = (root: ParentNode, key: string) => [...root.querySelectorAll<HTMLElement>(pressable)].filter((control) => controlKey(control) === key);

function handOffFirstPaint() {
  const drawn = document.getElementById('first-paint');
  if (!drawn) return;
  const root = document.getElementById('root')!;
  // Where the press was, read before the drawing goes: its control's key and its place among those alike.
  const pressed = window.firstPaintPress;
  window.firstPaintPress = undefined;
  const key = pressed && drawn.contains(pressed) ? controlKey(pressed) : '';
  const index = key ? alikeIn(drawn, key).indexOf(pressed as HTMLElement) : -1;
  drawn.remove();
  document.documentElement.removeAttribute('data-first-paint-pressed');
  root.hidden = false;
  if (index < 0) return;
  // After this commit's effects, with the app's handlers in place: its same control, pressed as a click presses it.
  setTimeout(() => {
    const control = alikeIn(root, key)[index];
    if (control && !control.matches(':disabled, [aria-disabled="true"]')) control.click();
  }, 0);
}
