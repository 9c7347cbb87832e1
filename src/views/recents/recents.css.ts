import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';
import { focusRing } from '../ui/focus.css';

export const question = style({ margin: 0, color: vars.color.textMuted });

export const overlay = style({ position: 'fixed', inset: 0, zIndex: 1000, background: 'rgb(0 0 0 / 0.2)' });

/** A drawer at the inline end (the right in English, the left in Arabic). */
export const drawer = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineEnd: 0,
  inlineSize: 'min(360px, 100vw)',
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
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.5rem',
  paddingBlock: '0.75rem',
  paddingInline: '1rem',
  background: vars.color.surfaceRaised,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });

export const headerActions = style({ display: 'flex', gap: '0.5rem' });

export const list = style({ listStyle: 'none', margin: 0, padding: '0.5rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' });

export const item = style({ display: 'flex', alignItems: 'center', gap: '0.25rem', borderRadius: '0.5rem' });

export const link = style({
  flex: 1,
  minInlineSize: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  paddingBlock: '0.5rem',
  paddingInline: '0.75rem',
  borderRadius: '0.5rem',
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': focusRing,
    '&[aria-current="page"]': selectedRow,
  },
});

export const name = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const meta = style({ fontSize: '0.8125rem', opacity: 0.8 });

export const unsaved = style({
  alignSelf: 'flex-start',
  fontSize: '0.75rem',
  fontWeight: 600,
  paddingInline: '0.5rem',
  borderRadius: '999px',
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
});

export const empty = style({ margin: 0, padding: '1rem', color: vars.color.textMuted });
