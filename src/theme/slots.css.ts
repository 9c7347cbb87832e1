import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './contract.css';

/**
 * What each region paints with its own slot's theme (shell.md): the navbar its theme's default background, the
 * toolbar and the footer their paper. Combined with the slot's theme class by useThemeSlotClass.
 */
export const slotSurface = styleVariants({
  main: {},
  navbar: { background: vars.palette.background.default, color: vars.color.text },
  toolbar: { background: vars.palette.background.paper, color: vars.color.text },
  footer: { background: vars.palette.background.paper, color: vars.color.text },
});

/** The active menu item: a pill in the secondary colour of the navbar's theme. */
export const activeItem = style({
  background: vars.color.selected,
  color: vars.color.selectedText,
  borderRadius: '999px',
});
