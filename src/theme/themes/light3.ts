import type { ThemePalette } from '../palette';

/** light3: mulberry on apricot paper. The palette users of the original know (shell.md). */
export const light3: ThemePalette = {
  type: 'light',
  primary: { light: '#D9C8CE', main: '#80485B', dark: '#462832', contrast: '#FFFFFF' },
  secondary: { light: '#FFE7C8', main: '#FFB049', dark: '#8C6128', contrast: '#1A1A1A' },
  background: { paper: '#FFF0DF', default: '#FAFAFE' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#80485B', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
