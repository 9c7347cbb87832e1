import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { button } from '../../ui/button.css';

/** The register's pages: the invoice screen's frame, fields and tables; logical properties only; one column on a phone. */
export {
  actions,
  error,
  field,
  fields,
  form,
  heading,
  input,
  label,
  link,
  muted,
  number,
  page,
  section,
  state,
  tab,
  table,
  tableWrap,
  tabs,
  title,
  totals,
} from '../invoices.css';

/**
 * The title and the register's actions; room at the inline end for the shell's compact bar (menu, recents, user
 * menu), which floats over the top corner on a route without the toolbar.
 */
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  paddingInlineEnd: '10rem',
  '@media': { 'screen and (max-width: 40rem)': { paddingInlineEnd: 0, paddingBlockStart: '3.25rem' } },
});

/** A link that looks like the primary button (it leads to another tab). */
export const buttonLink = style([button.primary, { textDecoration: 'none', justifySelf: 'start' }]);

/** The denominations of a cash count: a grid of small fields, as many per row as fit. */
export const counts = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr))',
  border: 'none',
  margin: 0,
  padding: 0,
  minInlineSize: 0,
});
export const legend = style({ fontWeight: 600, marginBlockEnd: '0.5rem', padding: 0 });

/** Figures side by side (expected, counted, difference). */
export const figures = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem', margin: 0 });
globalStyle(`${figures} > div`, { display: 'grid' });
globalStyle(`${figures} dt`, { color: vars.color.textMuted, fontSize: '0.875rem' });
globalStyle(`${figures} dd`, { margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const negative = style({ color: vars.color.danger });

/** A list of cards (registers, parked sales) that wraps on a phone. */
export const cards = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))' });
export const card = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  minInlineSize: 0,
});
export const cardTitle = style({ margin: 0, fontSize: '1rem', fontWeight: 600 });

/** Parked or quote: a small outlined label beside the name. */
export const kind = style({
  display: 'inline-block',
  marginInlineStart: '0.5rem',
  paddingInline: '0.5rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.8125rem',
  fontWeight: 600,
});

/** The receipt's email: a whole row of the receipt's actions; the address field (at most a comfortable width) above its send button. */
export const receiptEmail = style({ display: 'grid', gap: '0.5rem', flexBasis: '100%', minInlineSize: 0 });
export const receiptEmailForm = style({ display: 'grid', gap: '0.5rem', gridTemplateColumns: 'minmax(0, 24rem)' });
globalStyle(`${receiptEmailForm} > button`, { justifySelf: 'start' });

/** What waits on this device to be sent: a framed row above the register's tabs while anything waits. */
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5rem 1rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.5rem',
  border: `2px solid ${vars.color.accent}`,
});
export const bannerText = style({ margin: 0, display: 'grid', gap: '0.25rem', minInlineSize: 0 });
