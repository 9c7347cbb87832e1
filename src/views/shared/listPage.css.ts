import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { controlBox } from '../ui/control.css';
import { table as dataTable } from '../ui/dataTable.css';
import { focusRing } from '../ui/focus.css';

/** The staff patient list: filters above a wide table; logical properties only (right-to-left works). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  // One column no wider than the screen: a wide table scrolls in its own box instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1.25rem',
  maxInlineSize: '80rem',
  marginInline: 'auto',
  paddingBlock: '2rem',
  paddingInline: '1.5rem',
  color: vars.color.text,
});

export const title = style({ margin: 0, fontSize: '1.5rem' });
export const heading = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const filters = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'start', gap: '1rem 1.5rem' });

export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 'min(100%, 14rem)' });
export const searchField = style({ flex: '1 1 22rem', maxInlineSize: '32rem' });
export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.8125rem' });

export const searchBox = style({ display: 'flex', gap: '0.5rem', alignItems: 'center' });
export const input = style({
  ...controlBox,
  flex: '1 1 auto',
  minInlineSize: 0,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});
export const select = style({ ...controlBox, selectors: { '&:focus-visible': focusRing } });

export { link, state, tableWrap } from '../ui/dataTable.css';

/** The shared table, with plain-weight row headers (the patient's name is a link). */
export const table = style([dataTable]);
globalStyle(`${table} tbody th`, { fontWeight: 'normal' });

export const more = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem 1.25rem' });
export const moreFailed = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });


/** The list's kinds (all, balance, ...) as a row of links that wraps on a phone; the current one underlined. */
export const types = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.5rem' });
export const typeLink = style({
  paddingBlock: '0.375rem',
  paddingInline: '0.75rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.selected, color: vars.color.selectedText, borderColor: vars.color.selected },
    '&[data-focus-visible]': focusRing,
  },
});
