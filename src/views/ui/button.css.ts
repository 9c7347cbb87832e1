import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minBlockSize: '2.75rem',
  paddingInline: '1.25rem',
  borderRadius: '0.5rem',
  border: '1px solid transparent',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  outline: 'none',
  transition: 'filter 120ms',
  selectors: {
    '&[data-focus-visible]': focusRing,
    // aria-disabled: a pending button (Button.tsx), which keeps the focus.
    '&[data-disabled], &[aria-disabled="true"]': { opacity: 0.65, cursor: 'default' },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.accent,
      color: vars.color.accentText,
      selectors: {
        '&[data-hovered]': { filter: 'brightness(1.12)' },
        '&[data-pressed]': { filter: 'brightness(0.9)' },
      },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: {
        '&[data-hovered]': { background: vars.color.surface },
        '&[data-pressed]': { filter: 'brightness(0.95)' },
      },
    },
  ],
});

/** Why a button is disabled, beside it (read with it: its description). */
export const disabledReason = style({ color: vars.color.textMuted, alignSelf: 'center' });
