import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { controlBox } from '../ui/control.css';
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


export const group = style({ display: 'grid', gap: '0.5rem', minInlineSize: 0, margin: 0, padding: 0, border: 0 });

export const groupLabel = style({ padding: 0, fontWeight: 600, fontSize: '0.9375rem', overflowWrap: 'anywhere' });

export const options = style({ display: 'grid', gap: '0.25rem', marginBlockStart: '0.5rem' });

/** One radio or checklist option: the whole line is its label, at least 44 px high (a touch target). */
export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.625rem',
  minBlockSize: '2.75rem',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { 'fieldset:disabled &': { cursor: 'default' } },
});

/** The native radio or checkbox, in the theme's accent colour. */
export const control = style({
  flex: 'none',
  inlineSize: '1.25rem',
  blockSize: '1.25rem',
  margin: 0,
  accentColor: vars.color.accent,
  cursor: 'inherit',
  selectors: { '&:focus-visible': focusRing },
});

export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 0 });

export const input = style({
  inlineSize: '100%',
  boxSizing: 'border-box',
  ...controlBox,
  outline: 'none',
  selectors: {
    '&:focus-visible': focusRing,
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const select = style([input, { cursor: 'pointer', selectors: { '&:disabled': { cursor: 'default' } } }]);

export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem', display: 'flex', justifyContent: 'space-between', gap: '0.5rem' });

export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });
