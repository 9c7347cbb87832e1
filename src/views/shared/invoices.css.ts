import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';
import { controlBox } from '../ui/control.css';
import { table as dataTable } from '../ui/dataTable.css';
import { focusRing } from '../ui/focus.css';
import { receipt } from './records.css';

/** The staff invoice screen and lookup: the patient list's frame; logical properties only; one column on a phone. */
export { heading, muted, page, title } from './listPage.css';

/** The patient's invoices beside the selected one on a wide screen; above it on a phone. */
export const split = style({
  display: 'grid',
  gap: '1.25rem',
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 60rem)': { gridTemplateColumns: '18rem minmax(0, 1fr)' } },
});

export const invoiceList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const invoiceItem = style({
  display: 'grid',
  gap: '0.125rem',
  padding: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[aria-current="page"]': { ...selectedRow, borderColor: vars.color.accent, borderWidth: '2px' },
  },
});
export const itemLine = style({ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', flexWrap: 'wrap' });

export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  minInlineSize: 0,
});
export const detail = style({ display: 'grid', gap: '1.25rem', minInlineSize: 0 });

export const form = style({ display: 'grid', gap: '1rem' });
export const fields = style({ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))' });
export const field = style({ display: 'grid', gap: '0.25rem', alignContent: 'start' });
export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });
export const input = style({
  ...controlBox,
  outline: 'none',
  minInlineSize: 0,
  selectors: { '&[data-focus-visible], &:focus-visible': focusRing, '&[data-invalid], &[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
});
export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' });

/** Type tabs of the lookup: links, the current one marked. */
export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });
export const tab = style({
  display: 'inline-block',
  paddingBlock: '0.5rem',
  paddingInline: '0.875rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent },
  },
});

export const totals = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem', margin: 0 });
globalStyle(`${totals} div`, { display: 'grid' });
globalStyle(`${totals} dt`, { color: vars.color.textMuted, fontSize: '0.875rem' });
globalStyle(`${totals} dd`, { margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export { link, state, tableWrap } from '../ui/dataTable.css';
export const table = style([dataTable]);
globalStyle(`${table} tbody th`, { fontWeight: 'normal' });
export const number = style({});
globalStyle(`${table} ${number}`, { textAlign: 'end' });
export const more = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem 1.25rem' });

/**
 * The receipt on an 80 mm roll: one narrow column, small type, its items table only description, quantity and amount
 * (the unit price, discount and tax columns go; the totals keep them). Its other tables print whole: a payment's
 * method, card reference and amount, the money given back, a session report's figures. A4 keeps the screen's
 * layout. The @page size is the screen's <style> (InvoiceScreen.tsx), as vanilla-extract has no @page rule.
 */
export const roll = style({});
/** The receipt's items table (Receipt.tsx): the one table whose middle columns the roll leaves out. */
export const receiptLines = style({});
// Joined with the receipt's class: its own print rule (max-inline-size: none) must not win by chunk order.
globalStyle(`${receipt}${roll}`, { '@media': { print: { inlineSize: '72mm', maxInlineSize: '72mm', fontSize: '9pt', lineHeight: 1.3 } } });
globalStyle([3, 4, 5].map((n) => `${roll} ${receiptLines} th:nth-child(${n}), ${roll} ${receiptLines} td:nth-child(${n})`).join(', '), {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${roll} table th, ${roll} table td`, { '@media': { print: { paddingInline: '0.25rem', paddingBlock: '0.125rem' } } });
globalStyle(`${roll} dl`, { '@media': { print: { justifySelf: 'stretch' } } });
export const a4 = style({});
globalStyle(`${receipt}${a4}`, { '@media': { print: { fontSize: '11pt' } } });
