import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

/** The staff patient list: filters above a wide table; logical properties only (right-to-left works). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  gap: '1.25rem',
  maxInlineSize: '80rem',
  marginInline: 'auto',
  paddingBlock: '2rem',
  paddingInline: '1.5rem',
  color: vars.color.text,
});

export const title = style({ margin: 0, fontSize: '1.5rem' });
export const heading = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const filters = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: '1rem 1.5rem' });

export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 'min(100%, 14rem)' });
export const searchField = style({ flex: '1 1 22rem', maxInlineSize: '32rem' });
export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.8125rem' });

const control = {
  minBlockSize: '2.75rem',
  paddingInline: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
} as const;

export const searchBox = style({ display: 'flex', gap: '0.5rem', alignItems: 'center' });
export const input = style({
  ...control,
  flex: '1 1 auto',
  minInlineSize: 0,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});
export const select = style({ ...control, selectors: { '&:focus-visible': focusRing } });

export const tableWrap = style({ overflowX: 'auto', minInlineSize: 0 });
export const table = style({ borderCollapse: 'collapse', inlineSize: '100%', fontVariantNumeric: 'tabular-nums' });
globalStyle(`${table} caption`, { textAlign: 'start', fontWeight: 600, paddingBlockEnd: '0.5rem' });
globalStyle(`${table} th, ${table} td`, {
  paddingBlock: '0.5rem',
  paddingInline: '0.75rem',
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
});
globalStyle(`${table} thead th`, { color: vars.color.textMuted, fontWeight: 600, fontSize: '0.875rem' });
globalStyle(`${table} tbody th`, { fontWeight: 'normal' });

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  borderRadius: '0.25rem',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: '0.75rem',
  paddingBlock: '2.5rem',
  paddingInline: '1rem',
  textAlign: 'center',
  borderRadius: '0.75rem',
  border: `1px dashed ${vars.color.border}`,
});

export const more = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem 1.25rem' });
export const moreFailed = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });

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
