import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from './focus.css';

export const popover = style({
  minInlineSize: '12rem',
  maxInlineSize: 'min(24rem, calc(100vw - 1rem))',
  padding: '0.25rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.2)',
  outline: 'none',
  overflow: 'auto',
});

export const menu = style({ outline: 'none', display: 'grid', gap: '0.125rem' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  minBlockSize: '2.5rem',
  paddingInline: '0.75rem',
  borderRadius: '0.375rem',
  color: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: `color-mix(in srgb, ${vars.color.accent} 12%, transparent)` },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
    '&[data-selected]': { fontWeight: 600 },
    '&[data-disabled]': { opacity: 0.6, cursor: 'default' },
  },
});

export const check = style({
  inlineSize: '1.25rem',
  marginInlineStart: 'auto',
  textAlign: 'center',
  color: vars.color.accent,
});

export const separator = style({
  blockSize: 1,
  marginBlock: '0.25rem',
  background: vars.color.border,
  opacity: 0.5,
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5rem',
  minInlineSize: '2.5rem',
  blockSize: '2.5rem',
  paddingInline: '0.5rem',
  border: 'none',
  borderRadius: '999px',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed], &[data-selected]': {
      background: 'color-mix(in srgb, currentColor 10%, transparent)',
    },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { opacity: 0.6, cursor: 'default' },
  },
});

export const tooltip = style({
  paddingBlock: '0.25rem',
  paddingInline: '0.5rem',
  borderRadius: '0.25rem',
  background: '#2B2F36',
  color: '#FFFFFF',
  fontSize: '0.8125rem',
});
