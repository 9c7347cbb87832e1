import { createThemeContract } from '@vanilla-extract/css';

/** Semantic colour tokens: screens name a role (text, accent), never a colour, so every theme fits every screen. */
export const vars = createThemeContract({
  color: {
    /** Page background. */
    surface: null,
    /** Cards, dialogs and inputs above the page. */
    surfaceRaised: null,
    text: null,
    textMuted: null,
    /** Primary actions and the brand. */
    accent: null,
    /** Text and icons on the accent colour. */
    accentText: null,
    /** Outlines of inputs and cards (at least 3:1 against the surfaces). */
    border: null,
    focusRing: null,
    /** Error text and invalid outlines. */
    danger: null,
  },
});

export type ThemeColors = { [Token in keyof typeof vars.color]: string };
