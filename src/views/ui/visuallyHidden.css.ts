import { style } from '@vanilla-extract/css';

/** Read by screen readers, not shown (labels and hints that the layout already makes plain to the eye). */
export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
