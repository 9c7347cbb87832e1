import { createThemeContract } from '@vanilla-extract/css';

const tone = { light: null, main: null, dark: null, contrast: null };

/**
 * Colour tokens. Screens name a role (`color.*`: text, accent), never a colour, so every theme fits every screen;
 * the shell also reaches the palette itself (`palette.*`: primary, secondary, the two backgrounds, error) the way
 * the original's layouts do. A theme class sets all of them, on <html> for the page or on a region (navbar,
 * toolbar, footer) for that region's slot.
 */
export const vars = createThemeContract({
  color: {
    /** Page background (the palette's default background; the navbar paints it too). */
    surface: null,
    /** Cards, dialogs, inputs, the toolbar and the footer (the palette's paper). */
    surfaceRaised: null,
    text: null,
    textMuted: null,
    /** Primary actions, links and the brand: the primary colour, or the nearest readable one. */
    accent: null,
    /** Text and icons on the accent colour. */
    accentText: null,
    /** Outlines of inputs and cards (at least 3:1 against the surfaces). */
    border: null,
    focusRing: null,
    /** Error text and invalid outlines. */
    danger: null,
    /** The active menu item (a pill in the secondary colour) and badges. */
    selected: null,
    /** Text and icons on `selected`. */
    selectedText: null,
  },
  palette: {
    primary: tone,
    secondary: tone,
    background: { paper: null, default: null },
    error: { main: null, contrast: null },
  },
});

export type ThemeColors = { [Token in keyof typeof vars.color]: string };
export type ThemeTokens = {
  color: ThemeColors;
  palette: {
    primary: ThemeTone;
    secondary: ThemeTone;
    background: { paper: string; default: string };
    error: { main: string; contrast: string };
  };
};
export interface ThemeTone {
  light: string;
  main: string;
  dark: string;
  /** Text on `main` (at least 4.5:1). */
  contrast: string;
}
