import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Possible duplicates above the patient list: one card per pair, the two records side by side (stacked on a phone). */
export const section = style({ display: 'grid', gap: '0.75rem' });
export const pairs = style({ display: 'grid', gap: '1rem', margin: 0, padding: 0, listStyle: 'none' });
export const pair = style({
  display: 'grid',
  gap: '1rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});
export const sides = style({ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))' });
export const side = style({ display: 'grid', gap: '0.5rem', alignContent: 'start', minInlineSize: 0 });
export const sideTitle = style({ margin: 0, fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' });
export const tag = style({ margin: 0, fontSize: '0.8125rem', color: vars.color.textMuted });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.25rem 0.75rem',
  margin: 0,
  fontSize: '0.9375rem',
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere', minInlineSize: 0 });
export const counts = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.75rem', margin: 0, padding: 0, listStyle: 'none', fontSize: '0.875rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });
export const error = style({ margin: 0, color: vars.color.danger });
