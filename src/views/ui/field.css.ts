import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

export const field = style({ display: 'grid', gap: '0.25rem' });

export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });

export const input = style({
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

export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });
