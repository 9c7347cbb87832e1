import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';
import { languageChip } from '../ui/languageChip.css';

export const page = style({
  minBlockSize: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: '1rem',
});

export const card = style({
  inlineSize: 'min(100%, 26rem)',
  display: 'grid',
  gap: '1.25rem',
  padding: '2rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const brand = style({ display: 'grid', justifyItems: 'center', gap: '0.25rem', textAlign: 'center' });

export const logo = style({ maxBlockSize: '4rem', maxInlineSize: '12rem', objectFit: 'contain' });

export const companyName = style({ fontWeight: 700, fontSize: '1.125rem' });

export const storeName = style({ color: vars.color.textMuted });

export const title = style({ margin: 0, fontSize: '1.5rem', textAlign: 'center' });

export const form = style({ display: 'grid', gap: '1rem' });

export const languages = style({ display: 'flex', justifyContent: 'center', gap: '0.25rem', flexWrap: 'wrap' });

export const language = style({
  ...languageChip,
  position: 'relative',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:has(:checked)': { borderColor: vars.color.accent, color: vars.color.accent, fontWeight: 600 },
    '&:has(:focus-visible)': focusRing,
  },
});

/** The language's radio button, unseen over its chip: a click anywhere on the chip is a click on it. */
export const languageInput = style({
  position: 'absolute',
  inset: 0,
  inlineSize: '100%',
  blockSize: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const intro = style({ margin: 0, color: vars.color.textMuted, textAlign: 'center' });

export const notice = style({
  margin: 0,
  paddingBlock: '0.75rem',
  paddingInline: '1rem',
  borderRadius: '0.5rem',
  borderInlineStart: `4px solid ${vars.color.accent}`,
  background: vars.color.surface,
});

export const actions = style({ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', justifyContent: 'space-between' });

export const links = style({ display: 'flex', gap: '1rem', flexWrap: 'wrap', justifyContent: 'center' });

export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: '0.25rem',
  selectors: {
    '&[data-hovered]': { textDecorationThickness: '2px' },
    '&[data-focus-visible]': focusRing,
  },
});

export const storeChoice = style({ display: 'flex', gap: '0.75rem', alignItems: 'center', justifyContent: 'center' });

/** The companies to choose from: one full-width button each. */
export const choices = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' });
