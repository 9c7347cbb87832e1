import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { radio } from '../shared/records.css';

/** Touch-friendly: large type and targets (at least 3.5rem tall) for a screen at the counter. */
export const kiosk = style({
  display: 'grid',
  alignContent: 'start',
  gap: '1.5rem',
  maxInlineSize: '56rem',
  marginInline: 'auto',
  paddingBlock: '2rem',
  paddingInline: '1.5rem',
  fontSize: '1.25rem',
  color: vars.color.text,
});
globalStyle(`${kiosk} input:not([type="radio"]):not([type="checkbox"])`, { minBlockSize: '3.5rem', fontSize: '1.25rem', inlineSize: '100%', minInlineSize: 0, boxSizing: 'border-box' });
globalStyle(`${kiosk} ${radio}`, { minBlockSize: '3.5rem', paddingInlineEnd: '1rem' });
globalStyle(`${kiosk} button`, { minBlockSize: '3.5rem', fontSize: '1.25rem', paddingInline: '2rem' });
globalStyle(`${kiosk} label`, { fontSize: '1.125rem' });

export const title = style({ margin: 0, fontSize: '2rem' });
export const intro = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });
export const section = style({
  display: 'grid',
  gap: '1rem',
  padding: '1.25rem',
  borderRadius: '1rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});
export const sectionTitle = style({ margin: 0, fontSize: '1.375rem' });
export const consent = style({ display: 'grid', gap: '0.25rem', minBlockSize: '3.5rem', alignContent: 'center' });
export const done = style({ display: 'grid', justifyItems: 'center', gap: '1.25rem', paddingBlock: '4rem', textAlign: 'center' });
export const thanks = style({ margin: 0, fontSize: '2.25rem' });
