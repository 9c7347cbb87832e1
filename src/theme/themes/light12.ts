import type { ThemePalette } from '../palette';

/** light12: peach and lavender. The palette users of the original know (shell.md). */
export const light12: ThemePalette = {
  type: 'light',
  primary: { light: '#FFFAF6', main: '#FFEDE2', dark: '#8C827C', contrast: '#1A1A1A' },
  secondary: { light: '#DBD8F7', main: '#887CE3', dark: '#4B447D', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#FCF8F5' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#6D63B6', contrast: '#FFFFFF' },
  divider: '#8A9099',
  focus: '#1C5FB8',
};
