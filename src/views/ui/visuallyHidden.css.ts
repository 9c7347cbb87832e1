import { style } from '@vanilla-extract/css';

/** The rules that keep an element for screen readers while drawing nothing (also applied in a media query or state). */
export const visuallyHiddenRules = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Read by screen readers, not shown (labels and hints that the layout already makes plain to the eye). */
export const visuallyHidden = style(visuallyHiddenRules);
