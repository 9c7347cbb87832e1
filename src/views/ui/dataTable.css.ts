import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';
import { visuallyHiddenRules } from './visuallyHidden.css';

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

/**
 * On a phone a table with row actions turns into cards (TableScroll's `cards`): each row a box, each cell under its
 * column's name, so every action is within the screen without scrolling sideways. The header row stays for screen
 * readers; the name each cell shows is generated content with empty alternative text (it is the header, read once).
 */
export const cards = style({});
const phone = 'screen and (max-width: 599.98px)';
globalStyle(`${cards} table, ${cards} tbody, ${cards} tfoot, ${cards} tr, ${cards} table td, ${cards} tbody th, ${cards} tfoot th`, {
  '@media': { [phone]: { display: 'block', inlineSize: '100%', boxSizing: 'border-box' } },
});
globalStyle(`${cards} thead`, { '@media': { [phone]: visuallyHiddenRules } });
globalStyle(`${cards} table tr`, {
  '@media': {
    [phone]: {
      marginBlockEnd: '0.75rem',
      paddingBlock: '0.5rem',
      paddingInline: '0.75rem',
      border: `1px solid ${vars.color.border}`,
      borderRadius: '0.75rem',
    },
  },
});
globalStyle(`${cards} table td, ${cards} tbody th, ${cards} tfoot th`, {
  '@media': { [phone]: { paddingBlock: '0.25rem', paddingInline: 0, border: 'none', textAlign: 'start' } },
});
globalStyle(`${cards} table td[data-label]:not(:empty)::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label) / ""',
      display: 'block',
      color: vars.color.textMuted,
      fontSize: '0.8125rem',
      fontWeight: 600,
    },
  },
});
