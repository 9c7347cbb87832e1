import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { controlBox } from './control.css';
import { focusRing } from './focus.css';

// One column that may be narrower than the input's own width (about 20 characters): the input fills the field
// instead of running over the next field of a grid or row.
export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.25rem' });

export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });

export const input = style({
  ...controlBox,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const error = style({ color: vars.color.danger, fontSize: '0.875rem' });

export const description = style({ color: vars.color.textMuted, fontSize: '0.8125rem' });
