import type { ThemePalette } from '../palette';

/** light11: charcoal and stone on parchment. The palette users of the original know (shell.md). */
export const light11: ThemePalette = {
  type: 'light',
  primary: { light: '#C4C4C4', main: '#3A3A3A', dark: '#202020', contrast: '#FFFFFF' },
  secondary: { light: '#EFEFED', main: '#CBCAC3', dark: '#706F6B', contrast: '#1A1A1A' },
  background: { paper: '#EFEEE7', default: '#FAF8F2' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#3A3A3A', contrast: '#FFFFFF' },
  divider: '#7F848D',
  focus: '#1C5FB8',
};
