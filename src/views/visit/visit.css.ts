import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The guest visit page's card: the visit's facts, then what may be done. */
export const card = style({
  display: 'grid',
  gap: '1rem',
  inlineSize: '100%',
  maxInlineSize: '36rem',
  boxSizing: 'border-box',
  padding: '1.25rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  background: vars.color.surfaceRaised,
  overflowWrap: 'anywhere',
});

export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.25rem 1rem' });
export const term = style({ fontWeight: 600 });
export const definition = style({ margin: 0 });
