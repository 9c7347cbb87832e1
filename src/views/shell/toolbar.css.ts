import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

/** The search opens over the whole toolbar. */
export const searchPanel = style({
  position: 'absolute',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  paddingInline: '1rem 0.5rem',
  // The toolbar's own slot theme applies here: its paper, its text.
  background: vars.palette.background.paper,
  color: vars.color.text,
});

export const searchField = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', flex: 1, minInlineSize: 0 });

export const searchInput = style({
  flex: 1,
  minInlineSize: 0,
  blockSize: '2.5rem',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: '1.0625rem',
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const suggestions = style({
  position: 'absolute',
  insetBlockStart: '100%',
  insetInlineStart: '1rem',
  inlineSize: 'min(36rem, calc(100% - 2rem))',
  maxBlockSize: '70vh',
  overflow: 'auto',
  padding: '0.25rem',
  borderRadius: '0 0 0.5rem 0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 0.75rem 1.5rem rgb(0 0 0 / 0.2)',
});

export const noResults = style({ margin: 0, padding: '0.75rem 1rem', color: vars.color.textMuted });

export const store = style({ display: 'flex', alignItems: 'center', gap: '0.5rem', minInlineSize: 0 });

export const storeLogo = style({ blockSize: '2rem', inlineSize: 'auto', maxInlineSize: '6rem', objectFit: 'contain' });

export const storeText = style({
  display: 'grid',
  lineHeight: 1.2,
  minInlineSize: 0,
  '@media': { 'screen and (max-width: 599.98px)': { display: 'none' } },
});

export const storeName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const muted = style({
  color: vars.color.textMuted,
  fontSize: '0.8125rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const userButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  blockSize: '3rem',
  paddingInline: '0.5rem',
  border: 'none',
  borderRadius: '0.5rem',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: 'color-mix(in srgb, currentColor 8%, transparent)' },
    '&[data-focus-visible]': focusRing,
  },
});

export const userName = style({
  fontWeight: 600,
  textAlign: 'end',
  '@media': { 'screen and (max-width: 599.98px)': { display: 'none' } },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '2.5rem',
  blockSize: '2.5rem',
  flexShrink: 0,
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 700,
  selectors: { '&[data-initial]::after': { content: 'attr(data-initial)' } },
});

export const avatarImage = style({ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' });

export const shortcuts = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.125rem',
  '@media': { 'screen and (max-width: 959.98px)': { display: 'none' } },
});

export const shortcutsDialog = style({ display: 'grid', gap: '0.5rem', padding: '0.5rem', outline: 'none', inlineSize: '20rem' });

export const shortcutsHeading = style({ margin: 0, paddingInline: '0.5rem', fontSize: '1rem' });

export const shortcutsSearch = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  paddingInline: '0.5rem',
  borderRadius: '0.375rem',
  border: `1px solid ${vars.color.border}`,
  selectors: { '&[data-focus-within]': { outline: `2px solid ${vars.color.focusRing}` } },
});

export const shortcutsList = style({ display: 'grid', gap: '0.125rem', maxBlockSize: '20rem', overflow: 'auto', outline: 'none' });

export const languageCode = style({
  fontWeight: 700,
  fontSize: '0.8125rem',
  textTransform: 'uppercase',
  selectors: { '&::after': { content: 'attr(data-code)' } },
});

/**
 * The POS hides the toolbar: the drawer button, recents and the user menu are a pill at the inline end of its own
 * row above the content, not over the page's header ('Change register').
 */
export const compactBar = style({
  position: 'sticky',
  insetBlockStart: '0.5rem',
  alignSelf: 'flex-end',
  flexShrink: 0,
  marginBlockStart: '0.5rem',
  marginInline: '0.5rem',
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem',
  padding: '0.25rem',
  borderRadius: '999px',
  background: vars.palette.background.paper,
  color: vars.color.text,
  boxShadow: '0 0.25rem 1rem rgb(0 0 0 / 0.15)',
});

/** A toolbar action with a visible word (the kiosk's 'Start over'). */
export const textButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.375rem',
  blockSize: '2.5rem',
  paddingInline: '0.75rem',
  border: `1px solid color-mix(in srgb, currentColor 30%, transparent)`,
  borderRadius: '999px',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { background: 'color-mix(in srgb, currentColor 8%, transparent)' },
    '&[data-focus-visible]': focusRing,
  },
});
