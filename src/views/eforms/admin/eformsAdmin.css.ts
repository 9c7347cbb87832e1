import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { selectedRow } from '../../../theme/selectedRow';
import { controlBox } from '../../ui/control.css';
import { focusRing } from '../../ui/focus.css';

/** The admin eForm screens: logical properties only (the pages turn right-to-left in Arabic). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  // One column no wider than the screen: a wide table scrolls in its own box instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1.25rem',
  paddingBlock: '1.5rem',
  paddingInline: '1.5rem',
  maxInlineSize: '90rem',
  marginInline: 'auto',
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' });

export const title = style({ margin: 0, fontSize: '1.5rem', color: vars.color.text, marginInlineEnd: 'auto' });

export const subtitle = style({ margin: 0, fontSize: '1.125rem', color: vars.color.text });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.75rem' });

export const card = style({
  display: 'grid',
  // No wider than its place: a wide table scrolls in its own box instead of widening the card.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });

export const grow = style({ flex: '1 1 12rem', minInlineSize: 0 });

/** The builder beside its live preview; one column on narrow screens. */
export const builderLayout = style({
  display: 'grid',
  gap: '1.5rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)' } },
});

export const preview = style([
  card,
  {
    alignSelf: 'start',
    '@media': { 'screen and (min-width: 1100px)': { position: 'sticky', insetBlockStart: '1rem' } },
  },
]);

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
/** A patient of the assign dialog's list: the company's selected-row colour once checked; its details read on it. */
export const pickRow = style({
  paddingBlock: '0.25rem',
  paddingInline: '0.5rem',
  borderRadius: '0.375rem',
  selectors: { '&:has([data-selected])': selectedRow },
});
globalStyle(`${pickRow}:has([data-selected]) ${muted}`, { color: 'inherit' });

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', color: vars.color.text });

export const cell = style({
  textAlign: 'start',
  paddingBlock: '0.5rem',
  paddingInline: '0.5rem',
  borderBlockEnd: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const smallButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.25rem',
  minBlockSize: '2.25rem',
  minInlineSize: '2.25rem',
  paddingInline: '0.625rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontSize: '0.875rem',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
  },
});
/** A board in the boards list: a small button, the chosen one in the company's selected-row colour. */
export const boardLink = style([smallButton, { selectors: { '&[aria-current="page"]': { ...selectedRow, borderColor: 'transparent' } } }]);

export const link = style({
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  borderRadius: '0.25rem',
  selectors: { '&[data-focus-visible]': focusRing, '&:focus-visible': focusRing },
});

export const select = style({
  ...controlBox,
  selectors: { '&:focus-visible': focusRing },
});

export const fieldLabel = style({ display: 'grid', gap: '0.25rem', fontWeight: 600, fontSize: '0.9375rem' });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: '0.875rem' });

export const badge = styleVariants({
  neutral: { paddingInline: '0.5rem', paddingBlock: '0.125rem', borderRadius: '999px', fontSize: '0.8125rem', border: `1px solid ${vars.color.border}` },
  accent: {
    paddingInline: '0.5rem',
    paddingBlock: '0.125rem',
    borderRadius: '999px',
    fontSize: '0.8125rem',
    background: vars.color.selected,
    color: vars.color.selectedText,
  },
});

export const dialogWide = style({
  inlineSize: 'min(100%, 44rem)',
  maxBlockSize: '90vh',
  overflowY: 'auto',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 1rem 3rem rgb(0 0 0 / 0.25)',
});

export const dialogBody = style({ display: 'grid', gap: '1rem', padding: '1.5rem', outline: 'none' });

/** A form's text in its main language beside the field of its translation (the builder's translations). */
export const mainText = style({ margin: 0, color: vars.color.text, overflowWrap: 'anywhere', unicodeBidi: 'isolate' });
