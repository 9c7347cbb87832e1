import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { selectedRow } from '../../../theme/selectedRow';
import { focusRing } from '../../ui/focus.css';

/** The register's sale: search and customer above the lines, totals beside them on a wide screen; logical properties only. */
export { actions, error, field, fields, form, input, label, section } from '../../shared/invoices.css';
export { heading, muted } from '../../shared/listPage.css';

export const sale = style({ display: 'grid', gap: '1rem', minInlineSize: 0, color: vars.color.text });

export const top = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 60rem)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const main = style({
  display: 'grid',
  gap: '1rem',
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 60rem)': { gridTemplateColumns: 'minmax(0, 1fr) 20rem' } },
});

export const results = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  maxBlockSize: '18rem',
  overflowY: 'auto',
});
export const result = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '0.25rem 0.75rem',
  padding: '0.5rem 0.75rem',
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.accent, color: vars.color.accentText } },
});

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' });
export const line = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  minInlineSize: 0,
  selectors: { '&[data-selected="true"]': { borderColor: vars.color.accent, borderWidth: '2px' } },
});
export const lineHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem' });
/** The line's name, pressed when it is the sale's selected line: then in the company's selected-row colour. */
export const lineTitle = style({
  all: 'unset',
  fontWeight: 600,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  paddingInline: '0.375rem',
  borderRadius: '0.25rem',
  selectors: { '&:focus-visible': focusRing, '&[aria-pressed="true"]': selectedRow },
});
export const quantity = style({ display: 'inline-flex', alignItems: 'center', gap: '0.375rem' });
export const amount = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });
/** A lens's option groups, one under another (materials, then coatings, tints). */
export const optionGroups = style({ display: 'grid', gap: '0.5rem' });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', border: 0, padding: 0, margin: 0, minInlineSize: 0 });
export const check = style({ display: 'inline-flex', gap: '0.375rem', alignItems: 'center' });
export const warning = style({ color: vars.color.danger, fontSize: '0.875rem', margin: 0 });

export const totals = style({ display: 'grid', gridTemplateColumns: 'auto auto', gap: '0.375rem 1rem', margin: 0 });
globalStyle(`${totals} dd`, { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
export const grand = style({ fontSize: '1.25rem', fontWeight: 700 });

export const shortcuts = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem', margin: 0, padding: 0, listStyle: 'none', fontSize: '0.875rem', color: vars.color.textMuted });
export const kbd = style({
  fontFamily: 'inherit',
  fontWeight: 600,
  paddingInline: '0.375rem',
  borderRadius: '0.25rem',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

/** A framed notice row, as the register's waiting-sales banner. */
export { banner } from '../../shared/sale/saleForms.css';

export const overlay = style({ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', padding: '0.5rem', background: 'rgb(0 0 0 / 0.45)' });
export const modal = style({
  inlineSize: 'min(100%, 36rem)',
  maxBlockSize: 'calc(100dvh - 1rem)',
  overflowY: 'auto',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});
export const dialog = style({ display: 'grid', gap: '1rem', padding: '1.25rem', outline: 'none' });
export const payments = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const payment = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem' });
