import type { ThemePalette } from '../palette';

/** dark12: plum and rose. The palette users of the original know (shell.md). */
export const dark12: ThemePalette = {
  type: 'dark',
  primary: { light: '#CCC3C8', main: '#543847', dark: '#2E1F27', contrast: '#FFFFFF' },
  secondary: { light: '#ECD4D7', main: '#BE717A', dark: '#693E43', contrast: '#1A1A1A' },
  background: { paper: '#4D4351', default: '#27141F' },
  error: { main: '#FF988F', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#D8AAAF', contrast: '#1A1A1A' },
  divider: '#8D949C',
  focus: '#8AB4F8',
};
