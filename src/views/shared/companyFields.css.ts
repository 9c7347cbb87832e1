import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';
import { controlBox } from '../ui/control.css';
import { focusRing } from '../ui/focus.css';

/** The enterprise admin's pages: forms in cards above tables; logical properties only (right-to-left works). */
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  margin: 0,
  padding: '1rem',
  display: 'grid',
  gap: '1rem',
  minInlineSize: 0,
});
export const legend = style({ fontWeight: 600, paddingInline: '0.25rem' });

export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 0 });
export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.8125rem', margin: 0 });
export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });
export const select = style({ ...controlBox, minInlineSize: 0, maxInlineSize: '100%', selectors: { '&:focus-visible': focusRing } });

export const logoRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });
export const logo = style({
  inlineSize: '4rem',
  blockSize: '4rem',
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  background: vars.color.surface,
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.75rem 1rem' });
export const search = style({ flex: '1 1 16rem', maxInlineSize: '32rem' });
/** Addresses are read left to right in every language; long ones wrap instead of widening the page. */
export const address = style({ overflowWrap: 'anywhere' });
/** The address being changed: the company's selected-row colour; its links take the row's text colour to read on it. */
export const mappingRow = style({ selectors: { '&[aria-current="true"]': selectedRow } });
globalStyle(`${mappingRow}[aria-current="true"] a`, { color: 'inherit' });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
