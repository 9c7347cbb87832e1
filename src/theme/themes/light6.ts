import type { ThemePalette } from '../palette';

/** light6: jade and tangerine. The palette users of the original know (shell.md). */
export const light6: ThemePalette = {
  type: 'light',
  primary: { light: '#BBE2DA', main: '#1B9E85', dark: '#0F5749', contrast: '#1A1A1A' },
  secondary: { light: '#FFD0C1', main: '#FF6231', dark: '#8C361B', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F2F8F1' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#167E6A', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
