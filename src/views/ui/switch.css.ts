import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

export const switchRoot = style({ display: 'inline-flex', alignItems: 'center', gap: '0.625rem', cursor: 'pointer', minBlockSize: '2.75rem' });

export const track = style({
  position: 'relative',
  flex: 'none',
  inlineSize: '2.5rem',
  blockSize: '1.5rem',
  borderRadius: '999px',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${switchRoot}[data-focus-visible] &`]: focusRing,
  },
});

/** The knob moves to the inline end when on: in right-to-left that is the left. */
export const knob = style({
  position: 'absolute',
  insetBlockStart: '2px',
  insetInlineStart: '2px',
  inlineSize: '1rem',
  blockSize: '1rem',
  borderRadius: '50%',
  background: vars.color.textMuted,
  transition: 'inset-inline-start 120ms',
  selectors: { [`${switchRoot}[data-selected] &`]: { insetInlineStart: 'calc(100% - 1rem - 2px)', background: vars.color.accentText } },
});
