import type { ThemePalette } from '../palette';

/** light8: lagoon and lemon on linen. The palette users of the original know (shell.md). */
export const light8: ThemePalette = {
  type: 'light',
  primary: { light: '#D2EFF2', main: '#68C8D5', dark: '#396E75', contrast: '#1A1A1A' },
  secondary: { light: '#FFF2C6', main: '#FED441', dark: '#8C7524', contrast: '#1A1A1A' },
  background: { paper: '#FAF6F3', default: '#FFFFFF' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#3E7880', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
