import type { ThemeTokens, ThemeTone } from './contract.css';

/**
 * One colour theme as data (src/theme/themes/<name>.ts). The palette follows the original's shape (primary and
 * secondary light/main/dark/contrast, paper and default backgrounds, error, type); `text`, `accent`, `divider`
 * and `focus` are the readable colours chosen for it. tests/unit/theme.test.ts checks every contrast.
 */
export interface ThemePalette {
  type: 'light' | 'dark';
  primary: ThemeTone;
  secondary: ThemeTone;
  background: { paper: string; default: string };
  error: { main: string; contrast: string };
  text: { primary: string; secondary: string };
  /** The primary colour when it is readable on both backgrounds (4.5:1), else the nearest readable colour. */
  accent: { main: string; contrast: string };
  /** Outlines: at least 3:1 on both backgrounds. */
  divider: string;
  focus: string;
}

/** The contract's values for one palette; used by each theme's createTheme at build time. */
export function toTokens(palette: ThemePalette): ThemeTokens {
  return {
    color: {
      surface: palette.background.default,
      surfaceRaised: palette.background.paper,
      text: palette.text.primary,
      textMuted: palette.text.secondary,
      accent: palette.accent.main,
      accentText: palette.accent.contrast,
      border: palette.divider,
      focusRing: palette.focus,
      danger: palette.error.main,
      selected: palette.secondary.main,
      selectedText: palette.secondary.contrast,
    },
    palette: {
      primary: palette.primary,
      secondary: palette.secondary,
      background: palette.background,
      error: palette.error,
    },
  };
}
