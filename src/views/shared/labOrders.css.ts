import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';
import { controlBox } from '../ui/control.css';
import { focusRing } from '../ui/focus.css';

/** The lab-order lookup and the work desk: type links above the filters and the list; logical properties only. */
export const types = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', margin: 0, padding: 0, listStyle: 'none' });
export const typeLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '2.25rem',
  paddingInline: '0.875rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[aria-current="page"]': { background: vars.color.selected, color: vars.color.selectedText, borderColor: 'transparent', fontWeight: 600 },
  },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  gap: '0.75rem 1rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});
// Its column may be narrower than the control's own width: the control shrinks to the field, not over the next one.
export const toolbarField = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.25rem', minInlineSize: 'min(100%, 12rem)', flex: '1 1 12rem' });
export const control = style({ ...controlBox, outline: 'none', selectors: { '&:focus-visible, &[data-focus-visible]': focusRing } });
export const fieldError = style({ color: vars.color.danger, fontSize: '0.875rem' });

export const overdue = style({ color: vars.color.danger, fontWeight: 600 });
export const badge = style({
  display: 'inline-block',
  paddingInline: '0.5rem',
  borderRadius: '999px',
  background: vars.color.selected,
  color: vars.color.selectedText,
  fontSize: '0.8125rem',
  whiteSpace: 'nowrap',
});
export const outcomes = style({ margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: '0.25rem' });
/** A checked order: the company's selected-row colour; its link and overdue note take the row's text colour to read on it. */
export const row = style({ selectors: { '&:has(input:checked)': selectedRow } });
globalStyle(`${row}:has(input:checked) a, ${row}:has(input:checked) ${overdue}`, { color: 'inherit' });
export const checkCell = style({ inlineSize: '2.75rem' });
export const nativeCheck = style({ inlineSize: '1.25rem', blockSize: '1.25rem', accentColor: vars.color.accent });
globalStyle(`${nativeCheck}:focus-visible`, focusRing);
