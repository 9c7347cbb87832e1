import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';

/** The inbox page: the list and the open conversation side by side on a wide screen, one above the other on a phone. */
export const page = style({ display: 'grid', gap: '1rem', padding: '1rem', minInlineSize: 0 });
export const title = style({ margin: 0, fontSize: '1.5rem' });
export const layout = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(16rem, 22rem) minmax(0, 1fr)' } },
});
export const panel = style({
  display: 'grid',
  alignContent: 'start',
  gap: '0.75rem',
  padding: '1rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});
export const panelTitle = style({ margin: 0, fontSize: '1.125rem' });
export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.25rem' });
export const item = style({
  display: 'grid',
  gap: '0.125rem',
  inlineSize: '100%',
  padding: '0.5rem 0.75rem',
  border: '1px solid transparent',
  borderRadius: '0.375rem',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&[aria-current="true"]': selectedRow,
    '&:hover': { borderColor: vars.color.border },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
/** The preview and time under a conversation's name: muted, but the selected row's colours when it is selected. */
export const itemMeta = style({
  color: vars.color.textMuted,
  fontSize: '0.875rem',
  overflowWrap: 'anywhere',
  selectors: { [`${item}[aria-current="true"] &`]: { color: 'inherit' } },
});
export const itemHead = style({ display: 'flex', alignItems: 'center', gap: '0.5rem', fontWeight: 600 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.875rem', overflowWrap: 'anywhere' });
export const messages = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' });
export const message = style({
  display: 'grid',
  gap: '0.25rem',
  maxInlineSize: '42rem',
  padding: '0.625rem 0.875rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  justifySelf: 'start',
  minInlineSize: 0,
  selectors: { '&[data-mine="true"]': { justifySelf: 'end', background: vars.color.surfaceRaised } },
});
export const messageText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const form = style({ display: 'grid', gap: '0.5rem' });
export const label = style({ fontWeight: 600 });
export const textarea = style({
  inlineSize: '100%',
  minBlockSize: '6rem',
  boxSizing: 'border-box',
  padding: '0.5rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  resize: 'vertical',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
export const error = style({ margin: 0, color: vars.color.danger });

/** The guest tracking page's timeline. */
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const step = style({
  display: 'grid',
  gap: '0.125rem',
  paddingInlineStart: '1rem',
  borderInlineStart: `3px solid ${vars.color.border}`,
  selectors: { '&[aria-current="step"]': { borderInlineStartColor: vars.color.accent, fontWeight: 600 } },
});
export const card = style({
  display: 'grid',
  gap: '1rem',
  inlineSize: '100%',
  maxInlineSize: '36rem',
  boxSizing: 'border-box',
  padding: '1.25rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  background: vars.color.surfaceRaised,
  overflowWrap: 'anywhere',
});
export const facts = style({ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.25rem 1rem' });
export const term = style({ fontWeight: 600 });
export const definition = style({ margin: 0, whiteSpace: 'pre-line' });

/** The tracking page's opening hours, one weekday a line. */
export const hours = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.125rem' });

/** The patient search of a new staff message. */
export const input = style({
  inlineSize: '100%',
  boxSizing: 'border-box',
  padding: '0.5rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
});
