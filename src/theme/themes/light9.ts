import type { ThemePalette } from '../palette';

/** light9: aubergine and saffron. The palette users of the original know (shell.md). */
export const light9: ThemePalette = {
  type: 'light',
  primary: { light: '#D3C0CD', main: '#6B2C57', dark: '#3B1830', contrast: '#FFFFFF' },
  secondary: { light: '#FDEAC9', main: '#F9B84B', dark: '#896529', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#FAFAFE' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#6B2C57', contrast: '#FFFFFF' },
  divider: '#8A9099',
  focus: '#1C5FB8',
};
