import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { focusRing } from '../ui/focus.css';

/** Sizes of spec section 9 and shell.md. */
export const sizes = {
  navbar: '280px',
  navbarFolded: '64px',
  toolbar: '64px',
  toolbarSmall: '56px',
  footer: '48px',
  footerSmall: '40px',
  boxed: '1280px',
} as const;
const small = 'screen and (max-width: 959.98px)';

/** The whole shell. data-scroll="content": the page holds still and the content scrolls; "body": the page scrolls. */
export const root = style({
  display: 'flex',
  flexDirection: 'column',
  minBlockSize: '100vh',
  selectors: {
    '&[data-scroll="content"]': { blockSize: '100vh', overflow: 'hidden' },
    '&[data-mode="boxed"]': {
      maxInlineSize: sizes.boxed,
      marginInline: 'auto',
      boxShadow: '0 0 1.5rem rgb(0 0 0 / 0.15)',
    },
  },
});

/** Navbar beside the main column. */
export const body = style({ display: 'flex', flex: 1, minBlockSize: 0, position: 'relative' });

export const mainColumn = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minInlineSize: 0,
  minBlockSize: 0,
});

export const content = style({
  flex: 1,
  position: 'relative',
  outline: 'none',
  selectors: { [`${root}[data-scroll="content"] &`]: { overflow: 'auto' } },
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: '0.5rem',
  insetBlockStart: '-4rem',
  zIndex: 2000,
  padding: '0.5rem 1rem',
  borderRadius: '0.375rem',
  background: vars.color.accent,
  color: vars.color.accentText,
  selectors: { '&:focus': { insetBlockStart: '0.5rem', ...focusRing } },
});

/** Toolbar: 64 px, 56 px on small screens. "fixed" stays at the top while the page scrolls. */
export const toolbar = style({
  position: 'relative',
  zIndex: 30,
  display: 'flex',
  alignItems: 'center',
  gap: '0.25rem',
  flexShrink: 0,
  blockSize: sizes.toolbar,
  paddingInline: '0.5rem',
  borderBlockEnd: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  selectors: { '&[data-style="fixed"]': { position: 'sticky', insetBlockStart: 0 } },
  '@media': { [small]: { blockSize: sizes.toolbarSmall } },
});

export const toolbarGroup = style({ display: 'flex', alignItems: 'center', gap: '0.25rem', minInlineSize: 0 });

export const toolbarSpacer = style({ flex: 1 });

export const divider = style({
  inlineSize: 1,
  blockSize: '2rem',
  marginInline: '0.25rem',
  background: `color-mix(in srgb, ${vars.color.border} 50%, transparent)`,
});

/** Footer: 48 px, 40 px on small screens. */
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  gap: '1rem',
  flexShrink: 0,
  flexWrap: 'wrap',
  blockSize: sizes.footer,
  paddingInline: '1.5rem',
  fontSize: '0.875rem',
  borderBlockStart: `1px solid color-mix(in srgb, ${vars.color.border} 40%, transparent)`,
  selectors: { '&[data-style="fixed"]': { position: 'sticky', insetBlockEnd: 0 } },
  '@media': { [small]: { blockSize: sizes.footerSmall, fontSize: '0.8125rem', paddingInline: '1rem' } },
});

export const footerLink = style({
  marginInlineStart: 'auto',
  color: vars.color.accent,
  fontWeight: 600,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  minInlineSize: 0,
  overflow: 'hidden',
  fontWeight: 700,
  fontSize: '1.0625rem',
  whiteSpace: 'nowrap',
});

export const brandMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '2rem',
  blockSize: '2rem',
  flexShrink: 0,
  borderRadius: '0.5rem',
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: '1rem',
});

/**
 * The name and the badge: on one line where there is room, the badge under the name where there is not (the
 * navbar's header beside its buttons), never cut.
 */
export const brandText = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.125rem 0.5rem',
  minInlineSize: 0,
  lineHeight: 1.2,
});

export const brandName = style({ flexShrink: 0 });

/** In the toolbar on a phone the brand is its logo alone (its name stays for screen readers). */
export const logoOnlyOnPhone = style({
  '@media': {
    'screen and (max-width: 599.98px)': {
      position: 'absolute',
      inlineSize: 1,
      blockSize: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

/** The 'Patient' badge beside the brand. */
export const brandBadge = style({
  flexShrink: 0,
  paddingBlock: '0.125rem',
  paddingInline: '0.5rem',
  borderRadius: '0.375rem',
  background: vars.color.selected,
  color: vars.color.selectedText,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.02em',
});

