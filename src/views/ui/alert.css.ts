import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const alert = style({
  paddingBlock: '0.75rem',
  paddingInline: '1rem',
  borderRadius: '0.5rem',
  borderInlineStart: `4px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.danger,
  fontWeight: 600,
});

export const summaryList = style({
  margin: 0,
  marginBlockStart: '0.5rem',
  paddingInlineStart: '1.25rem',
  fontWeight: 400,
});

globalStyle(`${summaryList} a`, { color: 'inherit' });
