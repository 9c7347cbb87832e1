import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

/** A page of its own inside the shell's content area (or alone, for guest-only addresses). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  gap: '1rem',
  maxInlineSize: '48rem',
  marginInline: 'auto',
  paddingBlock: '3rem',
  paddingInline: '1.5rem',
});

export const centred = style([page, { minBlockSize: '60vh', alignContent: 'center', justifyItems: 'center', textAlign: 'center' }]);

export const title = style({ margin: 0, fontSize: '1.5rem', color: vars.color.text });

export const subtitle = style({ margin: 0, fontSize: '1.125rem', color: vars.color.text });

export const text = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const list = style({ margin: 0, paddingInlineStart: '1.5rem', color: vars.color.text, lineHeight: 1.75 });

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  borderRadius: '0.25rem',
  selectors: { '&[data-focus-visible]': focusRing },
});
