import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

/** The data pages' shared look (patient records, the patient list): logical properties only (right to left works). */

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

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  borderRadius: '0.25rem',
  selectors: { '&[data-focus-visible]': focusRing },
});

/** The box of a loading, empty or failed state. */
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
