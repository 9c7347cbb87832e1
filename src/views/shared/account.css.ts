import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';

/** Users and permissions, and My Profile: stacked panels on a phone, logical properties only (right-to-left works). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  gap: '1.25rem',
  maxInlineSize: '80rem',
  marginInline: 'auto',
  paddingBlock: '2rem',
  paddingInline: 'clamp(0.75rem, 4vw, 1.5rem)',
  color: vars.color.text,
  minInlineSize: 0,
});

export const title = style({ margin: 0, fontSize: '1.5rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.75rem 1rem' });

export const panel = style({
  display: 'grid',
  gap: '1rem',
  padding: '1rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});
export const panelTitle = style({ margin: 0, fontSize: '1.125rem' });

export const fieldset = style({ display: 'grid', gap: '0.5rem', border: 'none', margin: 0, padding: 0, minInlineSize: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBlockEnd: '0.25rem' });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem' });
export const switches = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))', gap: '0 1rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const status = style({
  display: 'inline-block',
  paddingInline: '0.5rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.8125rem',
  whiteSpace: 'nowrap',
});

export const rowButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.accent,
  textDecoration: 'underline',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-pressed="true"]': { color: 'inherit' },
  },
});
/** The user being edited: the company's selected-row colour, keyed off its name button's pressed state. */
export const row = style({ selectors: { '&:has([aria-pressed="true"])': selectedRow } });

export const avatar = style({
  inlineSize: '6rem',
  blockSize: '6rem',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.surfaceRaised,
  display: 'grid',
  placeItems: 'center',
  fontSize: '2rem',
  fontWeight: 600,
});
export const photoRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1rem' });
export const list = style({ margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: '0.5rem', overflowWrap: 'anywhere' });
export const narrow = style({ display: 'grid', gap: '0.75rem', maxInlineSize: '32rem' });
export const fieldLabel = style({ display: 'grid', gap: '0.25rem', fontWeight: 600, fontSize: '0.9375rem', overflowWrap: 'anywhere' });
