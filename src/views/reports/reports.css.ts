import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/**
 * The reports: the invoice lookup's frame (filters, tables) plus the bar chart. Logical properties only, so the
 * chart and its labels run right to left in Arabic; the bars' SVG is mirrored there. Printing keeps the chart and
 * the tables and drops the filters and buttons.
 */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: '0.75rem',
  margin: 0,
});
export const figure = style({
  display: 'grid',
  gap: '0.125rem',
  padding: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});
export const figureName = style({ fontSize: '0.875rem', color: vars.color.textMuted });
export const figureValue = style({ margin: 0, fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

export const chart = style({ margin: 0, display: 'grid', gap: '0.5rem', minInlineSize: 0 });
export const chartTitle = style({ fontWeight: 600 });
export const bars = style({ display: 'grid', gap: '0.25rem', minInlineSize: 0 });
export const barRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(4.5rem, 30%) minmax(0, 1fr) 3.5rem',
  alignItems: 'center',
  gap: '0.5rem',
  minBlockSize: '1.5rem',
});
export const barLabel = style({ fontSize: '0.8125rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const barTrack = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: '1.125rem',
  overflow: 'visible',
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});
export const barValue = style({ fontSize: '0.8125rem', fontVariantNumeric: 'tabular-nums', textAlign: 'end', whiteSpace: 'nowrap' });
export const bar = style({ fill: vars.color.accent });
export const barNegative = style({ fill: vars.color.danger });
export const grid = style({ stroke: vars.color.border, strokeWidth: 0.3, vectorEffect: 'non-scaling-stroke' });
export const axisRow = style([barRow, { minBlockSize: '1.25rem' }]);
export const axis = style({ position: 'relative', blockSize: '1.25rem' });
export const tick = style({
  position: 'absolute',
  insetBlockStart: 0,
  transform: 'translateX(-50%)',
  fontSize: '0.75rem',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: { '[dir="rtl"] &': { transform: 'translateX(50%)' } },
});
export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const reportSection = style({ display: 'grid', gap: '1rem', minInlineSize: 0 });
