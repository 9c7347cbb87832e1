import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { table } from '../ui/dataTable.css';
import { focusRing } from '../ui/focus.css';

/** The record pages: wide enough for a prescription table; logical properties only (right-to-left works). */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  // One column no wider than the screen: a wide table scrolls in its own box instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1.25rem',
  maxInlineSize: '72rem',
  marginInline: 'auto',
  paddingBlock: '2rem',
  paddingInline: '1.5rem',
  color: vars.color.text,
});

export const title = style({ margin: 0, fontSize: '1.5rem' });
export const heading = style({ margin: 0, fontSize: '1.125rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const card = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});

/** The receipt's logo: small beside the store's name, on screen and on the printed page. */
export const receiptLogo = style({ display: 'block', maxInlineSize: '8rem', maxBlockSize: '4rem', objectFit: 'contain' });
export const cardHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0.5rem 1rem' });

export const grid = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});

/** A term list of label / value pairs. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '0.25rem 1rem',
  margin: 0,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600 });

export { link, state, table, tableWrap } from '../ui/dataTable.css';

/** Numbers line up at the end of their column. */
export const number = style({});
globalStyle(`${table} ${number}`, { textAlign: 'end' });

export const badge = style({
  display: 'inline-block',
  paddingBlock: '0.125rem',
  paddingInline: '0.5rem',
  borderRadius: '999px',
  fontSize: '0.8125rem',
  fontWeight: 700,
  border: '1px solid currentColor',
});
export const tone = styleVariants({
  neutral: { color: vars.color.text },
  good: { color: vars.color.accent },
  warning: { color: vars.color.danger, borderStyle: 'dashed' },
  danger: { color: vars.color.danger },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' });



/** A form in two columns on wide screens. */
export const form = style({ display: 'grid', gap: '1rem' });
export const fields = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
});
export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem', minInlineSize: 0 });
export const legend = style({ fontWeight: 600, paddingInline: 0, marginBlockEnd: '0.25rem' });
export const radios = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem' });
export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  minBlockSize: '2.75rem',
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': focusRing },
});
export const radioMark = style({
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  selectors: { [`${radio}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: '6px' } },
});
/** A native radio button (the public booking page's choices): the label's target, in the accent colour. */
export const nativeRadio = style({
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  margin: 0,
  accentColor: vars.color.accent,
  selectors: { '&:focus-visible': focusRing },
});
export const fieldError = style({ color: vars.color.danger, fontSize: '0.875rem' });

/** Lab-order progress: one step per line, a mark at the inline start. */
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.25rem' });
export const step = style({
  display: 'grid',
  gridTemplateColumns: '1.5rem 1fr',
  gap: '0.75rem',
  alignItems: 'start',
  paddingBlock: '0.375rem',
});
export const stepMark = styleVariants({
  done: { color: vars.color.accent, fontWeight: 700 },
  current: { color: vars.color.accent, fontWeight: 700 },
  pending: { color: vars.color.textMuted },
});
export const stepText = styleVariants({
  done: {},
  current: { fontWeight: 700 },
  pending: { color: vars.color.textMuted },
});

/** Receipt and totals. */
export const totals = style({ display: 'grid', gridTemplateColumns: '1fr max-content', gap: '0.25rem 1.5rem', margin: 0, justifySelf: 'end' });
globalStyle(`${totals} dd`, { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
export const grandTotal = style({ fontWeight: 700, fontSize: '1.0625rem' });

/**
 * Printing an invoice prints its receipt only: the shell (navbar, toolbar, footer), the buttons and the links
 * disappear; the receipt fills the page in black on white. Scoped with :has, so other pages print as they are.
 */
export const receipt = style({});
export const noPrint = style({});
// Everything that neither holds the receipt nor is in it goes (navbar, toolbar, footer, panels' tabs) ...
globalStyle(`body:has(${receipt}) :not(:has(${receipt})):not(${receipt}):not(${receipt} *)`, {
  '@media': { print: { display: 'none' } },
});
// ... and what holds it lets it flow over as many pages as it needs, from the page's edge.
globalStyle(`html:has(${receipt}), body:has(${receipt}), body:has(${receipt}) :has(${receipt})`, {
  '@media': {
    print: {
      display: 'block',
      position: 'static',
      overflow: 'visible',
      blockSize: 'auto',
      minBlockSize: 0,
      maxBlockSize: 'none',
      inlineSize: 'auto',
      maxInlineSize: 'none',
      margin: 0,
      padding: 0,
      border: 'none',
      background: '#fff',
    },
  },
});
globalStyle(`${receipt}, ${receipt} *`, {
  '@media': { print: { color: '#000', background: 'transparent', boxShadow: 'none' } },
});
globalStyle(`${receipt}`, { '@media': { print: { maxInlineSize: 'none', padding: 0, margin: 0 } } });
globalStyle(`${receipt} ${noPrint}`, { '@media': { print: { display: 'none' } } });
globalStyle(`${receipt} ${card}`, { '@media': { print: { border: 'none', padding: 0 } } });

/** The receipt's footer text (general settings): the store's lines as typed, centred under the receipt. */
export const receiptFooter = style({
  margin: 0,
  paddingBlockStart: '0.75rem',
  borderBlockStart: `1px dashed ${vars.color.border}`,
  whiteSpace: 'pre-line',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  color: vars.color.textMuted,
});
