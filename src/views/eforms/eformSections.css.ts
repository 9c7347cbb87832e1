import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

/** The form's sections as the patient sees them (also the builder's live preview): one column, phone first. */
export const sections = style({ display: 'grid', gap: '1rem', margin: 0, padding: 0 });

export const section = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});

export const sectionTitle = style({ margin: 0, fontSize: '1.0625rem', fontWeight: 600, overflowWrap: 'anywhere' });

export const asterisk = style({ color: vars.color.danger, fontWeight: 700 });

export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const group = style({ display: 'grid', gap: '0.5rem', minInlineSize: 0 });

export const groupLabel = style({ fontWeight: 600, fontSize: '0.9375rem', overflowWrap: 'anywhere' });

export const options = style({ display: 'grid', gap: '0.25rem' });

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.625rem',
  minBlockSize: '2.75rem',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { '&[data-readonly], &[data-disabled]': { cursor: 'default' } },
});

export const radioDot = style({
  flex: 'none',
  inlineSize: '1.25rem',
  blockSize: '1.25rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.accent, borderWidth: '6px' },
    [`${radio}[data-focus-visible] &`]: focusRing,
  },
});

export const checkOption = style({ minBlockSize: '2.75rem', display: 'flex', alignItems: 'center', overflowWrap: 'anywhere' });

export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 0 });

export const input = style({
  inlineSize: '100%',
  boxSizing: 'border-box',
  minBlockSize: '2.75rem',
  paddingInline: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem', display: 'flex', justifyContent: 'space-between', gap: '0.5rem' });

export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });

export const selectButton = style([
  input,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '0.5rem',
    cursor: 'pointer',
    textAlign: 'start',
    selectors: { '&[data-focus-visible]': focusRing, '&[data-disabled]': { cursor: 'default' } },
  },
]);

export const placeholder = style({ color: vars.color.textMuted });

export const popover = style({
  minInlineSize: 'var(--trigger-width)',
  maxBlockSize: '18rem',
  overflow: 'auto',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.2)',
});

export const listBox = style({ padding: '0.25rem', outline: 'none' });

export const option = style({
  padding: '0.625rem 0.75rem',
  borderRadius: '0.375rem',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.surface },
    '&[data-selected]': { fontWeight: 600, color: vars.color.accent },
    '&[data-focus-visible]': focusRing,
  },
});
