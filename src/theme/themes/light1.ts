import type { ThemePalette } from '../palette';

/** light1: teal and amber on white. The palette users of the original know (shell.md). */
export const light1: ThemePalette = {
  type: 'light',
  primary: { light: '#B3D1D1', main: '#006565', dark: '#003838', contrast: '#FFFFFF' },
  secondary: { light: '#FFECC0', main: '#FFBE2C', dark: '#8C6918', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F0F7F7' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#006565', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
