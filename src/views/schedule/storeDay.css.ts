import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The store's day: one card per provider; the free slots wrap (never a sideways scroll); logical properties only. */
export const dayButtons = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignSelf: 'end' });
export const summary = style({ display: 'grid', gap: '0.25rem' });
export const provider = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});
export const subheading = style({ margin: 0, fontSize: '1rem', fontWeight: 600 });
export const slots = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });
export const slot = style({
  paddingInline: '0.75rem',
  paddingBlock: '0.25rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
