import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  cursor: 'pointer',
});

export const box = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '1.25rem',
  blockSize: '1.25rem',
  borderRadius: '0.25rem',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.accentText,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${checkbox}[data-focus-visible] &`]: focusRing,
  },
});

export const check = style({
  inlineSize: '0.875rem',
  blockSize: '0.875rem',
  visibility: 'hidden',
  selectors: { [`${checkbox}[data-selected] &`]: { visibility: 'visible' } },
});
