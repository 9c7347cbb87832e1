import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: '1rem',
  background: 'rgb(0 0 0 / 0.45)',
});

export const modal = style({
  inlineSize: 'min(100%, 26rem)',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 1rem 3rem rgb(0 0 0 / 0.25)',
});

export const dialog = style({ padding: '1.5rem', outline: 'none' });

export const heading = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });

/** A dialog's explanation under its heading. */
export const body = style({ display: 'grid', gap: '0.75rem', marginBlockStart: '0.75rem', lineHeight: 1.5 });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '0.75rem',
  marginBlockStart: '1.5rem',
});
