import type { ThemePalette } from '../palette';

/** light10: graphite and sunflower. The palette users of the original know (shell.md). */
export const light10: ThemePalette = {
  type: 'light',
  primary: { light: '#C6C9CD', main: '#404B57', dark: '#232930', contrast: '#FFFFFF' },
  secondary: { light: '#FEEDC7', main: '#FCC344', dark: '#8B6B25', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F5F4F6' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#404B57', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
