import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

export const centred = style({
  minBlockSize: '100vh',
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: '1rem',
  padding: '1rem',
  textAlign: 'center',
});

export const title = style({ margin: 0, fontSize: '1.5rem' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});
