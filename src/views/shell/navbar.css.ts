import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';
import { visuallyHiddenRules } from '../ui/visuallyHidden.css';
import { sizes } from './layout.css';

/** The space the navbar takes in the layout: 280 px, or 64 px folded (it then opens over the content). */
export const slot = style({
  position: 'relative',
  flexShrink: 0,
  inlineSize: sizes.navbar,
  zIndex: 40,
  transition: 'inline-size 150ms ease',
  selectors: {
    '&[data-folded]': { inlineSize: sizes.navbarFolded },
    '&[data-position="right"]': { order: 2 },
  },
});

export const panel = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  display: 'flex',
  flexDirection: 'column',
  inlineSize: sizes.navbar,
  overflow: 'hidden',
  borderInlineEnd: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  transition: 'inline-size 150ms ease, box-shadow 150ms ease',
  selectors: {
    [`${slot}[data-position="right"] &`]: { insetInlineStart: 'auto', insetInlineEnd: 0 },
    [`${slot}[data-folded] &`]: { inlineSize: sizes.navbarFolded },
    [`${slot}[data-folded][data-expanded] &`]: { inlineSize: sizes.navbar, boxShadow: '0 0 1.5rem rgb(0 0 0 / 0.25)' },
  },
});

/** In the small-screen drawer. */
export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1200,
  background: 'rgb(0 0 0 / 0.45)',
});

export const drawer = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineStart: 0,
  display: 'flex',
  flexDirection: 'column',
  inlineSize: `min(${sizes.navbar}, 85vw)`,
  outline: 'none',
  boxShadow: '0 0 1.5rem rgb(0 0 0 / 0.3)',
});

export const drawerDialog = style({ display: 'flex', flexDirection: 'column', flex: 1, minBlockSize: 0, outline: 'none' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  flexShrink: 0,
  blockSize: sizes.toolbar,
  paddingInline: '1rem 0.25rem',
  selectors: { '[data-compact] &': { paddingInline: '1rem' } },
});

export const headerEnd = style({ marginInlineStart: 'auto', flexShrink: 0, selectors: { '[data-compact] &': { display: 'none' } } });

export const scroller = style({ flex: 1, minBlockSize: 0, overflowY: 'auto', overflowX: 'hidden', paddingBlockEnd: '1rem' });

/** Text that goes when the navbar is 64 px wide (kept for screen readers). */
export const compactHidden = style({ selectors: { '[data-compact] &': visuallyHiddenRules } });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const groupHeading = style({
  display: 'block',
  paddingBlock: '1.25rem 0.5rem',
  paddingInline: '1.5rem',
  fontSize: '0.75rem',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  selectors: {
    '[data-compact] &': {
      blockSize: 1,
      padding: 0,
      marginBlock: '0.75rem',
      marginInline: '1rem',
      overflow: 'hidden',
      color: 'transparent',
      background: `color-mix(in srgb, ${vars.color.border} 50%, transparent)`,
    },
  },
});

/** An item, link or collapse button: one row, indented by its depth. */
export const entry = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  inlineSize: `calc(100% - 1.5rem)`,
  minBlockSize: '2.75rem',
  marginInline: '0.75rem',
  paddingInlineStart: '0.75rem',
  paddingInlineEnd: '0.75rem',
  border: 'none',
  borderRadius: '999px',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: '0.9375rem',
  textAlign: 'start',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-level="1"]': { paddingInlineStart: '1.75rem' },
    '&[data-level="2"]': { paddingInlineStart: '2.75rem' },
    '&[data-level="3"]': { paddingInlineStart: '3.75rem' },
    '&[data-hovered]': { background: 'color-mix(in srgb, currentColor 8%, transparent)' },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-2px' },
    // The active item: a pill in the secondary colour of the navbar's theme (also activeMenuItemClass).
    '&[data-empty]': { cursor: 'default', color: vars.color.textMuted },
    '&[data-active]': { background: vars.color.selected, color: vars.color.selectedText },
    '&[aria-current="page"]': {
      cursor: 'default',
      fontWeight: 600,
      background: vars.color.selected,
      color: vars.color.selectedText,
    },
    '[data-compact] &': { paddingInline: '0.5rem', marginInline: '0.5rem', inlineSize: 'calc(100% - 1rem)', justifyContent: 'center' },
  },
});

export const entryTitle = style([compactHidden, { flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }]);

export const letterIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '1.5rem',
  blockSize: '1.5rem',
  flexShrink: 0,
  borderRadius: '50%',
  border: '1.5px solid currentColor',
  fontSize: '0.75rem',
  fontWeight: 700,
  textTransform: 'uppercase',
});

export const badge = style([
  compactHidden,
  {
    paddingBlock: '0.0625rem',
    paddingInline: '0.5rem',
    borderRadius: '999px',
    background: vars.color.selected,
    color: vars.color.selectedText,
    fontSize: '0.6875rem',
    fontWeight: 700,
  },
]);

export const chevron = style([
  compactHidden,
  {
    display: 'inline-flex',
    transition: 'transform 150ms ease',
    selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
  },
]);

export const separator = style({
  blockSize: 1,
  marginBlock: '0.75rem',
  marginInline: '1rem',
  background: `color-mix(in srgb, ${vars.color.border} 50%, transparent)`,
  listStyle: 'none',
});

/** Horizontal layout: the navigation as a row under the toolbar. */
export const horizontalBar = style({
  position: 'relative',
  zIndex: 25,
  flexShrink: 0,
  paddingInline: '0.75rem',
  borderBlockEnd: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
});

export const horizontalList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.25rem',
  minBlockSize: '3.5rem',
});

export const horizontalEntry = style({ position: 'relative' });

export const horizontalTop = style([
  entry,
  { inlineSize: 'auto', marginInline: 0, paddingInline: '1rem', minBlockSize: '2.5rem' },
]);

export const horizontalPanel = style({
  position: 'absolute',
  insetBlockStart: '100%',
  insetInlineStart: 0,
  minInlineSize: '16rem',
  paddingBlock: '0.5rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0.5rem 1.5rem rgb(0 0 0 / 0.2)',
});
