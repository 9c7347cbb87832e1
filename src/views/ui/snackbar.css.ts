import { style, styleVariants } from '@vanilla-extract/css';
import { focusRing } from './focus.css';

/** The live regions themselves take no space; only a message inside them shows. */
export const region = style({ display: 'contents' });

const base = style({
  position: 'fixed',
  zIndex: 1400,
  insetBlockEnd: '1.5rem',
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  minInlineSize: 'min(20rem, calc(100vw - 2rem))',
  maxInlineSize: 'min(36rem, calc(100vw - 2rem))',
  paddingBlock: '0.5rem',
  paddingInline: '1rem 0.5rem',
  borderRadius: '0.5rem',
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.25)',
  selectors: {
    '[dir="rtl"] &': { transform: 'translateX(50%)' },
    // Saves confirm where the eye already is: top right (top left in right-to-left).
    '&[data-placement="topEnd"], [dir="rtl"] &[data-placement="topEnd"]': {
      insetBlockStart: '1.5rem',
      insetBlockEnd: 'auto',
      insetInlineStart: 'auto',
      insetInlineEnd: '1.5rem',
      transform: 'none',
    },
  },
});

/** Fixed, readable colours (white on a dark tone, at least 4.5:1) whatever theme is chosen. */
export const snackbar = styleVariants({
  success: [base, { background: '#1E6B34', color: '#FFFFFF' }],
  info: [base, { background: '#1F4E8C', color: '#FFFFFF' }],
  warning: [base, { background: '#8A4B00', color: '#FFFFFF' }],
  error: [base, { background: '#A3211B', color: '#FFFFFF' }],
});

export const message = style({ flex: 1 });

export const close = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '2.25rem',
  blockSize: '2.25rem',
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: 'rgb(255 255 255 / 0.15)' },
    '&[data-focus-visible]': { ...focusRing, outlineColor: '#FFFFFF' },
  },
});
