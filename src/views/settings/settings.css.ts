import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';
import { controlBox } from '../ui/control.css';

/** The fixed tabs at the screen's inline end that open the two sheets. */
export const tabs = style({
  position: 'fixed',
  insetInlineEnd: 0,
  insetBlockStart: '50%',
  transform: 'translateY(-50%)',
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.25rem',
});

export const tab = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '2.75rem',
  blockSize: '2.75rem',
  border: 'none',
  borderStartStartRadius: '0.5rem',
  borderEndStartRadius: '0.5rem',
  background: vars.color.selected,
  color: vars.color.selectedText,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { filter: 'brightness(1.08)' },
    '&[data-focus-visible]': focusRing,
  },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  background: 'rgb(0 0 0 / 0.2)',
});

/** A 380 px sheet from the inline end (spec section 9). */
export const sheet = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineEnd: 0,
  inlineSize: 'min(380px, 100vw)',
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0 2rem rgb(0 0 0 / 0.3)',
  outline: 'none',
});

export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column', minBlockSize: '100%' });

export const header = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  paddingBlock: '0.75rem',
  paddingInline: '1.25rem',
  background: vars.color.surfaceRaised,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });

export const body = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: '1.25rem',
  padding: '1.25rem',
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: '0.75rem' });

export const sectionTitle = style({
  margin: 0,
  fontSize: '0.8125rem',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  padding: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
});

export const groupTitle = style({ margin: 0, fontSize: '0.9375rem', fontWeight: 600 });

export const radioGroup = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem' });

export const label = style({ fontSize: '0.875rem', color: vars.color.textMuted });

export const radios = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1rem' });

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.5rem',
  minBlockSize: '2rem',
  cursor: 'pointer',
  outline: 'none',
});

export const radioMark = style({
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: '0.35rem' },
    [`${radio}[data-focus-visible] &`]: focusRing,
  },
});

export const switchRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '1rem',
  minBlockSize: '2rem',
  cursor: 'pointer',
  outline: 'none',
});

export const track = style({
  flexShrink: 0,
  position: 'relative',
  inlineSize: '2.5rem',
  blockSize: '1.375rem',
  borderRadius: '999px',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  transition: 'background 150ms',
  selectors: {
    [`${switchRow}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${switchRow}[data-focus-visible] &`]: focusRing,
  },
});

export const thumb = style({
  position: 'absolute',
  insetBlockStart: '0.125rem',
  insetInlineStart: '0.125rem',
  inlineSize: '0.875rem',
  blockSize: '0.875rem',
  borderRadius: '50%',
  background: vars.color.border,
  transition: 'inset-inline-start 150ms',
  selectors: {
    [`${switchRow}[data-selected] &`]: { insetInlineStart: '1.25rem', background: vars.color.accentText },
  },
});

export const select = style({ display: 'flex', flexDirection: 'column', gap: '0.25rem' });

export const selectButton = style({
  ...controlBox,
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  // The settings panel's own height for it.
  minBlockSize: '2.5rem',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const selectValue = style({ flex: 1, display: 'flex', alignItems: 'center', gap: '0.5rem', textAlign: 'start' });

export const popover = style({
  inlineSize: 'var(--trigger-width)',
  maxBlockSize: '20rem',
  overflowY: 'auto',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.2)',
});

export const listBox = style({ padding: '0.25rem', outline: 'none' });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  paddingBlock: '0.375rem',
  paddingInline: '0.5rem',
  borderRadius: '0.375rem',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surface },
    '&[data-selected]': { fontWeight: 700 },
  },
});

/** Four small squares: a theme's primary, secondary, paper and default background. */
export const swatches = style({ display: 'inline-flex', gap: '2px', flexShrink: 0 });

export const swatch = style({
  inlineSize: '0.875rem',
  blockSize: '0.875rem',
  borderRadius: '2px',
  border: '1px solid rgb(127 127 127 / 0.5)',
});

export const footer = style({
  position: 'sticky',
  insetBlockEnd: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5rem',
  padding: '1rem 1.25rem',
  background: vars.color.surfaceRaised,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const status = style({ margin: 0, fontSize: '0.875rem', color: vars.color.text });

export const statusError = style({ margin: 0, fontSize: '0.875rem', color: vars.color.danger });

export const schemeGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '0.75rem',
});

export const schemeCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.375rem',
  padding: '0.375rem',
  borderRadius: '0.5rem',
  border: `2px solid transparent`,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.border },
    '&[data-selected]': { borderColor: vars.color.accent },
    '&[data-focus-visible]': focusRing,
  },
});

/** A miniature of the shell in one theme: navbar on the default background, toolbar on paper. */
export const preview = style({
  display: 'grid',
  gridTemplateColumns: '28% 1fr',
  gridTemplateRows: '22% 1fr',
  blockSize: '5rem',
  borderRadius: '0.375rem',
  overflow: 'hidden',
  border: '1px solid rgb(127 127 127 / 0.4)',
});

export const previewNavbar = style({ gridRow: '1 / 3', display: 'flex', flexDirection: 'column', gap: '4px', padding: '6px 4px' });

export const previewBar = style({ blockSize: '4px', borderRadius: '2px' });

export const previewToolbar = style({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', paddingInline: '6px' });

export const previewDot = style({ inlineSize: '8px', blockSize: '8px', borderRadius: '50%' });

export const previewContent = style({ padding: '6px', display: 'flex', flexDirection: 'column', gap: '4px' });

export const schemeName = style({ fontSize: '0.8125rem', textAlign: 'center' });
